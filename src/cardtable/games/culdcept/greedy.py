"""Greedy カルドセプト policy: guard every land, invade only what falls, level what is guarded.

Every decision is scored from the view alone and the best code wins (ties go to the first
legal code, so the policy is deterministic). Battles are judged with the rules' own battle
steps (``battle.outcome``), against a defender or invader strengthened by a typical battle
card, since the other side's card is unseen.

* Spells: kill or send back an opposing creature, level down an opposing guarded land, bless a
  creature without a lasting spell, level up a guarded land, draw when the hand is short.
* Invasion: invade when the battle is won (with the best battle card at hand), or when the
  invader survives anyway at no cost (losing costs the same toll as declining); else pay.
* Battle cards: the least valuable card that turns the battle, else none.
* Territory: play a creature on an empty land (the strongest, its element the land's),
  change the terrain to the guard's element, level up a guarded land with the least useful
  card, pull level cards back from an unguarded land (it pays them to a visiting opponent).
* Level cards and discards: the least valuable card goes.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.contract import Game
from cardtable.core.view_cards import card_reader
from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept import effects as fx
from cardtable.games.culdcept.battle import outcome
from cardtable.games.culdcept.board import meets
from cardtable.games.culdcept.cards import Card

JSON = dict[str, Any]
#: the unseen battle card each side is assumed to add: +20 HP for a defender, +20 ST for an
#: invader that placed a card
GUESS = 20


_card = card_reader(Card.from_json)


def catalog(view: JSON) -> dict[str, Card]:
    return {c["name"]: _card(c) for c in view["cards"]}


def value(card: Card) -> float:
    """How much a card in hand is worth keeping."""
    if card.kind == "creature":
        return 2.0 + (card.st + card.hp) / 10 + (2.0 if card.battle_card else 0.0)
    if card.kind == "item":
        return 4.0
    if card.kind in ("instant", "lasting"):
        return 3.0
    return 1.0


def _kinds(names: list[str]) -> list[str]:
    return list(dict.fromkeys(names))


def _held(view: JSON) -> list[int]:
    return [fx.ELEMENTS.index(s["element"]) for s in view["you"]["slots"] if s["creature"]]


def _usable(card: Card, view: JSON) -> bool:
    return card.cost <= view["you"]["deck_count"] and meets(_held(view), card.condition)


def _spell_of(slot: JSON, cards: dict[str, Card]) -> Card | None:
    sp = slot["creature_spell"]
    return cards[sp[0]] if sp else None


def _hp(slot: JSON, cards: dict[str, Card]) -> int:
    c = cards[slot["creature"]]
    sp = _spell_of(slot, cards)
    return c.hp + (sp.effects[0].value("hp") if sp else 0)


def scores(game: Game, view: JSON, legal: list[int]) -> list[float]:
    """The policy's score of every legal code (higher is better)."""
    if len(legal) == 1:
        return [0.0]
    cards = catalog(view)
    phase = view["phase"]
    scorer = {"spell": _spell, "invade": _invade, "battle-card": _battle_card,
              "battle-card-defender": _battle_card, "territory": _territory,
              "choose-level": _choose_level, "discard": _discard}[phase]
    return [scorer(view, code, cards) for code in legal]


def choose(game: Game, view: JSON, legal: list[int]) -> int:
    if len(legal) == 1:
        return legal[0]
    s = scores(game, view, legal)
    best = max(range(len(legal)), key=lambda i: (s[i], -i))
    return legal[best]


# -- spell phase ----------

def _spell(view: JSON, code: int, cards: dict[str, Card]) -> float:
    if code == act.END:
        return 1.0
    hand = _kinds(view["you"]["hand"])
    if code >= act.CAST_MOVE:
        return 0.0
    k, t = divmod(code - act.CAST, act.TARGETS)
    card = cards[hand[k]]
    if t == act.NO_TARGET:
        n = card.effects[0].value("draw")
        return 2.0 + (5.0 * n if len(view["you"]["hand"]) <= 5 else 0.0)
    own = t < act.SLOTS
    slot = (view["you"] if own else view["opponent"])["slots"][t % act.SLOTS]
    ops = card.ops
    if card.target in fx.CREATURE_TARGETS:
        foe = cards[slot["creature"]]
        if "damage" in ops:
            dmg = card.effects[0].value("damage")
            if own:
                return -10.0
            return 40.0 + value(foe) if slot["damage"] + dmg >= _hp(slot, cards) else 0.0
        if "return" in ops:
            return -10.0 if own else 20.0 + value(foe) + card.cost
        st = sum(e.value("st") for e in card.effects)
        good = st > 0 or "hp" in ops or "first" in ops or any(
            o.startswith("null") for o in ops)
        if own != (st >= 0 and good):
            return -5.0
        if slot["creature_spell"]:
            return 0.5
        return 8.0 + slot["level"]
    if "level" in ops:
        if card.level_delta > 0:
            return (6.0 + 2 * slot["level"]) if own and slot["creature"] else -1.0
        return (10.0 + slot["level"]) if not own and slot["creature"] else -1.0
    if "terrain" in ops:
        if not own or not slot["creature"] or slot["land_spell"]:
            return 0.0
        el = card.effects[0].value("terrain")
        guard = cards[slot["creature"]]
        return 6.0 if guard.element == el and slot["element"] != fx.ELEMENTS[el] else 0.0
    if "toll" in ops:
        return (5.0 + slot["level"]) if own and slot["creature"] and not slot["land_spell"] \
            else 0.0
    return 0.0


# -- invasion ----------

def _items(view: JSON, cards: dict[str, Card]) -> list[Card]:
    return [cards[n] for n in _kinds(view["you"]["hand"])
            if cards[n].battle_card and _usable(cards[n], view)]


def _invade(view: JSON, code: int, cards: dict[str, Card]) -> float:
    you, opp = view["you"], view["opponent"]
    dest = view["dest"]
    target = opp["slots"][dest]
    toll = target["toll"]
    if code == act.PAY_TOLL:
        return 0.0 if you["deck_count"] >= toll else -100.0
    mine = you["slots"][dest]
    if code == act.INVADE_LAND:
        invader, support, spell, damage, cost = cards[mine["creature"]], False, \
            _spell_of(mine, cards), mine["damage"], 0
    else:
        invader = cards[_kinds(you["hand"])[code - act.INVADE_HAND]]
        support, spell, damage, cost = bool(mine["creature"]), None, 0, invader.cost
    defender = cards[target["creature"]]
    field = fx.ELEMENTS.index(target["element"])
    lvl = target["level"]
    def_spell = _spell_of(target, cards)
    best = None
    for item in [None, *_items(view, cards)]:
        if item is not None and item.name == invader.name and code != act.INVADE_LAND:
            continue
        alive, foe_alive, _ = outcome(invader, defender, field, lvl, support, spell, def_spell,
                                      item, None, damage, target["damage"] - GUESS)
        if not foe_alive:
            score = 50.0 + value(defender) + lvl - (value(item) if item else 0.0) - cost
        elif alive:
            score = 0.5 - cost - (value(item) if item else 0.0)
        else:
            score = -value(invader) - 1.0
        best = score if best is None else max(best, score)
    assert best is not None
    if code != act.INVADE_LAND and not mine["creature"] and best > 40:
        best += 5.0  # the invader will stay and guard the destination
    return best


# -- battle cards ----------

def _battle_card(view: JSON, code: int, cards: dict[str, Card]) -> float:
    b = view["battle"]
    you, opp = view["you"], view["opponent"]
    dest = view["dest"]
    defending = view["phase"] == "battle-card-defender"
    card = None if code == act.END else cards[_kinds(you["hand"])[code - act.BATTLE_CARD]]
    if card is not None and (not card.battle_card or not _usable(card, view)):
        return -1.0
    invader = cards[b["invader"]]
    # the invaded land and the invader's own land at the destination: the battle is read the
    # same way from either seat, only the card guessed for the unseen side differs
    mine, theirs = you["slots"][dest], opp["slots"][dest]
    land, home = (mine, theirs) if defending else (theirs, mine)
    defender = cards[land["creature"]]
    field = fx.ELEMENTS.index(land["element"])
    support = b["from"] < 0 and bool(home["creature"])
    inv_spell = _spell_of(home, cards) if b["from"] >= 0 else None
    inv_damage = home["damage"] if b["from"] >= 0 else 0
    keep = -value(card) / 10 if card else 0.0
    if defending:
        guess = GUESS if b["invader_card"] == "face-down" else 0
        bonus = Card("?", "?", "item", fx.NEUTRAL, text=(), effects=(), battle_card=True,
                     battle=(fx.Effect(fx.ALWAYS, -1, fx.NO_TARGET, (("st", guess),)),))
        alive, me_alive, _ = outcome(invader, defender, field, land["level"], support,
                                     inv_spell, _spell_of(land, cards), bonus, card,
                                     inv_damage, land["damage"])
        return (10.0 if me_alive else 0.0) + (5.0 if not alive else 0.0) + keep
    alive, foe_alive, _ = outcome(invader, defender, field, land["level"], support,
                                  inv_spell, _spell_of(land, cards), card, None,
                                  inv_damage, land["damage"] - GUESS)
    return (10.0 if not foe_alive else 0.0) + (3.0 if alive else 0.0) + keep


# -- territory ----------

def _territory(view: JSON, code: int, cards: dict[str, Card]) -> float:
    if code == act.END:
        return 1.0
    you = view["you"]
    slot = you["slots"][view["dest"]]
    hand = _kinds(you["hand"])
    guard = cards[slot["creature"]] if slot["creature"] else None
    land_el = fx.ELEMENTS.index(slot["element"])
    if code < act.LEVEL_DOWN:
        card = cards[hand[code - act.LEVEL_UP]]
        if guard is None:
            return -1.0
        spare = len(you["hand"]) >= 4 or card.kind == "land"
        return (8.0 + 2 * slot["level"] - value(card)) if spare else 0.0
    if code < act.TERRAIN:
        return 6.0 if guard is None else -1.0
    if code < act.SUMMON:
        card = cards[hand[code - act.TERRAIN]]
        if guard is not None and guard.element == card.element and card.element != land_el \
                and guard.element != fx.NEUTRAL:
            return 9.0 + slot["level"]
        return -1.0
    if code < act.EXCHANGE:
        card = cards[hand[code - act.SUMMON]]
        match = 3.0 if card.element == land_el and card.element != fx.NEUTRAL else 0.0
        return 20.0 + (card.st + card.hp) / 10 + match - card.cost
    if code < act.MOVE:
        card = cards[hand[code - act.EXCHANGE]]
        assert guard is not None
        gain = (card.st + card.hp) - (guard.st + guard.hp) - 30
        return gain / 10 if gain > 0 else -1.0
    return 0.0


def _choose_level(view: JSON, code: int, cards: dict[str, Card]) -> float:
    _, _, slot = view["pending"]
    names = _kinds(view["you"]["slots"][slot]["level_cards"])
    return -value(cards[names[code - act.CHOOSE_LEVEL]])


def _discard(view: JSON, code: int, cards: dict[str, Card]) -> float:
    return -value(cards[_kinds(view["you"]["hand"])[code - act.DISCARD]])
