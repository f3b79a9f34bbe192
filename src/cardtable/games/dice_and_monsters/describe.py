"""What a legal code does in a position, as data (``State.describe_action``).

Kinds: ``pick`` (deck building: ``card``, ``card_en``, the ``pool_index`` of the copy taken
and the ``deck`` it goes to, ``main`` or ``leap``), ``finish-deck``, and ``team`` (``squares``
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
        card = cards[state.pool[p][code]]
        return {"code": code, "kind": "pick", "card": card.name,
                "card_en": card.name_en or card.name, "pool_index": code,
                "deck": "leap" if card.star else "main"}
    squares = [cards[state.deck[p][i]] for i in act.team_squares(code)]
    cmd = next(i for i, c in enumerate(squares) if c.kind == "command")
    return {"code": code, "kind": "team",
            "squares": {str(i + 1): c.name for i, c in enumerate(squares)},
            "squares_en": {str(i + 1): c.name_en or c.name for i, c in enumerate(squares)},
            "command": squares[cmd].name, "command_en": squares[cmd].name_en or squares[cmd].name,
            "command_square": cmd + 1}
