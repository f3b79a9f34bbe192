"""サラスヴァティ: why a card in hand cannot be played now (``core/why_not.py``): cards are played
in the imagine phase, paying their cost in voltage; an equipment needs a character of one's own
to go on."""

from __future__ import annotations

from typing import Any

from cardtable.core.words import words

JSON = dict[str, Any]

_T: dict[str, tuple[str, str]] = words(__file__, "why_not.T")


def _t(key: str, lang: str, **kw: Any) -> str:
    en, ja = _T[key]
    return (ja if lang == "ja" else en).format(**kw)


def reasons(view: JSON, described: list[JSON], lang: str) -> dict[str, str]:
    you = view["you"]
    defs = {c["name"]: c for c in view.get("cards", [])}
    free = len(you["voltage"]) - you["tapped"]
    has_character = any(slot is not None for slot in you["field"])
    out: dict[str, str] = {}
    for name in you["hand"]:
        d = defs.get(name, {})
        if view["phase"] != "imagine":
            out[name] = _t("phase", lang)
        elif int(d.get("cost", 0) or 0) > free:
            out[name] = _t("cost", lang, cost=d.get("cost"), free=free)
        elif d.get("kind") == "equipment" and not has_character:
            out[name] = _t("equip", lang)
    return out
