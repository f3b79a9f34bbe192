"""A deck to print, read from text only: what a designer typed or uploaded, never a path.

``deck_pdf`` and ``tts_export`` take the deck file's text (and, optionally, the text of the
designer's own card file), so no name a person writes can make the printer open a file: the
text is checked like an uploaded file (size, encoding, line length), parsed by the game's own
deck reader under a label that is only a label, and every problem comes back as one
``CardFileError`` (a ``ValueError``) listing ``FILE:LINE: what is wrong``.

A separate card file is read as if its cards followed the deck file's lines (every game's deck
file may define cards of its own); its problems are reported at its own lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.core.deck import Deck
from cardtable.core.diagnostics import Diagnostic
from cardtable.core.errors import CardFileError, CardtableError
from cardtable.core.userfile import TEXT_LIMITS, clip, decode

if TYPE_CHECKING:
    from cardtable.core.contract import Game

#: the most cards one print job lays out (a deck of 60 is seven pages; this is 45 sheets)
MAX_CARDS = 400
DECK_LABEL = "deck.txt"
CARDS_LABEL = "cards.txt"


class PrintError(CardtableError, ValueError):
    """A print job that cannot be made: a bad argument, a deck too large, a missing font."""


def _checked(text: Any, label: str) -> str:
    if not isinstance(text, str):
        raise PrintError(f"{label}: a deck or card file is text, not {type(text).__name__}")
    # the same checks as an uploaded file: size, NUL bytes, line length
    return decode(text.encode("utf-8", "surrogatepass"), label, TEXT_LIMITS)


def _label(label: str) -> str:
    """A label for messages only: its last path part, clipped (it never names a file)."""
    name = Path(str(label).replace("\\", "/")).name or DECK_LABEL
    return clip(name, 40)


def read_deck(game: Game, deck_text: str, cards_text: str | None = None, *,
              label: str = DECK_LABEL, cards_label: str = CARDS_LABEL) -> Deck:
    """The deck ``deck_text`` lists, its cards shipped or defined in it or in ``cards_text``."""
    label, cards_label = _label(label), _label(cards_label)
    deck_text = _checked(deck_text, label)
    if not deck_text.endswith("\n"):
        deck_text += "\n"
    offset = deck_text.count("\n")
    tail = "" if cards_text is None else _checked(cards_text, cards_label)
    if not deck_text.strip():
        raise CardFileError([Diagnostic(label, 1, "the deck file is empty")])
    reader = getattr(game, "read_deck_text", None)
    if reader is None:
        raise PrintError(f"{game.id} cannot read a deck from text")
    # a single line is still read as a file's text, never as a shipped deck's name or a path
    deck, problems = reader(deck_text + tail, Path(label))
    if problems:
        raise CardFileError([_moved(d, label, cards_label, offset) for d in problems])
    if not deck.cards:
        raise CardFileError([Diagnostic(label, 1, "the deck lists no cards")])
    if len(deck.cards) > MAX_CARDS:
        raise PrintError(f"{label}: {len(deck.cards)} cards; a print job holds at most "
                         f"{MAX_CARDS}")
    return deck


def _moved(d: Diagnostic, label: str, cards_label: str, offset: int) -> Diagnostic:
    """A diagnostic of the joined text at its own file's line (the card file's come after
    the deck file's ``offset`` lines)."""
    if d.line > offset:
        return Diagnostic(cards_label, d.line - offset, d.message)
    return Diagnostic(label, d.line, d.message)
