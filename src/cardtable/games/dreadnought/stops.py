"""Dreadnought's stops (``table/stops.py``): every window asks its seat, so without them a
turn is some fifteen decisions, most of them a pass. As in MTG Arena, the seat is asked at its
own cast and action windows and, in a reaction window, only when it can respond with a play to
the other side's (its own play on top of the chain is passed, as Arena passes on one's own spell);
the speed and fast windows, a window whose one play is a god draw, a block with one possible
blocker whose only alternative is a god draw, and the choice of which card pays a log cost
are answered for it unless the player sets their stop. "End turn" (the
page's, ``table/stops.py``) passes the turn's later windows, the opponent's attack too (as
Arena's End Turn passes through combat), but still asks when the opponent plays a code, an
ability, an awakening or an enhancement the seat can answer (``holds``), and every block.

Read from the seat's view (its ``ask``) and its legal actions only.
"""

from __future__ import annotations

from typing import Any

from cardtable.table.stops import Stop

JSON = dict[str, Any]

#: the window kinds of a ``["win", seat, kind, passes]`` ask, as ``state.WINDOW_NAMES``
WINDOWS = ("speed", "cast", "fast", "action", "react")

STOPS = (
    Stop("speed", "Speed phase", "スピードフェイズ",
         ("Ask me in the speed phase (gear change, speed abilities)",
          "スピードフェイズで聞く（ギアチェンジ・スピード能力）"), on=False),
    Stop("cast", "Cast phase", "キャストフェイズ",
         ("Ask me in my cast phase", "キャストフェイズで聞く"), on=True),
    Stop("fast", "Fast phase", "ファストフェイズ",
         ("Ask me in the fast phase", "ファストフェイズで聞く"), on=False),
    Stop("action", "Action phase", "アクションフェイズ",
         ("Ask me when I may attack or act", "アタック・Ac能力を使える時に聞く"), on=True),
    Stop("react", "Reactions", "リアクション",
         ("Ask me when I can respond to a play (pass otherwise)",
          "相手のプレイに対応できる時だけ聞く（できなければパス）"), on=True, holds=True),
    Stop("react-attack", "Answer an attack", "アタックへの対応",
         ("Ask me when the opponent attacks and I can respond before blocking (End turn "
          "passes it; the block is still asked)",
          "相手のアタックにブロック前に対応できる時に聞く（ターン終了ではパス、ブロックは聞く）"),
         on=True),
    Stop("react-own", "Answer my own play", "自分のプレイへの対応",
         ("Ask me in a reaction window when my own play is on top of the chain",
          "チェーンの一番上が自分のプレイの時もリアクションを聞く"), on=False),
    Stop("god-draw", "God draw only", "ゴッドドローのみ",
         ("Ask me when a god draw is all I could do (besides passing or my one possible block)",
          "ゴッドドローしかできない時も聞く（パスか、ブロックできるのが1体だけの時）"),
         on=False),
    Stop("pay", "Choose how to pay", "支払いを選ぶ",
         ("Let me choose which card pays a log cost (else a burst first)",
          "ログコストを払うカードを選ぶ（選ばなければバーストから）"), on=False),
)

#: kinds that are no play of the seat's own: with nothing else, a window is "nothing to do"
_NO_PLAY = frozenset({"pass", "god-draw"})


def stop(view: JSON, described: list[JSON]) -> tuple[str, int] | None:
    ask = view.get("ask") or []
    kinds = [d.get("kind") for d in described]
    if ask and ask[0] == "pay" and all(k == "pay" for k in kinds):
        # a burst before a caster: a caster kept normal keeps its abilities and its block
        best = max(range(len(described)), key=lambda i: int(described[i].get("source", 0)))
        return "pay", best
    if ask and ask[0] == "block" and kinds.count("block") == 1 \
            and all(k in ("block", "god-draw") for k in kinds):
        # one blocker: the block is forced, and a god draw before it is all else there is
        return "god-draw", kinds.index("block")
    if not ask or ask[0] != "win" or "pass" not in kinds:
        return None
    passing = kinds.index("pass")
    if all(k in _NO_PLAY for k in kinds):
        return "god-draw", passing
    window = WINDOWS[int(ask[2])]
    chain = view.get("chain") or []
    if window == "react" and chain and chain[-1][1] == view.get("player"):
        return "react-own", passing  # as Arena passes on one's own spell: rarely answered
    if window == "react" and chain and chain[-1][0] == "atk":
        # the opponent's attack: as Arena's End Turn passes through combat, yet asks blocks
        return "react-attack", passing
    return window, passing
