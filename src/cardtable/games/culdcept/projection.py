"""カルドセプト drawn as a table: both rows of six lands facing each other area by area, each
land with its controlling creature (ST/HP, damage), level, toll and lasting spells; the battle in
progress between the rows; hands, level cards, decks, discard and toll piles; toll points and
the die. The opponent's hand and level cards are backs (only counts, and which land a level card
lies on, show), and so is a battle card placed face down until it is revealed."""

from __future__ import annotations

from functools import partial
from typing import Any

from cardtable.core.projecting import card_name, face_of, seats
from cardtable.core.projection import Card, Counter, Stat, Table, Zone, back, card_text
from cardtable.core.words import worded, words
from cardtable.games.culdcept.game import GAME

ELEMENT_EN = {"火": "fire", "水": "water", "地": "earth", "風": "wind", "無": "neutral"}
LAND_EN = {"火山": "Volcano", "草原": "Plains", "湖": "Lake", "森林": "Forest", "都市": "City",
           "廃虚": "Ruins"}
_T: dict[str, tuple[str, str]] = words(__file__, "projection.T")
_PHASE_KEY = {"spell": "spell-phase", "discard": "discard-phase"}


_t = partial(worded, _T)



def _card(defs: dict[str, dict[str, Any]], name: str, lang: str) -> Card:
    d = defs.get(name, {})
    stats = [Stat(_t("cost", lang), str(d.get("cost", "")), "cost")] \
        if d.get("kind") != "land" else []
    if d.get("kind") == "creature":
        stats += [Stat("ST", str(d.get("st")), "attack"), Stat("HP", str(d.get("hp")), "defense")]
    element = str(d.get("element", ""))
    return Card(name=card_name(defs, name, lang), key=name, kind=str(d.get("kind", "")),
                colour=ELEMENT_EN.get(element, element),
                stats=stats, text=card_text(GAME, d, lang) if d else name)


def _land(slot: dict[str, Any], defs: dict[str, dict[str, Any]], lang: str,
          here: bool = False) -> Card:
    """A land drawn as one card: its creature if it has one, else the land itself."""
    land = slot["land"] if lang == "ja" else LAND_EN.get(slot["land"], slot["land"])
    element = slot["element"] if lang == "ja" else ELEMENT_EN.get(slot["element"], "")
    if slot["creature"]:
        card = _card(defs, slot["creature"], lang)
    else:
        card = Card(name=f"{land} ({element})", kind="land",
                    colour=ELEMENT_EN.get(slot["element"], ""),
                    key=slot["land"], text=_t("empty", lang))
    card.stats = [*card.stats, Stat(_t("level", lang), str(slot["level"])),
                  Stat(_t("toll", lang), str(slot["toll"]))]
    if slot["creature"]:  # an empty land's card is named after the land already
        card.markers.append(f"{land} ({element})")
    if slot["damage"]:
        card.markers.append(_t("damage", lang, n=slot["damage"]))
    if slot["creature_spell"]:
        name = card_name(defs, slot["creature_spell"][0], lang)
        card.markers.append(_t("spell", lang, name=name))
    if slot["land_spell"]:
        name = card_name(defs, slot["land_spell"][0], lang)
        card.markers.append(_t("land_spell", lang, name=name))
    if here:
        card.markers.append(_t("here", lang))
    return card


def _levels(slots: list[dict[str, Any]], own: bool, defs: dict[str, dict[str, Any]],
            lang: str) -> list[Card | None]:
    """Each land's level cards, marked with the land: the owner's face up, the other's backs
    (a land's level shows how many lie there, never which)."""
    out: list[Card | None] = []
    for i, slot in enumerate(slots):
        where = _t("on_land", lang, n=i + 1)
        if own:
            cards = [_card(defs, n, lang) for n in slot["level_cards"]]
        else:
            cards = [back() for _ in range(slot["level"] - 1)]
        for card in cards:
            card.markers.append(where)
        out += cards
    return out


def _battle(view: dict[str, Any], defs: dict[str, dict[str, Any]], lang: str
            ) -> tuple[Zone, list[str]]:
    """The battle between the rows: the invader and its battle card, then the defender's card
    and the defending land; a card placed face down is a back, one not chosen an empty slot."""
    b = view["battle"]
    active, dest = view["active"], view["dest"]
    defender = 1 - active
    side = view["you"] if defender == view["player"] else view["opponent"]
    invader = _card(defs, b["invader"], lang) if b["invader"] else None
    if invader is not None:
        invader.markers.append(_t("from_hand", lang) if b["from"] < 0
                               else _t("from_land", lang, n=b["from"] + 1))
        if b["invader_damage"]:
            invader.markers.append(_t("damage", lang, n=b["invader_damage"]))
    notes = []
    cards: list[Card | None] = [invader]
    for who, chosen in ((_t("invader", lang), b["invader_card"]),
                        (_t("defender", lang), b["defender_card"])):
        if chosen == "not-chosen":
            cards.append(None)
            notes.append(_t("not_chosen", lang, who=who))
        elif chosen is None:
            cards.append(None)
            notes.append(_t("no_card_note", lang, who=who))
        elif chosen == "face-down":
            cards.append(back())
        else:
            cards.append(_card(defs, chosen, lang))
    cards.append(_land(side["slots"][dest], defs, lang))
    labels = [_t("invader", lang), _t("battle_card", lang), _t("battle_card", lang),
              _t("defender", lang)]
    return Zone("battle", _t("battle", lang, n=dest + 1), None, 2, 1, 4, slots=True,
                cards=cards, slot_labels=labels), notes


card_face = face_of(_card)


#: what a printed starting land says of itself (the seed: placed at random, one on each of a
#: player's lands, at the start)
_START_LINE = ("Starting land: at the start each player places one of each on their lands, "
               "at random.",
               "開始土地: ゲーム開始時、ランダムな方法で自分の領地に1枚ずつ配置する。")


def setup_cards(lang: str = "en") -> tuple[str, list[Card]]:
    """The cards a player needs beside the deck, and the word their back shows: the six
    starting lands (開始土地), which the seed gives a back of their own."""
    from cardtable.games.culdcept.cards import START_LANDS
    from cardtable.games.culdcept.cards import Card as CardDefinition

    out = []
    for name, name_en, element in START_LANDS:
        card = card_face(CardDefinition(name, name_en, "land", element).to_json(), lang)
        card.text += "\n" + _START_LINE[lang == "ja"]
        out.append(card)
    return ("開始土地" if lang == "ja" else "Starting land"), out


def project(view: dict[str, Any], lang: str = "en") -> Table:
    me, opp, defs, sides = seats(view)
    zones: list[Zone] = []
    counters: list[Counter] = []
    labels = [str(i) for i in range(1, 7)]
    here = view["dest"] if view["die"] and view["phase"] != "over" else -1
    # the opponent's piles, then its lands; the battle between the rows; the seat's own below
    for seat, land_row, pile_row in ((opp, 1, 0), (me, 3, 4)):
        data = sides[seat]
        zones.append(Zone(f"lands.{seat}", _t("lands", lang), seat, land_row, 0, 6, slots=True,
                          slot_labels=labels,
                          cards=[_land(s, defs, lang, seat == view["active"] and i == here)
                                 for i, s in enumerate(data["slots"])]))
        hand = ([_card(defs, n, lang) for n in data["hand"]] if seat == me
                else [back() for _ in range(data["hand_count"])])
        zones += [
            Zone(f"hand.{seat}", _t("hand", lang), seat, pile_row, 0, 2, cards=hand,
                 kind="hand"),
            Zone(f"levels.{seat}", _t("levels", lang), seat, pile_row, 2, 1,
                 cards=_levels(data["slots"], seat == me, defs, lang)),
            Zone(f"deck.{seat}", _t("deck", lang), seat, pile_row, 3, 1,
                 count=data["deck_count"]),
            Zone(f"discard.{seat}", _t("discard", lang), seat, pile_row, 4, 1,
                 cards=[_card(defs, n, lang) for n in data["discard"]]),
            Zone(f"tolls.{seat}", _t("tolls", lang), seat, pile_row, 5, 1,
                 cards=[_card(defs, n, lang) for n in data["tolls"]]),
        ]
        counters.append(Counter(f"points.{seat}", _t("points", lang), seat, data["points"],
                                view["options"]["points_to_win"]))
    counters.append(Counter("die", _t("die_counter", lang), None, view["die"] or "–"))
    notes = [_t("active", lang, seat=view["active"] + 1)]
    if view.get("die"):
        notes.append(_t("die", lang, die=view["die"], dest=view["dest"] + 1))
    pending = view.get("pending")
    if pending is not None:
        why = f"why_{pending[0]}"
        notes.append(_t("pending", lang, seat=pending[1] + 1, n=pending[2] + 1,
                        why=_t(why, lang) if why in _T else pending[0]))
    if view["battle"] is not None:
        zone, battle_notes = _battle(view, defs, lang)
        zones.append(zone)
        notes += battle_notes
    phase = view["phase"]
    key = _PHASE_KEY.get(phase, phase)
    return Table(game=view["game"], seat=me, phase=_t(key, lang) if key in _T else phase,
                 turn=view["turn"], to_move=view["to_move"], zones=zones, counters=counters,
                 notes=notes)
