"""Run the web app on a free loopback port in a thread, for the browser and API tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from scorepad.web.app import create_app
from scorepad.web.guard import allowed_hosts
from scorepad.web.serve import server_config

#: The start page's token of every test server (``serve`` makes a fresh one a run).
START = "test-start-token-0123456789"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serving(games, folder: Path, port: int | None = None, **options) -> Iterator[str]:
    """The app over ``games`` saved in ``folder``, served on 127.0.0.1; yields its base URL.

    Leaving the block stops the server (open event streams are cut after a short grace).
    """
    port = port or free_port()
    options.setdefault("start_token", START)
    app = create_app(games, folder=folder, hosts=allowed_hosts("127.0.0.1", port), **options)
    config = server_config(app, "127.0.0.1", port)
    config.timeout_graceful_shutdown = 1
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        assert not thread.is_alive(), "the test server did not stop"
