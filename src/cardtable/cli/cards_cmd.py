"""``cardtable cards``: check hand-written card and deck files, list the shipped decks.

A designer edits these files by hand, so ``check`` prints every problem as ``FILE:LINE:`` (the
form editors jump to) and never a traceback, whatever is wrong with the input.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardtable.cli.errors import check_lang, fail, user_errors
from cardtable.cli.i18n import t
from cardtable.core import CardtableError, load_game
from cardtable.core.scenario import check_scenario, is_scenario_file

PROBLEMS = 1


def check(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `cardtable games`)"),
    file: str = typer.Argument(..., metavar="FILE",
                               help="a card, deck or scenario file (first line 'game: ...')"),
    lang: str = typer.Option("en", "--lang", help="en or ja / 表示言語"),
) -> None:
    """Report every problem in a card, deck or scenario file. / ファイルを検査する。"""
    check_lang(lang)
    with user_errors(lang):
        game = load_game(game_id)
    path = Path(file)
    if not path.is_file():
        raise fail(t("no_file", lang, path=file), lang)
    with user_errors(lang):
        diagnostics = (check_scenario(game, path) if is_scenario_file(path)
                       else game.check_file(path))
    console = Console(highlight=False)
    for diagnostic in diagnostics:  # one per line, never wrapped: editors parse FILE:LINE:
        console.print(Text(str(diagnostic)), soft_wrap=True)
    if diagnostics:
        console.print(Text(t("check_bad", lang, count=len(diagnostics)), style="red"))
        raise typer.Exit(PROBLEMS)
    # a valid file may still show Japanese in English mode: warned, not refused
    gaps = [] if is_scenario_file(path) else game.english_gaps(path)
    for gap in gaps:
        console.print(Text(str(gap)), soft_wrap=True)
    # a card far off what the shipped pool pays for its numbers: warned, not refused
    curve = [] if is_scenario_file(path) else game.curve_warnings(path, lang)
    for warning in curve:
        console.print(Text(str(warning)), soft_wrap=True)
    console.print(Text(t("check_ok", lang, path=file), style="green"))
    if gaps:
        console.print(Text(t("check_gaps", lang, count=len(gaps)), style="yellow"))
    if curve:
        console.print(Text(t("check_curve", lang, count=len(curve)), style="yellow"))


def list_decks(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `cardtable games`)"),
    lang: str = typer.Option("en", "--lang", help="en or ja / 表示言語"),
) -> None:
    """List the decks that ship with a game. / 付属デッキの一覧。"""
    check_lang(lang)
    with user_errors(lang):
        game = load_game(game_id)
        names = game.deck_names()
    table = Table(title=t("decks_title", lang, game=game.title))
    table.add_column(t("col_deck", lang), no_wrap=True)
    table.add_column(t("col_name", lang))
    table.add_column(t("col_cards", lang), justify="right")
    for name in names:
        try:
            deck = game.load_deck(name)
        except CardtableError as exc:  # a broken shipped deck should not hide the others
            table.add_row(name, Text(str(exc).splitlines()[0], style="red"), "")
            continue
        title = deck.name if lang == "ja" or not deck.name_en else f"{deck.name} / {deck.name_en}"
        table.add_row(name, title, str(len(deck)))
    Console(highlight=False).print(table)


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add ``cards check`` and ``cards list`` to the ``cards`` group."""
    cards_app.command("check")(check)
    cards_app.command("list")(list_decks)
