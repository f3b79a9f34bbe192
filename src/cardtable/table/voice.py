"""A seat's own voice: a projection names seats neutrally ("Player 2's turn"), as a spectator
shares it; at a seat, in the terminal and the browser alike, the notes and markers say "you" and
"the opponent", as the log does. Plain string work, no terminal or web import."""

from __future__ import annotations

import re
from typing import Any

JSON = dict[str, Any]

_SEAT = re.compile(r"(?<![A-Za-z])([Pp])layer (\d)(?!\d)('s)?( [a-z]+)?|プレイヤー(\d)(?!\d)")
#: a verb after "you" where it differs from the one after "Player 1"
_YOU_VERB = {"has": "have", "is": "are", "was": "were"}


def _agree(verb: str) -> str:
    """The verb a "you" takes where a "Player 1" took ``verb`` (a word ending in -s that is
    not -ss: plays, gives, attacks); any other word is left as it was."""
    if verb in _YOU_VERB:
        return _YOU_VERB[verb]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") and len(verb) > 2 else verb


def whose_note(note: str, seat: int, lang: str) -> str:
    """A projection note names seats neutrally, as spectators share it ("Player 2's turn");
    at one's own seat (terminal or browser) it says you and the opponent: "The opponent's
    turn", "Your turn", "You play first" (a subject's verb agrees), "先攻: あなた"."""
    def mark(m: re.Match[str]) -> str:
        if m.group(5):  # Japanese needs no agreement: the seat becomes あなた or 相手
            return "あなた" if int(m.group(5)) == seat + 1 else "相手"
        mine = int(m.group(2)) == seat + 1
        first = m.start() == 0 or note[:m.start()].rstrip().endswith((".", "→"))
        after = m.group(4) or ""
        if m.group(3):  # a possessive: "your", "the opponent's"
            word = "your" if mine else "the opponent's"
        else:
            word = "you" if mine else "the opponent"
            if mine and after and m.start() == 0:  # a subject: its verb agrees with "you"
                after = " " + _agree(after[1:])
        return (word[0].upper() + word[1:] if first else word) + after
    return _SEAT.sub(mark, note)


def whose_table(table: JSON, seat: int | None, lang: str) -> JSON:
    """A seat's table with its notes and markers in its own voice ("The opponent's turn"); a
    spectator's (seat None) keeps "Player 1" and "Player 2"."""
    if seat is None:
        return table
    zones = [{**z, "cards": [_whose_card(c, seat, lang) for c in z["cards"]]}
             for z in table["zones"]]
    return {**table, "zones": zones,
            "notes": [whose_note(str(n), seat, lang) for n in table.get("notes", [])]}


def _whose_card(card: JSON | None, seat: int, lang: str) -> JSON | None:
    """A card with its markers in the seat's voice; the card itself when no marker names a
    seat (a shared face stays the one shared: ``core.projection.Face``)."""
    if not card or not card.get("markers"):
        return card
    markers = [whose_note(str(m), seat, lang) for m in card["markers"]]
    return card if markers == card["markers"] else {**card, "markers": markers}
