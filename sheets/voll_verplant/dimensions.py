"""Sizes of a Voll verplant sheet (mm), its colours and font sizes, and the direction tables
that label placement tries in turn.
"""

from __future__ import annotations

from .. import layout as geo

# ---- page frame (mm)
MARGIN = 10.0          # the spec's minimum; no ink goes nearer the edge
SAFE = 0.3             # kept free inside the margin for stroke widths and rounding
# The header starts right of the top-left scan marker and its quiet zone (scan_marks.py:
# 12 mm marker + 2 mm on the 10 mm margin) and ends as far from the right edge.
HEADER_X = MARGIN + 12.0 + 2.0 + 1.0
PANEL_GAP = 5.0        # between the map and the panel
COL_W = 58.0           # a panel column
COL_GAP = 5.0
BLOCK_GAP = 5.0        # between blocks of the panel
MAP_PAD = 4.4          # around the outermost station centres: the largest circle's ink
ROOMY_PAD = 9.5        # ... and room for a badge beyond them, when a crowded edge needs it
MAX_SCALE = 20.0       # mm per grid unit: a tiny map is not blown up beyond this

# ---- map drawing
RADIUS = 3.1           # station circle radius (6.2 mm across), more when the scale allows
MIN_RADIUS = 3.0       # the spec's 6 mm
MAX_RADIUS = 3.5       # larger circles only take room from the labels
LINE_W = 1.25          # a line's track width
TRACK_GAP = 0.35       # between side-by-side tracks
STATION_STROKE = 0.35
INTERCHANGE_STROKE = 0.9
END_RING = 0.55        # the end station's outer ring, outside the circle
STATION_GAP = 0.3      # at least this much paper between two stations' ink
BADGE_R = 2.4          # line badge on the map
# A badge that moves round its station to leave the name a spot stays clearly its own:
# other stations' ink at least this ratio of its gap to its station's, plus this margin.
BADGE_OWNERSHIP = (1.5, 0.5)
STUB_FROM = 4.0        # a badge farther than this from its station hangs on a stub
STAR_R = 1.45
NUMBER_SIZE = 2.1      # ≈ 6 pt
# No text on a sheet is smaller than 5 pt (MIN_TEXT mm of font size).
MIN_TEXT = 5 * 25.4 / 72 + 0.005
NAME_SIZES = (1.9, MIN_TEXT)  # ≈ 5.4 pt, then 5 pt where the larger does not fit
NUMBER_SMALL = (1.9, MIN_TEXT)  # a number squeezed in: ≈ 5.4 pt, then 5 pt
NAME_LEADING = 1.1     # line pitch of a name broken in two, in font sizes
LABEL_GAP = 0.25
# A label belongs to the circle it is nearest, clearly: its gap to any other station's ink
# is at least OWN_RATIO times its gap to its own station's, plus OWN_MARGIN.
OWN_RATIO = 1.5
OWN_MARGIN = 0.5
# Labels of different stations keep this far apart (mm), side by side and one above the
# other, so that two never read as one ("Moritzplatz Ostbahnhof", "21 República Argentina").
READ_GAP_X = 1.8
READ_GAP_Y = 1.4
# Every label's box is at least this much nearer its own circle's ink than any other
# circle's (the measure; the usual spots ask OWN_RATIO and OWN_MARGIN, far more).
OWN_MIN = 0.6
# A name that finds no spot beside its circle goes out into free paper on a leader line: a
# thin line from the circle's rim to the name, touching nothing else.
LEADER_W = 0.2
LEADER_REACH = (2.5, 4.0, 6.0, 8.5, 11.5, 15.0)  # how far out from the rim (mm)
LEADER_FREE = 1.5      # a leader crosses no track this near its circle
LEADER_OVER = 5.0      # ... and runs over tracks for at most this much in all
NUMBER_REACH = 8.0     # a station's number stays within this of its circle's ink
# stations whose circles a label beside a station could be nearer (the longest names are ~30 mm)
NEIGHBOURS_WITHIN = 42.0
SPECIAL_FILL = "#d9d9d9"
NUMBER_COLOR = "#333333"
NAME_COLOR = "#1a1a1a"

# ---- panel
TABLE_HEAD = 7.0
ROW_H = 9.5
WINDOW_W = 7.2         # spec: at least 7 mm
WINDOW_H = 6.0
WINDOW_GAP = 0.8
SCORE_ROW = 8.0
SCORE_H = 6.0 + 4 * SCORE_ROW
LEGEND_SIZE = 2.2
LEGEND_LINE = 3.0
LEGEND_SYMBOL = 7.0
LEGEND_ROW = 5.4

# ---- marks ("handwriting")
INK = "#1f3a93"
INK_W = 0.6


def _directions(*pairs: tuple[float, float]) -> tuple[geo.Point, ...]:
    return tuple(geo.unit(x, y) for x, y in pairs)


# Where a label goes around its station, in order of preference (y grows downward).
_NUMBER_DIRECTIONS = _directions((1, -1), (1, 1), (-1, -1), (-1, 1), (1, 0), (-1, 0), (0, -1),
                                 (0, 1))
_NAME_DIRECTIONS = _directions((1, 0), (-1, 0), (1, -1), (1, 1), (-1, -1), (-1, 1), (0, -1),
                               (0, 1))
_BETWEEN = tuple(
    geo.rotate(d, 22.5) for d in _directions((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1),
                                             (0, -1), (1, -1)))
_ALL_DIRECTIONS = _NUMBER_DIRECTIONS + _BETWEEN
_ALL_NAME_DIRECTIONS = _NAME_DIRECTIONS + _BETWEEN
# A hub's name that finds no room at the usual spots: all round in 15° steps, a little
# farther out (the ownership test keeps it nearest its own circle).
_FINE_DIRECTIONS = tuple(geo.rotate((1.0, 0.0), a) for a in range(0, 360, 15))
# ... then slid round the circle in small steps (mm), close to it.
SLIDE_STEP = 0.25
_SLIDE_RINGS = (0.0,)
_FINE_RINGS = (0.0, 0.6, 1.2, 1.9, 2.7, 3.5)


# A special station's star sits on its rim, at the top if there is room.
_STAR_TURNS = (0, 45, -45, 90, -90, 135, -135, 180, 22.5, -22.5, 67.5, -67.5, 112.5, -112.5,
               157.5, -157.5)

# A badge goes on the line's extension beyond its end if it can, else turned away from it.
_BADGE_TURNS = (0, 45, -45, 90, -90, 135, -135, 180, 22.5, -22.5, 67.5, -67.5, 112.5, -112.5,
                157.5, -157.5)
