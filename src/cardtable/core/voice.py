"""Whose side a sentence speaks from: the reader's seat, or a spectator's.

Every game words its events once, for three readers: the seat itself ("You draw", "your land
3"), that seat's view of the other ("The opponent draws", "their land 3"), and a spectator who
is neither (``seat=None``: "Player 1 draws", "Player 1's land 3"). A ``Voice`` holds the reader
and the language, so a game's sentence table never branches on either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]


def third_person(verb: str) -> str:
    """``draw`` -> ``draws``, ``pass`` -> ``passes``, ``carry`` -> ``carries``; the first word
    only (``god draw`` -> ``god draws`` is not wanted: give the verb first)."""
    word, space, rest = verb.partition(" ")
    if word == "have":
        word = "has"
    elif word.endswith(("s", "sh", "ch", "x", "z", "o")):
        word += "es"
    elif word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        word = word[:-1] + "ies"
    else:
        word += "s"
    return word + space + rest


@dataclass(frozen=True)
class Voice:
    """The reader of a sentence: ``seat`` (0, 1) or None for a spectator, and the language."""

    seat: int | None
    lang: str = "en"

    @property
    def ja(self) -> bool:
        return self.lang == "ja"

    def pick(self, en: str, ja: str, **kw: Any) -> str:
        return (ja if self.ja else en).format(**kw) if kw else (ja if self.ja else en)

    def mine(self, seat: Any) -> bool:
        return self.seat is not None and seat == self.seat

    def who(self, seat: Any) -> str:
        """The subject, capitalised: You / The opponent / Player 2 (あなた / 相手 / プレイヤー2)."""
        if not isinstance(seat, int) or seat < 0:
            return self.pick("Nobody", "なし")
        if self.seat is None:
            return self.pick("Player {n}", "プレイヤー{n}", n=seat + 1)
        if seat == self.seat:
            return self.pick("You", "あなた")
        return self.pick("The opponent", "相手")

    def whom(self, seat: Any) -> str:
        """The same in the middle of a sentence: you / the opponent / Player 2."""
        text = self.who(seat)
        return text if self.ja or text.startswith("Player") else text[0].lower() + text[1:]

    def whose(self, seat: Any) -> str:
        """A possessive with its space: ``your `` / ``their `` / ``Player 2's `` (あなたの)."""
        if not isinstance(seat, int) or seat < 0:
            return ""
        if self.seat is None:
            return self.pick("Player {n}'s ", "プレイヤー{n}の", n=seat + 1)
        if seat == self.seat:
            return self.pick("your ", "あなたの")
        return self.pick("their ", "相手の")

    def Whose(self, seat: Any) -> str:  # the capitalised twin of whose
        text = self.whose(seat)
        return text[:1].upper() + text[1:]

    def does(self, seat: Any, verb: str) -> str:
        """Subject and verb agreeing: ``You draw`` / ``The opponent draws`` (English only)."""
        subject = self.who(seat)
        return f"{subject} {verb if self.mine(seat) else third_person(verb)}"

    def persons(self, seat: Any, verb: str = "", capital: bool = False) -> dict[str, str]:
        """The words every sentence template may name ``seat`` by: ``who``, ``whom``, ``whose``
        (``Whose`` when ``capital``), and ``who_does`` when a ``verb`` is given."""
        out = {"who": self.who(seat), "whom": self.whom(seat),
               "whose": self.Whose(seat) if capital else self.whose(seat)}
        if verb:
            out["who_does"] = self.does(seat, verb)
        return out

    def verb(self, seat: Any, verb: str) -> str:
        """The verb alone, agreeing with ``seat``: ``draw`` / ``draws``."""
        return verb if self.mine(seat) else third_person(verb)

    def sep(self) -> str:
        return "、" if self.ja else ", "

    def names(self) -> str:
        """Between card names, which in English may hold a comma ("Volca, Crimson Dragon")."""
        return "、" if self.ja else "; "


#: words whose first letter misleads: a vowel said as a consonant ("a unit", "a one-off") or a
#: silent h ("an hour")
_A_BEFORE = ("uni", "use", "usu", "one", "eu", "ur")
_AN_BEFORE = ("hour", "honest", "honor", "heir")


def article(word: str) -> str:
    """``a`` or ``an`` for the English ``word`` by its sound: a unit, an earth land, an item."""
    low = word.lower()
    if low.startswith(_AN_BEFORE):
        return "an"
    if low.startswith(_A_BEFORE):
        return "a"
    return "an" if low[:1] in ("a", "e", "i", "o", "u") else "a"


def count(n: int, noun: str) -> str:
    """``a card``, ``an item``, ``a unit``, ``3 cards``; ``noun`` is singular English."""
    if n == 1:
        return f"{article(noun)} {noun}"
    return f"{n} {noun}s"


def deck_title(game_id: str, name: str, lang: str) -> str:
    """A shipped deck's name in ``lang`` (events carry the Japanese name); a deck the game
    does not ship keeps the name it was given."""
    if lang == "ja" or not name:
        return name
    return _deck_titles(game_id).get(name, name)


_TITLES: dict[str, dict[str, str]] = {}


def _deck_titles(game_id: str) -> dict[str, str]:
    if game_id not in _TITLES:
        from cardtable.core.registry import load_game

        titles: dict[str, str] = {}
        try:
            game = load_game(game_id)
            for deck in game.default_decks():
                titles[deck.name] = deck.name_en or deck.name
            for entry in game.deck_names():
                deck = game.load_deck(entry if isinstance(entry, str) else entry[0])
                titles[deck.name] = deck.name_en or deck.name
        except Exception:  # a game without shipped decks: names stay as given
            pass
        _TITLES[game_id] = titles
    return _TITLES[game_id]
