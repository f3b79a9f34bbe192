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


class CardFileError(CardtableError, ValueError):
    """A card or deck file that cannot be read; holds every diagnostic, not just the first."""

    def __init__(self, diagnostics: list) -> None:
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))
