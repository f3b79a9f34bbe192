"""Cardguard Dice and Monsters drawn as a table: pools and decks while building, then each
side's four squares (units with HP and status, the command face up or down): empty while the
teams are being chosen, one's own filled once it has chosen (the other's stay empty, hidden
until both have). A ★ unit (one that leaps in) is marked ★."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from cardtable.core.projecting import face_of, seats
from cardtable.core.projection import Card, Counter, Stat, Table, Zone, back, card_text
from cardtable.core.words import worded, words
from cardtable.games.dice_and_monsters.game import GAME

_T: dict[str, tuple[str, str]] = words(__file__, "projection.T")
STAR = "★"
#: a unit's status, as the state it is in
STATUS_EN = {"毒": "poisoned", "スタン": "stunned", "睡眠": "asleep", "魔力封印": "magic-sealed",
             "弱体化": "weakened"}
SQUARES = ("1", "2", "3", "4")
ATTR_EN = {"聖": "holy", "闇": "dark", "混沌": "chaos", "無": "none"}
_STAT = re.compile(r"【(属性|HP|速度):([^】]+)】")
_FEATURES = re.compile(r"【特徴[:：]([^】]*)】")


_t = partial(worded, _T)


def _card(defs: dict[str, dict[str, Any]], name: str, lang: str) -> Card:
    d = defs.get(name, {})
    found = dict(_STAT.findall(str(d.get("text", ""))))
    stats = []
    if "HP" in found:
        stats.append(Stat(_t("hp", lang), found["HP"], "defense"))
    if "速度" in found:
        stats.append(Stat(_t("speed", lang), found["速度"]))
    attr = found.get("属性", "")
    if attr:
        stats.append(Stat(_t("attr", lang), attr if lang == "ja" else ATTR_EN.get(attr, attr),
                          "attribute"))
    shown = name if lang == "ja" or not d.get("name_en") else d["name_en"]
    kind = str(d.get("kind", ""))
    return Card(name=shown, key=name, kind=kind, colour=ATTR_EN.get(attr, kind), stats=stats,
                markers=[STAR] if kind == "unit" and _starred(d) else [],
                text=card_text(GAME, d, lang) if d else name)


def _starred(d: dict[str, Any]) -> bool:
    """A ★ unit: its features (【特徴:…】) hold ★."""
    return any(STAR in f for f in _FEATURES.findall(str(d.get("text", ""))))


def _team(view: dict[str, Any], defs: dict[str, dict[str, Any]], lang: str) -> list[Card | None]:
    """One's own squares while teams are chosen: the team once chosen, its command marked as
    set face down; four empty squares before."""
    team, deck = view["you"].get("team"), view["you"].get("deck", [])
    if not team:
        return [None] * len(SQUARES)
    cards: list[Card | None] = []
    for i in team:
        card = _card(defs, deck[i], lang)
        if card.kind == "command":
            card.markers.append(_t("face-down", lang))
        cards.append(card)
    return cards


def _square(cell: Any, defs: dict[str, dict[str, Any]], lang: str) -> Card | None:
    if not isinstance(cell, dict):
        return None
    if "unit" in cell:
        card = _card(defs, cell["unit"], lang)
        card.stats = [Stat(_t("hp", lang), f"{cell.get('hp')}/{cell.get('max')}", "defense"),
                      *card.stats[1:]]
        card.markers = [str(s) if lang == "ja" else STATUS_EN.get(str(s), str(s))
                        for s in cell.get("status", [])]
        if cell.get("hp", 1) <= 0:
            card.markers.append("KO")
        return card
    state = cell.get("command")  # face-down, set-again, staying or gone
    name = cell.get("card")
    if name is None or state == "face-down":
        return back()
    card = _card(defs, str(name), lang)
    if state is not None:
        card.markers.append(_t(str(state), lang) if state in _T else str(state))
    return card


card_face = face_of(_card)


def project(view: dict[str, Any], lang: str = "en") -> Table:
    me, opp, defs, sides = seats(view)
    zones: list[Zone] = []
    field = view.get("field")
    for seat, field_row, pile_row in ((opp, 1, 0), (me, 2, 3)):
        data = sides[seat]
        if field is not None:
            zones.append(Zone(f"field.{seat}", _t("field", lang), seat, field_row, 0, 2,
                              slots=True, slot_labels=list(SQUARES), kind="slots",
                              cards=[_square(c, defs, lang) for c in field[seat]]))
        elif view["phase"] == "team":
            cards = _team(view, defs, lang) if seat == me else [None] * len(SQUARES)
            zones.append(Zone(f"field.{seat}", _t("field", lang), seat, field_row, 0, 2,
                              slots=True, slot_labels=list(SQUARES), kind="slots", cards=cards))
        if "deck" in data:
            # a deck the seat builds or has built: known card by card to its owner
            zones.append(Zone(f"deck.{seat}", _t("deck", lang), seat, pile_row, 0, 1,
                              cards=[_card(defs, n, lang) for n in data["deck"]], held=True))
            zones.append(Zone(f"leap.{seat}", _t("leap", lang), seat, pile_row, 1, 1,
                              cards=[_card(defs, n, lang) for n in data["leap"]], held=True))
    if view["phase"] == "deck-building":
        # what is left to take: the pool less the cards already in the deck or the leap deck
        left = list(view["pools"][me])
        for n in (*sides[me].get("deck", []), *sides[me].get("leap", [])):
            if n in left:
                left.remove(n)
        zones.append(Zone(f"pool.{me}", _t("pool", lang), me, 4, 0, 2, kind="open",
                          cards=[_card(defs, n, lang) for n in left]))
    counters: list[Counter] = []
    comparison = view.get("comparison")
    if comparison is not None:
        for s in (0, 1):
            counters.append(Counter(f"units.{s}", _t("units", lang), s, comparison["units"][s]))
            # the game's ``taken[p]`` is what p took from the other side: the damage a side
            # has taken is what the other dealt, out of its own starting HP
            counters.append(Counter(f"taken.{s}", _t("taken", lang), s,
                                    comparison["taken"][1 - s], comparison["initial_hp"][s]))
    notes = []
    if view["phase"] == "deck-building" and sides[opp].get("built"):
        notes.append(_t("built", lang, seat=opp + 1))
    if sides[opp].get("answered"):
        notes.append(_t("answered", lang, seat=opp + 1))
    phase = view["phase"]
    return Table(game=view["game"], seat=me, phase=_t(phase, lang) if phase in _T else phase,
                 turn=view.get("rounds", 0), to_move=view["to_move"], zones=zones,
                 counters=counters, notes=notes)
