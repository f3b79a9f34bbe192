"""No module imports itself round a circle, except the circles docs/architecture.md lists,
each with its reason (section "Import circles"; the graph is read by tests/import_graph.py).

Two counts. At module level (what runs when a module loads, ``if TYPE_CHECKING:`` aside) a
circle makes the load order matter, so the list there is kept empty or explained. Imports
inside functions run on first call and cannot break a load, but they hide the same knot, so
they are counted in a second list of their own; both lists must match the graph exactly, so
a circle broken up also leaves its list. No game package may sit in a module-level circle.
"""

from __future__ import annotations

import re
from pathlib import Path

from import_graph import circles

DOC = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"
#: ``- `cardtable.core`: contract, projection, registry. Why it stays.``
ENTRY = re.compile(r"- `(?P<package>[\w.]+)`: (?P<modules>[\w.]+(?:, [\w.]+)+)\. (?P<why>\S.*)")


def documented(heading: str) -> dict[tuple[str, ...], str]:
    """The circles listed under ``### heading`` of the doc's "Import circles", with reasons."""
    text = DOC.read_text("utf-8")
    section = text.split("## Import circles\n", 1)[1].split("\n## ", 1)[0]
    part = section.split(f"### {heading}\n", 1)[1].split("\n### ", 1)[0]
    found = {}
    for line in part.splitlines():
        if (m := ENTRY.fullmatch(line)):
            names = tuple(sorted(f"{m['package']}.{n}" for n in m["modules"].split(", ")))
            found[names] = m["why"]
    return found


def test_module_level_circles_are_the_documented_ones() -> None:
    assert set(circles()) == set(documented("At module level"))


def test_no_game_package_has_a_module_level_circle() -> None:
    assert [c for c in circles() if c[0].startswith("cardtable.games.")] == []


def test_circles_through_function_level_imports_are_the_documented_ones() -> None:
    assert set(circles(functions=True)) == set(documented("Counting imports inside functions"))


def test_a_circle_is_found() -> None:
    """The walker sees a circle of two modules written for the purpose (so it can fail)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        pkg = Path(tmp) / "cardtable"
        pkg.mkdir()
        (pkg / "__init__.py").write_text("")
        (pkg / "a.py").write_text("from cardtable import b\n")
        (pkg / "b.py").write_text("def f():\n    from cardtable.a import x\n")
        (pkg / "c.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from cardtable import a\n")
        assert circles(src=Path(tmp)) == []
        assert circles(functions=True, src=Path(tmp)) == [("cardtable.a", "cardtable.b")]
