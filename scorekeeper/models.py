"""Database tables (SQLModel). Filled in by the games work."""

from __future__ import annotations
