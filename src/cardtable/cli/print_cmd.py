"""``cardtable print``: a deck as a print-and-play PDF, or as a Tabletop Simulator deck.

The print extra (reportlab, Pillow) is optional; without it this command says how to install
it (``printing.fonts.require``).
The deck is a shipped deck's name or a deck file, read with the bounded reader and handed to
``cardtable.printing`` as text.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from cardtable.cli.errors import check_lang, fail, user_errors
from cardtable.core import load_game
from cardtable.core.userfile import read_text


def print_deck(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `cardtable games`)"),
    deck: str = typer.Argument(..., metavar="DECK",
                               help="a shipped deck's name (`cardtable cards decks GAME`) or "
                                    "a deck file"),
    output: str = typer.Option(None, "-o", "--output",
                               help="the PDF to write (default: DECK.pdf here, unless only "
                                    "--tts is asked for)"),
    lang: str = typer.Option("en", "--lang", help="en or ja: the cards' language / 言語"),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter"),
    duplex: str = typer.Option("long", "--duplex",
                               help="long or short: the edge your printer flips a sheet on "
                                    "when it prints both sides (backs are laid to match)"),
    cards: str = typer.Option(None, "--cards",
                              help="your own card file, whose cards the deck may list"),
    setup: bool = typer.Option(True, "--setup/--no-setup",
                               help="also print the cards a player needs beside the deck "
                                    "(Culdcept's starting lands, with their own back)"),
    tts: str = typer.Option(None, "--tts", metavar="DIR",
                            help="also write a Tabletop Simulator deck (card sheets, back, "
                                 "saved-object JSON) into DIR"),
) -> None:
    """Print a deck: nine cards a page with cut marks, backs for duplex; or a Tabletop
    Simulator deck. / デッキを印刷用PDFやTabletop Simulator用に書き出す。"""
    from cardtable.printing import deck_pdf, tts_export  # a missing extra is a clear error

    check_lang(lang)
    console = Console(highlight=False)
    with user_errors(lang):
        game = load_game(game_id)
        path = game.deck_file(deck)
        text = read_text(path)
        cards_text = None if cards is None else read_text(cards)
        label = path.name
        if tts is not None:
            folder = Path(tts)
            folder.mkdir(parents=True, exist_ok=True)
            files = tts_export(game.id, text, lang=lang, cards_text=cards_text, label=label,
                               url_base=folder.resolve().as_uri() + "/", setup=setup)
            for name, data in files.items():
                (folder / name).write_bytes(data)
            console.print(Text(f"{folder}: {', '.join(sorted(files))} (Tabletop Simulator: "
                               "copy deck.json into Saves/Saved Objects)"))
        if output is None and tts is not None:
            return
        target = Path(output) if output is not None else Path(f"{path.stem}.pdf")
        pdf = deck_pdf(game.id, text, lang=lang, paper=paper, duplex=duplex,
                       cards_text=cards_text, label=label, setup=setup)
        try:
            target.write_bytes(pdf)
        except OSError as exc:
            raise fail(f"{target}: cannot write ({exc.strerror or exc})", lang) from None
    console.print(Text(f"{target}: {len(pdf):,} bytes"))


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add ``print`` to the app."""
    app.command("print")(print_deck)
