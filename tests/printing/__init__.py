"""Tests of the PDFs (scorekeeper/printing/): score sheets, blank sheets, trophies, charts."""
