"""Dreadnought positions as scenario files (the outer layout is ``core/scenario.py``).

Header: ``phase`` (speed, cast, fast, action), ``to-move``, ``turn``, ``first`` (the seat
that goes first this turn; in the speed phase, the seat that acts first there, the faster
speed card, by default told from the open speed cards). Each ``[seat N]``::

    casters: 紅蓮の術士アカネ, 蒼海の賢者ミズハ
    checked: 2                    # which casters are checked (1, 2, "1 2"; default none)
    hp 1: 火球, 溶岩の巨人          # caster 1's HP cards (closed), hp 2 likewise
    hand: 火の粉の精, 2x 火球
    deck: 溶岩の巨人, 火球           # top card first
    discard: 水泡の妖精
    bursts: 火球, 火の粉の精         # closed; "bursts checked: 2" checks the second
    speed: 火の粉の精 closed=no     # the speed card (closed=yes: a gear-change card)
    left 1: 溶岩の巨人 checked=yes  # units: left 1, left 2, right 1, right 2
    right 1: 火球 dummy=yes         # a dummy (closed and checked)

A unit line may give ``uid=``. A hand-written puzzle stops at the window of ``to-move`` in its
phase and the turn goes on from there. What cardtable writes also carries ``[state]``: the
steps still to run, the decision waited for, the chain, BP changes, enchantments and the rest,
as JSON, so a position cut from the middle of a chain loads back exactly.
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError
from cardtable.core.match_state import plain, tuples
from cardtable.core.scenario import (
    Scenario,
    attrs_text,
    card_list,
    cards_section,
    header_text,
    split_item,
    uid_attr,
    unknown_attrs,
    written_names,
)
from cardtable.games.dreadnought.actions import NC
from cardtable.games.dreadnought.rules import CARD_STEPS
from cardtable.games.dreadnought.state import (
    ACTION,
    CAST,
    FAST,
    PHASE_NAMES,
    PHASE_OF_WINDOW,
    SPEED,
    W_ACTION,
    W_CAST,
    W_FAST,
    W_REACT,
    W_SPEED,
    DreadnoughtState,
    Unit,
    as_records,
)

UNIT_KEYS = ("left 1", "left 2", "right 1", "right 2")
SEAT_KEYS = ("casters", "checked", "hp 1", "hp 2", "hand", "deck", "discard", "bursts",
             "bursts checked", "speed", *UNIT_KEYS)
STATE_KEYS = ("table", "ops", "ask", "chain", "building", "attack", "mods", "enchants", "used",
              "order", "next-uid", "gear", "mulled", "out", "started")
PLAYABLE = tuple(n for n in PHASE_NAMES if n != "over")
#: the window a hand-written puzzle opens in its phase (a reaction needs a play to answer)
WINDOW_OF = {phase: w for w, phase in PHASE_OF_WINDOW.items() if w != W_REACT}


def _seats_in(text: str) -> list[int]:
    return [int(x) - 1 for x in text.replace(",", " ").split() if x in ("1", "2")]


def rest_of_turn(phase: int, first: int, to_move: int) -> list[tuple[Any, ...]]:
    """The steps after the window of ``to_move`` in ``phase`` (top of the stack last).

    In the speed phase ``first`` is the seat that acts first there (the faster speed card
    when they were compared); after both seats' speed actions the comparison step opens the
    gear-change cards and decides the order, then runs the draw, cast, fast, action and end
    phases as a turn from ``new_game`` does (the seed's [1] speed, [2] draw, [3] cast ...)."""
    f, g = first, 1 - first
    if phase == SPEED:
        return [("speed_cmp", 1), *([("win", g, W_SPEED, 0)] if to_move == f else [])]
    tail: list[tuple[Any, ...]] = []
    if phase <= CAST:
        if to_move == f and phase == CAST:
            tail.append(("win", g, W_CAST, 0))
        tail += [("phase", FAST), ("win", f, W_FAST, 0), ("win", g, W_FAST, 0)]
    if phase == FAST and to_move == f:
        tail.append(("win", g, W_FAST, 0))
    if phase <= FAST:
        tail += [("phase", ACTION), ("win", f, W_ACTION, 0)]
    tail.append(("end",))
    return list(reversed(tail))


def read(game: Any, sc: Scenario) -> DreadnoughtState:
    opts, names = sc.begin(game, header=("first",), seat=SEAT_KEYS,
                           sections={"state": STATE_KEYS})
    h = sc.header
    seats: list[dict[str, Any]] = []
    for p in (0, 1):
        sec = sc.seat(p)
        z: dict[str, Any] = {k: names.many(sc, sec.get(k))
                             for k in ("casters", "hp 1", "hp 2", "hand", "deck", "discard",
                                       "bursts")}
        if len(z["casters"]) != 2:
            e = sec.get("casters")
            sc.problem(e.line if e else sec.line, f"[seat {p + 1}] needs 'casters:' with two "
                       "casters")
        elif any(c.kind != "caster" for c in z["casters"]):
            sc.problem(sec.get("casters").line, "'casters:' names caster cards only")  # type: ignore[union-attr]
        sp = sec.get("speed")
        z["speed"] = None
        if sp is not None and sp.value.strip() not in ("", "-"):
            name, attrs = split_item(sp.value)
            card = names.find(sc, name, sp.line)
            closed = attrs.pop("closed", "no").casefold() in ("yes", "true")
            unknown_attrs(sc, attrs, sp.line, "closed=")
            z["speed"] = (card, closed)
        units = []
        for key in UNIT_KEYS:
            e = sec.get(key)
            if e is None or e.value.strip() in ("", "-"):
                continue
            name, attrs = split_item(e.value)
            card = names.find(sc, name, e.line)
            units.append((key, card, attrs, e.line))
        z["units"] = units
        seats.append(z)
    # The card table is every card the file may name (the shipped pool and its own [cards]
    # definitions, which win over a shipped card of the same name), as a game from new_game
    # has the pool and both decks: built from the cards the file places, it would tell each
    # seat, through its view's card table, which cards the other seat holds closed.
    table: dict[str, Any] = {}
    for c in names.cards:
        table.setdefault(c.name, c)
    st = sc.section("state")
    listed = st.get("table") if st is not None else None
    if listed is not None:  # the [state] JSON numbers cards by this table, which must hold it
        names.many(sc, listed)
    cards = tuple(sorted(table.values(), key=lambda c: c.name))
    if len(cards) > NC:
        sc.problem(1, f"the pool and the file's cards hold {len(cards)} distinct cards; at "
                   f"most {NC}")
    idx = {c.name: i for i, c in enumerate(cards)}

    s = sc.new_state(DreadnoughtState, opts, cards)
    s.phase = PHASE_NAMES.index(sc.choice(h.get("phase"), "action", PLAYABLE))
    s.turn_no = sc.number(h.get("turn"), 1, 0, 1 << 20)
    s.first = sc.seat_number(h.get("first"), _faster(seats) if s.phase == SPEED else 0)
    to_move = sc.seat_number(h.get("to-move"), s.first)
    s.winner_seat, s.reason = -1, ""
    s.casters, s.cchk, s.hp = [], [], []
    s.deck, s.hand, s.discard, s.burst, s.bchk = [], [], [], [], []
    s.speed, s.sclosed = [], []
    s.units = []
    next_uid = 0
    decks: list[Deck] = []
    for p, z in enumerate(seats):
        sec = sc.seat(p)
        casters = [idx[c.name] for c in z["casters"]][:2]
        while len(casters) < 2:
            casters.append(0)
        s.casters += casters
        ch = sec.get("checked")
        checked = _seats_in(ch.value) if ch is not None else []
        s.cchk += [1 if 0 in checked else 0, 1 if 1 in checked else 0]
        s.hp += [[idx[c.name] for c in reversed(z["hp 1"])],
                 [idx[c.name] for c in reversed(z["hp 2"])]]
        s.deck.append([idx[c.name] for c in reversed(z["deck"])])
        s.hand.append(sorted(idx[c.name] for c in z["hand"]))
        s.discard.append([idx[c.name] for c in z["discard"]])
        s.burst.append([idx[c.name] for c in z["bursts"]])
        bc = sec.get("bursts checked")
        which = [int(x) - 1 for x in bc.value.replace(",", " ").split() if x.isdigit()] \
            if bc is not None else []
        if bc is not None:
            held = len(z["bursts"])
            wrong = [x for x in bc.value.replace(",", " ").split()
                     if not x.isdigit() or not 1 <= int(x) <= held]
            if wrong:
                sc.problem(bc.line, f"bursts checked: '{wrong[0]}' is not one of the seat's "
                           f"{held} bursts (numbers 1 to {held} of the 'bursts:' line)")
        s.bchk.append([1 if i in which else 0 for i in range(len(z["bursts"]))])
        speed = z["speed"]
        s.speed.append(idx[speed[0].name] if speed and speed[0] is not None else -1)
        s.sclosed.append(1 if speed and speed[1] else 0)
        for key, card, attrs, line in z["units"]:
            if card is None:
                continue
            dummy = attrs.pop("dummy", "no").casefold() in ("yes", "true")
            chk = attrs.pop("checked", "yes" if dummy else "no").casefold() in ("yes", "true")
            uid = uid_attr(sc, attrs, next_uid, line)
            next_uid = max(next_uid, uid + 1)
            unknown_attrs(sc, attrs, line, "checked=, dummy= or uid=")
            if not dummy and card.kind != "unit":
                sc.problem(line, f"'{card.name}' is not a unit (write dummy=yes for a dummy)")
            s.units.append(Unit(uid, p, 0 if key.startswith("left") else 1, idx[card.name],
                                1 if chk else 0, 1 if dummy else 0))
    st = sc.section("state")
    s.enchants = [tuple(e) for e in _json(sc, st, "enchants", [], list)]
    s.chain = [tuples(i) for i in _json(sc, st, "chain", [], list)]
    s.mods = [tuple(m) for m in _json(sc, st, "mods", [], list)]
    s.used = list(_json(sc, st, "used", [], int))
    order = _json(sc, st, "order", [], int)
    if order:
        rank = {uid: i for i, uid in enumerate(order)}
        s.units.sort(key=lambda u: rank.get(u.uid, len(rank)))
    s.building = tuples(_json(sc, st, "building", None))
    s.attack = tuples(_json(sc, st, "attack", None))
    s.next_uid = sc.number(st.get("next-uid") if st else None, next_uid, next_uid, 1 << 31)
    s.gear = list(_json(sc, st, "gear", [0, 0], int))
    s.mulled = list(_json(sc, st, "mulled", [0, 0], int))
    s.out = list(_json(sc, st, "out", [0, 0], int))
    s.started = 1 if st is None or st.get("started") is None else \
        sc.number(st.get("started"), 1, 0, 1)
    ask = _json(sc, st, "ask", None)
    if st is not None and st.get("ops") is not None:
        s.ops = [tuples(o) for o in _json(sc, st, "ops", [], list)]
        s.ask = tuples(ask)
    else:  # a hand-written puzzle: the window of to-move, then the rest of the turn
        if s.phase not in WINDOW_OF:
            e = h.get("phase")
            sc.problem(e.line if e else 1, "a scenario without [state] starts in the speed, "
                       "cast, fast or action phase")
            s.phase = ACTION
        if s.phase == SPEED:
            _check_speed_puzzle(sc, seats, s.first)
            if st is None or st.get("gear") is None:
                s.gear = list(s.sclosed)  # a closed speed card is this turn's gear change
        s.ops = rest_of_turn(s.phase, s.first, to_move)
        s.ask = ("win", to_move, WINDOW_OF[s.phase], 0)
    as_records(s)
    for p in (0, 1):
        dealt = (s.deck[p] + s.hand[p] + s.discard[p] + s.burst[p] + s.hp[2 * p]
                 + s.hp[2 * p + 1] + s.casters[2 * p: 2 * p + 2]
                 + ([s.speed[p]] if s.speed[p] >= 0 else [])
                 + [u.card for u in s.units if u.seat == p]
                 + [e.card for e in s.enchants if e.owner == p]
                 + [i.card for i in s.chain if i.kind in ("code", "awk", "enh") and i.seat == p]
                 + [o[2] for o in s.ops if o[0] in CARD_STEPS and o[1] == p])
        b = s.building
        if b is not None and b.kind != "abil" and b.seat == p:
            dealt.append(b.card)
        decks.append(Deck(f"seat {p + 1}", tuple(sorted(
            (cards[c] for c in dealt if 0 <= c < len(cards)), key=lambda c: c.name)),
            f"seat {p + 1}"))
    s.decks = tuple(decks)
    s._legal = None
    if not sc.diagnostics:
        from cardtable.games.dreadnought.validate import check

        try:
            check(s)
        except CardtableError as exc:
            sc.problem(1, f"not a legal position: {exc}")
    return s


def _faster(seats: list[dict[str, Any]]) -> int:
    """The seat whose open speed card is faster (seat 1 when that cannot be told)."""
    sp = [z["speed"][0].sp if z["speed"] and z["speed"][0] is not None and not z["speed"][1]
          else None for z in seats]
    return 1 if sp[0] is not None and sp[1] is not None and sp[1] > sp[0] else 0


def _check_speed_puzzle(sc: Scenario, seats: list[dict[str, Any]], first: int) -> None:
    """A speed-phase puzzle needs both speed cards; with both open their grades differ (equal
    grades burn before anyone acts) and ``first`` is the faster seat, which acts first."""
    missing = [p for p in (0, 1) if not seats[p]["speed"] or seats[p]["speed"][0] is None]
    for p in missing:
        sec = sc.seat(p)
        sc.problem(sec.line, f"[seat {p + 1}] needs a 'speed:' card in the speed phase (both "
                   "speed cards are open before the speed actions)")
    if missing or any(z["speed"][1] for z in seats):
        return  # a closed gear-change card's grade is not known to the table
    a, b = (z["speed"][0].sp for z in seats)
    e = sc.header.get("first")
    if a == b:
        sc.problem(sc.seat(1).get("speed").line, "equal speed grades burn before the speed "  # type: ignore[union-attr]
                   "actions: in the speed phase the two open speed cards differ")
    elif (0 if a > b else 1) != first:
        sc.problem(e.line if e else 1, f"first: seat {first + 1} acts first in the speed phase "
                   f"only with the faster speed card; seat {2 - first}'s is faster")


def _json(sc: Scenario, sec: Any, key: str, default: Any, item: type | None = None) -> Any:
    """The JSON value of ``key``: a list as ``default`` is (or null where it is None), whose
    entries are ``item`` when given. Anything else is a problem on its line; the checked
    loader then judges what the values mean."""
    e = sec.get(key) if sec is not None else None
    if e is None:
        return default
    try:
        value = json.loads(e.value)
    except json.JSONDecodeError as exc:
        sc.problem(e.line, f"{key}: not JSON ({exc.msg})")
        return default
    if value is None and default is None:
        return None
    if not isinstance(value, list) or (item is not None and not all(
            isinstance(v, item) and not isinstance(v, bool) for v in value)):
        of = {list: " of lists", int: " of whole numbers"}.get(item, "") if item else ""
        sc.problem(e.line, f"{key}: expected a list{of}"
                   + (" or null" if default is None else ""))
        return default
    return value


def write(state: DreadnoughtState) -> str:
    s = state
    names = written_names(s)
    phase = PHASE_NAMES[s.phase]
    lines = header_text(s, phase, [("first", s.first + 1)])
    for p in (0, 1):
        checked = " ".join(str(k + 1) for k in (0, 1) if s.cchk[2 * p + k])
        lines += ["", f"[seat {p + 1}]",
                  f"casters: {card_list(names[c] for c in s.casters[2 * p: 2 * p + 2])}"]
        if checked:
            lines.append(f"checked: {checked}")
        for k in (0, 1):
            lines.append(f"hp {k + 1}: {card_list(names[c] for c in reversed(s.hp[2 * p + k]))}")
        lines += [f"hand: {card_list(names[c] for c in s.hand[p])}",
                  f"deck: {card_list(names[c] for c in reversed(s.deck[p]))}",
                  f"discard: {card_list(names[c] for c in s.discard[p])}",
                  f"bursts: {', '.join(names[c] for c in s.burst[p])}"]
        which = " ".join(str(i + 1) for i, x in enumerate(s.bchk[p]) if x)
        if which:
            lines.append(f"bursts checked: {which}")
        if s.speed[p] >= 0:
            lines.append(f"speed: {names[s.speed[p]]}"
                         + attrs_text(closed="yes" if s.sclosed[p] else None))
        for a, side in ((0, "left"), (1, "right")):
            for i, u in enumerate(x for x in s.units if x.seat == p and x.area == a):
                lines.append(f"{side} {i + 1}: {names[u.card]}" + attrs_text(
                    checked=("yes" if u.checked else None) if not u.dummy else
                    (None if u.checked else "no"),
                    dummy="yes" if u.dummy else None, uid=u.uid))
    lines += ["", "[state]", f"table: {', '.join(names)}", f"next-uid: {s.next_uid}",
              f"started: {s.started}"]
    for key, value in (("ops", s.ops), ("ask", s.ask), ("chain", s.chain),
                       ("building", s.building), ("attack", s.attack), ("mods", s.mods),
                       ("enchants", s.enchants), ("used", s.used),
                       ("order", [u.uid for u in s.units]), ("gear", s.gear),
                       ("mulled", s.mulled), ("out", s.out)):
        lines.append(f"{key}: {json.dumps(plain(value), ensure_ascii=False)}")
    lines += cards_section(s.game, s.cards)
    return "\n".join(lines) + "\n"
