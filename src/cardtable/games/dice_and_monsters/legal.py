"""What a seat may choose now: deck-building picks, then a team."""

from __future__ import annotations

from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters import deckbuilding
from cardtable.games.dice_and_monsters.state import BUILD, OVER, DiceState


def is_command_pattern(state: DiceState, p: int) -> tuple[bool, ...]:
    cards = state.cards
    return tuple([cards[c].kind == "command" for c in state.deck[p]])


def legal_for(state: DiceState, p: int) -> list[int]:
    if p < 0 or state.phase == OVER:
        return []
    if state.phase == BUILD:
        return deckbuilding.legal(state, p)
    return act.team_list(is_command_pattern(state, p))


def legal_now(state: DiceState) -> list[int]:
    """The codes of the seat to move: what ``State.legal_actions`` asks."""
    return legal_for(state, state.to_move)
