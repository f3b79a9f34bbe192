"""Is a loaded state a legal DRAWS-◎-TROIDAL position? Every failure names its field.

Run by ``state_from_json`` and the scenario loader. Why each rule holds:

* each seat's cards (deck, hand, opening five, lanes, trash) are exactly its dealt deck;
* a lane's guard, wins and fresh flag travel with its card: an empty lane holds 0, 0, false, a
  card never has more guard than printed nor reaches the win limit (it is trashed there);
* the opening five exist only in the two opening steps, before any turn and any initiative;
* the seat to move is the first still waiting in the step, and every answer already given is
  legal for its seat, so the step resolves exactly as if it had been played.
"""

from __future__ import annotations

from cardtable.core import checks as ck
from cardtable.core.contract import TERMINAL
from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.legal import legal_for
from cardtable.games.draws_troidal.state import (
    MULLIGAN,
    OVER,
    PLACE,
    SET,
    SHUFFLE,
    DrawsState,
)
from cardtable.games.draws_troidal.steps import NOT_ASKED, WAITING, next_decider


def check(state: DrawsState) -> None:
    s = state
    game = s.game
    opts = s.options
    if game.resolve_options(opts) != opts:
        ck.fail("options", "not every option is given")
    n = len(s.cards)
    names = [c.name for c in s.cards]
    if names != sorted(set(names)):
        ck.fail("cards", "card names must be distinct and sorted")
    ck.int_in(s.phase, "phase", 0, OVER)
    ck.int_in(s.turn_no, "turn", 0, 1 << 31)
    ck.int_list(s.dice, "dice", 1, 2)
    for name in ("deck", "hand", "revealed", "trash"):
        ck.per_seat(getattr(s, name), name, lambda x, f: ck.int_list(x, f, 0, n - 1))
    for name in ("field",):
        ck.per_seat(s.field, name, lambda x, f: ck.int_list(x, f, -1, n - 1, act.LANES))
    ck.per_seat(s.guard, "guard", lambda x, f: ck.int_list(x, f, 0, 99, act.LANES))
    # a card reaches the win limit only in a battle that ends the game before it is trashed
    top = opts["win_limit"] - (0 if s.phase == OVER else 1)
    ck.per_seat(s.wins, "wins", lambda x, f: ck.int_list(x, f, 0, top, act.LANES))
    ck.per_seat(s.fresh, "fresh", lambda x, f: ck.bool_list(x, f, act.LANES))
    ck.per_seat(s.ids, "ids", lambda x, f: ck.int_list(x, f, -1, 1 << 31, act.LANES))
    placed = [i for row in s.ids for i in row if i >= 0]
    if len(placed) != len(set(placed)):
        ck.fail("ids", "two cards on the field share an id")
    ck.per_seat(s.life, "life", lambda x, f: ck.int_in(x, f, -(1 << 31), opts["life"]))
    ck.per_seat(s.redos, "redos", lambda x, f: ck.int_in(x, f, 0, opts["opening_redos"]))
    ck.per_seat(s.pending, "pending", lambda x, f: ck.int_in(x, f, NOT_ASKED,
                                                            game.num_actions - 1))
    if len(s.decks) != 2:
        ck.fail("decks", "expected two decks")
    index = {c: i for i, c in enumerate(names)}
    for p in (0, 1):
        for lane in range(act.LANES):
            c = s.field[p][lane]
            where = f"[{p}][{lane}]"
            if (c < 0) != (s.ids[p][lane] < 0):
                ck.fail(f"ids{where}", "a card has an id of 0 or more, an empty lane -1")
            if c < 0:
                if s.guard[p][lane] or s.wins[p][lane] or s.fresh[p][lane]:
                    ck.fail(f"field{where}", "an empty lane has guard, wins or fresh set")
            elif s.guard[p][lane] > s.cards[c].guard:
                ck.fail(f"guard{where}", f"{s.guard[p][lane]} is more than "
                        f"{s.cards[c].name}'s printed guard {s.cards[c].guard}")
        if len(s.hand[p]) > opts["hand_size"]:
            ck.fail(f"hand[{p}]", f"{len(s.hand[p])} cards; the hand size is "
                    f"{opts['hand_size']}")
        dealt = [index.get(c.name, -1) for c in s.decks[p].cards]
        if -1 in dealt:
            ck.fail(f"decks[{p}]", "names a card missing from the card table")
        zones = (s.deck[p] + s.hand[p] + s.revealed[p] + s.trash[p]
                 + [c for c in s.field[p] if c >= 0])
        ck.conserved(f"seat {p + 1}", zones, dealt, names)
    _check_step(s)


def _check_step(s: DrawsState) -> None:
    phase = s.phase
    if phase == OVER:
        if s.to_move != TERMINAL:
            ck.fail("to_move", "a finished game has no seat to move")
        ck.int_in(s.winner_seat, "winner", -1, 1)
        if s.drawn != (s.winner_seat < 0):
            ck.fail("drawn", "must be true exactly when nobody won")
        return
    if s.winner_seat != -1 or s.drawn or s.reason:
        ck.fail("winner", "a running game has no winner, draw or end reason")
    for p in (0, 1):
        if s.life[p] <= 0:
            ck.fail(f"life[{p}]", "a seat at 0 life has lost; the game would be over")
    opening = phase in (MULLIGAN, PLACE)
    for p in (0, 1):
        if opening != (len(s.revealed[p]) == act.LANES) or (not opening and s.revealed[p]):
            ck.fail(f"revealed[{p}]", "the opening five exist (five cards) only in the "
                    "opening steps")
        if opening and (s.hand[p] or any(c >= 0 for c in s.field[p]) or s.trash[p]):
            ck.fail(f"hand[{p}]", "before the opening five are set, hand, lanes and trash "
                    "are empty")
    if opening != (s.turn_no == 0):
        ck.fail("turn", "turn 0 is the opening; every later step has a turn number")
    if opening != (s.initiative == -1):
        ck.fail("initiative", "initiative is decided (0 or 1) exactly when the opening ends")
    if not opening:
        ck.int_in(s.initiative, "initiative", 0, 1)
    for p in (0, 1):
        asked = s.pending[p] != NOT_ASKED
        if phase == SET and asked != (-1 in s.field[p]):
            ck.fail(f"pending[{p}]", "in the field set exactly the seats with an empty lane "
                    "are asked")
        if phase in (SHUFFLE, PLACE) and not asked:
            ck.fail(f"pending[{p}]", "both seats answer this step")
        if phase == MULLIGAN and asked and s.redos[p] >= s.options["opening_redos"]:
            ck.fail(f"pending[{p}]", "a seat with no redo left is not asked")
        if s.pending[p] >= 0 and s.pending[p] not in legal_for(s, p):
            ck.fail(f"pending[{p}]", f"answer {s.pending[p]} is not legal for seat {p + 1}")
    if WAITING not in s.pending:
        ck.fail("pending", "no seat is left to answer this step")
    if s.to_move != next_decider(s):
        ck.fail("to_move", f"seat {next_decider(s) + 1} is the one still to answer")
    if not legal_for(s, s.to_move):
        ck.fail("to_move", "the seat to move has no legal action")
