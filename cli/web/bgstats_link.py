"""The end screen's BG Stats link: the play record of ``score --format bgstats`` (one
writer for both, :func:`scorepad.bgstats.bgstats_record`) in BG Stats' import address,
with its QR code for the phone that has the app."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

#: BG Stats' address for importing a play from another app (its "addPlay" link).
IMPORT_URL = "https://app.bgstatsapp.com/addPlay.html?data="


def bgstats_link(game_id: str, score: dict[str, Any]) -> dict[str, str]:
    """``{"url", "qr"}``: the play of ``score`` (a ``score --json`` object) as a BG Stats
    import link and its QR code (an SVG data URI)."""
    import segno

    from scorepad.bgstats import bgstats_record, now

    record = bgstats_record(game_id, score, now())
    url = IMPORT_URL + quote(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    return {"url": url, "qr": segno.make(url, error="l").svg_data_uri(scale=3, border=2)}
