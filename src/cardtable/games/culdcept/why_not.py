"""Culdcept: why a card in hand cannot be played now (``core/why_not.py``). A spell is cast in
the spell step before the die; a creature is summoned in the territory step on an empty land
of one's own, or invades; an item is a battle card. Each needs its condition (one land per
element listed, among the lands holding the player's creatures) and its cost, paid in cards
from the top of the deck. Read from the seat's view only."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]

_T = {
    "spell-step": ("a spell is cast in the spell step, before the die",
                   "スペルはダイスの前のスペルステップで使います"),
    "creature-step": ("a creature is summoned in the territory step or invades",
                      "クリーチャーは領地ステップで召喚するか、侵略に使います"),
    "item-step": ("an item is a battle card, placed in a battle",
                  "アイテムは戦闘で使う戦闘カードです"),
    "land-step": ("a land card is placed on your land in the territory step",
                  "土地カードは領地ステップで自分の土地に置きます"),
    "condition": ("needs your creatures on lands of {need}; they stand on {have}",
                  "条件{need}：あなたのクリーチャーがいる土地は{have}"),
    "cost": ("costs {cost} cards from the deck; it holds {deck}",
             "コスト{cost}枚（山札は{deck}枚）"),
    "no-land": ("no empty land of yours to summon it on", "召喚できる空き地がありません"),
    "target": ("no target for it now", "今は対象がありません"),
    "step": ("not while {step}", "{step}の途中です"),
    "nothing": ("nothing", "なし"),
}
_STEPS = {"choose-level": ("choosing a level card", "レベルカードの選択"),
          "discard": ("discarding down to the hand limit", "手札上限までの捨札"),
          "battle-card": ("choosing a battle card", "戦闘カードの選択"),
          "battle-card-defender": ("choosing a battle card", "戦闘カードの選択")}


def _t(key: str, lang: str, **kw: Any) -> str:
    en, ja = _T[key]
    return (ja if lang == "ja" else en).format(**kw)


#: the elements as the English card text names them
_ELEMENTS_EN = {"火": "fire", "水": "water", "地": "earth", "風": "wind", "無": "neutral"}


def _elements(elements: list[str] | str, lang: str) -> str:
    if lang == "ja":
        return "".join(elements)
    return "+".join(_ELEMENTS_EN.get(e, e) for e in elements)


def _held(you: JSON) -> list[str]:
    return [slot["element"] for slot in you["slots"] if slot.get("creature")]


def _meets(have: list[str], need: str) -> bool:
    left = list(have)
    for e in need:
        if e not in left:
            return False
        left.remove(e)
    return True


def _unmet(card: JSON, you: JSON, lang: str) -> str | None:
    """The condition or the cost the card misses, or None."""
    need = card.get("condition") or ""
    have = _held(you)
    if need and not _meets(have, need):
        return _t("condition", lang, need=_elements(need, lang),
                  have=_elements(have, lang) or _t("nothing", lang))
    cost = int(card.get("cost", 0) or 0)
    if cost > int(you.get("deck_count", 0)):
        return _t("cost", lang, cost=cost, deck=you.get("deck_count", 0))
    return None


def reasons(view: JSON, described: list[JSON], lang: str) -> dict[str, str]:
    you = view["you"]
    defs = {c["name"]: c for c in view.get("cards", [])}
    phase = view.get("phase", "")
    out: dict[str, str] = {}
    for name in you["hand"]:
        card = defs.get(name, {})
        kind = str(card.get("kind", ""))
        if phase in _STEPS:
            step = _STEPS[phase]
            out[name] = _t("step", lang, step=step[1 if lang == "ja" else 0])
        elif kind in ("instant", "lasting"):
            out[name] = (_t("spell-step", lang) if phase != "spell"
                         else _unmet(card, you, lang) or _t("target", lang))
        elif kind == "creature":
            if phase not in ("territory", "invade"):
                out[name] = _t("creature-step", lang)
            else:
                out[name] = _unmet(card, you, lang) or _t("no-land", lang)
        elif kind == "item":
            out[name] = _t("item-step", lang)
        elif kind == "land":
            out[name] = _t("land-step", lang) if phase != "territory" else _t("target", lang)
    return out
