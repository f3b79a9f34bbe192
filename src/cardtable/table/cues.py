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
* ``{"do": "table", "patch": {...}}``: the board as it stood inside the move (Dice and
  Monsters' squares at a round's start), given as public event data to lay over the seat's
  view; ``payload.move_story`` turns it into the table drawn (``"table"``), from the seat's
  view alone, or every seat's alike for a spectator.

A target is ``{"zone": "field.1", "slot": 2}`` (a slot of a drawn zone), ``{"key": name,
"owner": seat}`` (a card by its projection key on its owner's side) or ``{"counter": id}``.

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
def _dreadnought(ev: JSON, memo: JSON) -> list[Cue]:
    kind, who = ev["type"], ev.get("seat")
    if kind == "cast" and ev.get("card"):
        return [{"do": "play", **_card(ev["card"], who)}]
    if kind in ("speed-open", "gear-open") and ev.get("card"):
        return [{"do": "flip", **_card(ev["card"], who)}]
    if kind in ("chain-add", "chain-resolve") and isinstance(ev.get("item"), list) \
            and len(ev["item"]) > 2:
        return [{"do": "focus", **_card(ev["item"][2], ev.get("seat", ev["item"][1]))}]
    if kind == "attack-damage" and _int(ev.get("target_seat")) is not None:
        return [{"do": "hit", **_slot(f"area{ev.get('area', 0)}.{ev['target_seat']}", 0),
                 "amount": ev.get("damage")}]
    if kind == "hp-break" and _int(ev.get("caster")) is not None:
        return [{"do": "hit", "counter": f"hp.{who}.{ev['caster']}", "amount": ev.get("count"),
                 "hp": ev.get("left")}]
    if kind == "unit-gone" and ev.get("card"):
        return [{"do": "gone", **_card(ev["card"], who)}]
    return []


RULES: dict[str, Rule] = {
    "draws-troidal": _draws,
    "dice-and-monsters": _dice_and_monsters,
    "sarasvati": _sarasvati,
    "culdcept": _culdcept,
    "dreadnought": _dreadnought,
}


def event_cues(game_id: str, events: list[JSON]) -> list[list[Cue]]:
    """Per event, what it does to the board (a game without rules: nothing)."""
    rule = RULES.get(game_id)
    memo: JSON = {}
    out = []
    for ev in events:
        try:
            out.append(rule(ev, memo) if rule else [])
        except (KeyError, TypeError, ValueError, IndexError):
            out.append([])  # an event of an unexpected shape only goes untold on the board
    return out


def line_cues(game_id: str, events: list[JSON], view: JSON, seat: int | None, lang: str,
              lines: list[Any]) -> list[list[Cue]]:
    """One list of cues per log line of ``events`` (``lines``, as ``toned_lines`` worded them
    together): each event's cues go with the line that ends its own wording. Where a game's
    sentences word events together (a roll and its change in one line), an event whose own
    line is not found gives its cues to the next line that is."""
    per_event = event_cues(game_id, events)
    out: list[list[Cue]] = [[] for _ in lines]
    if not lines:
        return out
    texts = [line[1] for line in lines]
    at = 0
    pending: list[Cue] = []
    for ev, cues in zip(events, per_event, strict=True):
        pending += cues
        own = sentences.toned_lines(game_id, [ev], view, seat, lang)
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
