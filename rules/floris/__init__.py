"""Floris: flower counts from a bouquet spec, the three bouquet patterns, points, game scoring."""
