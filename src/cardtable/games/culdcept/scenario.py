"""カルドセプト positions as scenario files (the outer layout is ``core/scenario.py``).

Header: ``phase`` (spell, invade, battle-card, battle-card-defender, choose-level, territory,
discard), ``to-move`` (who decides), ``mover`` (whose turn it is; default: ``to-move``),
``turn``, ``first`` (the seat that went first), ``die`` (the roll of this turn, 1-6, once it is
made), ``pending`` (a level card choice owed: ``toll``, ``battle`` or ``spell`` and the land,
``toll land=4``). Each ``[seat N]`` (lands counted from that seat's own left)::

    hand: サラマンダー, 2x ロングソード
    deck: スケルトン, 傭兵            # top card first
    discard: ダガー                    # 捨札パイル
    tolls: マーマン                    # 通行料パイル: cards the other seat paid, one point each
    land 1: 火山                       # the starting land (土地1 reads the same)
    land 1 terrain: 溶岩地帯           # land cards laid on it, bottom first
    land 1 levels: 神殿, 神殿          # face-down level cards (level 3)
    land 1 creature: サラマンダー damage=10
    land 1 creature spell: 炎の加護 by=1
    land 1 spell: 関所 by=2            # a lasting spell on the land and its caster

A ``[battle]`` section holds a battle under way: ``invader: サラマンダー from=hand`` (or
``from=land``), ``invader card`` and ``defender card`` (a hand card placed face down, ``none``
for none; absent: not chosen yet). Lands not written take the starting lands in the printed
order (火山 草原 湖 森林 都市 廃虚).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.deck import Deck
from cardtable.core.scenario import (
    CardNames,
    Entry,
    Scenario,
    attrs_text,
    card_list,
    header_text,
    parse_int,
    split_item,
    written_names,
)
from cardtable.games.culdcept.cards import START_LANDS, CardTable
from cardtable.games.culdcept.state import (
    BATTLE_DEF,
    BATTLE_INV,
    CHOOSE,
    OVER,
    PHASE_NAMES,
    CuldceptState,
)

LAND_KEYS = tuple(f"land {i}" for i in range(1, 7))
SEAT_KEYS = ("hand", "deck", "discard", "tolls", *LAND_KEYS,
             *(f"{k} {part}" for k in LAND_KEYS
               for part in ("terrain", "levels", "creature", "creature spell", "spell")))
HEADER_KEYS = ("mover", "first", "die", "pending")
BATTLE_KEYS = ("invader", "invader card", "defender card")
PLAYABLE = tuple(n for i, n in enumerate(PHASE_NAMES) if i != OVER)
_LAND_INDEX = {n: i for i, (n, _, _) in enumerate(START_LANDS)}
_LAND_INDEX.update({en.casefold(): i for i, (_, en, _) in enumerate(START_LANDS)})


def _normalize(key: str) -> str:
    """Japanese land names (土地1) read as land 1."""
    return key.replace("土地", "land ").replace("  ", " ")


def read(game: Any, sc: Scenario) -> CuldceptState:
    sc.rename_seat_keys(_normalize)
    sc.check_keys(header=HEADER_KEYS, seat=SEAT_KEYS, sections={"battle": BATTLE_KEYS})
    opts = sc.game_options(game)
    names = CardNames(game.pool().values())
    h = sc.header
    phase = PHASE_NAMES.index(sc.choice(h.get("phase"), "spell", PLAYABLE))
    to_move = sc.seat_number(h.get("to-move"), 0)
    default_mover = 1 - to_move if phase in (BATTLE_DEF, CHOOSE) else to_move
    mover = sc.seat_number(h.get("mover"), default_mover)
    seats: list[dict[str, Any]] = []
    for p in (0, 1):
        sec = sc.seat(p)
        z: dict[str, Any] = {k: names.many(sc, sec.get(k))
                             for k in ("hand", "deck", "discard", "tolls")}
        lands = []
        for i, key in enumerate(LAND_KEYS):
            e = sec.get(key)
            base = i
            if e is not None:
                got = _LAND_INDEX.get(e.value.strip()) if e.value.strip() in _LAND_INDEX \
                    else _LAND_INDEX.get(e.value.strip().casefold())
                if got is None:
                    sc.problem(e.line, f"'{e.value}' is not a starting land (火山 草原 湖 森林 "
                               "都市 廃虚)")
                else:
                    base = got
            terrain = names.many(sc, sec.get(f"{key} terrain"))
            for c in terrain:
                if c.kind != "land":
                    sc.problem(sec.get(f"{key} terrain").line,  # type: ignore[union-attr]
                               f"'{c.name}' is not a land card")
            levels = names.many(sc, sec.get(f"{key} levels"))
            if len(levels) > 3:
                sc.problem(sec.get(f"{key} levels").line,  # type: ignore[union-attr]
                           "a land holds at most three level cards (level 4)")
            creature = _placed(sc, names, sec.get(f"{key} creature"), "damage", "creature")
            cspell = _placed(sc, names, sec.get(f"{key} creature spell"), "by", "lasting")
            lspell = _placed(sc, names, sec.get(f"{key} spell"), "by", "lasting")
            if cspell is not None and creature is None:
                sc.problem(sec.get(f"{key} creature spell").line,  # type: ignore[union-attr]
                           f"{key} has no creature for its spell")
            lands.append((base, terrain, levels, creature, cspell, lspell))
        z["lands"] = lands
        seats.append(z)
    bsec = sc.section("battle")
    battle_cards: dict[str, Any] = {}
    if bsec is not None:
        for key in BATTLE_KEYS:
            e = bsec.get(key)
            if e is None:
                continue
            name, attrs = split_item(e.value)
            if key == "invader" and name == "-":  # an invader that died in the battle
                battle_cards[key] = ("dead", attrs, e.line)
                continue
            if key != "invader" and name.casefold() in ("none", "なし", "-"):
                battle_cards[key] = ("none", attrs, e.line)
                continue
            card = names.find(sc, name, e.line)
            battle_cards[key] = (card, attrs, e.line)
    # the card table: every card named anywhere
    table: dict[str, Any] = {}
    for z in seats:
        for k in ("hand", "deck", "discard", "tolls"):
            table.update((c.name, c) for c in z[k])
        for _, terrain, levels, creature, cspell, lspell in z["lands"]:
            table.update((c.name, c) for c in terrain + levels)
            for placed in (creature, cspell, lspell):
                if placed is not None:
                    table[placed[0].name] = placed[0]
    for card, _, _ in battle_cards.values():
        if card is not None and card not in ("none", "dead"):
            table[card.name] = card
    cards = CardTable(sorted(table.values(), key=lambda c: c.name))
    idx = {c.name: i for i, c in enumerate(cards)}

    s = sc.new_state(CuldceptState, opts, cards)
    s.phase = phase
    s.turn_no = sc.number(h.get("turn"), 1, 1, 1 << 20)
    s.active = mover
    s.first = sc.seat_number(h.get("first"), mover if s.turn_no % 2 else 1 - mover)
    s.winner_seat, s.reason = -1, ""
    s.die = sc.number(h.get("die"), 0, 0, 6)
    s.dest = s.die - 1
    s.deck, s.hand, s.discard, s.tolls = [], [], [], []
    s.base, s.lands, s.levels, s.creature, s.damage = [], [], [], [], []
    s.cspell, s.cspell_by, s.lspell, s.lspell_by = [], [], [], []
    for z in seats:
        s.deck.append([idx[c.name] for c in reversed(z["deck"])])
        s.hand.append(sorted(idx[c.name] for c in z["hand"]))
        s.discard.append([idx[c.name] for c in z["discard"]])
        s.tolls.append([idx[c.name] for c in z["tolls"]])
        s.base.append([x[0] for x in z["lands"]])
        s.lands.append([tuple(idx[c.name] for c in x[1]) for x in z["lands"]])
        s.levels.append([tuple(sorted(idx[c.name] for c in x[2])) for x in z["lands"]])
        s.creature.append([idx[x[3][0].name] if x[3] else -1 for x in z["lands"]])
        s.damage.append([x[3][1] if x[3] else 0 for x in z["lands"]])
        s.cspell.append([idx[x[4][0].name] if x[4] else -1 for x in z["lands"]])
        s.cspell_by.append([x[4][1] - 1 if x[4] else -1 for x in z["lands"]])
        s.lspell.append([idx[x[5][0].name] if x[5] else -1 for x in z["lands"]])
        s.lspell_by.append([x[5][1] - 1 if x[5] else -1 for x in z["lands"]])
    for p in (0, 1):
        if sorted(s.base[p]) != list(range(6)):
            sc.problem(sc.seat(p).line, f"[seat {p + 1}] must hold each starting land once")
    s.pending = None
    pe = h.get("pending")
    if pe is not None:
        reason, attrs = split_item(pe.value)
        if reason not in ("toll", "battle", "spell"):
            sc.problem(pe.line, f"pending '{reason}' is not one of toll, battle, spell")
        land = parse_int(attrs.get("land", "")) if "land" in attrs else s.dest + 1
        if land is None or not 1 <= land <= 6:
            sc.problem(pe.line, "pending needs the land: pending: toll land=4")
            land = 1
        s.pending = (reason, 1 - mover, land - 1)
    s.battle = None
    if bsec is not None:
        inv = battle_cards.get("invader")
        if inv is None or inv[0] is None:
            sc.problem(bsec.line, "[battle] needs 'invader: name from=hand' (or from=land)")
        else:
            card, attrs, line = inv
            where = attrs.get("from", "hand")
            if where not in ("hand", "land"):
                sc.problem(line, "from= must be hand or land")
            b = [idx[card.name] if card != "dead" else -1, s.dest if where == "land" else -1,
                 -2, -2, 0]
            for k, key in ((2, "invader card"), (3, "defender card")):
                got = battle_cards.get(key)
                if got is not None and got[0] is not None:
                    b[k] = -1 if got[0] == "none" else idx[got[0].name]
            if phase == CHOOSE:
                b[2] = b[3] = -1
            s.battle = b
    decks = []
    for p in (0, 1):
        owned = list(s.deck[p] + s.hand[p] + s.discard[p] + s.tolls[1 - p])
        for i in range(6):
            owned += list(s.lands[p][i]) + list(s.levels[p][i])
            if s.creature[p][i] >= 0:
                owned.append(s.creature[p][i])
        for seat in (0, 1):
            for i in range(6):
                for spells, by in ((s.cspell, s.cspell_by), (s.lspell, s.lspell_by)):
                    if spells[seat][i] >= 0 and by[seat][i] == p:
                        owned.append(spells[seat][i])
        b = s.battle
        if b is not None:
            if p == mover and b[0] >= 0 and b[1] < 0:
                owned.append(b[0])
            k = 2 if p == mover else 3
            if b[k] >= 0:
                owned.append(b[k])
        decks.append(Deck(f"seat {p + 1}", tuple(sorted((cards[c] for c in owned),
                                                        key=lambda c: c.name)), f"seat {p + 1}"))
    s.decks = tuple(decks)
    s.dice = sc.checked_dice(game, "a face of a six-sided die")
    s._legal = None
    if s.current_player() != to_move and h.get("to-move") is not None:
        sc.problem(h.get("to-move").line,  # type: ignore[union-attr]
                   f"in phase {PHASE_NAMES[phase]} seat {s.current_player() + 1} decides")
    return s


def _placed(sc: Scenario, names: CardNames, e: Entry | None, attr: str,
            kind: str) -> tuple[Any, int] | None:
    """A card on a land with one number (``damage=`` for a creature, ``by=`` for a spell)."""
    if e is None or e.value.strip() in ("", "-"):
        return None
    name, attrs = split_item(e.value)
    card = names.find(sc, name, e.line)
    raw = attrs.pop(attr, None)
    for k in attrs:
        sc.problem(e.line, f"unknown data '{k}'; write {attr}=")
    if card is None:
        return None
    if card.kind != kind:
        sc.problem(e.line, f"'{card.name}' is not a {kind} card")
        return None
    if attr == "damage":
        n = parse_int(raw) if raw is not None else 0
        if n is None or not 0 <= n <= 1000:
            sc.problem(e.line, "damage= must be a whole number from 0")
            n = 0
        return card, n
    n = parse_int(raw) if raw is not None else None
    if n not in (1, 2):
        sc.problem(e.line, "a lasting spell names its caster: by=1 or by=2")
        n = 1
    return card, n  # type: ignore[return-value]


def write(state: CuldceptState) -> str:
    s = state
    names = written_names(s)
    extra: list[tuple[str, Any]] = [("mover", s.active + 1), ("first", s.first + 1)]
    if s.die:
        extra.append(("die", s.die))
    if s.pending is not None:
        extra.append(("pending", f"{s.pending[0]} land={s.pending[2] + 1}"))
    lines = header_text(s, PHASE_NAMES[s.phase], extra, s.dice)
    for p in (0, 1):
        lines += ["", f"[seat {p + 1}]",
                  f"hand: {card_list(names[c] for c in s.hand[p])}",
                  f"deck: {card_list(names[c] for c in reversed(s.deck[p]))}",
                  f"discard: {card_list(names[c] for c in s.discard[p])}",
                  f"tolls: {card_list(names[c] for c in s.tolls[p])}"]
        for i, key in enumerate(LAND_KEYS):
            lines.append(f"{key}: {START_LANDS[s.base[p][i]][0]}")
            if s.lands[p][i]:
                lines.append(f"{key} terrain: {card_list(names[c] for c in s.lands[p][i])}")
            if s.levels[p][i]:
                lines.append(f"{key} levels: {card_list(names[c] for c in s.levels[p][i])}")
            if s.creature[p][i] >= 0:
                lines.append(f"{key} creature: {names[s.creature[p][i]]}" + attrs_text(
                    damage=s.damage[p][i] or None))
            if s.cspell[p][i] >= 0:
                lines.append(f"{key} creature spell: {names[s.cspell[p][i]]}"
                             + attrs_text(by=s.cspell_by[p][i] + 1))
            if s.lspell[p][i] >= 0:
                lines.append(f"{key} spell: {names[s.lspell[p][i]]}"
                             + attrs_text(by=s.lspell_by[p][i] + 1))
    b = s.battle
    if b is not None:
        lines += ["", "[battle]"]
        where = "land" if b[1] >= 0 else "hand"
        lines.append(f"invader: {names[b[0]] if b[0] >= 0 else '-'} from={where}")
        for k, key in ((2, "invader card"), (3, "defender card")):
            if b[k] != -2 and s.phase in (BATTLE_INV, BATTLE_DEF):
                lines.append(f"{key}: {names[b[k]] if b[k] >= 0 else 'none'}")
    return "\n".join(lines) + "\n"
