"""``_SheetBuilder``: builds one blank sheet — frame, map, header and panel — from the map part
(:mod:`.map_drawing`, :mod:`.map_labels`) and the panel part (:mod:`.panel`).
"""

from __future__ import annotations

from scorepad.rules.voll_verplant.maps import Network

from .. import layout as geo
from ..draw import Group, Item, bbox, paper_size
from ..labels import label
from .dimensions import MAP_PAD
from .frame import _frame, panel_width
from .look import line_looks
from .map_drawing import _MapDrawing
from .panel import _Panel
from .sheet import SheetLayout


class _SheetBuilder(_MapDrawing, _Panel):
    """Builds one blank sheet; see the package docstring for the order of the steps."""

    def __init__(self, network: Network, paper: str, lang: str, numbers: bool,
                 pad: float = MAP_PAD, first: frozenset[int] = frozenset(),
                 early: bool = False) -> None:
        self.pad = pad
        self.first = first  # station ids whose names are placed first
        self.early = early  # ... before the badges, too
        self.net = network
        self.paper = paper
        self.lang = lang
        self.numbers = numbers
        self.obstacles = geo.Obstacles(cell=8.0)
        self.problems: list[str] = []
        self.looks = line_looks(network.lines, [(s.x, s.y) for s in network.stations])

    # -------------------------------------------------------------- top level
    def build(self) -> SheetLayout:
        net = self.net
        xs = [s.x for s in net.stations]
        ys = [s.y for s in net.stations]
        self.gx0, self.gy0 = min(xs), min(ys)
        gw, gh = max(xs) - self.gx0, max(ys) - self.gy0
        lang = self.lang
        words = [(label("vv.wagon", lang), 2.3, True, 8.0 + 2.0 + 16.4),
                 (label("vv.score_title", lang), 3.0, True, 4.0),
                 (label("common.player", lang), 3.0, True, 22.0)]
        words += [(label(key, lang), 2.6, False, 34.1) for key in ("vv.transfers", "vv.empty")]
        words += [(label(key, lang), 2.6, True, 18.0) for key in ("vv.line_points",
                                                                  "common.total")]
        self.col_w = panel_width(max(line.windows for line in net.lines), words)
        note_lines = self._note_lines(paper_size(self.paper, gw >= gh)[0])
        header_h = 12.0 + 3.0 * max(0, len(note_lines) - 1) + (2.0 if note_lines else 0.0)
        frame = _frame(gw, gh, len(net.lines), self._legend_entries(), self.paper, header_h,
                       self.pad, self.col_w)
        self.frame = frame
        self._place_map(frame, gw, gh)
        base = Group(tag="sheet")
        self.sheet = SheetLayout(frame.width, frame.height, frame.landscape, base,
                                 self.scale, self.radius, frame.map_box)
        self.sheet.centers = {s.id: self.centers[s.index] for s in net.stations}
        # Header and panel first: the map's labels may use any free paper around the map
        # (within the margins) but must keep clear of them.
        header = self._header(frame, note_lines)
        blocks = [self._table(x, y, first, end) for x, y, first, end in frame.table]
        blocks += [self._score_box(*frame.score), self._legend(*frame.legend)]
        for item in header.items:
            self._block_obstacle(item)
        for block in blocks:
            self._block_obstacle(block)
        base.add(header)
        base.add(self._map())
        base.extend(blocks)
        self.sheet.problems = self.problems
        self.sheet.pad_roomy = self.pad != MAP_PAD
        self.sheet.first = self.first
        self.sheet.early = self.early
        return self.sheet

    def _block_obstacle(self, item: Item) -> None:
        box = bbox(item)
        if box is not None:
            self.obstacles.add(geo.Box(*box).grow(0.5))
