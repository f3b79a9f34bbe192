"""Errors the core raises; every one carries a message a player or designer can act on."""

from __future__ import annotations


class CardtableError(Exception):
    """Base of every error the engine raises on purpose (never a bug)."""


class IllegalActionError(CardtableError, ValueError):
    """An action that is not legal now; the state is left exactly as it was."""


class UnknownGameError(CardtableError, KeyError):
    """A game id that the registry does not know."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class GameNotPlayableError(CardtableError):
    """A registered game whose rules core is not built yet."""


class DeckError(CardtableError, ValueError):
    """A deck that breaks the game's deck-building rules."""


class UserFileError(CardtableError, ValueError):
    """A file a person gave the program (card, deck, scenario, record) that cannot be used.

    Holds every diagnostic (``FILE:LINE: what is wrong``), not just the first; the message is
    all of them, one a line, so every front end shows the same text.
    """

    def __init__(self, diagnostics: list) -> None:
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class CardFileError(UserFileError):
    """A card or deck file that cannot be read or breaks the game's card template."""


class RecordError(UserFileError):
    """A game record that is not one this engine can replay (format, fields, versions)."""


class NumberError(CardtableError, ValueError):
    """A number written by a person that is not a whole number in the allowed range."""


class OptionError(CardtableError, ValueError):
    """A game option or command-line flag outside its documented range."""
