"""Regression: each stored playthrough must come out of the engine exactly as it was written.

A failure here means the rules, labels, views, events or the random stream changed. If the
change is intended, regenerate the file (the command is in ``cardtable/core/playthrough.py``)
and review the diff like any other change to the rules.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.playthrough import one_line, parse, render, spread_lines
from cardtable.core.registry import game_info

FILES = sorted((Path(__file__).parent / "playthroughs").glob("*.txt"))


def test_there_is_a_playthrough_for_the_first_game() -> None:
    assert any(f.name.startswith("draws-troidal-") for f in FILES)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_playthrough_is_reproduced_exactly(path: Path) -> None:
    match = re.fullmatch(r"(.+)-seed(\d+)", path.stem)
    assert match, f"{path.name}: name must be GAME-seedN.txt"
    if not game_info(match.group(1)).playable:
        pytest.skip(f"{match.group(1)} is not registered as playable yet")
    expected = path.read_text("utf-8")
    actual = render(match.group(1), int(match.group(2)))
    if actual != expected:
        diff = "".join(list(difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True),
            "stored", "engine", n=1))[:40])
        pytest.fail(f"{path.name} no longer matches the engine:\n{diff}")


def test_a_one_field_change_to_a_view_is_a_one_line_diff() -> None:
    text = render("draws-troidal", 1)
    first = next(data["view"] for kind, data in parse(text)["entries"] if kind == "step")
    changed = json.loads(json.dumps(first))
    key = next(k for k, v in sorted(changed.items()) if isinstance(v, int))
    changed[key] += 1
    before, after = spread_lines(first, "  "), spread_lines(changed, "  ")
    assert len(before) > 1 and len(before) == len(after)
    assert sum(a != b for a, b in zip(before, after, strict=True)) == 1


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_stored_playthrough_reads_back_as_in_one_line_form(path: Path) -> None:
    """The spread-out file holds what the one-line form held: parsing it and a copy with every
    value written on one line gives the same content."""
    content = parse(path.read_text("utf-8"))
    assert content["entries"] and content["entries"][-1][0] == "result"
    flat = "\n".join(
        [*(f"{k}: {v}" for k, v in content["header"].items()), "",
         *(f"{k}: {one_line(v)}" for k, v in content["static"].items()), "",
         *_one_line_entries(content["entries"])]) + "\n"
    assert parse(flat) == content


def _one_line_entries(entries: list[tuple[str, Any]]) -> list[str]:
    lines: list[str] = []
    for kind, data in entries:
        if kind == "event":
            lines.append(f"  event {one_line(data)}")
        elif kind == "result":
            lines.append(f"result: {one_line(data)}")
        else:
            lines.append(f"step {data['step']}: player {data['player'] + 1}, {data['legal']} legal")
            lines.append(f"  view {one_line(data['view'])}")
            lines += [f"  {'*' if code == data['chosen'] else ' '} {code}: {label}"
                      for code, label in data["actions"]]
    return lines
