"""The match state: flat lists, ints and tuples, nothing else.

Cards are indices into ``cards`` (the match's distinct card definitions sorted by name,
shared and immutable). Per seat ``p``: ``deck[p]`` (top card last), ``hand[p]`` (kept sorted),
``discard[p]``, ``burst[p]`` with ``bchk[p]`` (1: checked). Per caster ``k = 2p + i``:
``casters[k]`` (card), ``cchk[k]`` (checked) and ``hp[k]`` (its HP cards). ``speed[p]`` is the
speed card or -1, ``sclosed[p]`` 1 while it is a closed gear-change card; ``gear[p]`` 1 once
the seat changed gear this turn; ``out[p]`` 1 when it had to take a card it did not have.

``units`` are ``Unit`` records in the order they were placed, ``mods`` BP changes (``Mod``),
``enchants`` ``Enchant`` records. ``chain`` is the reaction chain, bottom first, of links
(``AbilityLink``, ``CodeLink``, ``SubLink``, ``AttackLink``); ``building`` is such a link whose
target or cost is being chosen, ``attack`` the ``Attack`` being resolved. ``ops`` are the steps
still to run, top last, and ``ask`` the decision waited for (or None): tuples tagged by their
first field, which their handlers unpack. ``used`` lists ability keys used this phase.

Data only: the module imports nothing of the rules (``game.py`` binds them as ``rules``).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.contract import TERMINAL, State
from cardtable.core.fields import Field, slots
from cardtable.core.match_state import LEGAL_FIELD, MatchState, Record, head_fields, plain
from cardtable.games.dreadnought.cards import Card

MULLIGAN, SPEED, DRAW, CAST, FAST, ACTION, END, OVER = range(8)
PHASE_NAMES = ("mulligan", "speed", "draw", "cast", "fast", "action", "end", "over")
#: window kinds (the third field of a ``("win", seat, kind, passes)`` ask)
W_SPEED, W_CAST, W_FAST, W_ACTION, W_REACT = range(5)
WINDOW_NAMES = ("speed", "cast", "fast", "action", "react")
#: the phase each window opens in (a reaction answers a play made in the action phase)
PHASE_OF_WINDOW = {W_SPEED: SPEED, W_CAST: CAST, W_FAST: FAST, W_ACTION: ACTION,
                   W_REACT: ACTION}

#: the JSON's groups after the head (``validate`` reads them back in the same groups)
_SEAT = ("deck", "hand", "discard", "burst", "bchk", "hp")
_FLAT = ("casters", "cchk", "speed", "sclosed", "gear", "out", "mulled")
_TUPLES = ("units", "mods", "enchants", "chain", "ops", "used")
_SCALARS = ("turn_no", "phase", "first", "winner_seat", "reason", "started", "next_uid")
#: every field of the state, once: its slots, ``clone`` and JSON are made from this table
#: (``core/fields.py``); the JSON's own keys follow in this order, after the head and the
#: phase's name and the seat to move. The JSON is read back by ``validate.checked_state``
FIELDS = (
    *head_fields(),
    *(Field(name, key=name, plain=True) for name in ("ask", "building", "attack")),
    *(Field(name, key=name) for name in _SCALARS),
    *(Field(name, "seats", name, rows=4 if name == "hp" else 2) for name in _SEAT),  # hp: a
    # list per caster
    *(Field(name, "list", name, shared=name == "casters") for name in _FLAT),  # casters: set
    # once at the setup
    *(Field(name, "list", name, plain=True) for name in _TUPLES),
    LEGAL_FIELD,
)
STATE_CLASS_NAME = "DreadnoughtState"
READ_FIELDS = False


# -- the records the state keeps ----------
# Records (``core.match_state.Record``): fields in slots, read by name at an index's speed;
# the JSON is each record's fields as a list, ``clone`` copies the lists and shares the
# records (never changed in place), equality is that of the fields' tuple. ``validate``
# builds them again when a state is read from JSON.

class Unit(Record):
    """A unit on the table (ユニット): its number, its seat, its battle area (0 left, 1
    right), its card, 1 when it is checked (チェック状態) and 1 when it is a dummy (ダミー:
    a card cast closed, size S and BP 50)."""

    _fields = ("uid", "seat", "area", "card", "checked", "dummy")
    __slots__ = _fields

    uid: int
    seat: int
    area: int
    card: int
    checked: int
    dummy: int

    def __init__(self, uid: int, seat: int, area: int, card: int, checked: int, dummy: int) -> None:
        self.uid = uid
        self.seat = seat
        self.area = area
        self.card = card
        self.checked = checked
        self.dummy = dummy


class Mod(Record):
    """A BP change in force on unit ``uid``: until the end of the turn (``"turn"``) or of the
    chain (``"chain"``: an awakening's)."""

    _fields = ("uid", "amount", "duration")
    __slots__ = _fields

    uid: int
    amount: int
    duration: str

    def __init__(self, uid: int, amount: int, duration: str) -> None:
        self.uid = uid
        self.amount = amount
        self.duration = duration


class Enchant(Record):
    """An enchantment (エンチャント) on unit ``uid``: its card, the seat that played it, 1 once
    it is open (an enhancement enters closed) and the BP it adds."""

    _fields = ("uid", "card", "owner", "is_open", "amount")
    __slots__ = _fields

    uid: int
    card: int
    owner: int
    is_open: int
    amount: int

    def __init__(self, uid: int, card: int, owner: int, is_open: int, amount: int) -> None:
        self.uid = uid
        self.card = card
        self.owner = owner
        self.is_open = is_open
        self.amount = amount


class Attack(Record):
    """The attack being resolved, waiting for its block: the attacking seat, the seat and
    battle area attacked, and the attack damage (the attackers' BP)."""

    _fields = ("seat", "target_seat", "area", "damage")
    __slots__ = _fields

    seat: int
    target_seat: int
    area: int
    damage: int

    def __init__(self, seat: int, target_seat: int, area: int, damage: int) -> None:
        self.seat = seat
        self.target_seat = target_seat
        self.area = area
        self.damage = damage


class AbilityLink(Record):
    """A chain link (or a play being built) of a card's ability: ``kind`` ``"abil"``, the
    seat, the card, the ability's line, the unit it is on (-1: a caster) and the target
    (``choices.encode_target``; -1 until chosen)."""

    _fields = ("kind", "seat", "card", "line", "src", "target")
    __slots__ = _fields

    kind: str
    seat: int
    card: int
    line: int
    src: int
    target: int

    def __init__(self, kind: str, seat: int, card: int, line: int, src: int, target: int) -> None:
        self.kind = kind
        self.seat = seat
        self.card = card
        self.line = line
        self.src = src
        self.target = target


class CodeLink(Record):
    """A code played (コード): ``kind`` ``"code"``, the seat, the card, the mode played and
    the target (-1 until chosen)."""

    _fields = ("kind", "seat", "card", "mode", "target")
    __slots__ = _fields

    kind: str
    seat: int
    card: int
    mode: int
    target: int

    def __init__(self, kind: str, seat: int, card: int, mode: int, target: int) -> None:
        self.kind = kind
        self.seat = seat
        self.card = card
        self.mode = mode
        self.target = target


class SubLink(Record):
    """A sub effect played on a unit: ``kind`` ``"awk"`` (awakening, 覚醒) or ``"enh"``
    (enhancement, 強化), the seat, the card, the unit's uid and the BP it gives."""

    _fields = ("kind", "seat", "card", "uid", "amount")
    __slots__ = _fields

    kind: str
    seat: int
    card: int
    uid: int
    amount: int

    def __init__(self, kind: str, seat: int, card: int, uid: int, amount: int) -> None:
        self.kind = kind
        self.seat = seat
        self.card = card
        self.uid = uid
        self.amount = amount


class AttackLink(Record):
    """An attack declared (``kind`` ``"atk"``): the seat, the attacking uids, and the seat
    and battle area attacked."""

    _fields = ("kind", "seat", "uids", "target_seat", "area")
    __slots__ = _fields

    kind: str
    seat: int
    uids: tuple[int, ...]
    target_seat: int
    area: int

    def __init__(self, kind: str, seat: int, uids: tuple[int, ...], target_seat: int,
                 area: int) -> None:
        self.kind = kind
        self.seat = seat
        self.uids = uids
        self.target_seat = target_seat
        self.area = area


Link = AbilityLink | CodeLink | SubLink | AttackLink
#: the record of each kind of link
LINKS: dict[str, Any] = {"abil": AbilityLink, "code": CodeLink, "awk": SubLink, "enh": SubLink,
                         "atk": AttackLink}


def link_of(x: tuple[Any, ...]) -> Any:
    """The link record of a tuple (read from JSON or a view); a tuple of no kind or of the
    wrong length stays as it is, for the checks to refuse with a reason."""
    record = LINKS.get(x[0]) if x and isinstance(x[0], str) else None
    if record is None or len(x) != len(record._fields):
        return x
    return record._make(x)


def _record(record: Any, x: Any) -> Any:
    return record._make(x) if isinstance(x, tuple) and len(x) == len(record._fields) else x


def as_records(s: DreadnoughtState) -> None:
    """The records of a state whose fields were read as plain tuples (from JSON by
    ``validate``, or from a scenario's ``[state]``) made again in place, so the state read
    back is the state played, type for type. A tuple of the wrong shape stays as it is, for
    ``validate.check_shapes`` to refuse with a reason."""
    s.units = [_record(Unit, u) for u in s.units]
    s.mods = [_record(Mod, m) for m in s.mods]
    s.enchants = [_record(Enchant, e) for e in s.enchants]
    s.chain = [link_of(x) if isinstance(x, tuple) else x for x in s.chain]
    if isinstance(s.building, tuple):
        s.building = link_of(s.building)
    s.attack = _record(Attack, s.attack)
    s.ops = [step_of(x) if isinstance(x, tuple) else x for x in s.ops]


def step_of(x: tuple[Any, ...]) -> tuple[Any, ...]:
    """A step of ``ops`` read back from JSON: the attack an ``atk_res`` step resolves is an
    ``AttackLink`` again (every other step holds plain values)."""
    if len(x) == 2 and x[0] == "atk_res" and isinstance(x[1], tuple) and x[1]:
        return ("atk_res", link_of(x[1]))
    return x


class DreadnoughtState(MatchState):
    over = OVER

    __slots__ = slots(FIELDS)

    cards: tuple[Card, ...]
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    burst: list[list[int]]
    bchk: list[list[int]]
    hp: list[list[int]]
    casters: list[int]
    cchk: list[int]
    speed: list[int]
    sclosed: list[int]
    gear: list[int]
    out: list[int]
    mulled: list[int]
    units: list[Unit]
    mods: list[Mod]
    enchants: list[Enchant]
    chain: list[Link]
    ops: list[tuple[Any, ...]]
    used: list[int]
    ask: tuple[Any, ...] | None
    building: Link | None
    attack: Attack | None
    first: int
    started: int
    next_uid: int

    # -- contract: turn and end ----------
    def current_player(self) -> int:
        ask = self.ask
        return TERMINAL if ask is None else ask[1]

    def pending_decision(self) -> dict[str, Any] | None:
        """The ``ask`` by name: ``kind`` is ``window`` (with ``window``: speed, cast, fast,
        action or react, and ``passes`` before it, 0 or 1), ``mulligan``, ``block``, ``pay``
        (``log`` still to pay), ``discard``, ``search`` (``of``: unit, code or card),
        ``hp-card`` (``for``: hand, burst or speed) or ``target`` (``for``: play or trigger,
        a trigger's ``card``); ``phase`` is the phase's name."""
        ask = self.ask
        if ask is None:
            return None
        kind = {"win": "window", "mull": "mulligan", "hp": "hp-card"}.get(ask[0], ask[0])
        out: dict[str, Any] = {"player": ask[1], "kind": kind, "phase": PHASE_NAMES[self.phase]}
        if ask[0] == "win":
            out.update(window=WINDOW_NAMES[ask[2]], passes=ask[3])
        elif ask[0] == "pay":
            out["log"] = ask[2]
        elif ask[0] == "search":
            out["of"] = ask[2]
        elif ask[0] == "hp":
            out["for"] = ask[2]
        elif ask[0] == "target":
            out["for"] = "trigger" if ask[2] == "trig" else "play"
            if ask[2] == "trig":
                out["card"] = self.cards[ask[3]].name
        return out

    # -- contract: information ----------
    def reveals_to(self, before: State, player: int) -> bool:
        """An HP card taken shows its face to its owner. HP piles are drawn as a caster's
        number, not as a zone of cards, so undo's generic card check cannot see them."""
        assert isinstance(before, DreadnoughtState)
        return any(len(self.hp[2 * player + k]) < len(before.hp[2 * player + k]) for k in (0, 1))

    # -- contract: copies ----------
    # -- made from FIELDS by `python -m cardtable.core.fields MODULE`: do not edit --
    def clone(self) -> DreadnoughtState:
        c = DreadnoughtState.__new__(DreadnoughtState)
        c.seed = self.seed
        c.options = self.options
        c.decks = self.decks
        c.history = self.history[:]
        c.log = self.log[:]
        c.cards = self.cards
        c.rng = self.rng
        c.ask = self.ask
        c.building = self.building
        c.attack = self.attack
        c.turn_no = self.turn_no
        c.phase = self.phase
        c.first = self.first
        c.winner_seat = self.winner_seat
        c.reason = self.reason
        c.started = self.started
        c.next_uid = self.next_uid
        deck = self.deck
        c.deck = [deck[0][:], deck[1][:]]
        hand = self.hand
        c.hand = [hand[0][:], hand[1][:]]
        discard = self.discard
        c.discard = [discard[0][:], discard[1][:]]
        burst = self.burst
        c.burst = [burst[0][:], burst[1][:]]
        bchk = self.bchk
        c.bchk = [bchk[0][:], bchk[1][:]]
        hp = self.hp
        c.hp = [hp[0][:], hp[1][:], hp[2][:], hp[3][:]]
        c.casters = self.casters
        c.cchk = self.cchk[:]
        c.speed = self.speed[:]
        c.sclosed = self.sclosed[:]
        c.gear = self.gear[:]
        c.out = self.out[:]
        c.mulled = self.mulled[:]
        c.units = self.units[:]
        c.mods = self.mods[:]
        c.enchants = self.enchants[:]
        c.chain = self.chain[:]
        c.ops = self.ops[:]
        c.used = self.used[:]
        c._legal = self._legal
        return c

    def write_fields(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` (the JSON head) with this state's own fields added, in the
        order of the table (digests hash the text, so the order is the format)."""
        data.update({"ask": plain(self.ask), "building": plain(self.building),
                     "attack": plain(self.attack), "turn_no": self.turn_no, "phase": self.phase,
                     "first": self.first, "winner_seat": self.winner_seat, "reason": self.reason,
                     "started": self.started, "next_uid": self.next_uid,
                     "deck": [list(x) for x in self.deck], "hand": [list(x) for x in self.hand],
                     "discard": [list(x) for x in self.discard],
                     "burst": [list(x) for x in self.burst], "bchk": [list(x) for x in self.bchk],
                     "hp": [list(x) for x in self.hp], "casters": list(self.casters),
                     "cchk": list(self.cchk), "speed": list(self.speed),
                     "sclosed": list(self.sclosed), "gear": list(self.gear), "out": list(self.out),
                     "mulled": list(self.mulled), "units": plain(self.units),
                     "mods": plain(self.mods), "enchants": plain(self.enchants),
                     "chain": plain(self.chain), "ops": plain(self.ops), "used": plain(self.used)})
        return data
    # -- end of the generated part --

    def to_json(self) -> dict[str, Any]:
        data = self.json_head()
        data["phase_name"] = PHASE_NAMES[self.phase]
        data["to_move"] = self.current_player()
        return self.write_fields(data)
