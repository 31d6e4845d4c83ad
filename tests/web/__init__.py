"""Tests of the web pages (scorekeeper/web/) through the test client."""
