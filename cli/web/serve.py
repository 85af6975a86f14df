"""``scorepad serve``: the table in the browser, one server for every phone at the table."""

from __future__ import annotations

from pathlib import Path

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
    from .lan import lan_address, qr_text

    if lan:
        host = lan_address()
    url = f"http://{host}:{port}/"
    app = create_app(folder=folder, public_url=url if lan else None)
    state = app.state.host
    for problem in state.problems:
        click.echo(problem, err=True)
    click.echo(f"scorepad serve: {url} (games saved in {folder}/; "
               f"{len(state.tables)} resumed; games: {', '.join(state.games) or 'none'})")
    if lan:
        click.echo("Phones at the table join here:")
        click.echo(qr_text(url))
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False,
                timeout_graceful_shutdown=2)
