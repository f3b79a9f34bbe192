"""``cardtable games``: which games exist and which can be played today.

Reads only the registry, so it works even for games whose rules core is not built yet.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from cardtable.cli.errors import check_lang
from cardtable.cli.i18n import t
from cardtable.core import list_games


def games(
    lang: str = typer.Option("en", "--lang", help="en or ja / 表示言語"),
) -> None:
    """List the games and whether each is playable. / ゲーム一覧。"""
    check_lang(lang)
    table = Table(title=t("games_title", lang))
    table.add_column(t("col_id", lang), no_wrap=True)
    table.add_column(t("col_title", lang), overflow="fold")
    table.add_column(t("col_title_ja", lang), overflow="fold")
    table.add_column(t("col_status", lang), no_wrap=True)
    for info in list_games():
        status = (f"[green]{t('playable', lang)}[/green]" if info.playable
                  else f"[yellow]{t('not_playable', lang)}[/yellow]")
        table.add_row(info.id, info.title, info.title_ja, status)
    Console(highlight=False).print(table)


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add ``games`` to the app."""
    app.command("games")(games)
