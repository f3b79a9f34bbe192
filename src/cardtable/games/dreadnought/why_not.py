"""Dreadnought: why a card in hand cannot be played now (``core/why_not.py``). A unit is cast in
its owner's cast window, paying its log cost by checking normal casters and bursts, into an
area with room (two units, three sizes); a code's modes each carry their timing (《Speed》
《Cast》 《Fast》 「Ac」 「Re」); in the middle of a play (a target, a payment, a block) nothing
else is played. Read from the seat's view only."""

from __future__ import annotations

import re
from typing import Any

JSON = dict[str, Any]

_T = {
    "step": ("not while {step}", "{step}の途中です"),
    "unit-window": ("a unit is cast in your cast phase",
                    "ユニットは自分のキャストフェイズにキャストします"),
    "log": ("needs log {cost}, only {free} to pay with (normal casters and bursts)",
            "ログ{cost}が必要（支払えるのは{free}：ノーマルのキャスターとバースト）"),
    "room": ("no area has room for a size-{size} unit (two units, three sizes an area)",
             "サイズ{size}のユニットを置ける空きがありません（1エリアに2体・サイズ3まで）"),
    "timing": ("a {marks} code: not in the {window} window",
               "{marks}のコード：{window}では使えません"),
    "target": ("no target for it now", "今は対象がありません"),
}
_STEPS = {"target": ("choosing a target", "対象の選択"),
          "pay": ("paying a log cost", "ログコストの支払い"),
          "block": ("declaring a block", "ブロック宣言"), "discard": ("discarding", "捨札"),
          "search": ("searching", "サーチ"), "hp": ("taking an HP card", "HPカードの選択"),
          "mull": ("the mulligan", "マリガン")}
#: window kinds of a ``["win", seat, kind, passes]`` ask and the mark a code needs in each
_WINDOWS = (("speed", "《Speed》", "スピード"), ("cast", "《Cast》", "キャスト"),
            ("fast", "《Fast》", "ファスト"), ("action", "「Ac」", "アクション"),
            ("react", "「Re」", "リアクション"))
_MARK = re.compile(r"《(Speed|Cast|Fast)》|「(Ac|Re)」")


def _t(key: str, lang: str, **kw: Any) -> str:
    en, ja = _T[key]
    return (ja if lang == "ja" else en).format(**kw)


def _payable(you: JSON) -> int:
    casters = sum(1 for c in you.get("checked", []) if not c)
    return casters + sum(1 for b in you.get("bursts", []) if not b)


def _room(view: JSON) -> int:
    """The largest unit size one of the seat's areas still takes."""
    seat = view["player"]
    best = 0
    for area in (0, 1):
        mine = [u for u in view.get("units", []) if u[1] == seat and u[2] == area]
        used = sum(1 if u[5] else int(view["cards"][u[3]].get("size", 1)) for u in mine)
        best = max(best, 3 - used if len(mine) < 2 else 0)
    return best


def _marks(card: JSON) -> list[str]:
    out = []
    for line in card.get("text", []):
        for m in _MARK.finditer(line):
            out.append(m.group(0))
    return out


def reasons(view: JSON, described: list[JSON], lang: str) -> dict[str, str]:
    you = view["you"]
    cards = view["cards"]
    ask = view.get("ask") or []
    ja = lang == "ja"
    out: dict[str, str] = {}
    for index in you.get("hand", []):
        card = cards[index]
        name = card["name"]
        if name in out:
            continue
        if not ask or ask[0] != "win":
            step = _STEPS.get(ask[0] if ask else "", ("another step", "別の手順"))
            out[name] = _t("step", lang, step=step[1 if ja else 0])
            continue
        window = _WINDOWS[int(ask[2])]
        cost = int(card.get("log", 0) or 0)
        free = _payable(you)
        if card.get("kind") == "unit":
            if window[0] != "cast":
                out[name] = _t("unit-window", lang)
            elif cost > free:
                out[name] = _t("log", lang, cost=cost, free=free)
            elif int(card.get("size", 1)) > _room(view):
                out[name] = _t("room", lang, size=card.get("size", 1))
            continue
        marks = _marks(card)
        if marks and window[1] not in marks:
            shown = "・".join(dict.fromkeys(marks)) if ja else " / ".join(dict.fromkeys(marks))
            out[name] = _t("timing", lang, marks=shown, window=window[2] if ja else window[0])
        elif cost > free:
            out[name] = _t("log", lang, cost=cost, free=free)
        else:
            out[name] = _t("target", lang)
    return out
