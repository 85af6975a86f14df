"""Mille Fiori's bots, search, simulator and analysis over its engine."""
