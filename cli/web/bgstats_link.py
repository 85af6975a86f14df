"""The end screen's BG Stats link: the play record of ``score --format bgstats`` (one
writer for both, :func:`scorepad.app.export.bgstats_record`) in BG Stats' import address,
with its QR code for the phone that has the app.

The address is BG Stats' published one, "Push plays to BG Stats from other apps or
websites" (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` (the app, 3.3.2 or
later, opens its import dialog; ``bgstats://app.bgstatsapp.com/createPlay.html?data=``
works as well). It was ``addPlay.html``, written from memory: wrong."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

#: BG Stats' address for a play pushed from another app or website (see above).
IMPORT_URL = "https://app.bgstatsapp.com/createPlay.html?data="


def bgstats_link(game_id: str, score: dict[str, Any], play: str | None = None) -> dict[str, str]:
    """``{"url", "qr"}``: the play of ``score`` (a ``score --json`` object) as a BG Stats
    import link and its QR code (an SVG data URI); ``play`` names the play (the hosted
    game's id: its digest is the record's ``sourcePlayId``)."""
    import segno

    from scorepad.app.export import bgstats_record, now

    record = bgstats_record(game_id, score, now(), play=play)
    url = IMPORT_URL + quote(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    return {"url": url, "qr": segno.make(url, error="l").svg_data_uri(scale=3, border=2)}
