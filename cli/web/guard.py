"""What every request passes before a route sees it, and the headers every answer gets.

:class:`Guard` is a plain ASGI middleware (it never buffers a body, so server-sent
events stream through it):

* **Host** — the ``Host`` header must be one the server serves (its own address and
  port, ``localhost`` beside ``127.0.0.1``, the LAN address with ``--lan``): a web page
  whose name was re-pointed at this machine (DNS rebinding) is refused (421).
* **Origin** — a request that changes something (any method but GET/HEAD) from a browser
  must come from a page of this server: its ``Origin`` must be this server's and
  ``Sec-Fetch-Site`` must not say ``cross-site`` (403). A form or ``fetch`` on another
  site therefore cannot start, move or end a game (CSRF), whatever it knows.
* **JSON only** — a request with a body must say ``Content-Type: application/json``
  (415): the one content type another site's page cannot send without asking first.
* **Headers** — JSON and event streams: ``Cache-Control: no-store`` (join links hold
  tokens) unless the route set its own, ``X-Content-Type-Options: nosniff``; pages:
  ``frame-ancestors 'none'`` (no framing, no click-jacking).

Every refusal is JSON ``{"error", "rule": null}``, like every other error of the app.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: Routes that take a body other than JSON, by the end of their path: the content types
#: each accepts (an upload route registers here, e.g. ``UPLOADS["/scan"] = {"image/jpeg"}``).
#: The Origin and Host checks hold for them as for every route.
UPLOADS: dict[str, frozenset[str]] = {}


def allowed_hosts(host: str, port: int, extra: Iterable[str] = ()) -> frozenset[str]:
    """The ``Host`` values a server listening on ``host:port`` answers: that address, the
    loopback names when it is a loopback address, and ``extra`` addresses (``--lan``)."""
    names = {host, *extra}
    if host in ("127.0.0.1", "localhost", "::1"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    if host in ("0.0.0.0", "::"):  # every address of the machine: nothing to pin
        return frozenset()
    out = set()
    for name in names:
        shown = f"[{name}]" if ":" in name and not name.startswith("[") else name
        out |= {f"{shown}:{port}".lower()}
        if port == 80:
            out.add(shown.lower())
    return frozenset(out)


class Guard:
    """The checks and headers above, around ``app``. ``hosts``: the allowed ``Host``
    values (empty: any, for a test client or a server bound to every address)."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str] = ()) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        refusal = self.refusal(scope["method"], headers, scope.get("path", ""))
        if refusal is not None:
            status, message = refusal
            await _json(send, status, message)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                out = MutableHeaders(scope=message)
                kind = out.get("content-type", "")
                out.setdefault("X-Content-Type-Options", "nosniff")
                if kind.startswith(("application/json", "text/event-stream")):
                    out.setdefault("Cache-Control", "no-store")
                if kind.startswith("text/html"):
                    csp = out.get("content-security-policy")
                    out["Content-Security-Policy"] = (f"{csp}; " if csp else "") + \
                        "frame-ancestors 'none'"
                    out["X-Frame-Options"] = "DENY"
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def refusal(self, method: str, headers: Headers, path: str = "") -> tuple[int, str] | None:
        """(status, message) when the request is refused before any route, else None."""
        host = headers.get("host", "").lower()
        if self.hosts and host not in self.hosts:
            return 421, "this server does not answer to that host name"
        if method in SAFE_METHODS:
            return None
        origin = headers.get("origin")
        if origin is not None and origin.lower() != f"http://{host}" \
                and origin.lower() != f"https://{host}":
            return 403, "a request from another site's page is refused"
        if headers.get("sec-fetch-site") == "cross-site":
            return 403, "a request from another site's page is refused"
        has_body = headers.get("transfer-encoding") is not None or \
            headers.get("content-length", "0").strip() not in ("", "0")
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        allowed = next((types for end, types in UPLOADS.items() if path.endswith(end)),
                       frozenset({"application/json"}))
        if has_body and kind not in allowed:
            return 415, "a request body must be JSON (Content-Type: application/json)"
        return None


async def _json(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message, "rule": None}).encode()
    headers: list[Any] = [(b"content-type", b"application/json"),
                          (b"content-length", str(len(body)).encode()),
                          (b"cache-control", b"no-store"),
                          (b"x-content-type-options", b"nosniff")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
