"""Reading a state back from JSON, checked: a snapshot is user input like any file.

Every field is checked for its shape (``core.shape``, from the field table) and then its range
before it is used, and the cards are counted:
each seat's cards, wherever they are (deck, hand, discard, the other seat's toll pile, lands,
level cards, creatures, spells, a battle), must be exactly its deck. A snapshot that fails
says which field is wrong, as a ``CardtableError``, and no half-built state escapes.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core.checks import StateError
from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError
from cardtable.core.shape import check_document
from cardtable.games.culdcept.cards import Card, CardTable
from cardtable.games.culdcept.state import PHASE_NAMES

#: the per-seat lists whose entries the rules bound (card numbers, lands, casters)
_SEAT_LISTS = ("deck", "hand", "discard", "tolls", "base", "creature", "damage", "cspell",
               "cspell_by", "lspell", "lspell_by")


def _bad(field: str, why: str) -> CardtableError:
    return StateError(f"culdcept state: '{field}' {why}")


# The shape (which keys, whole numbers, one list a seat) is checked before, from the field
# table (``core.shape.check_document``); what follows are the rules' own ranges and lengths.

def _int(data: dict[str, Any], key: str, lo: int, hi: int) -> int:
    v = data[key]
    if not lo <= v <= hi:
        raise _bad(key, f"must be a whole number from {lo} to {hi}, got {v!r}")
    return v  # type: ignore[no-any-return]


def _ints(v: list[int], field: str, lo: int, hi: int, length: int | None = None) -> list[int]:
    if length is not None and len(v) != length:
        raise _bad(field, f"must be a list of {length}")
    for x in v:
        if not lo <= x <= hi:
            raise _bad(field, f"holds {x!r}, not a whole number from {lo} to {hi}")
    return list(v)


#: the state ``checked_state`` built last: ``Game.check_state`` right after ``state_from_json``
#: has nothing left to check on it (a strong reference, so the identity cannot be reused)
LAST_CHECKED: list[Any] = [(None, 0)]


def checked_state(cls: Any, data: dict[str, Any]) -> Any:
    check_document(cls, data)  # keys, types, one list a seat: the field table's shape
    try:
        raw_cards = data["cards"]
        if not raw_cards:
            raise _bad("cards", "must be a non-empty list of card definitions")
        cards = CardTable(Card.from_json(c) for c in raw_cards)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CardtableError(f"culdcept state: bad card definitions ({exc})") from None
    n = len(cards)
    by_name = {c.name: i for i, c in enumerate(cards)}
    if len(by_name) != n:
        raise _bad("cards", "names a card twice")
    s = cls.__new__(cls)
    s.cards = cards
    try:
        s.options = cls.game.resolve_options(data["options"])
    except CardtableError as exc:
        raise CardtableError(f"culdcept state: {exc}") from None
    decks = data["decks"]
    if len(decks) != 2:
        raise _bad("decks", "must list two decks")
    built = []
    for i, d in enumerate(decks):
        if not isinstance(d.get("cards"), list):
            raise _bad(f"decks[{i}]", "must be an object with a card list")
        unknown = [x for x in d["cards"] if x not in by_name]
        if unknown:
            raise _bad(f"decks[{i}]", f"names a card not in 'cards': {unknown[0]!r}")
        built.append(Deck(str(d.get("name", "")), tuple(cards[by_name[x]] for x in d["cards"]),
                          str(d.get("name_en", ""))))
    s.decks = tuple(built)
    s.seed = _int(data, "seed", -(2**63), 2**64)
    s.rng = _int(data, "rng", 0, 2**64 - 1)
    s.turn_no = _int(data, "turn", 0, 10**6)
    s.active = _int(data, "active", 0, 1)
    s.first = _int(data, "first", 0, 1)
    s.winner_seat = _int(data, "winner", -1, 1)
    s.die = _int(data, "die", 0, 6)
    s.dest = _int(data, "dest", -1, 5)
    s.phase = PHASE_NAMES.index(data["phase"])
    s.reason = data["reason"]
    s.history = _ints(data["history"], "history", 0, cls.game.num_actions - 1)
    s.log = list(data["log"])
    for name in _SEAT_LISTS:
        v = data[name]
        lo = -1 if name in ("creature", "cspell", "cspell_by", "lspell", "lspell_by") else 0
        hi = 10**3 if name == "damage" else 5 if name in ("base", "cspell_by", "lspell_by") \
            else n - 1
        length = None if name in ("deck", "hand", "discard", "tolls") else 6
        setattr(s, name, [_ints(v[seat], f"{name}[{seat}]", lo, hi, length) for seat in (0, 1)])
    from cardtable.games.culdcept.actions import KINDS

    for seat in (0, 1):
        if len(set(s.hand[seat])) > KINDS:
            raise _bad(f"hand[{seat}]", f"holds {len(set(s.hand[seat]))} different cards; the "
                       f"action codes name at most {KINDS} (a hand limit of at most 15 keeps "
                       "real hands below that)")
        if sorted(s.base[seat]) != list(range(6)):
            raise _bad(f"base[{seat}]", "must place each of the six starting lands once")
        if s.hand[seat] != sorted(s.hand[seat]):
            raise _bad(f"hand[{seat}]", "must be sorted")
        for i in range(6):
            for spells, by, what in ((s.cspell, s.cspell_by, "cspell"),
                                     (s.lspell, s.lspell_by, "lspell")):
                if (spells[seat][i] < 0) != (by[seat][i] < 0) or by[seat][i] > 1:
                    raise _bad(f"{what}_by[{seat}][{i}]", "must name the caster (0 or 1) "
                                                         "exactly when a spell is there")
            if s.cspell[seat][i] >= 0 and s.creature[seat][i] < 0:
                raise _bad(f"cspell[{seat}][{i}]", "is on a land without a creature")
    for name in ("lands", "levels"):
        v = data[name]
        rows = []
        for seat in (0, 1):
            if len(v[seat]) != 6:
                raise _bad(f"{name}[{seat}]", "must hold six slots")
            rows.append([tuple(_ints(x, f"{name}[{seat}][{i}]", 0, n - 1))
                         for i, x in enumerate(v[seat])])
        setattr(s, name, rows)
    for seat in (0, 1):
        for i in range(6):
            if len(s.levels[seat][i]) > 3 or list(s.levels[seat][i]) != sorted(s.levels[seat][i]):
                raise _bad(f"levels[{seat}][{i}]", "must be at most three sorted cards")
            if any(cards[x].kind != "land" for x in s.lands[seat][i]):
                raise _bad(f"lands[{seat}][{i}]", "holds a card that is not a land card")
            c = s.creature[seat][i]
            if c >= 0 and cards[c].kind != "creature":
                raise _bad(f"creature[{seat}][{i}]", "is not a creature card")
    battle = data.get("battle")
    if battle is None:
        s.battle = None
    else:
        s.battle = _ints(battle, "battle", -2, max(n - 1, 10**3), 5)
        if not -1 <= s.battle[1] <= 5 or s.battle[0] >= n:
            raise _bad("battle", "names no invader or slot that exists")
    pending = data.get("pending")
    if pending is None:
        s.pending = None
    else:
        if pending[0] not in ("toll", "battle", "spell"):
            raise _bad("pending", "must be [reason, seat, slot]")
        seat, slot = _ints(pending[1:], "pending", 0, 5)
        if seat > 1:
            raise _bad("pending", "names a seat that does not exist")
        s.pending = (pending[0], seat, slot)
    if (s.phase == PHASE_NAMES.index("choose-level")) != (s.pending is not None):
        raise _bad("pending", "must be set exactly while a level card is chosen")
    dice = data.get("dice", [])
    s.dice = _ints(dice, "dice", 1, 6)
    _consistent(s)
    _count(s)
    s._legal = None
    LAST_CHECKED[0] = (s, len(s.history))
    return s


def _consistent(s: Any) -> None:
    """The turn's fields fit the phase: the die and its destination, the battle, the choice."""
    from cardtable.games.culdcept import effects as fx
    from cardtable.games.culdcept.state import (
        BATTLE_DEF,
        BATTLE_INV,
        CHOOSE,
        INVADE,
        OVER,
        SPELL,
        TERRITORY,
    )

    cards, a, o = s.cards, s.active, 1 - s.active
    if s.dest != s.die - 1:
        raise _bad("dest", f"must be the die's land (die {s.die}: dest {s.die - 1})")
    if (s.phase == OVER) != (s.winner_seat >= 0 or bool(s.reason)):
        raise _bad("winner", "and 'reason' are set exactly when the game is over")
    if s.phase != OVER:
        _not_decided(s)
    rolled = s.phase in (INVADE, BATTLE_INV, BATTLE_DEF, TERRITORY) or (
        s.phase == CHOOSE and s.pending is not None and s.pending[0] != "spell")
    if rolled and s.dest < 0:
        raise _bad("die", "must be rolled in this phase")
    if s.phase == SPELL and s.dest >= 0:
        raise _bad("die", "is rolled after the spell phase, not before")
    if s.phase in (INVADE, BATTLE_INV, BATTLE_DEF) and s.creature[o][s.dest] < 0:
        raise _bad("creature", "the opposing land of an invasion must hold a creature")
    battling = s.phase in (BATTLE_INV, BATTLE_DEF) or (
        s.phase == CHOOSE and s.pending is not None and s.pending[0] == "battle")
    if battling != (s.battle is not None) and s.phase != OVER:  # a battle may end the game
        raise _bad("battle", "must be set exactly while a battle runs or waits on its result")
    b = s.battle
    if b is not None and s.phase != OVER:
        if s.phase != CHOOSE and (b[0] < 0 or cards[b[0]].kind != "creature"):
            raise _bad("battle", "names no invading creature")
        if b[1] >= 0 and (b[1] != s.dest or (b[0] >= 0 and s.creature[a][b[1]] != b[0])):
            raise _bad("battle", "an invader from a land must be the destination's creature")
        placed = range(-1, len(cards))  # none, or any card of the table
        want = {BATTLE_INV: ((-2,), (-2,)), BATTLE_DEF: (placed, (-2,)),
                CHOOSE: ((-1,), (-1,))}[s.phase]
        if b[2] not in want[0] or b[3] not in want[1] or b[4] != 0:
            raise _bad("battle", "its battle cards do not fit the phase")
    if s.pending is not None:
        reason, seat, slot = s.pending
        if seat != o or not s.levels[seat][slot] or (reason != "spell" and slot != s.dest):
            raise _bad("pending", "must name the opponent's land with level cards at stake")
    for seat in (0, 1):
        for i in range(6):
            for spell, on in ((s.cspell[seat][i], fx.CREATURE_TARGETS),
                              (s.lspell[seat][i], fx.LAND_TARGETS)):
                if spell >= 0 and (cards[spell].kind != "lasting" or cards[spell].target
                                   not in on):
                    raise _bad("cspell" if on is fx.CREATURE_TARGETS else "lspell",
                               f"'{cards[spell].name}' is no lasting spell for that target")
    _reachable(s)


#: the side a lasting spell's text allows, by its target: the caster's own (True), the other
#: seat's (False); any creature or land: either
_OWN_SIDE = {"own-creature": True, "own-land": True, "opp-creature": False, "opp-land": False}


def _reachable(s: Any) -> None:
    """A position no play can reach is refused, saying which rule rules it out (issue 39 #8):
    a lasting spell on a side its text forbids, damage in the spell phase, a discard step
    with a hand within the limit."""
    from cardtable.games.culdcept.state import DISCARD, SPELL

    cards = s.cards
    for seat in (0, 1):
        for i in range(6):
            for spells, by, what in ((s.cspell, s.cspell_by, "cspell"),
                                     (s.lspell, s.lspell_by, "lspell")):
                spell = spells[seat][i]
                own = _OWN_SIDE.get(cards[spell].target) if spell >= 0 else None
                if own is not None and (by[seat][i] == seat) != own:
                    side = "its caster's own" if own else "the caster's opponent's"
                    raise _bad(f"{what}[{seat}][{i}]", f"holds '{cards[spell].name}', cast by "
                               f"seat {by[seat][i] + 1} on seat {seat + 1}'s land {i + 1}; its "
                               f"text ({cards[spell].effects[0].text}) names {side} only")
    if s.phase == SPELL and any(any(row) for row in s.damage):
        raise _bad("damage", "is on a creature in the spell phase: no damage carries across "
                   "turns and battle damage is reset when the battle ends, and the spell phase "
                   "comes before any spell or battle of the turn")
    if s.phase == DISCARD and len(s.hand[s.active]) <= s.options["hand_limit"]:
        raise _bad("phase", f"is discard, but seat {s.active + 1} holds "
                   f"{len(s.hand[s.active])} cards, within the hand limit "
                   f"{s.options['hand_limit']}: a discard step comes only with a hand above it")


def _not_decided(s: Any) -> None:
    """A running game whose outcome the rules have already decided is refused, saying why:
    play would go on past a win (the engine checks points only as tolls are paid) or with a
    creature that should be gone."""
    from cardtable.games.culdcept.board import max_hp

    win = s.options["points_to_win"]
    for seat in (0, 1):
        if len(s.tolls[seat]) >= win:
            raise _bad(f"tolls[{seat}]", f"gives seat {seat + 1} {len(s.tolls[seat])} toll "
                       f"points, and {win} win (相手から{win}ポイント以上の通行料を獲得する): the "
                       "game is already over, so this is no position to play from")
    for seat in (0, 1):
        for i in range(6):
            c = s.creature[seat][i]
            if c < 0:
                if s.damage[seat][i]:
                    raise _bad(f"damage[{seat}][{i}]", "is on a land without a creature")
                continue
            hp = max_hp(s, seat, i)
            if s.damage[seat][i] >= hp:
                raise _bad(f"damage[{seat}][{i}]", f"is {s.damage[seat][i]} on seat "
                           f"{seat + 1}'s {s.cards[c].name} (land {i + 1}), at or above its HP "
                           f"{hp}: the rules have already destroyed it (HP以上のダメージを受ける"
                           "と破壊される)")
    if s.turn_no > s.options["turn_limit"]:
        raise _bad("turn", f"is {s.turn_no}, past the turn limit {s.options['turn_limit']}: the "
                   "game is already over (toll points decide it)")


def _count(s: Any) -> None:
    """Each seat's cards, wherever they are, must be exactly its deck."""
    held = [Counter(), Counter()]
    for seat in (0, 1):
        for name in ("deck", "hand", "discard"):
            held[seat].update(getattr(s, name)[seat])
        held[1 - seat].update(s.tolls[seat])
        for i in range(6):
            held[seat].update(s.lands[seat][i])
            held[seat].update(s.levels[seat][i])
            if s.creature[seat][i] >= 0:
                held[seat][s.creature[seat][i]] += 1
            for spells, by in ((s.cspell, s.cspell_by), (s.lspell, s.lspell_by)):
                if spells[seat][i] >= 0:
                    held[by[seat][i]][spells[seat][i]] += 1
    b = s.battle
    if b is not None:
        if b[0] >= 0 and b[1] < 0:
            held[s.active][b[0]] += 1
        for k, owner in ((2, s.active), (3, 1 - s.active)):
            if b[k] >= 0:
                held[owner][b[k]] += 1
    idx = {c.name: i for i, c in enumerate(s.cards)}
    for seat in (0, 1):
        want = Counter(idx[c.name] for c in s.decks[seat].cards)
        if held[seat] != want:
            raise StateError(f"culdcept state: seat {seat + 1}'s cards do not add up to its "
                             "deck (a card not accounted for, or one appearing twice)")
