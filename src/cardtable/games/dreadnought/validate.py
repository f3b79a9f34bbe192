"""Reading a state back from JSON, checked: a snapshot that is not a Dreadnought position
(wrong shapes, card numbers out of range, a card in two places) is refused with a reason
instead of failing later in the middle of a game."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core.checks import StateError
from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError
from cardtable.core.match_state import Record, tuples
from cardtable.core.shape import check_document
from cardtable.games.dreadnought.cards import Card
from cardtable.games.dreadnought.rules import CARD_STEPS
from cardtable.games.dreadnought.state import (
    _FLAT,
    _SCALARS,
    _SEAT,
    _TUPLES,
    LINKS,
    MULLIGAN,
    OVER,
    PHASE_NAMES,
    PHASE_OF_WINDOW,
    SPEED,
    WINDOW_NAMES,
    Attack,
    DreadnoughtState,
    Enchant,
    Mod,
    Unit,
    as_records,
)


def _fail(why: str) -> CardtableError:
    return StateError(f"not a valid dreadnought state: {why}")


def checked_state(cls: type[DreadnoughtState], data: dict[str, Any]) -> DreadnoughtState:
    check_document(cls, data)  # keys, types, lists a seat: the field table's shape
    s = _read(cls, data)
    check(s)
    return s


def _read(cls: type[DreadnoughtState], data: dict[str, Any]) -> DreadnoughtState:
    s = cls.__new__(cls)
    s.cards = tuple(Card.from_json(c) for c in data["cards"])
    by_name = {c.name: c for c in s.cards}
    s.seed = data["seed"]
    s.options = cls.game.resolve_options(dict(data["options"]))  # types and ranges checked
    s.decks = tuple(Deck(d["name"], tuple(by_name[n] for n in d["cards"]), d.get("name_en", ""))
                    for d in data["decks"])
    s.history = list(data["history"])
    s.log = list(data["log"])
    s.rng = data["rng"]
    for name in _SCALARS:
        setattr(s, name, data[name])
    for name in _SEAT:
        setattr(s, name, [list(row) for row in data[name]])
    for name in _FLAT:
        setattr(s, name, list(data[name]))
    for name in _TUPLES:
        setattr(s, name, [tuples(x) if isinstance(x, list) else x for x in data[name]])
    s.used = list(data["used"])
    s.ask = tuples(data["ask"])
    s.building = tuples(data["building"])
    s.attack = tuples(data["attack"])
    as_records(s)  # the units, changes, enchantments and links as play makes them
    s._legal = None
    to_move = data.get("to_move", s.current_player() if isinstance(s.ask, tuple) else -1)
    if to_move not in (-1, 0, 1) or not isinstance(to_move, int) or isinstance(to_move, bool):
        raise _fail(f"to_move: {to_move!r} is not a seat (0 or 1) or -1")
    if isinstance(s.ask, tuple) and len(s.ask) > 1 and to_move != s.ask[1]:
        raise _fail(f"to_move: seat {to_move} does not answer the decision {s.ask!r}")
    return s


def check(s: DreadnoughtState) -> None:
    """Every card of each deck in exactly one place, parallel lists in step, a decision
    waited for while the game runs, and (``check_shapes``) every pending step, decision and
    chain link well formed. Run by ``from_json``, the scenario reader and ``check_state``."""
    n = len(s.cards)
    if len(s.decks) != 2:
        raise _fail("two decks are needed")
    if not 0 <= s.phase < len(PHASE_NAMES):
        raise _fail(f"unknown phase {s.phase}")
    if len(s.hp) != 4 or len(s.casters) != 4 or len(s.cchk) != 4:
        raise _fail("four casters (two a seat) with HP and a checked flag are needed")
    for name in ("deck", "hand", "discard", "burst", "bchk"):
        if len(getattr(s, name)) != 2:
            raise _fail(f"'{name}' needs one list per seat")
    for p in (0, 1):
        if len(s.burst[p]) != len(s.bchk[p]):
            raise _fail(f"seat {p + 1}: bursts and their checked flags differ in number")
    for name in ("speed", "sclosed", "gear", "out", "mulled"):
        if len(getattr(s, name)) != 2:
            raise _fail(f"'{name}' needs one entry per seat")
    # every card of each deck is in exactly one place
    for p in (0, 1):
        where: list[int] = []
        where += s.deck[p] + s.hand[p] + s.discard[p] + s.burst[p] + s.hp[2 * p] + s.hp[2 * p + 1]
        where += [s.casters[2 * p], s.casters[2 * p + 1]]
        if s.speed[p] >= 0:
            where.append(s.speed[p])
        where += [u.card for u in s.units if u.seat == p]
        where += [e.card for e in s.enchants if e.owner == p]
        where += [i.card for i in s.chain if i.kind in ("code", "awk", "enh") and i.seat == p]
        b = s.building
        if b is not None and b.kind in ("code", "awk", "enh") and b.seat == p:
            where.append(b.card)
        where += [o[2] for o in s.ops if o[0] in CARD_STEPS and o[1] == p]
        if any(not 0 <= c < n for c in where):
            raise _fail(f"seat {p + 1}: a card number outside the card table")
        number = {c.name: i for i, c in enumerate(s.cards)}  # names are unique in a table
        if any(number.get(c.name) is None or s.cards[number[c.name]] != c
               for c in set(s.decks[p].cards)):
            raise _fail(f"seat {p + 1}: a card of the deck is not in the card table")
        want = Counter(number[c.name] for c in s.decks[p].cards) if s.decks[p].cards else None
        if want is not None and Counter(where) != want:
            raise _fail(f"seat {p + 1}: the cards on the table are not the deck's cards")
    if s.phase != OVER and s.ask is None and s.started:
        raise _fail("a running game must wait for a decision")
    _casters_as_built(s)
    if s.phase != OVER:
        _not_decided(s)
    check_shapes(s)


def _casters_as_built(s: DreadnoughtState) -> None:
    """Two casters of different names a seat (「異なるカード名のキャスターカード2枚」), each with
    at most its printed HP in HP cards (nothing in the game adds HP cards)."""
    n = len(s.cards)
    for k, c in enumerate(s.casters):
        if not _is_int(c) or not 0 <= c < n or s.cards[c].kind != "caster":
            raise _fail(f"casters[{k}]: not a caster card")
    for p in (0, 1):
        a, b = s.casters[2 * p], s.casters[2 * p + 1]
        if s.cards[a].name == s.cards[b].name:
            raise _fail(f"casters: seat {p + 1}'s two casters are both {s.cards[a].name}; a "
                        "deck has two casters of different names (異なるカード名のキャスター"
                        "カード2枚)")
    for k, c in enumerate(s.casters):
        printed = s.cards[c].hp
        if len(s.hp[k]) > printed:
            raise _fail(f"hp: seat {k // 2 + 1}'s caster {k % 2 + 1} ({s.cards[c].name}) has "
                        f"{len(s.hp[k])} HP cards, more than its printed HP {printed}")


def _speed_hp_chooser(s: DreadnoughtState) -> int | None:
    """The seat choosing which caster's HP card becomes its speed card, or None."""
    ask = s.ask
    return ask[1] if isinstance(ask, tuple) and ask[:1] == ("hp",) \
        and ask[2:3] == ("speed",) else None


def _not_decided(s: DreadnoughtState) -> None:
    """A running position the rules have already decided, or one no turn can reach, is
    refused, saying why: play would go on past a loss (the engine checks the end only as
    steps run), or with a card in a state the phase cannot hold."""
    if s.started and _speed_hp_chooser(s) is None:
        down = [p for p in (0, 1) if not (s.hp[2 * p] or s.hp[2 * p + 1])]
        if down:
            who = "both seats' casters have" if len(down) == 2 else \
                f"seat {down[0] + 1}'s two casters have"
            raise _fail(f"hp: {who} no HP cards, and then the game is decided (キャスター2人"
                        "のHPが0枚になると、勝敗が決します): it is already over, so this is no "
                        "position to play from")
    for p in (0, 1):
        if not s.sclosed[p]:
            continue
        if s.phase != SPEED:
            raise _fail(f"sclosed: seat {p + 1}'s speed card is closed in the "
                        f"{PHASE_NAMES[s.phase]} phase; a gear-change card opens when the "
                        "order is decided, at the end of the speed phase")
        if s.speed[p] < 0 or not s.gear[p]:
            raise _fail(f"sclosed: seat {p + 1}'s closed speed card is a gear change, so it "
                        "needs a speed card and the seat's gear change of this turn (gear 1)")


# -- the shape of every field ----------

_OPS: dict[str, tuple[str, ...]] = {
    # name -> the kind of each field after the name
    "start": (), "turn": (), "end": (), "normal": (), "place": (), "do": (), "chain": (),
    "speed_cmp": ("bit",), "take": ("seat", "dest", "bit"), "phase": ("phase",),
    "win": ("seat", "window", "bit"), "limit": ("seat",), "pay": ("seat", "count"),
    "trig": ("seat", "card", "index", "int"), "eff": ("seat", "card", "bit", "index", "int",
                                                      "int"),
    "search": ("seat", "kind"), "atk_res": ("item",), "enter": ("seat", "card", "bit"),
    "mull": ("seat",), "spent": ("seat", "card"),
}


#: the largest BP change one entry of ``mods`` holds: a card's change is at most 300 either
#: way and an awakening's at most +300 (the card checks); a hand-edited 10**20 would overflow
#: the compiled build's integers in ``view`` (issue 44)
MAX_BP_CHANGE = 300


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _shown(x: Any) -> str:
    """``x`` as a refusal quotes it: a record as the plain tuple it is in the JSON."""
    return repr(tuple(x)) if isinstance(x, tuple | Record) else repr(x)


def _field(s: DreadnoughtState, kind: str, x: Any, where: str) -> None:
    n = len(s.cards)
    ok = {
        "bit": lambda: x in (0, 1) and _is_int(x),
        "seat": lambda: x in (0, 1) and _is_int(x),
        "dest": lambda: x in ("hand", "burst", "speed"),
        "phase": lambda: _is_int(x) and 0 <= x < len(PHASE_NAMES) - 1,
        "window": lambda: _is_int(x) and 0 <= x <= 4,
        "count": lambda: _is_int(x) and 0 <= x <= 20,
        "card": lambda: _is_int(x) and 0 <= x < n,
        "index": lambda: _is_int(x) and 0 <= x < 4,
        "int": lambda: _is_int(x) and -1 <= x < 1 << 31,
        "kind": lambda: x in ("unit", "code", "card"),
        "item": lambda: isinstance(x, Record) and _item_ok(s, x),
    }[kind]()
    if not ok:
        raise _fail(f"{where}: {_shown(x)} is not a {kind}")


def _item_ok(s: DreadnoughtState, item: Any) -> bool:
    """Whether ``item`` is a chain link (``state.Link``: the tuples of the right kind and
    length were made records by ``as_records``) that the card table allows."""
    n = len(s.cards)
    record = LINKS.get(item[0]) if item and isinstance(item[0], str) else None
    if record is None or not isinstance(item, record) or item.seat not in (0, 1) \
            or not _is_int(item.seat):
        return False
    kind = item.kind
    if kind == "atk":
        return (isinstance(item.uids, tuple) and all(_is_int(u) and u >= 0 for u in item.uids)
                and item.target_seat in (0, 1) and item.area in (0, 1))
    c = item.card
    if not _is_int(c) or not 0 <= c < n or not all(_is_int(v) for v in item[3:]):
        return False
    card = s.cards[c]
    if kind == "abil":
        return 0 <= item.line < len(card.abilities)
    if kind == "code":
        return card.kind == "code" and 0 <= item.mode < len(card.modes)
    want = "awaken" if kind == "awk" else "enhance"
    return card.sub == want and item.amount == card.sub_amount


def _odd_number(x: Any) -> Any:
    """The first float or true/false inside ``x``, else None. The game's steps, decisions and
    table entries hold whole numbers and words only, and ``1.0`` or ``true`` would pass a
    test like ``x in (0, 1)`` and then fail as a list index deep in the rules."""
    if isinstance(x, bool | float):
        return x
    if isinstance(x, tuple | list | Record):
        for v in x:
            odd = _odd_number(v)
            if odd is not None:
                return odd
    return None


def check_shapes(s: DreadnoughtState) -> None:
    """Every pending step, decision, chain link, unit and change well formed, and the
    decision waited for answerable: what a hand-edited snapshot could break."""
    n = len(s.cards)
    for name in (*_TUPLES, "ask", "building", "attack"):
        odd = _odd_number(getattr(s, name))
        if odd is not None:
            raise _fail(f"{name}: {odd!r} where a whole number or a word belongs")
    for name, lo, hi in (("turn_no", 0, 1 << 20), ("phase", 0, len(PHASE_NAMES) - 1),
                         ("first", 0, 1), ("winner_seat", -1, 1), ("started", 0, 1),
                         ("next_uid", 0, 1 << 31)):
        v = getattr(s, name)
        if not _is_int(v) or not lo <= v <= hi:
            raise _fail(f"{name}: {v!r} is not a whole number from {lo} to {hi}")
    for name in ("cchk", "sclosed", "gear", "out"):
        if any(x not in (0, 1) or not _is_int(x) for x in getattr(s, name)):
            raise _fail(f"{name}: every entry is 0 or 1")
    if any(not _is_int(x) or not 0 <= x <= 60 for x in s.mulled):
        raise _fail("mulled: a count of cards")
    for p in (0, 1):
        if any(x not in (0, 1) or not _is_int(x) for x in s.bchk[p]):
            raise _fail("bchk: every entry is 0 or 1")
        if not (s.speed[p] == -1 or 0 <= s.speed[p] < n) or not _is_int(s.speed[p]):
            raise _fail("speed: a card number or -1")
    for k, c in enumerate(s.casters):
        if not _is_int(c) or not 0 <= c < n or s.cards[c].kind != "caster":
            raise _fail(f"casters[{k}]: not a caster card")
    uids = set()
    room = {}
    for u in s.units:
        if not isinstance(u, Unit) or not all(_is_int(x) for x in u):
            raise _fail(f"units: {_shown(u)} is not (uid, seat, area, card, checked, dummy)")
        uid, seat, area, c, chk, dummy = u
        if uid in uids or not 0 <= uid < s.next_uid:
            raise _fail(f"units: uid {uid} repeated or not below next_uid")
        uids.add(uid)
        if seat not in (0, 1) or area not in (0, 1) or chk not in (0, 1) or dummy not in (0, 1) \
                or not 0 <= c < n or (not dummy and s.cards[c].kind != "unit"):
            raise _fail(f"units: {_shown(u)} out of range")
        cnt, size = room.get((seat, area), (0, 0))
        room[(seat, area)] = (cnt + 1, size + (1 if dummy else s.cards[c].size))
    if any(cnt > 2 or size > 3 for cnt, size in room.values()):
        raise _fail("units: a battle area holds at most two units and three sizes")
    for m in s.mods:
        if not isinstance(m, Mod) or m.uid not in uids or not _is_int(m.amount) \
                or m.duration not in ("turn", "chain"):
            raise _fail(f"mods: {_shown(m)} is not (uid on the table, amount, turn|chain)")
        if not -MAX_BP_CHANGE <= m.amount <= MAX_BP_CHANGE:
            raise _fail(f"mods: a BP change of {m.amount}; a card changes BP by at most "
                        f"{MAX_BP_CHANGE} either way")
    for e in s.enchants:
        if not isinstance(e, Enchant) or e.uid not in uids \
                or not all(_is_int(x) for x in e) or not 0 <= e.card < n \
                or e.owner not in (0, 1) or e.is_open not in (0, 1) or not 0 <= e.amount <= 300:
            raise _fail(f"enchants: {_shown(e)} is not (uid on the table, card, owner, open, "
                        "amount)")
    if (s.phase == MULLIGAN) != (s.started == 0):
        raise _fail(f"started: {s.started} does not fit the {PHASE_NAMES[s.phase]} phase "
                    "(only the mulligan comes before the start)")
    if any(not _is_int(x) for x in s.used):
        raise _fail("used: ability keys are numbers")
    for i, item in enumerate(s.chain):
        if not isinstance(item, Record) or not _item_ok(s, item):
            raise _fail(f"chain[{i}]: {_shown(item)} is not a chain link")
    if s.building is not None and (not isinstance(s.building, Record)
                                   or not _item_ok(s, s.building) or s.building.kind == "atk"):
        raise _fail(f"building: {_shown(s.building)} is not a play")
    a = s.attack
    if a is not None and (not isinstance(a, Attack) or not all(_is_int(x) for x in a)
                          or a.target_seat not in (0, 1) or a.area not in (0, 1)
                          or a.seat not in (0, 1) or a.damage < 1):
        raise _fail(f"attack: {_shown(s.attack)} is not (seat, target seat, area, damage)")
    for i, op in enumerate(s.ops):
        if not isinstance(op, tuple) or not op or op[0] not in _OPS \
                or len(op) != 1 + len(_OPS[op[0]]):
            raise _fail(f"ops[{i}]: {_shown(op)} is not a step")
        for kind, x in zip(_OPS[op[0]], op[1:], strict=True):
            _field(s, kind, x, f"ops[{i}]")
        if op[0] == "trig":
            card = s.cards[op[2]]
            if op[3] >= len(card.abilities) or card.abilities[op[3]].timing != "trigger":
                raise _fail(f"ops[{i}]: not a trigger of {card.name}")
        if op[0] == "eff":
            card = s.cards[op[2]]
            if op[4] >= len(card.modes if op[3] else card.abilities):
                raise _fail(f"ops[{i}]: {card.name} has no such line")
        if op[0] == "enter" and s.cards[op[2]].kind != "unit":
            raise _fail(f"ops[{i}]: only a unit enters a battle area")
    if not s.started and any(s.hp):
        raise _fail("hp: the casters take their HP cards at the start, after both mulligans; "
                    "before it they have none")
    if s.phase != OVER:
        _check_stack(s)
    pending = sum(1 for op in s.ops if op[0] in ("place", "do"))
    if pending != (s.building is not None):
        raise _fail("building: a play being made and its step to place it go together")
    _check_ask(s)


#: the steps that carry a game on to its next turn: each queues the next of them (a match
#: starts, a turn begins, the speed cards are compared, the turn ends and queues a turn)
_CARRIERS = ("start", "turn", "speed_cmp", "end")


def _check_stack(s: DreadnoughtState) -> None:
    """The step stack of a running game: exactly one carrier, at its bottom (every game
    played keeps this), so the game can never run out of steps; and a speed comparison
    waiting there has both speed cards or the steps (or the decision) that bring them, but
    for a seat that could not take one (it loses once the other seat has its card).

    A seat that could not take a card loses when the end is next checked: at the start (a
    mulligan can leave it so) or once both speed cards are taken (the other seat may still
    be choosing the HP card its own comes from); anywhere else the game is already over."""
    ask = s.ask
    speed_hp = _speed_hp_chooser(s)
    if any(s.out) and s.started and speed_hp is None:
        raise _fail("out: a seat that had to take a card it did not have has lost, so a "
                    "running game has none")
    at = [i for i, op in enumerate(s.ops) if op[0] in _CARRIERS]
    if at != [0]:
        raise _fail("ops: a running game needs exactly one of the steps start, turn, "
                    f"speed_cmp or end, at the bottom of the stack; found {len(at)}"
                    + (f" at {at}" if at else ""))
    # a window opens in its own phase (reactions answer a play in the action phase); the
    # phase a waiting step will run in is the one the steps above it leave in force
    phase = s.phase
    steps = [ask] if isinstance(ask, tuple) and len(ask) == 4 and ask[0] == "win" \
        and _is_int(ask[2]) and ask[2] in PHASE_OF_WINDOW else []  # else _check_ask names it
    for op in [*steps, *reversed(s.ops)]:
        if op[0] == "phase":
            phase = op[1]
        elif op[0] == "win" and PHASE_OF_WINDOW.get(op[2]) != phase:
            raise _fail(f"ops: a {WINDOW_NAMES[op[2]]} window waits where the "
                        f"{PHASE_NAMES[phase]} phase will be in force")
    if s.ops[0][0] == "speed_cmp":
        for p in (0, 1):
            brought = any(op[0] == "take" and op[1] == p and op[2] == "speed" for op in s.ops)
            if s.speed[p] < 0 and not brought and speed_hp != p and not s.out[p]:
                raise _fail(f"speed: seat {p + 1} has no speed card for the comparison waiting "
                            "in ops, and no step to take one")


def _check_ask(s: DreadnoughtState) -> None:
    from cardtable.games.dreadnought.legal import legal_for

    ask = s.ask
    if s.phase == OVER:
        if ask is not None:
            raise _fail("ask: a finished game waits for nobody")
        return
    if not isinstance(ask, tuple) or len(ask) < 2 or ask[1] not in (0, 1):
        raise _fail(f"ask: {ask!r} is not a decision of seat 0 or 1")
    shapes = {"mull": 2, "win": 4, "block": 2, "pay": 3, "discard": 2, "search": 3, "hp": 3}
    kind = ask[0]
    if kind == "target":
        ok = (len(ask) == 3 and ask[2] == "play" and s.building is not None) or (
            len(ask) == 6 and ask[2] == "trig" and _is_int(ask[3]) and 0 <= ask[3] < len(s.cards)
            and _is_int(ask[4]) and 0 <= ask[4] < len(s.cards[ask[3]].abilities)
            and s.cards[ask[3]].abilities[ask[4]].target != "" and _is_int(ask[5]))
        if ok and ask[2] == "play":
            b = s.building
            assert b is not None
            line = s.cards[b.card].abilities[b.line] if b.kind == "abil" else \
                s.cards[b.card].modes[b.mode] if b.kind == "code" else None
            ok = line is not None and bool(line.target)
    elif kind in shapes:
        ok = len(ask) == shapes[kind]
        if ok and kind == "win":
            ok = ask[2] in range(5) and ask[3] in (0, 1) and _is_int(ask[2])
        if ok and kind == "block":
            ok = s.attack is not None and s.attack.target_seat == ask[1]
        if ok and kind == "pay":
            ok = _is_int(ask[2]) and 1 <= ask[2] <= 20
        if ok and kind == "search":
            ok = ask[2] in ("unit", "code", "card")
        if ok and kind == "hp":
            ok = ask[2] in ("hand", "burst", "speed")
    else:
        ok = False
    if not ok:
        raise _fail(f"ask: {ask!r} is not a decision this position can wait for")
    try:
        legal = legal_for(s)
    except (IndexError, KeyError, TypeError, ValueError, AssertionError) as exc:
        raise _fail(f"ask: {ask!r} cannot be answered here ({exc})") from None
    if not legal:
        raise _fail(f"ask: {ask!r} has no legal answer here")
