"""サラスヴァティTCG positions as scenario files (the outer layout is ``core/scenario.py``).

Header: ``phase`` (charge, imagine, move, battle), ``to-move`` (the active seat), ``turn``,
``first`` (the seat that went first). Each ``[seat N]``::

    hand: 喧嘩屋タケル, 2x 鬨の声
    deck: 転校生, 作戦会議            # top card first
    grave: 開いた傘                   # 墓地
    voltage: 傭兵隊長, 転校生         # charged cards; tapped: how many are turned sideways
    tapped: 1
    book 1: 武闘伝説                  # state=face-down (default), open or destroyed
    book 2: 完結編 state=open
    book 3: - state=destroyed        # a destroyed book's place, the book gone elsewhere
    f1: 鉄拳のゴウ ready=no sick=yes  # places f1-f5 (front row), b1-b5 (back row); 前1, 後1
    f1 equip: ナックルダスター
    f1 under: 喧嘩屋タケル            # the bases beneath an evolution

A character is ready and not summoning-sick unless its line says otherwise. Effects waiting
to resolve are written by cardtable as JSON in ``[effects]`` (``mods``, ``queue``, ``cont``,
``choice``, ``next-uid``): a position cut from a record keeps them, a hand-written puzzle
leaves them out. A character's ``uid=`` (its identity while it stays on the field, what a
stat change refers to) is given in order of places unless written.
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.core.deck import Deck
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
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.state import (
    BOOK_STATES,
    CHOICE,
    OVER,
    PHASE_NAMES,
    SarasvatiState,
)

PLACE_KEYS = tuple(f"f{i}" for i in range(1, 6)) + tuple(f"b{i}" for i in range(1, 6))
SEAT_KEYS = ("hand", "deck", "grave", "voltage", "tapped", "book 1", "book 2", "book 3",
             *PLACE_KEYS, *(f"{k} equip" for k in PLACE_KEYS),
             *(f"{k} under" for k in PLACE_KEYS))
EFFECT_KEYS = ("mods", "queue", "cont", "choice", "next-uid")
PLAYABLE = tuple(n for i, n in enumerate(PHASE_NAMES) if i not in (CHOICE, OVER))


def _normalize(key: str) -> str:
    """Japanese place names (前1, 後1) read as f1, b1."""
    return key.replace("前", "f").replace("後", "b")


def read(game: Any, sc: Scenario) -> SarasvatiState:
    from cardtable.games.sarasvati.stats import CardTable

    sc.rename_seat_keys(_normalize)
    opts, names = sc.begin(game, header=("first",), seat=SEAT_KEYS,
                           sections={"effects": EFFECT_KEYS})
    h = sc.header
    # every card named, per seat, to build the table first
    seats: list[dict[str, Any]] = []
    for p in (0, 1):
        sec = sc.seat(p)
        z: dict[str, Any] = {k: names.many(sc, sec.get(k))
                             for k in ("hand", "deck", "grave", "voltage")}
        books = []
        for i in range(act.BOOKS):
            e = sec.get(f"book {i + 1}")
            if e is None:
                sc.problem(sec.line, f"[seat {p + 1}] needs 'book {i + 1}:' (three forbidden "
                           "books)")
                books.append(None)
                continue
            name, attrs = split_item(e.value)
            st = attrs.pop("state", "face-down")
            if name == "-" and st == "destroyed":  # the place of a book that went elsewhere
                unknown_attrs(sc, attrs, e.line, "state=", "place")
                books.append(("-", 2))
                continue
            card = names.find(sc, name, e.line)
            if st not in BOOK_STATES:
                sc.problem(e.line, f"book state '{st}' is not one of {', '.join(BOOK_STATES)}")
                st = "face-down"
            unknown_attrs(sc, attrs, e.line, "state=", "place")
            if card is not None and card.kind != "book":
                sc.problem(e.line, f"'{card.name}' is not a forbidden book")
            books.append(None if card is None else (card, BOOK_STATES.index(st)))
        z["books"] = books
        places = []
        for key in PLACE_KEYS:
            e = sec.get(key)
            if e is None or e.value.strip() in ("", "-"):
                for sub in ("equip", "under"):
                    extra = sec.get(f"{key} {sub}")
                    if extra is not None:
                        sc.problem(extra.line, f"{key} has no character for its {sub}")
                places.append(None)
                continue
            name, attrs = split_item(e.value)
            card = names.find(sc, name, e.line)
            if card is not None and card.kind != "character":
                sc.problem(e.line, f"'{card.name}' is not a character (a place holds one)")
            eq = sec.get(f"{key} equip")
            equip = names.find(sc, eq.value.strip(), eq.line) if eq else None
            if equip is not None and equip.kind != "equipment":
                sc.problem(eq.line if eq else 0, f"'{equip.name}' is not equipment")
            under = names.many(sc, sec.get(f"{key} under"))
            places.append((card, attrs, e.line, equip, under))
        z["places"] = places
        seats.append(z)
    table: dict[str, Any] = {}
    for z in seats:
        for k in ("hand", "deck", "grave", "voltage"):
            table.update((c.name, c) for c in z[k])
        table.update((b[0].name, b[0]) for b in z["books"] if b and b[0] != "-")
        for pl in z["places"]:
            if pl and pl[0] is not None:
                table[pl[0].name] = pl[0]
                if pl[3] is not None:
                    table[pl[3].name] = pl[3]
                table.update((c.name, c) for c in pl[4])
    cards = CardTable(sorted(table.values(), key=lambda c: c.name))
    idx = {c.name: i for i, c in enumerate(cards)}

    s = sc.new_state(SarasvatiState, opts, cards)
    s.phase = PHASE_NAMES.index(sc.choice(h.get("phase"), "imagine", PLAYABLE))
    s.turn_no = sc.number(h.get("turn"), 1, 1, 1 << 20)
    s.active = sc.seat_number(h.get("to-move"), 0)
    s.first = sc.seat_number(h.get("first"), 0 if s.turn_no % 2 else 1)
    s.winner_seat, s.reason = -1, ""
    s.deck, s.hand, s.grave, s.voltage, s.tapped = [], [], [], [], []
    s.books, s.bstate = [], []
    s.field, s.equip, s.ready, s.sick, s.uid, s.under = [], [], [], [], [], []
    next_uid = 0
    decks = []
    for p, z in enumerate(seats):
        sec = sc.seat(p)
        s.deck.append([idx[c.name] for c in reversed(z["deck"])])
        s.hand.append(sorted(idx[c.name] for c in z["hand"]))
        s.grave.append([idx[c.name] for c in z["grave"]])
        s.voltage.append([idx[c.name] for c in z["voltage"]])
        s.tapped.append(sc.number(sec.get("tapped"), 0, 0, len(z["voltage"])))
        s.books.append([idx[b[0].name] if b and b[0] != "-" else -1 for b in z["books"]])
        s.bstate.append([b[1] if b else 0 for b in z["books"]])
        f, e, r, sk, u, un = [], [], [], [], [], []
        for pl in z["places"]:
            if pl is None or pl[0] is None:
                f.append(-1)
                e.append(-1)
                r.append(False)
                sk.append(False)
                u.append(-1)
                un.append(())
                continue
            card, attrs, line, equip, under = pl
            f.append(idx[card.name])
            e.append(idx[equip.name] if equip is not None else -1)
            r.append(_flag(sc, attrs, "ready", True, line))
            sk.append(_flag(sc, attrs, "sick", False, line))
            uid = uid_attr(sc, attrs, next_uid, line)
            u.append(uid)
            next_uid = max(next_uid, uid + 1)
            un.append(tuple(idx[c.name] for c in under))
            unknown_attrs(sc, attrs, line, "ready=, sick= or uid=", "place")
        s.field.append(f)
        s.equip.append(e)
        s.ready.append(r)
        s.sick.append(sk)
        s.uid.append(u)
        s.under.append(un)
        dealt = (s.deck[p] + s.hand[p] + s.grave[p] + s.voltage[p] + s.books[p]
                 + [x for x in f if x >= 0] + [x for x in e if x >= 0]
                 + [x for t in un for x in t])
        decks.append(Deck(f"seat {p + 1}", tuple(sorted((cards[c] for c in dealt if c >= 0),
                                                        key=lambda c: c.name)), f"seat {p + 1}"))
    s.decks = tuple(decks)
    eff = sc.section("effects")
    s.mods = [tuple(m) for m in _json(sc, eff, "mods", [])]
    s.queue = [tuple(q) for q in _json(sc, eff, "queue", [])]
    s.cont = [tuples(c) for c in _json(sc, eff, "cont", [])]
    s.choice = tuples(_json(sc, eff, "choice", None))
    s.next_uid = sc.number(eff.get("next-uid") if eff else None, next_uid, next_uid, 1 << 31)
    s.dice = sc.checked_dice(game, "a coin (1 or 2)")
    s.dirty = True
    s._legal = None
    return s


def _json(sc: Scenario, sec: Any, key: str, default: Any) -> Any:
    e = sec.get(key) if sec is not None else None
    if e is None:
        return default
    try:
        value = json.loads(e.value)
    except json.JSONDecodeError as exc:
        sc.problem(e.line, f"{key}: not JSON ({exc.msg})")
        return default
    if default is not None and not isinstance(value, list):
        sc.problem(e.line, f"{key}: expected a JSON list")
        return default
    return value


def _flag(sc: Scenario, attrs: dict[str, str], key: str, default: bool, line: int) -> bool:
    if key not in attrs:
        return default
    v = attrs.pop(key).casefold()
    if v not in ("yes", "no", "true", "false"):
        sc.problem(line, f"{key} must be yes or no")
        return default
    return v in ("yes", "true")


def write(state: SarasvatiState) -> str:
    s = state
    names = written_names(s)
    lines = header_text(s, PHASE_NAMES[s.phase], [("first", s.first + 1)], s.dice)
    for p in (0, 1):
        lines += ["", f"[seat {p + 1}]",
                  f"hand: {card_list(names[c] for c in s.hand[p])}",
                  f"deck: {card_list(names[c] for c in reversed(s.deck[p]))}",
                  f"grave: {card_list(names[c] for c in s.grave[p])}",
                  f"voltage: {card_list(names[c] for c in s.voltage[p])}"]
        if s.tapped[p]:
            lines.append(f"tapped: {s.tapped[p]}")
        for i, (b, st) in enumerate(zip(s.books[p], s.bstate[p], strict=True)):
            lines.append(f"book {i + 1}: {names[b] if b >= 0 else '-'}"
                         + attrs_text(state=BOOK_STATES[st] if st else None))
        for i, c in enumerate(s.field[p]):
            if c < 0:
                continue
            key = PLACE_KEYS[i]
            lines.append(f"{key}: {names[c]}" + attrs_text(
                ready=None if s.ready[p][i] else False, sick=True if s.sick[p][i] else None,
                uid=s.uid[p][i]))
            if s.equip[p][i] >= 0:
                lines.append(f"{key} equip: {names[s.equip[p][i]]}")
            if s.under[p][i]:
                lines.append(f"{key} under: {card_list(names[x] for x in s.under[p][i])}")
    lines += ["", "[effects]", f"next-uid: {s.next_uid}"]
    for key, value in (("mods", s.mods), ("queue", s.queue), ("cont", s.cont),
                       ("choice", s.choice)):
        if value:
            lines.append(f"{key}: {json.dumps(plain(value), ensure_ascii=False)}")
    lines += cards_section(s.game, s.cards)
    return "\n".join(lines) + "\n"
