"""Request bodies, read bounded: in size (declared and as they arrive) and in time.

Every route that reads a body goes through :func:`read_bounded`: JSON through
:func:`json_body` (also depth-limited and validated by its pydantic model), a photo upload
(``cli/web/scan.py``) as bytes with its own size limit.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pydantic import BaseModel, ValidationError
from starlette.requests import ClientDisconnect, Request

from scorepad.rules.common.errors import InputError

from .models import MAX_BODY, MAX_DEPTH, depth

#: Seconds a request body may take to arrive (a slow sender holds no connection longer).
BODY_SECONDS = 10.0


class TooLarge(InputError):
    """A body over its route's limit (413)."""


class TooSlow(InputError):
    """A body that did not arrive within :data:`BODY_SECONDS` (408)."""

    def __init__(self) -> None:
        super().__init__(f"the request body took longer than {BODY_SECONDS:g} seconds")


class Gone(InputError):
    """The client closed the connection before its body arrived (no one reads the answer;
    nothing is printed: a phone losing its signal is no server error)."""

    def __init__(self) -> None:
        super().__init__("the request body ended early (the connection closed)")


async def read_bounded(request: Request, limit: int, too_large: str) -> bytes:
    """The request's body, or TooLarge (``too_large`` its words) past ``limit`` bytes,
    declared or sent, TooSlow when it takes longer than :data:`BODY_SECONDS`, or Gone
    when the client hangs up before it is whole."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise TooLarge(too_large)
    data = bytearray()

    async def read() -> None:
        async for chunk in request.stream():
            data.extend(chunk)
            if len(data) > limit:
                raise TooLarge(too_large)

    try:
        await asyncio.wait_for(read(), BODY_SECONDS)
    except TimeoutError:
        raise TooSlow() from None
    except ClientDisconnect:
        raise Gone() from None
    return bytes(data)


async def json_body(request: Request, model: type[BaseModel]) -> Any:
    """The request's JSON body as ``model``: size-limited, depth-limited, validated."""
    data = await read_bounded(request, MAX_BODY,
                              f"the request body is larger than {MAX_BODY} bytes")
    # the depth is read off the text first: a body nested thousands deep is refused
    # before any parser recurses into it
    if depth(data) > MAX_DEPTH:
        raise InputError(f"the request nests deeper than {MAX_DEPTH} levels")
    try:
        value = json.loads(data or b"{}")
        # a lone surrogate ("\ud800") is valid JSON but no text: refused here, not when
        # an answer quoting it is encoded
        json.dumps(value, ensure_ascii=False).encode()
    except (ValueError, RecursionError):
        raise InputError("the request body is not JSON") from None
    except UnicodeEncodeError:
        raise InputError("the request body holds text that is not valid Unicode") from None
    try:
        return model.model_validate(value)
    except ValidationError as err:
        first = err.errors()[0]
        place = ".".join(str(p) for p in first["loc"]) or "body"
        raise InputError(first["msg"], where=(place,)) from None
