"""A DRAWS-◎-TROIDAL battle at an 80×24 terminal (issue 38 item 10): told in pages that fit the
screen, so no line of the story scrolls off before the player has seen it. Every stretch of
output between two prompts (a menu's, a page's "-- Enter") that tells a lane's battle must fit
on 24 rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.test_cli_terminal import COLS, ROWS, drive

LANE = {"en": "Lane ", "ja": "レーン"}
ENV = {"COLUMNS": str(COLS), "LINES": str(ROWS), "TERM": "xterm-256color",
       "PYTHONIOENCODING": "utf-8"}


def screens(text: str) -> list[list[str]]:
    """The output cut after each prompt: what the player has before them at each wait."""
    out: list[list[str]] = [[]]
    for line in text.split("\n"):
        if "thinking…" in line or "考えています…" in line:
            continue  # the computer's spinner, drawn over in place
        out[-1].append(line)
        if line.startswith("-- ") or any(p in line for p in ("Choice [", "選択 [", "[y/N]")):
            out.append([])
    return [s for s in out if s]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_draws_battle_is_told_in_pages_that_fit_80x24(tmp_path: Path, lang: str) -> None:
    answers = iter(["1"] * 6 + ["1", ""] * 20)

    def answer(tail: str, decisions: int, answered: int) -> str:
        last = tail.splitlines()[-1]
        if last.startswith("--"):
            return ""
        if decisions >= 14:
            return "y" if "[y/N]" in last else "q"
        return next(answers, "q")

    text, status = drive(["play", "draws-troidal", "--vs", "greedy", "--seed", "3",
                          "--lang", lang, "--record-dir", str(tmp_path)], ENV, answer)
    assert status == 0, text[-2000:]
    assert f"{LANE[lang]}E" in text  # a whole battle was told
    assert "-- Enter" in text  # and it took more than one page
    story = [s for s in screens(text) if any(line.startswith(LANE[lang]) for line in s)]
    assert story
    tall = [s for s in story if len(s) > ROWS]
    assert not tall, "\n".join(tall[0])
