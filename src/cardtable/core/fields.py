"""A state's fields as one table, from which its slots, ``clone`` and JSON are made.

A field used to be written out by hand in ``__slots__``, the annotations, ``clone``,
``to_json`` and ``from_json``; one new field touched every one of them (and a forgotten line in
``clone`` is a bug a search finds only by chance). A game now lists each field once, as a
``Field``, and ``python -m cardtable.core.fields MODULE`` writes the copying and JSON methods
into the state module between two marker lines. They are written as source, not made at import
time, because ``clone`` is the inner loop of every search: the compiled build (Cython) types
and compiles them like the rest of the module, and a reader sees plain code.
``tests/test_core_fields.py`` fails when a generated block no longer matches its table.

Kinds (how a field is copied and written):

* ``value``: an int, bool or str (or an immutable tuple), shared by a clone, written as is;
* ``shared``: an object no move mutates (decks, card tables, a cached legal list): shared,
  and not written by the game (the JSON head, ``MatchState.json_head``, writes the match's);
* ``list``: a flat list, copied by a slice, written as a list;
* ``seats``: one list per seat (two), each copied by a slice, written as lists;
* ``dict``: a flat dict, copied by ``dict()``;
* ``log``: the event log, copied by a slice (a quiet state's sink, ``core.event_log.QUIET``,
  slices to itself, so a quiet state's clone stays quiet);
* ``maybe``: a list (or tuple) or None, copied by a slice, written as a list or null;
* ``seat-tuples``: one list of tuples per seat, each list copied by a slice (the tuples are
  immutable), written as lists of lists.

``key`` is the JSON key ("" for a field the head writes or none does); ``names`` a module-level
tuple of names the int is written as (a phase by its name); ``optional`` writes a list only
when it is non-empty (and reads it as empty when absent), so states without it keep their form;
``shared`` marks a list no move mutates once made, which a clone shares; ``plain`` writes a
value holding tuples through ``match_state.plain`` (the module must import it).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import NamedTuple

BEGIN = "    # -- made from FIELDS by `python -m cardtable.core.fields MODULE`: do not edit --"
END = "    # -- end of the generated part --"


class Field(NamedTuple):
    name: str
    kind: str = "value"
    key: str = ""
    names: str = ""
    optional: bool = False
    #: never mutated once made: a clone shares it (the JSON form is still the kind's)
    shared: bool = False
    #: holds tuples at any depth: written through ``match_state.plain`` (tuples as lists)
    plain: bool = False
    #: how many lists a ``seats`` field holds (two seats; four for two casters a seat)
    rows: int = 2


KINDS = ("value", "shared", "list", "seats", "dict", "log", "maybe", "seat-tuples")


def slots(fields: tuple[Field, ...]) -> tuple[str, ...]:
    """The state class's ``__slots__``: every field's name, sorted."""
    return tuple(sorted(f.name for f in fields))


def _copy(f: Field) -> list[str]:
    """``clone``'s lines for ``f``: one assignment a field, not a tuple assignment for many,
    because the interpreter builds and unpacks a tuple for that (about 6 % more instructions a
    clone, counted by callgrind)."""
    n = f.name
    if f.shared or f.kind in ("value", "shared"):
        return [f"c.{n} = self.{n}"]
    if f.kind == "list":
        return [f"c.{n} = self.{n}[:]"]
    if f.kind in ("seats", "seat-tuples"):
        rows = ", ".join(f"{n}[{i}][:]" for i in range(f.rows))
        return [f"{n} = self.{n}", f"c.{n} = [{rows}]"]
    if f.kind == "dict":
        return [f"c.{n} = dict(self.{n})"]
    if f.kind == "log":
        return [f"c.{n} = self.{n}[:]"]
    assert f.kind == "maybe", f
    return [f"{n} = self.{n}", f"c.{n} = {n}[:] if {n} is not None else None"]


def _packed(head: str, items: list[str], tail: str, indent: str) -> list[str]:
    """``head`` + the comma-separated ``items`` + ``tail``, wrapped into lines of at most 100
    characters, the continuation lines at ``indent``."""
    lines, line = [], head
    for k, item in enumerate(items):
        text = item + (", " if k < len(items) - 1 else tail)
        if len(line) + len(text.rstrip()) > 100 and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += text
    return [*lines, line]


def _assign(targets: list[str], values: list[str], pad: str = "        ") -> list[str]:
    """``targets = values`` as one statement: a tuple assignment for more than one."""
    if len(targets) == 1:
        return [f"{pad}{targets[0]} = {values[0]}"]
    one = f"{pad}{', '.join(targets)} = {', '.join(values)}"
    if len(one) <= 100:
        return [one]
    return [*_packed(f"{pad}(", targets, ") = (", pad + " "),
            *_packed(pad + "    ", values, ")", pad + "    ")]


#: how each kind is written to JSON and read back, ``{}`` the value (the kinds not named here
#: are written and read as they are; a ``maybe`` is read by the game's own loader)
_WRITE = {"list": "list({})", "seats": "[list(x) for x in {}]",
          "seat-tuples": "[[list(t) for t in row] for row in {}]",
          "maybe": "list({0}) if {0} is not None else None"}
_READ = {"list": "list({})", "seats": "[list(x) for x in {}]",
         "seat-tuples": "[[tuple(t) for t in row] for row in {}]"}


def _write(f: Field) -> str:
    value = f"self.{f.name}"
    if f.plain:
        return f"plain({value})"
    if f.names:
        return f"{f.names}[{value}]"
    return _WRITE.get(f.kind, "{}").format(value)


def _read(f: Field) -> str:
    src = f'data.get("{f.key}", [])' if f.optional else f'data["{f.key}"]'
    if f.names:
        return f"{f.names}.index({src})"
    assert f.kind != "maybe", f"{f.name}: read a list-or-null in the game's own loader"
    return _READ.get(f.kind, "{}").format(src)


def render(cls: str, fields: tuple[Field, ...], reader: bool = True) -> str:
    """The generated block of ``cls``: ``clone``, ``write_fields`` and (``reader``: unless the
    game reads its JSON through a checked loader of its own) ``read_fields``."""
    for f in fields:
        assert f.kind in KINDS, f"{f.name}: unknown kind {f.kind!r}"
        assert not f.optional or f.kind == "list", f"{f.name}: only a list may be optional"
    own = [f for f in fields if f.key]
    lines = [BEGIN,
             f"    def clone(self) -> {cls}:",
             f"        c = {cls}.__new__({cls})"]
    lines += [f"        {line}" for f in fields for line in _copy(f)]
    lines += ["        return c", "",
              "    def write_fields(self, data: dict[str, Any]) -> dict[str, Any]:",
              '        """``data`` (the JSON head) with this state\'s own fields added, in the',
              '        order of the table (digests hash the text, so the order is the format)."""']
    written = [f for f in own if not f.optional]
    if len(written) == 1:
        lines.append(f'        data["{written[0].key}"] = {_write(written[0])}')
    elif written:
        lines += _packed("        data.update({", [f'"{f.key}": {_write(f)}' for f in written],
                         "})", " " * 21)
    for f in own:
        if f.optional:
            lines += [f"        if self.{f.name}:", f'            data["{f.key}"] = {_write(f)}']
    lines.append("        return data")
    if reader:
        lines += ["", "    def read_fields(self, data: dict[str, Any]) -> None:",
                  '        """``write_fields`` read back; the cached legal list starts empty."""']
        kinds: dict[str, list[Field]] = {}
        for f in own:  # one assignment a kind, the kinds in the table's order
            kinds.setdefault("names" if f.names else f.kind, []).append(f)
        for group in kinds.values():
            lines += _assign([f"self.{f.name}" for f in group], [_read(f) for f in group])
        lines += [f"        self.{f.name} = None" for f in fields if f.name == "_legal"]
    lines.append(END)
    return "\n".join(lines) + "\n"


def _block(text: str) -> tuple[int, int]:
    begin = text.index(BEGIN)
    end = text.index(END, begin) + len(END) + 1
    return begin, end


def generated(module: str) -> tuple[Path, str, str]:
    """The module's file, its text, and the text it should have."""
    mod = importlib.import_module(module)
    parts = module.split(".")
    path = Path(__file__).resolve().parent.parent.joinpath(*parts[1:]).with_suffix(".py")
    text = path.read_text("utf-8")
    cls = mod.STATE_CLASS_NAME
    begin, end = _block(text)
    block = render(cls, mod.FIELDS, getattr(mod, "READ_FIELDS", True))
    return path, text, text[:begin] + block + text[end:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", help="a state module, e.g. cardtable.games.<package>.state")
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args()
    path, text, new = generated(args.module)
    if args.check:
        sys.exit(0 if new == text else f"{path}: the generated part is out of date")
    if new != text:
        path.write_text(new, "utf-8")
        print(f"{path}: rewritten")


if __name__ == "__main__":
    main()
