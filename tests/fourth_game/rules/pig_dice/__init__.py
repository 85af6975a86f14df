"""Pig, a dice race: the fourth game of ``tests/test_fourth_game.py`` (rules only)."""
