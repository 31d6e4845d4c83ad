"""Tests of the game service (scorekeeper/games/): games, rounds, groups, imports and exports."""
