"""Greedy サラスヴァティTCG policy: charge sensibly, play the curve, attack where it pays.

Every decision is scored from the view alone (the board's current attack and defense come with
it) and the best code wins; ties go to the first legal code, so the policy is deterministic.

* Charge: while the voltage is short of the hand's needs, charge the card least worth keeping
  (one too dear to play soon, else a support or equipment before a character).
* Imagine: evolutions first, then the strongest affordable character (front row while the wall
  is thin), then equipment on the best attacker, then supports that do something now.
* Move: never (moving exhausts a character that could attack or wall).
* Battle: destroy a character without losing the attacker, else hit a book, else trade up.
* Choices: help the own best character, hurt the opponent's best one.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.contract import Game
from cardtable.core.view_cards import card_reader
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.cards import Card

JSON = dict[str, Any]
#: voltage beyond which charging stops unless the hand is large
VOLTAGE_GOAL = 6


_card = card_reader(Card.from_json)


def catalog(view: JSON) -> dict[str, Card]:
    return {c["name"]: _card(c) for c in view["cards"]}


def kinds(hand: list[str]) -> list[str]:
    return list(dict.fromkeys(hand))


def scores(game: Game, view: JSON, legal: list[int]) -> list[float]:
    """The policy's score of every legal code, for the search's prior: the scorer of the phase,
    with ending the phase just above nothing (as ``choose`` prefers it to a move worth 0)."""
    if len(legal) == 1:
        return [0.0]
    cards = catalog(view)
    if view["choice"] is not None:
        pick = _choice(view, legal, cards)
        return [1.0 if c == pick else 0.0 for c in legal]
    scorer = {"charge": _charge, "imagine": _imagine, "battle": _battle}.get(view["phase"])
    if scorer is None:  # move: stay put
        return [1.0 if c == act.END else 0.0 for c in legal]
    return [1e-9 if c == act.END else scorer(view, c, cards) for c in legal]


def choose(game: Game, view: JSON, legal: list[int]) -> int:
    if len(legal) == 1:
        return legal[0]
    cards = catalog(view)
    if view["choice"] is not None:
        return _choice(view, legal, cards)
    phase = view["phase"]
    scorer = {"charge": _charge, "imagine": _imagine, "battle": _battle}.get(phase)
    if scorer is None:  # move: stay put
        return act.END
    best, best_score = act.END, 0.0
    for code in legal:
        if code == act.END:
            continue
        score = scorer(view, code, cards)
        if score > best_score:
            best, best_score = code, score
    return best


def _value(card: Card) -> float:
    return card.cost + (card.attack + card.defense) / 2000


def _charge(view: JSON, code: int, cards: dict[str, Card]) -> float:
    you = view["you"]
    voltage = len(you["voltage"])
    hand = kinds(you["hand"])
    if voltage >= VOLTAGE_GOAL and len(you["hand"]) < 5:
        return 0.0
    card = cards[hand[code - act.CHARGE]]
    too_dear = card.cost > voltage + 3
    kind_rank = {"support": 2.0, "equipment": 1.5, "character": 0.5}.get(card.kind, 0.0)
    if card.evolves_from and not any(
            f and _is_base(cards[f["card"]], card) for f in you["field"]):
        kind_rank += 1.0
    return 1.0 + (5.0 if too_dear else 0.0) + kind_rank + card.cost / 10


def _is_base(card: Card, evo: Card) -> bool:
    base = evo.evolves_from[0]
    if base.startswith("【"):
        return base[1:-1] in card.subs
    return base in (card.name, card.short)


def _best_own(view: JSON) -> int | None:
    field = view["you"]["field"]
    places = [i for i, f in enumerate(field) if f]
    if not places:
        return None
    return max(places, key=lambda i: (field[i]["ready"] and not field[i]["sick"],
                                      field[i]["attack"], -i))


def _imagine(view: JSON, code: int, cards: dict[str, Card]) -> float:
    you = view["you"]
    hand = kinds(you["hand"])
    if act.PLAY <= code < act.USE:
        k, place = divmod(code - act.PLAY, act.PLACES)
        card = cards[hand[k]]
        if card.kind == "equipment":
            best = _best_own(view)
            if place != best or you["field"][place].get("equip"):
                return 0.0
            return 4.0 + (card.attack + card.defense) / 1000 + card.cost / 10
        if card.evolves_from:
            base = you["field"][place]
            return 20.0 + card.attack / 1000 - base["attack"] / 2000
        front = sum(1 for f in you["field"][: act.ROW] if f)
        want_front = front < 3 or card.defense >= card.attack
        row_bonus = 0.5 if (place < act.ROW) == want_front else 0.0
        return 10.0 + _value(card) + row_bonus
    if act.USE <= code < act.REEQUIP:
        return _support(view, cards[hand[code - act.USE]])
    return 0.0  # re-equipping rarely beats holding the voltage


def _support(view: JSON, card: Card) -> float:
    you, opp = view["you"], view["opponent"]
    score = 0.0
    for e in card.effects:
        ops = dict(e.ops)
        if "draw" in ops:
            score += 3.0 * int(ops["draw"])
        hurts = e.scope == fx.CHOOSE_OPP or e.scope == fx.ALL_OPP
        if hurts and any(opp["field"]):
            if "destroy" in ops:
                score += 12.0
            elif "def" in ops or "atk" in ops:
                score += 6.0
            elif any(k == "code" for k, _ in e.ops):
                walls = any(f and f["ready"] for f in opp["field"][: act.ROW])
                score += 6.0 if walls else 0.0
        if e.scope in (fx.CHOOSE_OWN, fx.ALL_OWN):
            attackers = [f for f in you["field"] if f and f["ready"] and not f["sick"]]
            if "atk" in ops and attackers:
                score += 5.0
            elif "def" in ops and any(you["field"]) and int(ops.get("def", 0)) > 0:
                score += 2.0
            elif any(k == "code" for k, _ in e.ops) and any(
                    f and not f["ready"] for f in you["field"]):
                score += 4.0 if "臨戦" in e.text else 0.0
    return score


def _battle(view: JSON, code: int, cards: dict[str, Card]) -> float:
    a, t = divmod(code - act.ATTACK, act.TARGETS)
    me = view["you"]["field"][a]
    mine = cards[me["card"]]
    if t >= act.PLACES:
        state = view["opponent"]["books"][t - act.PLACES]["state"]
        return 15.0 + (1.0 if state == "open" else 0.0)
    them = view["opponent"]["field"][t]
    theirs = cards[them["card"]]
    bonus = max(0, sum(int(v) for e in mine.effects if e.trigger == fx.ATTACK
                       for k, v in e.ops if k == "atk"))
    kills = me["attack"] + bonus >= them["defense"]
    dies = them["ready"] and them["attack"] >= 0 and them["attack"] >= me["defense"]
    if kills and not dies:
        return 20.0 + _value(theirs)
    if kills and dies and _value(theirs) > _value(mine):
        return 5.0 + _value(theirs) - _value(mine)
    return 0.0


def _choice(view: JSON, legal: list[int], cards: dict[str, Card]) -> int:
    ch = view["choice"]
    if ch["kind"] == "keep":
        field = view["you"]["field"]

        def worth(code: int) -> float:
            eq = field[code - act.KEEP]["equip"]
            return _value(cards[eq]) if eq else 0.0
        return max(legal, key=lambda c: (worth(c), -c))
    effect = cards[ch["card"]].effects[ch["item"][2]]
    harmful = any((k in ("atk", "def") and int(v) < 0) or k == "destroy"
                  or (k == "code" and "無防備" in str(v)) for k, v in effect.ops) \
        and not any(k in ("atk", "def") and int(v) > 0 for k, v in effect.ops)
    if effect.scope == fx.CHOOSE_OWN:
        harmful = False
    elif effect.scope == fx.CHOOSE_OPP:
        harmful = True

    def score(code: int) -> tuple[float, int]:
        side, place = divmod(code - act.CHOOSE, act.PLACES)
        own = side == 0
        f = (view["you"] if own else view["opponent"])["field"][place]
        strength = f["attack"] + f["defense"] / 2 + (1000 if f["ready"] else 0)
        if own == harmful:
            return (-strength - 1e6, -code)
        return (strength, -code)
    return max(legal, key=score)
