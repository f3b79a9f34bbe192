"""The shape half of a checked loader, derived from the state's field table.

A state document is user input (``Game.state_from_json``). Whether it is well formed — which
keys it has, which are whole numbers, text or true/false, which hold one list a seat — is
what the field table (``core/fields.FIELDS``) and the state class's annotations already say:
a ``seats`` field is ``rows`` lists, a ``names`` field one of its names, an ``optional`` list
may be absent, and the annotation (``list[list[int]]``, ``tuple[int, int, str]``, ``str``)
gives the entries. ``check_document`` checks exactly that, before the loader reads anything,
so the first malformed part is the error, by its key path (``hand[1][3]: expected a whole
number, got 'x'``). What the table cannot know (card numbers within the card table, the
phases a turn stops in, counts the rules allow) stays with each game's own checks.

A field added to ``FIELDS`` is checked here with no edit to the game's loader.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from cardtable.core.checks import StateError
from cardtable.core.fields import Field

#: a checker: the value and its key path; raises ``StateError``
Check = Callable[[Any, str], None]

#: the head every game's JSON opens with (``MatchState.json_head``), as annotations
HEAD = (("seed", "int"), ("options", "dict"), ("decks", "list[dict]"), ("cards", "list"),
        ("history", "list[int]"), ("log", "list[dict]"), ("rng", "int"))


def _fail(path: str, expected: str, got: Any) -> None:
    text = repr(got)
    shown = text if len(text) <= 60 else text[:57] + "..."
    raise StateError(f"{path}: expected {expected}, got {shown}")


def _split(args: str) -> list[str]:
    """``"int, list[int], str"`` split at its top-level commas."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(args):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(args[start:i].strip())
            start = i + 1
    out.append(args[start:].strip())
    return out


def _whole(x: Any, path: str) -> None:
    if not isinstance(x, int) or isinstance(x, bool):
        _fail(path, "a whole number", x)


def _bool(x: Any, path: str) -> None:
    if not isinstance(x, bool):
        _fail(path, "true or false", x)


def _text(x: Any, path: str) -> None:
    if not isinstance(x, str):
        _fail(path, "text", x)


def _object(x: Any, path: str) -> None:
    if not isinstance(x, dict):
        _fail(path, "an object", x)


def _anything(x: Any, path: str) -> None:
    return None


def checker(annotation: str) -> Check:
    """The check an annotation string stands for, in the JSON form (a tuple is a list there;
    ``| None`` allows null; ``Any`` and names it does not know allow anything)."""
    ann = annotation.strip()
    if ann.endswith("| None"):
        inner = checker(ann[: -len("| None")])
        return lambda x, path: None if x is None else inner(x, path)
    leaf = {"int": _whole, "bool": _bool, "str": _text}.get(ann)
    if leaf is not None:
        return leaf
    if ann == "dict" or ann.startswith("dict["):
        return _object
    if ann == "list":
        return lambda x, path: None if isinstance(x, list) else _fail(path, "a list", x)
    if ann.startswith(("list[", "tuple[")) and ann.endswith("]"):
        args = _split(ann[ann.index("[") + 1: -1])
        if ann.startswith("list[") or (len(args) == 2 and args[1] == "..."):
            each = checker(args[0])
            what = "a list"

            def items(x: Any, path: str) -> None:
                if not isinstance(x, list):
                    _fail(path, what, x)
                for i, v in enumerate(x):
                    each(v, f"{path}[{i}]")
            return items
        parts = [checker(a) for a in args]

        def fixed(x: Any, path: str) -> None:
            if not isinstance(x, list) or len(x) != len(parts):
                _fail(path, f"a list of {len(parts)} entries ({', '.join(args)})", x)
            for i, (check, v) in enumerate(zip(parts, x, strict=True)):
                check(v, f"{path}[{i}]")
        return fixed
    return _anything


def _per_seat(rows: int, row: Check) -> Check:
    def check(x: Any, path: str) -> None:
        if not isinstance(x, list) or len(x) != rows:
            _fail(path, f"one list a seat ({rows} lists)", x)
        for p, v in enumerate(x):
            row(v, f"{path}[{p}]")
    return check


def _named(names: tuple[str, ...]) -> Check:
    def check(x: Any, path: str) -> None:
        if x not in names or not isinstance(x, str):
            _fail(path, f"one of {', '.join(names)}", x)
    return check


def field_check(f: Field, annotation: str, module: Any) -> Check:
    """How ``f``'s JSON value is checked: by its kind, its name table, and its annotation."""
    if f.names:
        return _named(getattr(module, f.names))
    ann = annotation
    if f.kind in ("seats", "seat-tuples"):
        inner = ann[len("list["): -1] if ann.startswith("list[") else "list"
        return _per_seat(f.rows, checker(inner))
    if f.kind == "maybe" and not ann.endswith("| None"):
        ann += " | None"
    return checker(ann)


def annotations(cls: type) -> dict[str, str]:
    """Every annotation of ``cls`` and its bases, as strings (the modules postpone them)."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        for name, ann in getattr(klass, "__annotations__", {}).items():
            out[name] = ann if isinstance(ann, str) else getattr(ann, "__name__", "Any")
    return out


def check_document(cls: type, data: Any) -> None:
    """Refuse a state document of ``cls`` whose shape is not the one its field table writes:
    a key missing, or a value of the wrong type or length, named by its key path."""
    try:
        _check(cls, data)
    except StateError as exc:
        raise StateError(f"not a valid {cls.game.id} state: {exc}") from None  # type: ignore[attr-defined]


def _check(cls: type, data: Any) -> None:
    module = sys.modules[cls.__module__]
    if not isinstance(data, dict):
        _fail("state", "a JSON object", data)
    ann = annotations(cls)
    for key, head in HEAD:
        if key not in data:
            raise StateError(f"missing field '{key}'")
        checker(head)(data[key], key)
    for f in module.FIELDS:
        if not f.key:
            continue
        if f.key not in data:
            if f.optional:
                continue
            raise StateError(f"missing field '{f.key}'")
        field_check(f, ann.get(f.name, "Any"), module)(data[f.key], f.key)
