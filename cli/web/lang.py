"""The language a request asks its answer in (en/de/fr), for the words the server sends.

The pages send the language they show as ``Accept-Language`` with every call; a refusal
the server answers with (:func:`scorepad.web.app` for a refused step, a game's check hook
for a refused preview) is said in it. A hook reads it from :data:`ASKED`, which the app sets
for the request it is answering.
"""

from __future__ import annotations

from contextvars import ContextVar

from starlette.requests import Request

from scorepad.rules.common.catalogue import LANGS

#: The language of the request being answered (English outside a request).
ASKED: ContextVar[str] = ContextVar("scorepad_asked_lang", default="en")


def page_lang(request: Request) -> str:
    """The language a request asks its answer in: the first of its ``Accept-Language``
    tags, by their weight, that scorepad speaks (the pages send the language they show);
    English when none is."""
    asked = []
    for order, part in enumerate(request.headers.get("accept-language", "").split(",")):
        tag, _, weight = part.strip().partition(";")
        try:
            q = float(weight.strip().removeprefix("q=")) if weight else 1.0
        except ValueError:
            continue
        asked.append((-q, order, tag.strip().split("-")[0].lower()))
    return next((lang for _, _, lang in sorted(asked) if lang in LANGS), "en")
