"""Voll verplant: maps, cards, the rules engine, scoring and bots."""
