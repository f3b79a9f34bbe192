"""What one player may know: the only way information leaves the rules core.

Hidden from a player: the opponent's picks while decks are being built (both decks are
revealed together once both are done), the opponent's team while the team step is open, and
the identity of the opponent's face-down command until it fires. The shipped card table and
both pools are public.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.contract import detached
from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters.commands import HIDDEN
from cardtable.games.dice_and_monsters.state import BUILD, PHASE_NAMES, TEAM, WAITING, DiceState


def _names(state: DiceState, idx: list[int]) -> list[str]:
    cards = state.cards
    return [cards[c].name for c in idx]


def view(state: DiceState, p: int, cards_table: bool = True) -> dict[str, Any]:
    """``p``'s view; without ``cards_table`` its ``cards`` is empty (the observation encoding
    reads cards by name and needs none of the table)."""
    o = 1 - p
    revealed = state.phase != BUILD
    you: dict[str, Any] = {
        "deck": _names(state, state.deck[p]),
        "leap": _names(state, state.leap[p]),
        "built": state.built[p],
    }
    opp: dict[str, Any] = {"built": state.built[o]}
    if revealed:
        opp["deck"] = _names(state, state.deck[o])
        opp["leap"] = _names(state, state.leap[o])
    if state.phase == TEAM:
        mine = state.pending[p]
        you["team"] = list(act.team_squares(mine)) if mine != WAITING else None
        opp["answered"] = state.pending[o] != WAITING
    final = state.final
    field = None
    if final is not None:
        field = detached(final["field"])  # the cells are dicts of the state's own summary
        cmd = final["commands"][o]
        if cmd["state"] == HIDDEN:  # never fired: its name stays hidden
            row = field[o]
            row[cmd["square"] - 1] = {"command": "face-down"}
        you["command"] = final["commands"][p]["card"]
    return {
        "game": state.game.id,
        "player": p,
        "phase": PHASE_NAMES[state.phase],
        "to_move": state.to_move,
        "rounds": state.rounds,
        "options": dict(state.options),
        "result": state.result(),
        "cards": [c.to_json() for c in state.cards] if cards_table else [],
        "pools": [_names(state, state.pool[0]), _names(state, state.pool[1])],
        "you": you,
        "opponent": opp,
        "field": field,
        "comparison": None if final is None else {
            "units": list(final["units"]), "taken": list(final["taken"]),
            "initial_hp": list(final["initial_hp"])},
    }
