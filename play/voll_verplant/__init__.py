"""Voll verplant's bots, search, simulator and analysis over its engine."""
