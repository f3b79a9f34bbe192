"""Every sentence the terminal shows, in English and Japanese, looked up by key.

One table keeps the two languages side by side so a missing translation is visible at a glance,
and renderers stay free of language conditionals.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import end_reasons
from cardtable.core.words import words

LANGS = ("en", "ja")

#: key -> (English, Japanese); placeholders use ``str.format`` names
MESSAGES: dict[str, tuple[str, str]] = words(__file__, "i18n.MESSAGES")


def t(key: str, lang: str = "en", /, **kw: Any) -> str:
    """The message ``key`` in ``lang`` (English for unknown languages), filled from ``kw``."""
    en, ja = MESSAGES[key]
    text = ja if lang == "ja" else en
    return text.format(**kw) if kw else text


def command_name() -> str:
    """How to type ``cardtable`` in this shell: the bare name when the shell finds it, else the
    path it was started by (``.venv/bin/cardtable`` without an activated environment)."""
    import shutil
    import sys
    from pathlib import Path

    prog = Path(sys.argv[0]) if sys.argv and sys.argv[0] else Path("cardtable")
    if prog.name != "cardtable" or shutil.which("cardtable") is not None:
        return "cardtable"
    return str(prog)


def reason_text(reason: str, lang: str = "en") -> str:
    """Why a game ended, in words; an unknown reason code is shown as it is."""
    return end_reasons.reason_text(reason, lang)


def outcome_key(prefix: str, draw: bool, won: bool) -> str:
    """``<prefix>_draw``, ``<prefix>_win`` or ``<prefix>_lose`` from the reader's side."""
    return f"{prefix}_draw" if draw else (f"{prefix}_win" if won else f"{prefix}_lose")
