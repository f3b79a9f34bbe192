"""Shared by the printing tests: shipped decks as text, and a PDF read back."""

from __future__ import annotations

import io
from functools import cache

from cardtable.core.registry import load_game

MM = 72 / 25.4


def shipped_text(game_id: str, deck: str) -> str:
    """A shipped deck file's text: what a designer would upload."""
    game = load_game(game_id)
    assert game.deck_dir is not None
    return (game.deck_dir / f"{deck}.txt").read_text("utf-8")


@cache
def pdf_of(game_id: str, deck: str, lang: str = "en", paper: str = "a4",
           duplex: str = "long") -> bytes:
    from cardtable.printing import deck_pdf

    return deck_pdf(game_id, shipped_text(game_id, deck), lang=lang, paper=paper,
                    duplex=duplex)


def card_boxes(data: bytes, card: tuple[float, float] = (63.0, 88.0)
               ) -> list[list[tuple[float, float, float, float]]]:
    """Each page's card outlines as (x0, top, x1, bottom) in mm, in drawing order: the
    rectangles of exactly a card's size."""
    import pdfplumber

    out = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            out.append([(r["x0"] / MM, r["top"] / MM, r["x1"] / MM, r["bottom"] / MM)
                        for r in page.rects
                        if abs(r["width"] / MM - card[0]) < 0.05
                        and abs(r["height"] / MM - card[1]) < 0.05])
    return out
