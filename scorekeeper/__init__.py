"""Scorekeeper: score keeper, referee and score-sheet printer for Liverpool Rummy."""
