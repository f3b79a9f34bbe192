"""DRAWS-◎-TROIDAL: why a card in hand cannot be played now (``core/why_not.py``). A hand card
goes to the field only in the field set, into a lane its last card left empty; the field
shuffle moves only what is already on the field. Read from the seat's view only."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]

_T = {
    "shuffle": ("the field shuffle moves only cards on the field; hand cards are set in the field "
                "set",
                "フィールドシャッフルで動かせるのは場のカードだけ。手札はフィールドセットで出します"),
    "full": ("no empty lane: a card is set only where a lane's card has left",
             "空いているレーンがありません（カードが去ったレーンにだけセットできます）"),
    "opening": ("the opening: keep or redraw the five first",
                "オープニング：先に最初の5枚を決めます"),
}


def _t(key: str, lang: str) -> str:
    en, ja = _T[key]
    return ja if lang == "ja" else en


def reasons(view: JSON, described: list[JSON], lang: str) -> dict[str, str]:
    you = view["you"]
    phase = view.get("phase", "")
    if phase == "field-shuffle":
        why = _t("shuffle", lang)
    elif phase == "field-set" and not any(lane.get("empty") for lane in you["field"]):
        why = _t("full", lang)
    elif phase.startswith("opening"):
        why = _t("opening", lang)
    else:
        return {}
    return {name: why for name in you["hand"]}
