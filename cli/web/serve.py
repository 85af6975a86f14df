"""``scorepad serve``: the table in the browser, one server for every phone at the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click


@click.command(name="serve")
@click.option("--host", "host", default="127.0.0.1", show_default=True,
              help="The address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True,
              help="The port to listen on.")
@click.option("--lan", is_flag=True,
              help="Listen on this machine's LAN address and print the join URL and a QR code "
                   "for the phones at the table.")
@click.option("--folder", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True,
              help="Where games are saved (after every step) and resumed from.")
def serve_cmd(host: str, port: int, lan: bool, folder: Path) -> None:
    """Serve the games to the browsers of the table: start a game, share the links.

    Every game is saved in FOLDER after every step, as the same log files the terminal
    tools write; a restarted server resumes every game it finds there. Each game has an
    unguessable link for the host (who flips, undoes and ends) and one per player.
    Ctrl-C stops the server; the games stay saved.

    \b
    Example:
      scorepad serve
      scorepad serve --lan --port 8080
    """
    import uvicorn

    from .app import create_app
    from .guard import allowed_hosts
    from .lan import lan_address, qr_text

    if lan:
        host = lan_address()
    base = f"http://{host}:{port}/"
    hint = lan_command(port, folder) if not lan and _loopback(host) else None
    app = create_app(folder=folder, public_url=base if lan else None,
                     hosts=allowed_hosts(host, port), lan_hint=hint)
    url = f"{base}?t={app.state.start_token}"
    state = app.state.host
    for problem in state.problems:
        click.echo(problem, err=True)
    click.echo(f"scorepad serve: {url} (games saved in {folder}/; "
               f"{len(state.hosted)} resumed; games: {', '.join(state.games) or 'none'})")
    click.echo("Open the link above to start a game (it holds the token that creates games).")
    if hint:  # the links are this computer's own: say so, with the command that fixes it
        click.echo(f"Phones cannot open these links (this server listens only on this "
                   f"computer): restart with `{hint}`.")
    if lan:
        click.echo("The host starts the game here:")
        click.echo(qr_text(url))
    uvicorn.Server(server_config(app, host, port)).run()


def lan_command(port: int, folder: Path) -> str:
    """The ``serve`` command that opens this server to the phones: the same, with ``--lan``."""
    import shlex

    words = ["scorepad", "serve", "--lan"]
    if port != 8000:
        words += ["--port", str(port)]
    if folder != Path("output"):
        words += ["--folder", str(folder)]
    return shlex.join(words)


def _loopback(host: str) -> bool:
    """Whether ``host`` is an address only this computer reaches (127.0.0.1, ::1, localhost)."""
    import ipaddress

    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


#: Seconds a connection may take to send a request's headers.
HEADER_SECONDS = 10.0
#: The most connections and requests served at once (six phones at 50 tables hold 300
#: event streams); beyond it uvicorn answers 503 at once.
MAX_CONNECTIONS = 1000


def server_config(app: Any, host: str, port: int) -> Any:
    """uvicorn's settings for the server: an idle connection closed after 5 s, headers
    in :data:`HEADER_SECONDS` (or the connection is closed), at most
    :data:`MAX_CONNECTIONS` at once, headers of at most 16 KiB, only errors logged (a
    flood of bad requests does not fill the terminal)."""
    import uvicorn

    return uvicorn.Config(app, host=host, port=port, log_level="error", access_log=False,
                          timeout_graceful_shutdown=2, timeout_keep_alive=5,
                          limit_concurrency=MAX_CONNECTIONS,
                          h11_max_incomplete_event_size=16 * 1024,
                          http=_header_timeout_protocol(), lifespan="off")


def _header_timeout_protocol() -> type:
    """uvicorn's h11 protocol, closing a connection that has not sent a whole request's
    headers within :data:`HEADER_SECONDS` (uvicorn's keep-alive timeout only starts
    after a first answer, so a slow sender would otherwise hold its connection)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderTimeout(H11Protocol):
        _deadline = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._deadline = self.loop.call_later(HEADER_SECONDS, self._too_slow)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            waiting = self.cycle is None or self.cycle.response_complete
            if not waiting and self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            elif waiting and self._deadline is None:
                self._deadline = self.loop.call_later(HEADER_SECONDS, self._too_slow)

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

        def _too_slow(self) -> None:
            self._deadline = None
            if self.cycle is None or self.cycle.response_complete:
                self.transport.close()

    return HeaderTimeout
