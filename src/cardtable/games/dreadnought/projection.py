"""ドレッドノート drawn as a table: each side's two battle areas (the caster with its HP left,
then up to two units with size, BP, checked marks and enchantments), the speed card, bursts
(normal or checked), hand, deck and discard pile, and the reaction chain between the sides.

Closed cards stay closed as the view has them: the opponent's hand, dummies, gear-change card and
face-down enchantments are backs, and bursts are backs for both seats (nobody looked at them).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cardtable.core.projection import Card, Counter, Stat, Table, Zone, back, card_text
from cardtable.core.words import worded, words
from cardtable.games.dreadnought.cards import GRADES, SIZE_NAMES
from cardtable.games.dreadnought.game import GAME

_T: dict[str, tuple[str, str]] = words(__file__, "projection.T")
_PHASE_KEY = {"speed": "speed-phase"}

JSON = dict[str, Any]


_t = partial(worded, _T)


def _name(d: JSON, lang: str) -> str:
    return str(d["name"] if lang == "ja" else d["name_en"] or d["name"])


def _card(cards: list[JSON], c: int, lang: str) -> Card:
    """A card face up with the numbers its kind prints: log and SP, size and BP for a unit."""
    d = cards[c]
    stats: list[Stat] = []
    if d["kind"] == "caster":
        stats.append(Stat("HP", str(d["hp"]), "defense"))
    else:
        stats += [Stat(_t("log", lang), str(d["log"]), "cost"), Stat("SP", GRADES[d["sp"]])]
    if d["kind"] == "unit":
        stats += [Stat(_t("size", lang), SIZE_NAMES[d["size"]]), Stat("BP", str(d["bp"]), "attack")]
    clusters = d.get("clusters") or [""]
    return Card(name=_name(d, lang), key=d["name"], kind=str(d["kind"]),
                colour=str(clusters[0]), stats=stats, text=card_text(GAME, d, lang))


def _caster(cards: list[JSON], side: JSON, a: int, lang: str, mulligan: bool) -> Card:
    if side["casters"][a] < 0:  # the opponent's, closed until both mulligans are done
        return back()
    card = _card(cards, side["casters"][a], lang)
    printed = cards[side["casters"][a]]["hp"]
    # HP is set as the game starts: at the mulligan the card shows what it will be (as the
    # HP counters do), not the 0 it holds until then
    now = printed if mulligan else side["hp"][a]
    card.stats = [Stat("HP", f"{now}/{printed}", "defense")]
    if side["checked"][a]:
        card.markers.append(_t("checked", lang))
    return card


def _unit(view: JSON, u: list[Any], lang: str) -> Card:
    """A unit: face up with its BP now, or a back for the opponent's dummy (its size S and its
    BP, dummy BP 50 with any public change, are all the rules show of it)."""
    uid, _seat, _area, c, checked, dummy, bp = u
    cards = view["cards"]
    if c < 0:
        card = back([Stat(_t("size", lang), "S"), Stat("BP", str(bp), "attack")])
    else:
        card = _card(cards, c, lang)
        size = "S" if dummy else SIZE_NAMES.get(cards[c].get("size", 0), "")
        card.stats = [Stat(_t("size", lang), size), Stat("BP", str(bp), "attack")]
    if dummy:
        card.markers.append(_t("dummy", lang) if c < 0 else
                            f"{_t('dummy', lang)} ({_t('closed', lang)})")
    if checked:
        card.markers.append(_t("checked", lang))
    for duration in ("turn", "chain"):
        n = sum(m[1] for m in view["mods"] if m[0] == uid and m[2] == duration)
        if n:
            card.markers.append(_t(f"mod_{duration}", lang, n=n))
    for e in view["enchants"]:
        if e[0] != uid:
            continue
        if e[2] < 0:
            card.markers.append(_t("enchant_closed", lang))
        else:
            mark = _t("enchant", lang, name=_name(cards[e[2]], lang), n=e[4])
            card.markers.append(mark if e[3] else f"{mark} ({_t('closed', lang)})")
    return card


def _speed(view: JSON, side: JSON, lang: str) -> list[Card | None]:
    """The one place of the speed card (a slot, so a table shows it, not a pile's count)."""
    if side["speed"] < 0:
        return [back()] if side["speed_closed"] else [None]
    card = _card(view["cards"], side["speed"], lang)
    card.stats = [Stat("SP", GRADES[view["cards"][side["speed"]]["sp"]])]
    if side["speed_closed"]:
        card.markers.append(_t("closed", lang))
    return [card]


def _chain_item(view: JSON, item: list[Any], lang: str) -> Card:
    """A link of the chain: an attack (its units and target), or the card played, closed for
    an enhancement the viewer did not play; marked with its player and what it does."""
    kind, seat = item[0], item[1]
    who = _t("player", lang, n=seat + 1)
    if kind == "atk":
        area = _t("left" if item[4] == 0 else "right", lang)
        return Card(name=_t("attack", lang), kind="attack",
                    stats=[Stat(_t("units", lang), str(len(item[2])))],
                    markers=[who, _t("to_area", lang, n=item[3] + 1, area=area)])
    if item[2] < 0:  # a closed enhancement
        card = back()
    else:
        card = _card(view["cards"], item[2], lang)
        card.stats = []
    if kind == "code":
        what = _t("code", lang, mode="①②"[item[3]])
    elif kind == "awk":
        what = _t("awk", lang, n=item[4])
    else:  # an ability or an enhancement
        what = _t(kind, lang)
    card.markers = [who, what]
    return card


def card_face(card: dict[str, Any], lang: str = "en") -> Card:
    """One card by itself, face up, as the table draws it in a hand (its printed numbers, not a
    position's): what a printed sheet or the workbench's preview draws."""
    return _card([card], 0, lang)


def project(view: JSON, lang: str = "en") -> Table:
    me = view["player"]
    opp = 1 - me
    cards = view["cards"]
    sides = {me: view["you"], opp: view["opponent"]}
    zones: list[Zone] = []
    counters: list[Counter] = []
    # the opponent's piles on top, then its areas; the chain between; the seat's own below
    for seat, area_row, pile_row in ((opp, 1, 0), (me, 3, 4)):
        side = sides[seat]
        for a in (0, 1):
            units = [u for u in view["units"] if u[1] == seat and u[2] == a]
            slots: list[Card | None] = [_caster(cards, side, a, lang, view["phase"] == "mulligan"),
                                        *(_unit(view, u, lang) for u in units)]
            slots += [None] * (3 - len(slots))
            zones.append(Zone(f"area{a}.{seat}", _t(f"area{a}", lang), seat, area_row, 3 * a, 3,
                              slots=True, cards=slots,
                              slot_labels=[_t("caster", lang), _t("unit", lang, n=1),
                                           _t("unit", lang, n=2)]))
            k = side["casters"][a]
            caster = cards[k] if k >= 0 else None  # closed: no name, no printed HP yet
            hp: int | str = side["hp"][a]
            if view["phase"] == "mulligan":  # HP is set as the game starts: show what it will be
                hp = caster["hp"] if caster else "?"
            counters.append(Counter(
                f"hp.{seat}.{a}",
                _t("hp", lang, name=_name(caster, lang) if caster else _t("caster", lang)),
                seat, hp, caster["hp"] if caster else None))
        hand = ([_card(cards, c, lang) for c in side["hand"]] if seat == me
                else [back() for _ in range(side["hand_count"])])
        bursts = [back() for _ in side["bursts"]]
        for card, chk in zip(bursts, side["bursts"], strict=True):
            card.markers.append(_t("checked" if chk else "normal", lang))
        zones += [
            Zone(f"hand.{seat}", _t("hand", lang), seat, pile_row, 0, 2, cards=hand,
                 kind="hand"),
            Zone(f"speed.{seat}", _t("speed", lang), seat, pile_row, 2, 1,
                 cards=_speed(view, side, lang), slots=True, slot_labels=[""], kind="side"),
            Zone(f"bursts.{seat}", _t("bursts", lang), seat, pile_row, 3, 1, cards=bursts),
            Zone(f"deck.{seat}", _t("deck", lang), seat, pile_row, 4, 1, count=side["deck"]),
            Zone(f"discard.{seat}", _t("discard", lang), seat, pile_row, 5, 1,
                 cards=[_card(cards, c, lang) for c in side["discard"]]),
        ]
    if view["chain"]:
        zones.append(Zone("chain", _t("chain", lang), None, 2, 0, 6, kind="open",
                          cards=[_chain_item(view, i, lang) for i in view["chain"]]))
    notes = [_t("first", lang, n=view["first"] + 1)]
    attack = view["attack"]
    if attack:
        notes.append(_t("blocking", lang, damage=attack[3], n=attack[1] + 1,
                        area=_t("left" if attack[2] == 0 else "right", lang)))
    phase = view["phase"]
    key = _PHASE_KEY.get(phase, phase)
    return Table(game=view["game"], seat=me, phase=_t(key, lang) if key in _T else phase,
                 turn=view["turn"], to_move=view["to_move"], zones=zones, counters=counters,
                 notes=notes)
