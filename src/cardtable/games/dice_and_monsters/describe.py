"""What a legal code does in a position, as data (``State.describe_action``).

Kinds: ``pick`` (deck building: ``card``, ``card_en``, the ``pool_index`` of the copy taken,
``copy``, which of the copies of that card still in the pool it is, counted in pool order from
0, and the ``deck`` it goes to, ``main`` or ``leap``), ``finish-deck``, and ``team`` (``squares``
maps 1..4 to the card set there, ``command`` and ``command_square`` name the face-down
command; English names in ``squares_en`` and ``command_en``).
"""

from __future__ import annotations

from typing import Any

from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters.state import BUILD, DiceState


def describe(state: DiceState, code: int) -> dict[str, Any]:
    p = state.to_move
    cards = state.cards
    if code == act.DONE:
        return {"code": code, "kind": "finish-deck"}
    if state.phase == BUILD:
        pool = state.pool[p]
        card = cards[pool[code]]
        copy = sum(1 for i in range(code)
                   if not state.picked[p] >> i & 1 and cards[pool[i]].name == card.name)
        return {"code": code, "kind": "pick", "card": card.name,
                "card_en": card.name_en or card.name, "pool_index": code, "copy": copy,
                "deck": "leap" if card.star else "main"}
    squares = [cards[state.deck[p][i]] for i in act.team_squares(code)]
    cmd = next(i for i, c in enumerate(squares) if c.kind == "command")
    return {"code": code, "kind": "team",
            "squares": {str(i + 1): c.name for i, c in enumerate(squares)},
            "squares_en": {str(i + 1): c.name_en or c.name for i, c in enumerate(squares)},
            "command": squares[cmd].name, "command_en": squares[cmd].name_en or squares[cmd].name,
            "command_square": cmd + 1}
