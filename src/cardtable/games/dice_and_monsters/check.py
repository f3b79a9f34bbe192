"""Is a loaded state a legal Cardguard Dice and Monsters position? Failures name their field.

Run by ``state_from_json`` and the scenario loader. Why each rule holds:

* a seat's pool is its dealt deck; its main and leap decks are cards of the pool, one copy
  each, ★ units in the leap deck only; the picks so far are pool positions of those cards;
* a built deck follows the deck rules (size, units, commands, ★ count), and a deck being
  built can still be finished (a pick that makes that impossible is never offered);
* deck building asks the first seat still building, the team step seat 1 then seat 2 (an
  answer already given is a legal team), and only a finished game has a result.
"""

from __future__ import annotations

from cardtable.core import checks as ck
from cardtable.core.contract import TERMINAL
from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters import deckbuilding
from cardtable.games.dice_and_monsters.legal import legal_for
from cardtable.games.dice_and_monsters.state import (
    BUILD,
    OVER,
    TEAM,
    WAITING,
    DiceState,
)


def check(state: DiceState) -> None:
    s = state
    game = s.game
    opts = s.options
    names = ck.match_head(s, 6)
    cards = s.cards
    n = len(cards)
    ck.int_in(s.rounds, "rounds", 0, opts["rounds"])
    for name in ("pool", "deck", "leap"):
        ck.per_seat(getattr(s, name), name, lambda x, f: ck.int_list(x, f, 0, n - 1))
    ck.per_seat(s.built, "built", ck.boolean)
    ck.per_seat(s.pending, "pending", lambda x, f: ck.int_in(x, f, WAITING,
                                                            game.num_actions - 1))
    ck.per_seat(s.picked, "picked", lambda x, f: ck.int_in(x, f, 0, (1 << act.MAX_POOL) - 1))
    index = {c: i for i, c in enumerate(names)}
    for p in (0, 1):
        pool, deck, leap = s.pool[p], s.deck[p], s.leap[p]
        dealt = [index.get(c.name, -1) for c in s.decks[p].cards]
        if dealt != pool:
            ck.fail(f"pool[{p}]", "the pool is the seat's dealt deck, in order")
        if len(pool) > act.MAX_POOL or len(set(pool)) != len(pool):
            ck.fail(f"pool[{p}]", f"one copy of each card, at most {act.MAX_POOL}")
        if len(set(deck + leap)) != len(deck) + len(leap) or not set(deck + leap) <= set(pool):
            ck.fail(f"deck[{p}]", "the decks hold cards of the pool, one copy each")
        if any(cards[c].star for c in deck) or not all(cards[c].star for c in leap):
            ck.fail(f"leap[{p}]", "★ units go to the leap deck, every other card to the main "
                    "deck")
        if s.picked[p] >> len(pool):
            ck.fail(f"picked[{p}]", "picks beyond the pool")
        picked = {pool[i] for i in range(len(pool)) if s.picked[p] >> i & 1}
        if (s.picked[p] or not s.built[p]) and picked != set(deck + leap):
            ck.fail(f"picked[{p}]", "the picks are exactly the cards in the decks")
        if s.phase == OVER:
            continue  # a battle played out from a board has the board's cards as its decks
        if s.built[p]:
            problem = game.deck_problem(type(s.decks[p])("deck", tuple(
                cards[c] for c in deck + leap)), opts)
            if problem or len(deck) != opts["deck_size"]:
                ck.fail(f"deck[{p}]", problem or f"a built deck has {opts['deck_size']} "
                        "main cards")
        elif len(deck) > opts["deck_size"]:
            ck.fail(f"deck[{p}]", "more main cards than a deck holds")
    if s.kinds != [deckbuilding.kinds_of(cards, s.pool[p]) for p in (0, 1)]:
        ck.fail("pool", "derived pool shapes out of step")
    _check_step(s)


def _check_step(s: DiceState) -> None:
    if s.phase == OVER:
        if s.to_move != TERMINAL:
            ck.fail("to_move", "a finished game has no seat to move")
        ck.int_in(s.winner_seat, "winner", -1, 1)
        if s.drawn != (s.winner_seat < 0):
            ck.fail("drawn", "must be true exactly when nobody won")
        _check_final(s.final)
        return
    if s.winner_seat != -1 or s.drawn or s.reason or s.final is not None or s.rounds:
        ck.fail("winner", "a game before its battle has no result")
    if s.phase == BUILD:
        waiting = [p for p in (0, 1) if not s.built[p]]
        if not waiting or s.to_move != waiting[0]:
            ck.fail("to_move", "deck building asks the first seat still building")
        if s.pending != [WAITING, WAITING]:
            ck.fail("pending", "no team is answered while decks are built")
        for p in waiting:
            if not deckbuilding.reachable(s, p) or not deckbuilding.legal(s, p):
                ck.fail(f"deck[{p}]", "this deck can no longer be finished from its pool")
        return
    assert s.phase == TEAM
    if not all(s.built):
        ck.fail("built", "in the team step both decks are built")
    if s.pending[1] != WAITING:
        ck.fail("pending[1]", "seat 2's answer ends the team step")
    if s.to_move != (0 if s.pending[0] == WAITING else 1):
        ck.fail("to_move", "the team step asks seat 1, then seat 2")
    if s.pending[0] != WAITING and s.pending[0] not in legal_for(s, 0):
        ck.fail("pending[0]", "not a legal team for seat 1")


def _check_final(final: object) -> None:
    """The end of the battle as the view shows it: both fields, both commands, the numbers."""
    if not isinstance(final, dict):
        ck.fail("final", "a finished game keeps its final field")
    assert isinstance(final, dict)
    field = final.get("field")
    if not isinstance(field, list) or len(field) != 2 or not all(
            isinstance(row, list) and len(row) == 4
            and all(cell is None or isinstance(cell, dict) for cell in row) for row in field):
        ck.fail("final.field", "two rows of four squares")
    cmds = final.get("commands")
    if not isinstance(cmds, list) or len(cmds) != 2:
        ck.fail("final.commands", "one command per seat")
    for p, c in enumerate(cmds):  # type: ignore[arg-type]
        if not isinstance(c, dict):
            ck.fail(f"final.commands[{p}]", "expected an object")
        ck.text(c.get("card"), f"final.commands[{p}].card")
        ck.int_in(c.get("square"), f"final.commands[{p}].square", 1, 4)
        ck.int_in(c.get("state"), f"final.commands[{p}].state", 0, 3)
        ck.int_in(c.get("fired"), f"final.commands[{p}].fired", 0, 99)
    for key in ("taken", "initial_hp", "units"):
        ck.per_seat(final.get(key), f"final.{key}",
                    lambda x, f: ck.int_in(x, f, -(1 << 20), 1 << 20))
