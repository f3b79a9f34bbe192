"""What each log line does to the board, so a front end can show a move step by step.

The log tells a move in sentences; the board shows the table after it. Between the two, a
player should see the story happen on the table: a die roll, damage rising over the card it
hits, a destroyed card leaving, two lanes' cards meeting. A cue says that much, and no more,
for one event, in terms the page can find on the drawn table without knowing any game:

* ``{"do": "roll", "value": 4}``: a die shows 4;
* ``{"do": "hit", "amount": 20, "hp": 10, ...}``: damage rises over the target (``hp`` left);
* ``{"do": "heal", "amount": 2, ...}``, ``{"do": "gone", ...}``: healed, destroyed or down;
* ``{"do": "play", ...}``, ``{"do": "flip", ...}``, ``{"do": "focus", ...}``: a card put on the
  table, turned face up, or acting (attacking, fighting, resolving a chain link);
* ``{"do": "swap", "zone": "field.0", "a": 2, "b": 3}``: the cards of two slots of a zone
  trade places (DRAWS' field shuffle);
* ``{"do": "table", "patch": {...}}``: the board as it stood inside the move (Dice and
  Monsters' squares at a round's start), given as public event data to lay over the seat's
  view; ``payload.move_story`` turns it into the table drawn (``"table"``), from the seat's
  view alone, or every seat's alike for a spectator.

A target is ``{"zone": "field.1", "slot": 2}`` (a slot of a drawn zone), ``{"key": name,
"owner": seat}`` (a card by its projection key on its owner's side; with ``"in": "area"``
only in zones whose id starts so) or ``{"counter": id}``.

Cues are made from the events a seat is given (``filter_events``/``public_events``), never
from the state: they cannot say more than the log lines beside them. ``line_cues`` pairs them
with the lines of ``sentences.toned_lines``, event by event, by each event's own wording.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.table import sentences

JSON = dict[str, Any]
Cue = JSON
Rule = Callable[[JSON, JSON], list[Cue]]


def _slot(zone: str, slot: Any) -> JSON:
    return {"zone": zone, "slot": int(slot)}


def _card(key: Any, owner: Any) -> JSON:
    return {"key": str(key), "owner": owner if isinstance(owner, int) else None}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


# -- DRAWS-◎-TROIDAL: five lanes a side, opened together, fought A to E ----------
LANES = "ABCDE"


def _draws(ev: JSON, memo: JSON) -> list[Cue]:
    kind = ev["type"]
    if kind == "set":
        return [{"do": "play", **_slot(f"field.{ev['player']}", lane)}
                for lane in ev.get("lanes", [])]
    if kind == "open":
        # the name too: a card that loses this very move is in the trash by the move's end,
        # where the page finds its face
        return [{"do": "flip", **_slot(f"field.{c[1]}", c[0]), "key": str(c[2]), "owner": c[1]}
                for c in ev.get("cards", [])]
    if kind == "shuffle" and isinstance(ev.get("player"), int):
        # each swap of the field shuffle in turn: the two lanes' cards trade places
        return [{"do": "swap", "zone": f"field.{ev['player']}", "a": LANES.index(pair[0]),
                 "b": LANES.index(pair[1])}
                for pair in ev.get("swaps", []) if len(pair) == 2 and set(pair) <= set(LANES)]
    if kind == "battle" and ev.get("lane") in LANES:
        lane = LANES.index(ev["lane"])
        out: list[Cue] = [{"do": "focus", **_slot(f"field.{s}", lane)} for s in (0, 1)]
        for seat, lost in enumerate(ev.get("lost", [])):
            if lost:
                out.append({"do": "gone", **_slot(f"field.{seat}", lane)})
        for seat, dmg in enumerate(ev.get("damage", [])):
            if _int(dmg):
                out.append({"do": "hit", "counter": f"life.{seat}", "amount": dmg,
                            "hp": (ev.get("life") or [None, None])[seat]})
        return out
    return []


# -- Dice and Monsters: units on four squares a side, a battle of rounds ----------
def _unit(unit: Any) -> JSON:
    if isinstance(unit, list) and len(unit) >= 2:
        return _slot(f"field.{unit[0]}", int(unit[1]) - 1)
    return {}


def _dice_and_monsters(ev: JSON, memo: JSON) -> list[Cue]:
    kind = ev["type"]
    if kind == "round" and isinstance(ev.get("board"), list):
        # the squares as the round starts (public: a face-down command shows no name), drawn
        # before its units act, so the battle plays round by round on the board
        return [{"do": "table", "patch": {"field": ev["board"], "comparison": None,
                                          "phase": "battle", "rounds": ev.get("round", 0)}}]
    if kind in ("die", "roll") and _int(ev.get("value")):
        return [{"do": "roll", "value": ev["value"]}]
    if kind in ("turn", "action") and ev.get("unit"):
        return [{"do": "focus", **_unit(ev["unit"])}]
    if kind == "damage" and ev.get("unit"):
        return [{"do": "hit", **_unit(ev["unit"]), "amount": ev.get("amount"), "hp": ev.get("hp")}]
    if kind == "heal" and ev.get("unit"):
        return [{"do": "heal", **_unit(ev["unit"]), "amount": ev.get("amount"), "hp": ev.get("hp")}]
    if kind == "down" and ev.get("unit"):
        return [{"do": "gone", **_unit(ev["unit"])}]
    if kind == "leap" and _int(ev.get("square")):
        return [{"do": "play", **_slot(f"field.{ev['player']}", ev["square"] - 1)}]
    return []


# -- サラスヴァティ: characters by name on their owner's side ----------
def _sarasvati(ev: JSON, memo: JSON) -> list[Cue]:
    kind, who = ev["type"], ev.get("player")
    if kind in ("summon", "equip", "charge", "use") and ev.get("card"):
        return [{"do": "play", **_card(ev["card"], who)}]
    if kind in ("attack", "move") and ev.get("card"):
        return [{"do": "focus", **_card(ev["card"], who)}]
    if kind == "book-opened" and ev.get("card"):
        return [{"do": "flip", **_card(ev["card"], who)}]
    if kind == "battle" and len(ev.get("cards", [])) == 2 and isinstance(who, int):
        return [{"do": "focus", **_card(ev["cards"][0], who)},
                {"do": "hit", **_card(ev["cards"][1], 1 - who), "amount": ev.get("attack")}]
    if kind in ("destroyed", "book-destroyed", "equipment-destroyed") and ev.get("card"):
        return [{"do": "gone", **_card(ev["card"], who)}]
    return []


# -- Culdcept: lands of a board, the die to move, battles on a land ----------
def _culdcept(ev: JSON, memo: JSON) -> list[Cue]:
    kind, who = ev["type"], ev.get("player")
    if kind == "die" and _int(ev.get("value")):
        return [{"do": "roll", "value": ev["value"]}]
    if kind in ("summon", "level-up") and _int(ev.get("slot")) is not None:
        return [{"do": "play", **_slot(f"lands.{who}", ev["slot"])}]
    if kind == "invade" and _int(ev.get("slot")) is not None:
        memo["battle"] = _slot(f"lands.{1 - who}", ev["slot"]) if isinstance(who, int) else {}
        return [{"do": "focus", **memo["battle"]}]
    if kind == "battle-start" and _int(ev.get("slot")) is not None and isinstance(who, int):
        memo["battle"] = _slot(f"lands.{1 - who}", ev["slot"])
        memo["invader"] = who
        return [{"do": "focus", **memo["battle"]}]
    if kind == "attack" and memo.get("battle") and _int(ev.get("damage")) is not None:
        # the defender stands on the land; the invader's own hits land there too
        if who == memo.get("invader"):
            return [{"do": "hit", **memo["battle"], "amount": ev["damage"],
                     "hp": ev.get("hp_left")}]
        return [{"do": "focus", **memo["battle"]}]
    if kind == "damage" and _int(ev.get("slot")) is not None:
        return [{"do": "hit", **_slot(f"lands.{who}", ev["slot"]), "amount": ev.get("amount")}]
    if kind == "destroyed" and _int(ev.get("slot")) is not None:
        return [{"do": "gone", **_slot(f"lands.{who}", ev["slot"])}]
    if kind == "toll" and _int(ev.get("amount")):
        return [{"do": "hit", "counter": f"points.{who}", "amount": ev["amount"]}]
    return []


# -- Dreadnought: casters and units in two areas a side, a chain of links ----------
def _units(memo: JSON) -> dict[int, tuple[Any, Any, Any]]:
    """uid -> (owner, card key or None for a closed dummy, area): the seat's view after the
    move, then the move's own events (a unit cast or gone in it)."""
    if "units" not in memo:
        found: dict[int, tuple[Any, Any, Any]] = {}
        slots: dict[int, int] = {}
        per_area: dict[tuple[Any, Any], int] = {}
        view = memo.get("view") or {}
        cards = view.get("cards") or []
        for u in view.get("units") or []:
            uid, seat, area, c = u[:4]
            known = isinstance(c, int) and 0 <= c < len(cards)
            found[uid] = (seat, cards[c]["name"] if known else None, area)
            per_area[seat, area] = slots[uid] = per_area.get((seat, area), 0) + 1
        memo["slots"] = slots
        for ev in memo.get("events") or []:
            if ev.get("type") in ("cast", "dummy", "unit-gone") and _int(ev.get("uid")) is not None:
                had = found.get(ev["uid"], (None, None, None))
                found[ev["uid"]] = (ev.get("seat", had[0]), had[1] or ev.get("card"),
                                    ev.get("area", had[2]))
        memo["units"] = found
    return memo["units"]


#: the events that put a unit at the end of the table's unit order, or take it off
_PLACED = ("cast", "dummy", "move")


def _order(events: list[JSON], order: list[tuple[int, Any, Any]]) -> list[tuple[int, Any, Any]]:
    """The table's units in order, ``(uid, seat, area)``, after ``events``: a cast, a dummy
    or a move puts its unit last (as the rules append it), a unit gone leaves."""
    out = list(order)
    for ev in events:
        uid = _int(ev.get("uid"))
        kind = ev.get("type")
        if uid is None or kind not in (*_PLACED, "unit-gone"):
            continue
        had = next((u for u in out if u[0] == uid), None)
        out = [u for u in out if u[0] != uid]
        if kind in _PLACED:
            out.append((uid, ev.get("seat", had[1] if had else None),
                        ev.get("area", had[2] if had else None)))
    return out


def _before(memo: JSON) -> dict[int, JSON]:
    """uid -> its slot on the board before the move, worked out from the seat's own events
    of the game so far (``earlier``): where each unit was cast, placed as a dummy or moved to,
    and which left. Only when those events, with the move's own, give exactly the units the
    view after the move shows, area by area, in order; else nothing (a scenario's opening
    units are in no event). It finds a unit the view no longer has and whose card the board
    did not show: the opponent's face-down dummy destroyed by a hit."""
    if "before" not in memo:
        memo["before"] = {}
        earlier = memo.get("earlier")
        if earlier is None:
            return memo["before"]
        order = _order(earlier, [])
        after = [(u[0], u[1], u[2]) for u in (memo.get("view") or {}).get("units") or []]
        if _order(memo.get("events") or [], order) != after:
            return memo["before"]
        per_area: dict[tuple[Any, Any], int] = {}
        for uid, seat, area in order:
            per_area[seat, area] = per_area.get((seat, area), 0) + 1
            if isinstance(seat, int) and isinstance(area, int):
                memo["before"][uid] = _slot(f"area{area}.{seat}", per_area[seat, area])
    return memo["before"]


def _unit_at(uid: Any, memo: JSON) -> JSON | None:
    """A unit on the board by its card in the seat's areas, else (a closed dummy) its slot."""
    if _int(uid) is None:
        return None
    if uid in _before(memo):
        return _before(memo)[uid]  # its slot on the board as it stood, from the seat's events
    seat, key, area = _units(memo).get(uid, (None, None, None))
    slot = (memo.get("slots") or {}).get(uid)
    # where no unit of that side came, went or moved this move, the board before it has the
    # unit in the slot the view after it gives (exact, where two units share a card)
    moved = {ev.get("seat") for ev in memo.get("events") or []
             if ev.get("type") in ("cast", "dummy", "unit-gone", "move")}
    if slot is not None and isinstance(area, int) and seat not in moved:
        return _slot(f"area{area}.{seat}", slot)
    if key and isinstance(seat, int):
        return {**_card(key, seat), "in": "area"}
    if isinstance(seat, int) and isinstance(area, int) and slot is not None:
        return _slot(f"area{area}.{seat}", slot)
    return None


def _dreadnought(ev: JSON, memo: JSON) -> list[Cue]:
    kind, who = ev["type"], ev.get("seat")
    if kind == "cast" and ev.get("card"):
        return [{"do": "play", **_card(ev["card"], who), "in": "area"}]
    if kind in ("speed-open", "gear-open") and ev.get("card"):
        return [{"do": "flip", **_card(ev["card"], who)}]
    if kind == "chain-add" and _int(ev.get("depth")):
        return [{"do": "focus", **_slot("chain", ev["depth"] - 1)}]
    if kind == "chain-resolve" and isinstance(ev.get("item"), list) and _int(ev.get("depth")):
        # link by link: the link rings and leaves the chain; what it names acts
        item, link = ev["item"], _slot("chain", ev["depth"] - 1)
        out: list[Cue] = [{"do": "focus", **link}]
        if item[0] == "atk" and isinstance(item[2], list):
            out += [{"do": "focus", **at} for at in (_unit_at(u, memo) for u in item[2]) if at]
        elif item[0] == "abil" and isinstance(item[2], str):
            out.append({"do": "focus", **_card(item[2], item[1]), "in": "area"})
        return [*out, {"do": "gone", **link}]
    if kind == "attack" and isinstance(ev.get("uids"), list):
        return [{"do": "focus", **at} for at in (_unit_at(u, memo) for u in ev["uids"]) if at]
    if kind == "attack-damage" and _int(ev.get("target_seat")) is not None:
        return [{"do": "hit", **_slot(f"area{ev.get('area', 0)}.{ev['target_seat']}", 0),
                 "amount": ev.get("damage")}]
    if kind == "block" and "uid" in ev:
        at = _unit_at(ev["uid"], memo)
        return [{"do": "hit", **at, "amount": ev.get("damage")}] if at else []
    if kind == "damage":
        # a code's or an ability's damage, rising over the unit it hits
        at = _unit_at(ev.get("uid"), memo)
        return [{"do": "hit", **at, "amount": ev.get("amount")}] if at else []
    if kind in ("bp", "enchant-open", "awaken") and _int(ev.get("amount")):
        at = _unit_at(ev.get("uid"), memo)
        if not at:
            return []
        up = ev["amount"] > 0
        return [{"do": "heal" if up else "hit", **at, "amount": abs(ev["amount"])}]
    if kind == "hp-break" and _int(ev.get("caster")) is not None:
        return [{"do": "hit", "counter": f"hp.{who}.{ev['caster']}", "amount": ev.get("count"),
                 "hp": ev.get("left")}]
    if kind == "unit-gone":
        at = _before(memo).get(ev.get("uid")) if _int(ev.get("uid")) is not None else None
        if at is None:
            at = _unit_at(ev.get("uid"), memo) if not ev.get("card") else \
                {**_card(ev["card"], who), "in": "area"}
        return [{"do": "gone", **at}] if at else []
    return []


#: games whose rule reads the seat's earlier events too (``event_cues``'s ``earlier``)
HISTORY = frozenset({"dreadnought"})

RULES: dict[str, Rule] = {
    "draws-troidal": _draws,
    "dice-and-monsters": _dice_and_monsters,
    "sarasvati": _sarasvati,
    "culdcept": _culdcept,
    "dreadnought": _dreadnought,
}


def event_cues(game_id: str, events: list[JSON], view: JSON | None = None,
               earlier: list[JSON] | None = None) -> list[list[Cue]]:
    """Per event, what it does to the board (a game without rules: nothing). ``view`` is the
    seat's view after the events (which unit a uid is, where a rule needs it); ``earlier``
    the same seat's events of the game before them (``HISTORY``: where a unit stood)."""
    rule = RULES.get(game_id)
    memo: JSON = {"view": view, "events": events, "earlier": earlier}
    out = []
    for ev in events:
        try:
            out.append(rule(ev, memo) if rule else [])
        except (KeyError, TypeError, ValueError, IndexError):
            out.append([])  # an event of an unexpected shape only goes untold on the board
    return out


def line_cues(game_id: str, events: list[JSON], view: JSON, seat: int | None, lang: str,
              lines: list[Any], worded: list[list[Any]] | None = None,
              earlier: list[JSON] | None = None) -> list[list[Cue]]:
    """One list of cues per log line of ``events`` (``lines``, as ``toned_lines`` worded them
    together): each event's cues go with the line that ends its own wording. Where a game's
    sentences word events together (a roll and its change in one line), an event whose own
    line is not found gives its cues to the next line that is. ``worded``: each event's own
    lines (``sentences.event_lines``), when the caller has them already."""
    per_event = event_cues(game_id, events, view, earlier)
    out: list[list[Cue]] = [[] for _ in lines]
    if not lines:
        return out
    texts = [line[1] for line in lines]
    at = 0
    pending: list[Cue] = []
    for i, (ev, cues) in enumerate(zip(events, per_event, strict=True)):
        pending += cues
        own = sentences.toned_lines(game_id, [ev], view, seat, lang) if worded is None \
            else worded[i]
        if not own:
            continue
        last = own[-1][1]
        found = next((k for k in range(at, len(texts)) if texts[k] == last), None)
        if found is None:
            continue
        out[found] += pending
        pending = []
        at = found + 1
    out[-1] += pending
    return out
