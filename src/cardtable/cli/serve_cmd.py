"""``cardtable serve``: the browser table (lobby, tables, spectators) on one address.

The web server is an optional extra; without it this command says how to install it.
"""

from __future__ import annotations

import typer

from cardtable.cli.errors import fail


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="port to listen on"),
    db: str = typer.Option("cardtable.db", "--db",
                           help="SQLite file holding every table (created if missing)"),
    workers: int = typer.Option(2, "--workers", min=1, max=64,
                                help="threads for computer players' moves"),
    ws_rate: float = typer.Option(20.0, "--ws-rate", min=0.1,
                                  help="messages a second one browser connection may send "
                                       "on average (bursts of twice that); floods are dropped"),
    http_rate: float = typer.Option(20.0, "--http-rate", min=0.1,
                                    help="POST requests a second one address may send on "
                                         "average (bursts of three times that)"),
    db_sync: str = typer.Option("normal", "--db-sync",
                                help="normal (safe if the server is killed) or full (also "
                                     "against power loss, slower)"),
) -> None:
    """Serve the browser table. / ブラウザで遊べる卓を起動する。"""
    if db_sync not in ("normal", "full"):
        raise fail(f"--db-sync must be normal or full, not {db_sync!r}", "en")
    try:
        import uvicorn

        from cardtable.web.app import create_app
        from cardtable.web.limits import MAX_MESSAGE
    except ModuleNotFoundError as exc:
        raise fail(f"the browser table needs the web extra ({exc.name} is missing): "
                   "pip install 'cardtable[web]'", "en") from None
    app = create_app(db, workers=workers, sync=db_sync, http_rate=http_rate, ws_rate=ws_rate)
    shown = f"[{host}]" if ":" in host else host
    print(f"cardtable: serving the browser table at http://{shown}:{port}/ "
          f"(tables in {db}; Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE, log_level="warning")


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    app.command("serve")(serve)
