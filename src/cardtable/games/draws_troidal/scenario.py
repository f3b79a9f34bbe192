"""DRAWS-◎-TROIDAL positions as scenario files (the outer layout is ``core/scenario.py``).

Header: ``phase`` (opening-redo, opening-set, field-set, field-shuffle), ``to-move``, ``turn``
and ``initiative`` (the seat holding it, 1 or 2; ``-`` in the opening). Each ``[seat N]``::

    life: 12
    hand: 火竜, 小石
    lane A: 水霊 guard=1 wins=2 fresh=yes   # guard defaults to the printed guard
    lane B: 火竜 id=12                        # the card's id in events (default 5 × seat + lane)
    trash: 幻影
    deck: 小石, 幻影                         # top card first
    decklist: fire-and-steel                 # optional: the rest of this deck, shuffled, below
    revealed: ...                            # the opening five, in the opening steps only
    redos: 1                                 # opening redos used
    answer: 2                                # an answer already given in this step (a code)
    asked: no                                # this seat has nothing to decide in this step

A seat is asked in a step as the rules ask it (every seat in the opening set and the field
shuffle, a seat with an empty lane in the field set, a seat with a redo left in the opening
redo) unless ``asked: no`` says otherwise; ``to-move`` must be the first seat still to answer.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core import rng
from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError
from cardtable.core.scenario import (
    Scenario,
    attrs_text,
    card_list,
    cards_section,
    header_text,
    int_attr,
    parse_int,
    split_item,
    unknown_attrs,
    written_names,
)
from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.cards import Card
from cardtable.games.draws_troidal.state import (
    MULLIGAN,
    OVER,
    PHASE_NAMES,
    PLACE,
    SET,
    SHUFFLE,
    DrawsState,
)
from cardtable.games.draws_troidal.steps import NOT_ASKED, WAITING

LANE_KEYS = tuple(f"lane {x.lower()}" for x in act.LANE_NAMES)
SEAT_KEYS = ("life", "hand", "deck", "decklist", "trash", "revealed", "redos", "answer",
             "asked", *LANE_KEYS)
PLAYABLE = PHASE_NAMES[:OVER]


def asked_by_rule(s: DrawsState, p: int) -> bool:
    """Whether the rules ask seat ``p`` in the current step (``begin_step``'s deciders)."""
    if s.phase == SET:
        return -1 in s.field[p]
    if s.phase == MULLIGAN:
        return s.redos[p] < s.options["opening_redos"]
    return s.phase in (PLACE, SHUFFLE)


def read(game: Any, sc: Scenario) -> DrawsState:
    opts, names = sc.begin(game, header=("initiative",), seat=SEAT_KEYS)
    h = sc.header
    zones: list[dict[str, Any]] = []
    for p in (0, 1):
        sec = sc.seat(p)
        z: dict[str, Any] = {}
        for key in ("hand", "deck", "trash", "revealed"):
            z[key] = names.many(sc, sec.get(key))
        lanes: list[tuple[Card, dict[str, str], int] | None] = []
        for key in LANE_KEYS:
            e = sec.get(key)
            if e is None or e.value.strip() in ("", "-"):
                lanes.append(None)
                continue
            name, attrs = split_item(e.value)
            card = names.find(sc, name, e.line)
            lanes.append(None if card is None else (card, attrs, e.line))
        z["lanes"] = lanes
        extra: list[Card] = []
        listed = sec.get("decklist")
        if listed is not None:
            try:
                deck = game.load_deck(listed.value.strip())
            except CardtableError as exc:
                sc.problem(listed.line, str(exc).splitlines()[0])
            else:
                rest = Counter(c.name for c in deck.cards)
                placed = z["hand"] + z["deck"] + z["trash"] + z["revealed"] + [
                    x[0] for x in lanes if x is not None]
                rest.subtract(c.name for c in placed)
                over = sorted(n for n, k in rest.items() if k < 0)
                if over:
                    sc.problem(listed.line, f"the zones hold cards the deck '{deck.name}' does "
                               f"not have this many of: {', '.join(over[:5])}")
                by = {c.name: c for c in deck.cards}
                extra = [by[n] for n in sorted(rest.elements())]
        z["extra"] = extra
        zones.append(z)

    all_cards = {c.name: c for z in zones for key in ("hand", "deck", "trash", "revealed",
                                                         "extra") for c in z[key]}
    for z in zones:
        for x in z["lanes"]:
            if x is not None:
                all_cards[x[0].name] = x[0]
    cards = tuple(sorted(all_cards.values(), key=lambda c: c.name))
    idx = {c.name: i for i, c in enumerate(cards)}

    s = sc.new_state(DrawsState, opts, cards)
    s.phase = PHASE_NAMES.index(sc.choice(h.get("phase"), "field-set", PLAYABLE))
    opening = s.phase in (MULLIGAN, PLACE)
    s.turn_no = sc.number(h.get("turn"), 0 if opening else 1, 0, 1 << 20)
    init = h.get("initiative")
    if init is not None and init.value.strip() == "-":
        s.initiative = -1
    else:
        s.initiative = sc.seat_number(init, -1 if opening else 0)
    s.life = [sc.number(sc.seat(p).get("life"), opts["life"], -(1 << 20), opts["life"])
              for p in (0, 1)]
    s.deck, s.hand, s.revealed, s.trash = [], [], [], []
    s.field, s.guard, s.wins, s.fresh, s.ids = [], [], [], [], []
    s.redos, s.pending = [], []
    decks = []
    taken: set[int] = set()  # lane ids given so far
    for p, z in enumerate(zones):
        sec = sc.seat(p)
        order = [idx[c.name] for c in z["extra"]]
        s.rng = rng.shuffle(s.rng, order)
        s.deck.append(order + [idx[c.name] for c in reversed(z["deck"])])
        s.hand.append([idx[c.name] for c in z["hand"]])
        s.revealed.append([idx[c.name] for c in z["revealed"]])
        s.trash.append([idx[c.name] for c in z["trash"]])
        field, guard, wins, fresh, ids = [], [], [], [], []
        for lane, x in enumerate(z["lanes"]):
            if x is None:
                field.append(-1)
                guard.append(0)
                wins.append(0)
                fresh.append(False)
                ids.append(-1)
                continue
            card, attrs, line = x
            field.append(idx[card.name])
            ids.append(int_attr(sc, attrs, "id", 5 * p + lane, 0, 1 << 31, line))
            if ids[-1] in taken:
                sc.problem(line, f"id {ids[-1]} is another card's already (ids are unique)")
            taken.add(ids[-1])
            guard.append(int_attr(sc, attrs, "guard", card.guard, 0, card.guard, line))
            wins.append(int_attr(sc, attrs, "wins", 0, 0, opts["win_limit"] - 1, line))
            fresh.append(attrs.pop("fresh", "no").casefold() in ("yes", "true", "1"))
            unknown_attrs(sc, attrs, line, "guard=, wins=, fresh= or id=", "lane")
        s.field.append(field)
        s.ids.append(ids)
        s.guard.append(guard)
        s.wins.append(wins)
        s.fresh.append(fresh)
        s.redos.append(sc.number(sec.get("redos"), 0, 0, opts["opening_redos"]))
        dealt = tuple(cards[c] for c in s.deck[p] + s.hand[p] + s.revealed[p] + s.trash[p]
                      + [c for c in field if c >= 0])
        decks.append(Deck(f"seat {p + 1}", tuple(sorted(dealt, key=lambda c: c.name)),
                          f"seat {p + 1}"))
    s.decks = tuple(decks)
    s.winner_seat, s.drawn, s.reason, s._legal = -1, False, "", None
    s.dice = sc.checked_dice(game, "a coin (1 or 2: the seat that wins initiative)")
    for p in (0, 1):
        sec = sc.seat(p)
        answer = sec.get("answer")
        if answer is not None:
            code = parse_int(answer.value)
            if code is None or not 0 <= code < game.num_actions:
                sc.problem(answer.line, f"answer must be an action code 0..{game.num_actions - 1}")
                code = WAITING
            s.pending.append(code)
        elif sc.flag(sec.get("asked"), asked_by_rule(s, p)):
            s.pending.append(WAITING)
        else:
            s.pending.append(NOT_ASKED)
    first = 0 if s.pending[0] == WAITING else 1
    s.to_move = sc.seat_number(h.get("to-move"), first)
    tm = h.get("to-move")
    if tm is not None and WAITING in s.pending and s.to_move != first:
        sc.problem(tm.line, f"seat {first + 1} answers first in this step (seat "
                   f"{s.to_move + 1} follows it)")
    return s


def write(state: DrawsState) -> str:
    s = state
    names = written_names(s)
    init = "-" if s.initiative < 0 else str(s.initiative + 1)
    lines = header_text(s, PHASE_NAMES[s.phase], [("initiative", init)], s.dice)
    for p in (0, 1):
        lines += ["", f"[seat {p + 1}]", f"life: {s.life[p]}",
                  f"hand: {card_list(names[c] for c in s.hand[p])}"]
        if s.revealed[p]:
            lines.append(f"revealed: {card_list(names[c] for c in s.revealed[p])}")
        for lane, c in enumerate(s.field[p]):
            if c < 0:
                continue
            fresh = "yes" if s.fresh[p][lane] else None
            uid = s.ids[p][lane] if s.ids[p][lane] != 5 * p + lane else None
            lines.append(f"lane {act.LANE_NAMES[lane]}: {names[c]}"
                         + attrs_text(guard=s.guard[p][lane], wins=s.wins[p][lane] or None,
                                      fresh=fresh, id=uid))
        lines.append(f"trash: {card_list(names[c] for c in s.trash[p])}")
        lines.append(f"deck: {card_list(names[c] for c in reversed(s.deck[p]))}")
        if s.redos[p]:
            lines.append(f"redos: {s.redos[p]}")
        if s.pending[p] >= 0:
            lines.append(f"answer: {s.pending[p]}")
        elif (s.pending[p] == NOT_ASKED) == asked_by_rule(s, p):
            lines.append("asked: " + ("no" if s.pending[p] == NOT_ASKED else "yes"))
    lines += cards_section(s.game, s.cards)
    return "\n".join(lines) + "\n"
