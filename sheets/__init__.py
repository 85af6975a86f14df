"""scorepad.sheets: printable pages (PDF and SVG) drawn from the rules' models.

``draw`` is the one drawing vocabulary; ``pdf`` and ``svg`` render it; ``labels`` holds the
printed words in en/de/fr; ``layout`` the transit-diagram helpers; one module per game draws
its pages (``voll_verplant``, ...).
"""
