"""カルドセプト drawn as a table: both rows of six lands facing each other area by area, each
land with its controlling creature (ST/HP, damage), level and toll; hands, decks, discard and
toll piles; toll points. The opponent's hand and level cards are backs (only counts show)."""

from __future__ import annotations

from typing import Any

from cardtable.core.projection import Card, Counter, Table, Zone, back, card_text

ELEMENT_EN = {"火": "fire", "水": "water", "地": "earth", "風": "wind", "無": "neutral"}
LAND_EN = {"火山": "Volcano", "草原": "Plains", "湖": "Lake", "森林": "Forest", "都市": "City",
           "廃虚": "Ruins"}
_T: dict[str, tuple[str, str]] = {
    "hand": ("Hand", "手札"), "deck": ("Deck", "デッキ"), "discard": ("Discard pile", "捨札"),
    "tolls": ("Toll pile", "通行料パイル"), "lands": ("Lands", "土地"),
    "points": ("Toll points", "通行料ポイント"), "cost": ("Cost", "コスト"),
    "level": ("Lv", "Lv"), "toll": ("Toll", "通行料"), "damage": ("damage {n}", "ダメージ{n}"),
    "empty": ("no creature", "クリーチャーなし"), "spell": ("spell: {name}", "スペル: {name}"),
    "land_spell": ("land spell: {name}", "土地スペル: {name}"),
    "active": ("Player {seat}'s turn", "プレイヤー{seat}の手番"),
    "die": ("Die {die}: land {dest}", "ダイス{die}：土地{dest}"),
    "spell-phase": ("spell phase", "スペルフェイズ"), "invade": ("invade or pay", "侵略／通行料"),
    "battle-card": ("battle cards", "戦闘カード"),
    "battle-card-defender": ("battle cards (defender)", "戦闘カード（防御側）"),
    "choose-level": ("level card to pay", "レベルカードの支払い"),
    "territory": ("territory phase", "領地フェイズ"), "discard-phase": ("discard", "手札調整"),
    "over": ("game over", "ゲーム終了"),
}
_PHASE_KEY = {"spell": "spell-phase", "discard": "discard-phase"}


def _t(key: str, lang: str, **kw: Any) -> str:
    en, ja = _T[key]
    return (ja if lang == "ja" else en).format(**kw)


def _name(defs: dict[str, dict[str, Any]], name: str, lang: str) -> str:
    d = defs.get(name, {})
    return name if lang == "ja" or not d.get("name_en") else str(d["name_en"])


def _card(defs: dict[str, dict[str, Any]], name: str, lang: str) -> Card:
    d = defs.get(name, {})
    stats = [(_t("cost", lang), str(d.get("cost", "")))] if d.get("kind") != "land" else []
    if d.get("kind") == "creature":
        stats += [("ST", str(d.get("st"))), ("HP", str(d.get("hp")))]
    element = str(d.get("element", ""))
    return Card(name=_name(defs, name, lang), key=name, kind=ELEMENT_EN.get(element, element),
                stats=stats, text=card_text("culdcept", d, lang) if d else name)


def _land(slot: dict[str, Any], defs: dict[str, dict[str, Any]], lang: str) -> Card:
    """A land drawn as one card: its creature if it has one, else the land itself."""
    land = slot["land"] if lang == "ja" else LAND_EN.get(slot["land"], slot["land"])
    element = slot["element"] if lang == "ja" else ELEMENT_EN.get(slot["element"], "")
    if slot["creature"]:
        card = _card(defs, slot["creature"], lang)
    else:
        card = Card(name=f"{land} ({element})", kind=ELEMENT_EN.get(slot["element"], ""),
                    key=slot["land"], text=_t("empty", lang))
    card.stats = [*card.stats, (_t("level", lang), str(slot["level"])),
                  (_t("toll", lang), str(slot["toll"]))]
    card.markers.append(f"{land} ({element})")
    if slot["damage"]:
        card.markers.append(_t("damage", lang, n=slot["damage"]))
    if slot["creature_spell"]:
        card.markers.append(_t("spell", lang, name=_name(defs, slot["creature_spell"][0], lang)))
    if slot["land_spell"]:
        card.markers.append(_t("land_spell", lang, name=_name(defs, slot["land_spell"][0], lang)))
    return card


def project(view: dict[str, Any], lang: str = "en") -> Table:
    me = view["player"]
    opp = 1 - me
    defs = {c["name"]: c for c in view.get("cards", [])}
    sides = {me: view["you"], opp: view["opponent"]}
    zones: list[Zone] = []
    counters: list[Counter] = []
    labels = [str(i) for i in range(1, 7)]
    for seat, land_row, pile_row in ((opp, 1, 0), (me, 2, 3)):
        data = sides[seat]
        zones.append(Zone(f"lands.{seat}", _t("lands", lang), seat, land_row, 0, 6, slots=True,
                          slot_labels=labels,
                          cards=[_land(s, defs, lang) for s in data["slots"]]))
        hand = ([_card(defs, n, lang) for n in data["hand"]] if seat == me
                else [back() for _ in range(data["hand_count"])])
        zones += [
            Zone(f"hand.{seat}", _t("hand", lang), seat, pile_row, 0, 3, cards=hand),
            Zone(f"deck.{seat}", _t("deck", lang), seat, pile_row, 3, 1,
                 count=data["deck_count"]),
            Zone(f"discard.{seat}", _t("discard", lang), seat, pile_row, 4, 1,
                 cards=[_card(defs, n, lang) for n in data["discard"]]),
            Zone(f"tolls.{seat}", _t("tolls", lang), seat, pile_row, 5, 1,
                 cards=[_card(defs, n, lang) for n in data["tolls"]]),
        ]
        counters.append(Counter(f"points.{seat}", _t("points", lang), seat, data["points"],
                                view["options"]["points_to_win"]))
    notes = [_t("active", lang, seat=view["active"] + 1)]
    if view.get("die"):
        notes.append(_t("die", lang, die=view["die"], dest=view["dest"] + 1))
    phase = view["phase"]
    key = _PHASE_KEY.get(phase, phase)
    return Table(game=view["game"], seat=me, phase=_t(key, lang) if key in _T else phase,
                 turn=view["turn"], to_move=view["to_move"], zones=zones, counters=counters,
                 notes=notes)
