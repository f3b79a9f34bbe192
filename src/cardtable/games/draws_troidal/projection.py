"""DRAWS-◎-TROIDAL drawn as a table: five lanes a side, hands, decks, trash and life."""

from __future__ import annotations

import copy
from functools import partial
from typing import Any

from cardtable.core.projecting import face_of
from cardtable.core.projection import Card, Counter, Stat, Table, Zone, back, card_text
from cardtable.core.words import worded, words
from cardtable.games.draws_troidal.game import GAME

LANES = ("A", "B", "C", "D", "E")
ATTR_JA = {"fire": "火", "water": "水", "wood": "木", "earth": "土", "metal": "金", "light": "光",
           "dark": "闇", "none": "無"}

_T: dict[str, tuple[str, str]] = words(__file__, "projection.T")


_t = partial(worded, _T)


#: per (card name, language): the definition last drawn and its card, shared by the tables
#: drawn after it (a table shows the same cards move after move; cards are not changed once
#: drawn: a lane's card is a copy with its own numbers)
_DRAWN: dict[tuple[str, str], tuple[dict[str, Any], Card]] = {}


def _card(defs: dict[str, dict[str, Any]], name: str, lang: str) -> Card:
    """The card ``name`` as the table draws it, drawn once per definition and language."""
    d = defs.get(name, {})
    known = _DRAWN.get((name, lang))
    if known is not None and known[0] == d:
        return known[1]
    card = _draw(defs, name, lang)
    if len(_DRAWN) >= 4096:
        _DRAWN.clear()
    _DRAWN[(name, lang)] = (copy.deepcopy(d), card)
    return card


def _draw(defs: dict[str, dict[str, Any]], name: str, lang: str) -> Card:
    d = defs.get(name, {})
    power = d.get("power")
    attr = str(d.get("attribute", ""))
    shown = name if lang == "ja" or not d.get("name_en") else d["name_en"]
    return Card(name=shown, key=name, colour=attr,
                stats=[Stat(_t("attr", lang), ATTR_JA.get(attr, attr) if lang == "ja" else attr,
                            "attribute"),
                       Stat(_t("power", lang), "-" if power is None else str(power), "attack"),
                       Stat(_t("risk", lang), str(d.get("risk", ""))),
                       Stat(_t("guard", lang), str(d.get("guard", "")), "defense")],
                text=card_text(GAME, d, lang) if d else name)


#: per lane as drawn (the card, its guard and wins, new or not, or a back with its power):
#: the card drawn for it, with the card it was drawn from; ten lanes a table, mostly as they
#: were the move before (shared like ``_DRAWN``'s cards, and like them never changed)
_LANED: dict[tuple[Any, ...], tuple[Card | None, Card]] = {}


def _lane(lane: dict[str, Any], defs: dict[str, dict[str, Any]], limit: int, lang: str
          ) -> Card | None:
    if lane.get("empty"):
        return None
    if lane.get("hidden"):
        power = lane.get("power")
        shown = "-" if power is None else str(power)
        hidden = _LANED.get((lang, shown))
        if hidden is None:
            hidden = _LANED[(lang, shown)] = (None, back([Stat(_t("power", lang), shown,
                                                                "attack")]))
        return hidden[1]
    card = _card(defs, lane["card"], lang)
    max_guard = defs.get(lane["card"], {}).get("guard", 0)
    guard, wins = f"{lane.get('guard', 0)}/{max_guard}", f"{lane.get('wins', 0)}/{limit}"
    fresh = bool(lane.get("fresh"))
    key = (lane["card"], lang, guard, wins, fresh)
    known = _LANED.get(key)
    if known is not None and known[0] is card:
        return known[1]
    drawn = Card(name=card.name, key=card.key, colour=card.colour, text=card.text, stats=[
        *card.stats[:3], Stat(_t("guard", lang), guard, "defense"), Stat(_t("wins", lang), wins)],
        markers=[*card.markers, _t("new", lang)] if fresh else list(card.markers))
    if len(_LANED) >= 4096:
        _LANED.clear()
    _LANED[key] = (card, drawn)
    return drawn


card_face = face_of(_draw)  # a card of its own, for a sheet or the workbench to use


def project(view: dict[str, Any], lang: str = "en") -> Table:
    me = view["player"]
    opp = 1 - me
    defs = {c["name"]: c for c in view.get("cards", [])}
    limit = view.get("options", {}).get("win_limit", 5)
    you, them = view["you"], view["opponent"]
    phase = view["phase"]

    def side(seat: int, data: dict[str, Any], field_row: int, pile_row: int) -> list[Zone]:
        own = seat == me
        hand = ([_card(defs, n, lang) for n in data["hand"]] if own
                else [back() for _ in range(data["hand_count"])])
        zones = [
            Zone(f"field.{seat}", _t("field", lang), seat, field_row, 0, 3, slots=True,
                 cards=[_lane(lane, defs, limit, lang) for lane in data["field"]],
                 slot_labels=list(LANES)),
            Zone(f"hand.{seat}", _t("hand", lang), seat, pile_row, 0, 1, cards=hand,
                 kind="hand"),
            Zone(f"deck.{seat}", _t("deck", lang), seat, pile_row, 1, 1,
                 count=data["deck_count"]),
            Zone(f"trash.{seat}", _t("trash", lang), seat, pile_row, 2, 1,
                 cards=[_card(defs, n, lang) for n in data["trash"]]),
        ]
        revealed = ([_card(defs, n, lang) for n in data["revealed"]] if own
                    else [back() for _ in range(data.get("revealed_count", 0))])
        if revealed:
            zones.append(Zone(f"revealed.{seat}", _t("revealed", lang), seat,
                              pile_row + (1 if own else -1), 0, 3, cards=revealed,
                              kind="open", held=True))
        return zones

    zones = side(opp, them, 2, 1) + side(me, you, 3, 4)
    counters = [Counter(f"life.{s}", _t("life", lang), s, view["life"][s],
                        view.get("options", {}).get("life")) for s in (0, 1)]
    notes = []
    if view.get("initiative", -1) >= 0:
        notes.append(_t("initiative", lang, seat=view["initiative"] + 1))
    if them.get("asked") and them.get("answered"):
        notes.append(_t("answered", lang, seat=opp + 1))
    return Table(game=view["game"], seat=me, phase=_t(phase, lang) if phase in _T else phase,
                 turn=view["turn"], to_move=view["to_move"], zones=zones, counters=counters,
                 notes=notes)
