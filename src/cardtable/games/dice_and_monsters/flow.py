"""From one answer to the next decision: deck building, the team step, then the whole battle."""

from __future__ import annotations

from typing import Any

from cardtable.core.contract import TERMINAL
from cardtable.core.event_log import QUIET
from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters import deckbuilding
from cardtable.games.dice_and_monsters.battle import Battle
from cardtable.games.dice_and_monsters.cards import Card
from cardtable.games.dice_and_monsters.state import BUILD, OVER, TEAM, WAITING, DiceState


def start(state: DiceState) -> None:
    """The first decision: building for a seat given a pool, else the team step."""
    for p in (0, 1):
        if not state.built[p]:
            state.phase = BUILD
            state.to_move = p
            return
    reveal_decks(state)


def reveal_decks(state: DiceState) -> None:
    cards = state.cards
    if state.log is not QUIET:
        state.log.append({"type": "decks",
                          "main": [[cards[c].name for c in state.deck[p]] for p in (0, 1)],
                          "leap": [[cards[c].name for c in state.leap[p]] for p in (0, 1)]})
    state.phase = TEAM
    state.pending = [WAITING, WAITING]
    state.to_move = 0


def play(state: DiceState, action: int) -> None:
    p = state.to_move
    if state.phase == BUILD:
        if deckbuilding.pick(state, p, action):
            deckbuilding.finish(state, p)
            start(state)
        return
    state.pending[p] = action
    if p == 0:
        state.to_move = 1
        if state.log is not QUIET:
            state.log.append({"type": "team-set", "player": 0})
        return
    if state.log is not QUIET:
        state.log.append({"type": "team-set", "player": 1})
    fight(state)


def line_up(state: DiceState, p: int, code: int) -> list[Card]:
    cards = state.cards
    deck = state.deck[p]
    return [cards[deck[i]] for i in act.team_squares(code)]


def fight(state: DiceState, watch: Any = None) -> None:
    """Reveal both teams (the commands stay face down) and play the four rounds.

    ``watch(battle, round)``, if given, sees the battle at the start of every round.
    """
    squares = [line_up(state, p, state.pending[p]) for p in (0, 1)]
    for p in (0, 1) if state.log is not QUIET else ():  # names and squares: built only to log
        cmd_sq = [c.kind for c in squares[p]].index("command")
        state.log.append({
            "type": "team", "player": p,
            "units": [[sq + 1, c.name] for sq, c in enumerate(squares[p]) if c.kind == "unit"],
            "command_square": cmd_sq + 1,
            "private": [p, {"command": squares[p][cmd_sq].name}],
        })
    cards = state.cards
    leaps = [[cards[c] for c in state.leap[p]] for p in (0, 1)]
    b = Battle(squares, leaps, state.rng, state.log, state.options["rounds"])  # type: ignore[arg-type]
    b.script = state.dice
    b.watch = watch
    b.run()
    close(state, b, squares)


def close(state: DiceState, b: Battle, squares: list[list[Card]]) -> None:
    """The state after a battle that has run to its end."""
    state.rng = b.rng
    state.rounds = b.round
    state.phase = OVER
    state.to_move = TERMINAL
    state.winner_seat = b.winner
    state.drawn = b.winner < 0
    state.reason = b.reason
    state.final = summary(b, squares)


def summary(b: Battle, squares: list[list[Card]]) -> dict[str, Any]:
    """The end of the battle as plain data: fields, commands, the comparison numbers."""
    cmds = []
    for p in (0, 1):
        slot = b.cmd[p]
        assert slot is not None
        cmds.append({"card": slot[0].name, "square": slot[1] + 1, "state": slot[2],
                     "fired": slot[3]})
    return {"field": b.snapshot(), "commands": cmds, "taken": list(b.taken),
            "initial_hp": list(b.init_hp),
            "units": [sum(x >= 0 for x in b.board[p]) for p in (0, 1)]}
