"""DRAWS-◎-TROIDAL's events as sentences, its questions and its how-to-play, in both languages.

Built from events and a view only (``table/sentences.py`` calls it for both front ends): a
battle is told lane by lane with the reason it went as it did, and every card is named in the
reader's language, on its owner's side ("your Crimson Lion", "their Water Spirit").
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cardtable.core.view_cards import cards_of
from cardtable.core.voice import Voice, count, deck_title
from cardtable.core.words import catalog, worded, words

JSON = dict[str, Any]
Line = tuple[str, str]
LANE_NAMES = "ABCDE"
ATTR_JA = {"water": "水", "fire": "火", "metal": "金", "wood": "木", "earth": "土",
           "light": "陽", "dark": "陰", "none": "無"}

#: key -> (English, Japanese)
TEXT: dict[str, tuple[str, str]] = words(__file__, "sentences.TEXT")

RULES: dict[str, tuple[str, str]] = words(__file__, "sentences.RULES")

HOW_TO_PLAY: dict[str, JSON] = catalog(__file__, "sentences.HOW_TO_PLAY")


tx = partial(worded, TEXT)


def _card(cards: dict[str, JSON], name: str) -> JSON:
    return cards.get(name) or {"name": name, "name_en": "", "attribute": "none", "power": None,
                               "risk": 0, "guard": 0}


def card_name(card: JSON, lang: str) -> str:
    """One language at a time: the English name in English, the printed name in Japanese."""
    if lang == "ja" or not card.get("name_en"):
        return str(card["name"])
    return str(card["name_en"])


def attr_text(attribute: str, lang: str) -> str:
    return ATTR_JA.get(attribute, attribute) if lang == "ja" else attribute


def power_text(power: int | None, lang: str) -> str:
    return tx("no_power", lang) if power is None else tx("power", lang, power=power)


def phase_name(phase: str, lang: str) -> str:
    key = f"phase_{phase}"
    return tx(key, lang) if key in TEXT else phase


def question(view: JSON, lang: str) -> str:
    key = f"q_{view['phase']}"
    swaps = view.get("options", {}).get("max_swaps", 2)
    return tx(key, lang, swaps=swaps) if key in TEXT else ""


class _Words:
    """The sentence helpers of one call: the reader, the card table, the win limit."""

    def __init__(self, view: JSON, voice: Voice) -> None:
        self.v = voice
        self.lang = voice.lang
        self.cards = cards_of(view)
        self.limit = view.get("options", {}).get("win_limit", 5)

    def t(self, key: str, seat: Any = None, verb: str = "", **kw: Any) -> str:
        if seat is not None:
            kw = {**self.v.persons(seat, verb, capital=True),
                  "s": "" if self.v.mine(seat) else "s", **kw}
        return tx(key, self.lang, **kw)

    def name(self, n: str) -> str:
        return card_name(_card(self.cards, n), self.lang)

    def owned(self, n: str, seat: int) -> str:
        return self.v.whose(seat) + self.name(n)

    def short(self, n: str) -> str:
        c = _card(self.cards, n)
        return tx("short", self.lang, name=card_name(c, self.lang),
                  attr=attr_text(c["attribute"], self.lang),
                  power=power_text(c["power"], self.lang))

    def names(self, names: list[str]) -> str:
        return self.v.sep().join(self.name(n) for n in names)

    def life(self, life: list[int]) -> str:
        me = self.v.seat if self.v.seat is not None else 0
        return tx("life_pair", self.lang, a=self.v.whom(me), x=life[me],
                  b=self.v.whom(1 - me), y=life[1 - me])


def _battle(ev: JSON, w: _Words) -> list[Line]:
    me = w.v.seat if w.v.seat is not None else 0
    them = 1 - me
    names = ev["cards"]
    defs = [_card(w.cards, n) for n in names]
    lost = ev["lost"]
    owned = [w.owned(names[p], p) for p in (0, 1)]
    lines: list[Line] = [("strong", w.t(
        "bt_head", lane=ev["lane"], a=w.v.whose(me) + w.short(names[me]),
        b=w.v.whose(them) + w.short(names[them])))]
    reason = ev["reason"]
    winner = next((p for p in (0, 1) if not lost[p]), None)
    loser = next((p for p in (0, 1) if lost[p]), None)
    if reason == "powerless":
        why = (w.t("bt_powerless_both") if all(lost) else
               w.t("bt_powerless_one", card=owned[loser if loser is not None else 0]))
    elif reason == "attribute" and winner is not None and loser is not None:
        why = w.t("bt_attribute", win_attr=attr_text(defs[winner]["attribute"], w.lang),
                  lose_attr=attr_text(defs[loser]["attribute"], w.lang), card=owned[winner])
    elif reason == "tie":
        why = w.t("bt_tie", power=defs[0]["power"])
    elif reason == "power" and winner is not None and loser is not None:
        why = w.t("bt_power", high=defs[winner]["power"], low=defs[loser]["power"],
                  card=owned[winner])
    else:
        why = w.t("bt_light-dark") if reason == "light-dark" else reason
    lines.append(("", "  " + why))
    for p in (me, them):
        if not lost[p]:
            continue
        if ev["guarded"][p]:
            lines.append(("note", w.t("bt_guard", card=owned[p])))
        else:
            tone = "bad" if w.v.mine(p) else ("good" if w.v.seat is not None else "")
            lines.append((tone, w.t("bt_trash", p, card=owned[p], damage=ev["damage"][p])))
    lines.append(("", w.t("bt_life", life=w.life(ev["life"]))))
    return lines


def _one(ev: JSON, w: _Words) -> list[Line]:
    kind = ev.get("type")
    seat = ev.get("player")
    mine = w.v.mine(seat)
    if kind == "battle":
        return _battle(ev, w)
    if kind == "set":
        lanes = [LANE_NAMES[i] for i in ev.get("lanes", [])]
        if not lanes:
            return [("dim", w.t("set_none", seat, "set"))]
        if mine and "cards" in ev:
            text = w.v.sep().join(f"{lane} {w.name(n)}"
                                  for lane, n in zip(lanes, ev["cards"], strict=False))
            return [("", w.t("set_own", cards=text))]
        text = w.v.sep().join(f"{lane} {power_text(p, w.lang)}"
                              for lane, p in zip(lanes, ev.get("powers", []), strict=False))
        return [("", w.t("set_other", seat, "set", cards=text))]
    if kind == "open":
        lines: list[Line] = [("strong", w.t("open"))]
        for p in (0, 1):
            if w.v.mine(p):
                continue  # one's own cards were named when they were set
            new = [f"{LANE_NAMES[lane]} {w.short(name)}"
                   for lane, player, name, *_ in ev.get("cards", []) if player == p]
            if new:
                lines.append(("", w.t("open_new", p, cards="; ".join(new))))
        return lines
    if kind == "turn":
        who = ev.get("initiative", -1)
        return [("head", w.t("turn", turn=ev["turn"],
                             whom=w.v.whom(who) if who >= 0 else w.t("nobody")))]
    if kind == "draw":
        if mine and "cards" in ev:
            return [("", w.t("draw_own", count=ev["count"], cards=w.names(ev["cards"])))]
        return [("dim", w.t("draw_other", seat, "draw", count=ev["count"],
                            cards=count(ev["count"], "card")))]
    if kind == "shuffle":
        swaps = w.t("then").join(f"{s[0]}↔{s[1]}" for s in ev.get("swaps", []))
        return [("", w.t("shuffle", seat, "swap", swaps=swaps))]
    if kind == "opening-five":
        if mine and "cards" in ev:
            return [("", w.t("five_own", cards=w.names(ev["cards"])))]
        return [("dim", w.t("five_other", seat, "turn"))]
    if kind == "opening-redo":
        players = ev.get("players", [])
        if not players:
            return [("dim", w.t("redo_none"))]
        return [("", w.t("redo", p, "return", poss="your" if w.v.mine(p) else "their",
                         shuffle=w.v.verb(p, "shuffle"), turn=w.v.verb(p, "turn")))
                for p in players]
    if kind == "initiative":
        return [("", w.t("initiative", ev["player"]))]
    if kind == "win-limit":
        return [("", w.t("win_limit", card=w.owned(ev["card"], seat), lane=ev["lane"],
                         limit=w.limit))]
    if kind == "deck-out":
        return [("bad" if mine else "", w.t("deck_out", seat, "must draw"))]
    if kind == "game-end":
        reason_key = f"reason_{ev.get('reason', '')}"
        reason = tx(reason_key, w.lang) if reason_key in TEXT else str(ev.get("reason", ""))
        life = w.life(ev.get("life", [0, 0]))
        if ev.get("draw") or ev.get("winner") is None:
            return [("strong", w.t("end_draw", reason=reason, life=life))]
        return [("strong", w.t("end_win", ev["winner"], reason=reason, life=life,
                               who=w.v.whom(ev["winner"]) if not w.v.ja
                               else w.v.who(ev["winner"])))]
    if kind == "game-start":
        decks = ev.get("decks")
        if not decks:  # deck names are private unless decklists are open
            return []
        me = w.v.seat if w.v.seat is not None else 0
        return [("dim", w.t("decks", mine=deck_title("draws-troidal", decks[me], w.lang),
                            theirs=deck_title("draws-troidal", decks[1 - me], w.lang)))]
    if kind == "deck":
        if mine and ev.get("name"):
            return [("dim", w.t("deck_own", deck=deck_title("draws-troidal", ev["name"],
                                                             w.lang)))]
        return []
    return []


def lines(events: list[JSON], view: JSON, voice: Voice) -> list[Line]:
    """Each event as zero or more (tone, sentence) lines, from the voice's side."""
    w = _Words(view, voice)
    return [line for ev in events for line in _one(ev, w)]


def event_lines(events: list[JSON], view: JSON, voice: Voice) -> list[list[Line]]:
    """``lines`` event by event: each event is worded on its own, so its lines are the ones
    it has in ``lines`` (``table.sentences.event_lines``)."""
    w = _Words(view, voice)
    return [_one(ev, w) for ev in events]


def menu_path(desc: JSON, label: str, view: JSON, lang: str) -> tuple[str, ...] | None:
    """A field shuffle names only the lanes it changes ("Swap D↔E: D Stone Gatekeeper · E
    Golden Colossus"), so each choice fits one row and the fourteen fit a screen or two."""
    swaps, order = desc.get("swaps"), str(desc.get("order", ""))
    if desc.get("kind") != "arrange" or not swaps or len(order) != 5:
        return None
    ja = lang == "ja"
    names = desc.get("lanes" if ja else "lanes_en") or desc.get("lanes") or {}
    moved = [f"{lane} {names.get(lane, '?')}" for i, lane in enumerate("ABCDE")
             if order[i] != lane]
    pairs = [f"{s[0]}↔{s[1]}" for s in swaps]
    if ja:
        return (f"{'、'.join(pairs)} を入れ替え: {'・'.join(moved)}",)
    return (f"Swap {', then '.join(pairs)}: {' · '.join(moved)}",)
