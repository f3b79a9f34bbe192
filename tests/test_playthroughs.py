"""Regression: each stored playthrough must come out of the engine exactly as it was written.

A failure here means the rules, labels, views, events or the random stream changed. If the
change is intended, regenerate the file (the command is in ``cardtable/core/playthrough.py``)
and review the diff like any other change to the rules.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from cardtable.core.playthrough import render
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
