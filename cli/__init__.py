"""scorepad: print, flip and score Voll verplant, Mille Fiori and Floris at the table."""

__version__ = "0.1.0"
