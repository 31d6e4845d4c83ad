"""Tests of the JSON API (scorekeeper/web/api/)."""
