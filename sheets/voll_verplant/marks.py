"""The pen marks of a played sheet (``_draw_marks``): crosses, transfer numbers, window
entries, ticked and struck bonuses, the final score and the player's name, in a handwriting blue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.rules.common.errors import ContentError
from scorepad.rules.voll_verplant.maps import Network

from ..draw import Group, Line, Polyline, Text, stroke, text_width
from ..labels import format_number
from .dimensions import INK, INK_W
from .sheet import SheetLayout

if TYPE_CHECKING:  # marks are drawn only by `vv render`; a blank sheet skips the import
    from scorepad.rules.voll_verplant.view import MarkedSheet


def _draw_marks(network: Network, sheet: SheetLayout, marked: MarkedSheet, lang: str) -> Group:
    """The player's pen marks over the blank sheet, in ``INK``."""
    g = Group(tag="marks")
    pen = stroke(INK, INK_W, cap="round", join="round")
    r = sheet.radius
    for sid in sorted(set(marked.transfers)):
        network.station(sid)
    for sid in sorted(marked.marked):
        network.station(sid)  # ContentError for an unknown station
        if sid in marked.transfers:
            continue
        x, y = sheet.centers[sid]
        d = r * 0.55
        g.add(Line(x - d, y - d, x + d, y + d, pen, tag=f"cross cross-{sid}"))
        g.add(Line(x - d, y + d, x + d, y - d, pen))
    for sid, value in sorted(marked.transfers.items()):
        x, y = sheet.centers[sid]
        g.add(Text(x, y, str(value), 3.6, INK, bold=True, anchor="middle", valign="middle",
                   tag=f"transfer transfer-{sid}"))
    for line_id, entries in sorted(marked.windows.items()):
        line = network.line(line_id)
        if len(entries) > line.windows:
            raise ContentError(f"{len(entries)} window entries, the wagon has {line.windows}",
                               where=(f"line {line_id}",))
        for box, entry in zip(sheet.windows[line_id], entries, strict=False):
            g.add(Text((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, str(entry), 3.6, INK,
                       bold=True, anchor="middle", valign="middle", tag=f"entry entry-{line_id}"))
    for line_id in sorted(marked.struck):
        network.line(line_id)
        cell, _ = sheet.bonus[line_id]["first"]
        g.add(Line(cell.x0 + 0.6, cell.y1 - 0.8, cell.x1 - 0.6, cell.y0 + 0.8, pen,
                   tag=f"struck struck-{line_id}"))
    for line_id, kind in sorted(marked.bonuses.items()):
        network.line(line_id)
        _, tick = sheet.bonus[line_id][kind]
        w = tick.x1 - tick.x0
        g.add(Polyline(((tick.x0 + 0.15 * w, tick.y0 + 0.55 * w),
                        (tick.x0 + 0.42 * w, tick.y1 - 0.1 * w),
                        (tick.x1 + 0.25 * w, tick.y0 - 0.35 * w)),
                       pen, tag=f"tick tick-{kind}-{line_id}"))
    if marked.score is not None:
        s = marked.score
        values: dict[str, float] = {"line_points": s.line_points, "transfer_sum": s.transfer_sum,
                                    "transfer_points": s.transfer_points,
                                    "empty_stations": s.empty_stations,
                                    "empty_penalty": s.empty_penalty, "total": s.total}
        for key, amount in values.items():
            box = sheet.score[key]
            g.add(Text((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, format_number(amount, lang),
                       3.6, INK, bold=True, anchor="middle", valign="middle",
                       tag=f"score-value score-value-{key}"))
    if marked.player:
        x, base, width = sheet.player
        size = 3.6
        while size > 2.0 and text_width(marked.player, size, True) > width:
            size -= 0.2
        g.add(Text(x, base, marked.player, size, INK, bold=True, tag="player"))
    return g
