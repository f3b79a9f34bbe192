"""The ``cardtable`` command: one typer app, each command in a module of its own."""

from __future__ import annotations

import sys

import typer

from cardtable.cli import (
    balance_cmd,
    bench_cmd,
    cards_cmd,
    games_cmd,
    ladder_cmd,
    play_cmd,
    print_cmd,
    replay_cmd,
    serve_cmd,
    simulate_cmd,
    train_cmd,
)

app = typer.Typer(
    name="cardtable",
    help=("Play, test and balance Japanese tabletop card games. / "
          "日本のカードゲームを遊び、検証する。"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
cards_app = typer.Typer(help="Card and deck files. / カード・デッキファイル。",
                        no_args_is_help=True)
app.add_typer(cards_app, name="cards")

for _module in (games_cmd, play_cmd, replay_cmd, cards_cmd, simulate_cmd, bench_cmd,
                balance_cmd, serve_cmd, train_cmd, ladder_cmd, print_cmd):
    _module.register(app, cards_app)


def main() -> None:
    app(args=balance_cmd.rewrite_argv(sys.argv[1:]))
