"""A response's body gzipped as it streams: every piece the app sends is compressed and
flushed at once (``Z_SYNC_FLUSH``), so an event stream's messages reach the phone one by
one, each a few kB however large the state (a Mille Fiori state of 65 kB is about 4 kB),
and each compressed against the ones before it on the same stream (32 kB back).

Why not Starlette's ``GZipMiddleware``: the oldest Starlette that pyproject allows
(0.37.2) compresses a stream without flushing each piece, so a phone would get messages
late, and the newer ones that flush leave ``text/event-stream`` out by default. This
wrapper is only the per-piece sync flush an event stream needs, on every version."""

from __future__ import annotations

import zlib
from typing import Any

from starlette.datastructures import Headers, MutableHeaders

#: zlib's window bits for the gzip format (a header and a trailer, as browsers take it).
GZIP = 16 + zlib.MAX_WBITS


def accepts_gzip(headers: Headers) -> bool:
    """Whether the request's ``Accept-Encoding`` names gzip (every browser's does)."""
    return any(part.split(";")[0].strip().lower() == "gzip"
               for part in headers.get("accept-encoding", "").split(","))


class Gzipped:
    """The ASGI response ``response`` with its body gzipped piece by piece as it is sent."""

    def __init__(self, response: Any, level: int = 6) -> None:
        self.response = response
        self.level = level

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        packer = zlib.compressobj(self.level, zlib.DEFLATED, GZIP)

        async def packed(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(raw=message["headers"])
                headers["Content-Encoding"] = "gzip"
                headers.append("Vary", "Accept-Encoding")
                if "content-length" in headers:
                    del headers["content-length"]
            elif message["type"] == "http.response.body":
                more = message.get("more_body", False)
                body = packer.compress(message.get("body", b""))
                body += packer.flush(zlib.Z_SYNC_FLUSH if more else zlib.Z_FINISH)
                message = {**message, "body": body}
            await send(message)

        await self.response(scope, receive, packed)
