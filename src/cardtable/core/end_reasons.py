"""Why a game ended, in words: the reason codes of ``State.end_reason()`` in both languages.

One table for every reader of a finished game (the terminal's result line, a replay, the balance
lab's report), so a report in Japanese never prints ``books 299`` where a player reads
"禁書がすべて破壊された".
"""

from __future__ import annotations

#: reason code -> (English, Japanese)
REASONS: dict[str, tuple[str, str]] = {
    "life": ("life reached 0", "ライフが0以下"),
    "deck-out": ("a deck ran out", "デッキ切れ"),
    "books": ("all three forbidden books destroyed", "禁書がすべて破壊された"),
    "wipeout": ("a side has no unit left", "ユニット全滅"),
    "units": ("more units after the last round", "残りユニット数"),
    "hp-taken": ("more HP taken", "削ったHP"),
    "tie": ("units and HP taken equal", "同数・同HP"),
    "points": ("10 toll points", "通行料10ポイント"),
    "toll-unpaid": ("a toll could not be paid", "通行料が払えない"),
    "turn-limit": ("the turn limit", "ターン上限"),
    "hp": ("both casters out of HP", "キャスター2体のHPが尽きた"),
    "both-down": ("both sides fell at once", "両者同時に敗北"),
}


def reason_text(reason: str, lang: str = "en") -> str:
    """Why a game ended, in ``lang``; an unknown reason code is shown as it is."""
    words = REASONS.get(reason)
    if words is None:
        return reason
    return words[1] if lang == "ja" else words[0]
