"""Why a game ended, in words: the reason codes of ``State.end_reason()`` in both languages.

One table for every reader of a finished game (the terminal's result line, a replay, the balance
lab's report), so a report in Japanese never prints ``books 299`` where a player reads
"禁書がすべて破壊された".
"""

from __future__ import annotations

from cardtable.core.words import words

#: reason code -> (English, Japanese), from the catalog ``data/words.toml``
REASONS: dict[str, tuple[str, str]] = words(__file__, "end_reasons.REASONS")


def reason_text(reason: str, lang: str = "en") -> str:
    """Why a game ended, in ``lang``; an unknown reason code is shown as it is."""
    pair = REASONS.get(reason)
    if pair is None:
        return reason
    return pair[1] if lang == "ja" else pair[0]
