"""Tests of the pure rules core (scorekeeper/rules/), one file beside each module."""
