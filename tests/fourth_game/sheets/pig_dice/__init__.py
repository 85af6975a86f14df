"""Pig's printed score pad (drawn with :mod:`scorepad.sheets.draw`)."""
