"""Print and play: a deck as a PDF to print and cut, or as a Tabletop Simulator deck.

An optional extra (``pip install 'cardtable[print]'``: reportlab; Pillow for the Tabletop
Simulator images): ``import cardtable`` never imports this package. Both entry points take a
deck file's *text* (what ``cardtable cards check`` reads, or what a designer typed), never a
path, so nothing a person types can name a file to open; the optional ``cards_text`` is the
designer's own card file, whose cards the deck may list beside the shipped ones.

    deck_pdf("draws-troidal", text, lang="ja", paper="a4")   # -> the PDF's bytes
    tts_export("draws-troidal", text)                       # -> {file name: bytes}

A bad deck is a ``CardFileError`` (a ``ValueError``) whose message is every ``FILE:LINE:``
problem; a bad argument or a missing font a ``PrintError`` (also a ``ValueError``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.printing.decks import MAX_CARDS, PrintError
from cardtable.printing.fonts import FontError

if TYPE_CHECKING:
    from cardtable.core.deck import Deck
    from cardtable.core.projection import Card

__all__ = ["MAX_CARDS", "FontError", "PrintError", "deck_pdf", "tts_export"]

LANGS = ("en", "ja")


def _job(game_id: str, deck_text: str, cards_text: str | None, lang: str,
         label: str) -> tuple[Deck, list[Card]]:
    """The deck and its cards as projected faces, in deck order."""
    from cardtable.core.projection import card_face
    from cardtable.core.registry import load_game, part
    from cardtable.printing.decks import read_deck
    from cardtable.printing.fonts import fonts

    if lang not in LANGS:
        raise PrintError(f"lang must be one of {', '.join(LANGS)}, not {lang!r:.20}")
    game = load_game(game_id)
    deck = read_deck(game, deck_text, cards_text, label=label)
    fonts()  # fail here, before any drawing, when no font is installed
    module = part(game.id, "projection")
    faces: dict[str, Card] = {}
    for card in deck.cards:
        if card.name not in faces:
            faces[card.name] = card_face(module, card.to_json(), lang)
    return deck, [faces[c.name] for c in deck.cards]


def setup_faces(game_id: str, lang: str) -> tuple[str, list[Card]] | None:
    """The cards a player needs beside the deck and the word on their back (the projection's
    optional ``setup_cards``: Culdcept's starting lands), or None."""
    from cardtable.core.registry import part

    setup = getattr(part(game_id, "projection"), "setup_cards", None)
    return None if setup is None else setup(lang)


def card_size(game_id: str) -> tuple[float, float]:
    """The game's printed card size in mm (its record's ``card_size``)."""
    from cardtable.core.registry import parts

    return parts(game_id).card_size


def game_title(game_id: str, lang: str) -> str:
    from cardtable.core.registry import parts

    record = parts(game_id)
    return record.title_ja if lang == "ja" else record.title


def deck_pdf(game_id: str, deck_text: str, *, lang: str = "en", paper: str = "a4",
             cards_text: str | None = None, duplex: str = "long", setup: bool = True,
             label: str = "deck.txt") -> bytes:
    """Every card of the deck at its game's card size, nine to a page with cut marks, each
    page of fronts followed by its backs (mirrored for ``duplex`` "long" or "short" edge);
    with ``setup``, then the cards a player needs beside the deck, with their own back."""
    from cardtable.printing import face
    from cardtable.printing.draw import Item
    from cardtable.printing.pdf import render
    from cardtable.printing.sheet import DUPLEX, PAPERS, sheet

    if paper not in PAPERS:
        raise PrintError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r:.20}")
    if duplex not in DUPLEX:
        raise PrintError(f"duplex must be one of {', '.join(DUPLEX)}, not {duplex!r:.20}")
    deck, faces = _job(game_id, deck_text, cards_text, lang, label)
    size = card_size(game_id)
    grid = sheet(paper, size)
    drawn: dict[int, list[Item]] = {}
    fronts: list[list[Item]] = []
    for f in faces:
        if id(f) not in drawn:
            drawn[id(f)] = face.front(f, size)
        fronts.append(drawn[id(f)])
    title = game_title(game_id, lang)
    name = deck.name if lang == "ja" or not deck.name_en else deck.name_en
    piles: list[tuple[list[list[Item]], list[Item]]] = [(fronts, face.back(title, size))]
    extra = setup_faces(game_id, lang) if setup else None
    if extra is not None and extra[1]:
        piles.append(([face.front(c, size) for c in extra[1]], face.back(title, size, extra[0])))
    return render(grid, piles, duplex=duplex,  # type: ignore[arg-type]
                  title=f"{title}: {name}")


def tts_export(game_id: str, deck_text: str, *, lang: str = "en",
               cards_text: str | None = None, url_base: str = "", setup: bool = True,
               label: str = "deck.txt") -> dict[str, bytes]:
    """The deck for Tabletop Simulator: sheets of faces (``faces-1.png``...), the shared
    ``back.png`` and ``deck.json``, a saved object whose images are ``url_base`` + file name
    (give the folder's ``file:///`` address, or the web address the images are uploaded to);
    with ``setup``, a second pile of the cards a player needs beside the deck
    (``setup-1.png``, ``setup-back.png``)."""
    from cardtable.printing.fonts import require
    from cardtable.printing.tts import export

    require("PIL")
    deck, faces = _job(game_id, deck_text, cards_text, lang, label)
    return export(deck, faces, card_size(game_id), game_title(game_id, lang), lang=lang,
                  url_base=url_base, setup=setup_faces(game_id, lang) if setup else None)
