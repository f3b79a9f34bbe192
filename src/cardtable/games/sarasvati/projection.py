"""サラスヴァティTCG drawn as a table: front and back rows of five, forbidden books, voltage,
hand, deck and graveyard; characters show attack/defense and ready or exhausted."""

from __future__ import annotations

from functools import partial
from typing import Any

from cardtable.core.projecting import card_name, face_of, seats
from cardtable.core.projection import Card, Counter, Stat, Table, Zone, back, card_text
from cardtable.core.words import worded, words
from cardtable.games.sarasvati.game import GAME
from cardtable.games.sarasvati.sentences import effect_text

ROW = 5
_T: dict[str, tuple[str, str]] = words(__file__, "projection.T")


_t = partial(worded, _T)



def _card(defs: dict[str, dict[str, Any]], name: str, lang: str) -> Card:
    d = defs.get(name, {})
    stats = [Stat(_t("cost", lang), str(d.get("cost", "")), "cost")]
    if d.get("stats"):
        stats += [Stat(_t("atk", lang), str(d.get("attack")), "attack"),
                  Stat(_t("def", lang), str(d.get("defense")), "defense")]
    kind = str(d.get("kind", ""))
    return Card(name=card_name(defs, name, lang), key=name, kind=kind, colour=kind,
                stats=stats, text=card_text(GAME, d, lang) if d else name)


def _character(slot: dict[str, Any] | None, defs: dict[str, dict[str, Any]], lang: str
               ) -> Card | None:
    if slot is None:
        return None
    card = _card(defs, slot["card"], lang)
    card.stats = [*card.stats[:1], Stat(_t("atk", lang), str(slot["attack"]), "attack"),
                  Stat(_t("def", lang), str(slot["defense"]), "defense")]
    card.markers.append(_t("ready" if slot["ready"] else "exhausted", lang))
    if slot.get("sick"):
        card.markers.append(_t("sick", lang))
    if slot.get("equip"):
        card.markers.append(_t("equip", lang, name=card_name(defs, slot["equip"], lang)))
    return card


def _book(entry: dict[str, Any], defs: dict[str, dict[str, Any]], lang: str) -> Card:
    state = entry.get("state", "face-down")
    card = _card(defs, entry["card"], lang) if "card" in entry else back()
    if state in ("destroyed", "open"):
        card.markers.append(_t(state, lang))
    return card


card_face = face_of(_card)


def project(view: dict[str, Any], lang: str = "en") -> Table:
    me, opp, defs, sides = seats(view)
    zones: list[Zone] = []
    counters: list[Counter] = []
    labels = {"front": [f"F{i}" for i in range(1, ROW + 1)],
              "back": [f"B{i}" for i in range(1, ROW + 1)]}
    # the opponent's back row is farthest from the seat, its own back row nearest
    for seat, rows, pile_row in ((opp, ("back", "front"), 0), (me, ("front", "back"), 5)):
        data = sides[seat]
        first_row = 1 if seat == opp else 3
        for i, row in enumerate(rows):
            lo = 0 if row == "front" else ROW
            zones.append(Zone(f"{row}.{seat}", _t(row, lang), seat, first_row + i, 0, 5,
                              slots=True, slot_labels=labels[row],
                              cards=[_character(s, defs, lang)
                                     for s in data["field"][lo:lo + ROW]]))
        hand = ([_card(defs, n, lang) for n in data["hand"]] if seat == me
                else [back() for _ in range(data["hand_count"])])
        zones += [
            Zone(f"hand.{seat}", _t("hand", lang), seat, pile_row, 0, 1, cards=hand,
                 kind="hand"),
            Zone(f"books.{seat}", _t("books", lang), seat, pile_row, 1, 1, slots=True,
                 kind="side",
                 cards=[_book(b, defs, lang) for b in data["books"]]),
            Zone(f"voltage.{seat}", _t("voltage", lang), seat, pile_row, 2, 1,
                 cards=[_card(defs, n, lang) for n in data["voltage"]]),
            Zone(f"deck.{seat}", _t("deck", lang), seat, pile_row, 3, 1,
                 count=data["deck_count"]),
            Zone(f"grave.{seat}", _t("grave", lang), seat, pile_row, 4, 1,
                 cards=[_card(defs, n, lang) for n in data["grave"]]),
        ]
        total = len(data["voltage"])
        # the books first: they decide the game (a front end's score is the first counter)
        counters.append(Counter(f"books.{seat}", _t("books_left", lang), seat,
                                sum(b.get("state") != "destroyed" for b in data["books"]),
                                len(data["books"])))
        counters.append(Counter(f"voltage.{seat}", _t("free", lang), seat,
                                total - data["tapped"], total))
    notes = [_t("active", lang, seat=view["active"] + 1)]
    choice = view.get("choice")
    if choice is not None:
        key = "choose" if choice["kind"] == "choose" else "keep"
        notes.append(_t(key, lang, card=card_name(defs, choice["card"], lang),
                        text=effect_text(defs, choice["card"], choice.get("text", ""), lang)))
    phase = view["phase"]
    return Table(game=view["game"], seat=me, phase=_t(phase, lang) if phase in _T else phase,
                 turn=view["turn"], to_move=view["to_move"], zones=zones, counters=counters,
                 notes=notes)
