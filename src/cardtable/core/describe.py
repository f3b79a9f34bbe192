"""Matching action descriptions: the inverse of ``State.describe_action``.

A description is a JSON dict (``kind``, ``card``, ``place``...). A query matches it when every
field it gives matches:

* a string matches the described string, or the described ``<field>_en`` string (so
  ``card="Fire Dragon"`` finds ``card: "火竜", card_en: "Fire Dragon"``), ignoring case and the
  width of characters (``Ｆ１`` is ``F1``);
* a dict matches a described dict that holds at least its keys, each matching (a placement
  named by some of its lanes);
* a list matches a described list of the same length, item by item;
* anything else must be equal (an int is not a string: ``place=0`` does not find ``"F1"``).

Why so loose and no further: a person types names in either language and either width, and
names a composite action by the part they care about; anything looser (prefixes, fuzzy names)
would make ``find_action`` pick an action the caller did not mean.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from cardtable.core.errors import IllegalActionError

if TYPE_CHECKING:
    from cardtable.core.contract import State


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()


def _value_matches(described: Any, wanted: Any) -> bool:
    if isinstance(wanted, str):
        return isinstance(described, str) and _norm(described) == _norm(wanted)
    if isinstance(wanted, dict):
        return isinstance(described, dict) and all(
            k in described and _value_matches(described[k], v) for k, v in wanted.items())
    if isinstance(wanted, list | tuple):
        return (isinstance(described, list | tuple) and len(described) == len(wanted)
                and all(_value_matches(d, w) for d, w in zip(described, wanted, strict=True)))
    if isinstance(wanted, bool) or isinstance(described, bool):
        return type(wanted) is type(described) and wanted == described
    return bool(described == wanted)


def matches_description(description: dict[str, Any], query: dict[str, Any]) -> bool:
    """Whether every field of ``query`` matches ``description`` (rules in the module doc)."""
    for key, wanted in query.items():
        if key in description and _value_matches(description[key], wanted):
            continue
        en = description.get(f"{key}_en")
        if en is not None and _value_matches(en, wanted):
            continue
        return False
    return True


def parse_description(text: str) -> dict[str, Any]:
    """A query from a short text of ``field=value`` words, for a prompt or a URL.

    ``kind=summon card=転校生 place=F1`` → ``{"kind": "summon", "card": "転校生",
    "place": "F1"}``; a dotted field names a key of a dict (``lanes.B=刃の嵐`` → ``{"lanes":
    {"B": "刃の嵐"}}``); a value of digits is a number. Full-width characters are read as
    their plain forms (``ｃａｒｄ＝…``), and a word without ``=`` is an error naming it.
    """
    query: dict[str, Any] = {}
    for word in unicodedata.normalize("NFKC", text).split():
        field, eq, value = word.partition("=")
        if not eq or not field or not value:
            raise IllegalActionError(f"'{word}' is not field=value (e.g. kind=summon)")
        parsed: Any = int(value) if value.lstrip("-").isdigit() else value
        *path, last = field.split(".")
        target = query
        for part in path:
            inner = target.setdefault(part, {})
            if not isinstance(inner, dict):
                raise IllegalActionError(f"'{field}' names a part of '{part}', given a value")
            target = inner
        target[last] = parsed
    return query


def _short(description: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in description.items() if k != "code")


def find_action(state: State, query: dict[str, Any]) -> int:
    """The one legal code matching ``query``; otherwise an error that helps to ask again."""
    if state.is_terminal():
        raise IllegalActionError("the game is over; no action can be found")
    legal = state.legal_actions()
    described = [state.describe_action(a) for a in legal]
    hits = [d for d in described if matches_description(d, query)]
    if len(hits) == 1:
        return int(hits[0]["code"])
    asked = ", ".join(f"{k}={v!r}" for k, v in query.items()) or "nothing"
    if not hits:
        sample = "; ".join(_short(d) for d in described[:8])
        more = f" (and {len(described) - 8} more)" if len(described) > 8 else ""
        raise IllegalActionError(f"no legal action matches {asked}; legal now: {sample}{more}")
    differ = sorted({k for d in hits for k in d if k != "code"
                     and any(d.get(k) != e.get(k) for e in hits)})
    sample = "; ".join(_short(d) for d in hits[:6])
    more = f" (and {len(hits) - 6} more)" if len(hits) > 6 else ""
    raise IllegalActionError(
        f"{len(hits)} legal actions match {asked}; say which by {', '.join(differ)}: "
        f"{sample}{more}")
