"""Whole games on an 80×24 pseudo-terminal, every game, English and Japanese.

At every decision the screen holds, within 80 columns and 24 rows, the status line, the
board and the choices; in English no Japanese character appears anywhere (card and deck
names included), in Japanese nothing is cut short with an ellipsis. The player takes the
first choice at every menu, so each game runs to its end.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from cardtable.core import GameRecord, list_games
from test_cli_terminal import COLS, ROWS, decision_blocks, drive

PLAYABLE = [g.id for g in list_games() if g.playable]
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60【】「」『』、。]")
#: seeds whose games end within a few hundred decisions of always taking the first choice
SEEDS = {"draws-troidal": 2, "dice-and-monsters": 2, "sarasvati": 2, "culdcept": 2,
         "dreadnought": 2}
LIMIT = 600


def first_choice(tail: str, decisions: int, answered: int) -> str:
    last = tail.splitlines()[-1]
    if "[y/N]" in last:
        return "n" if ("again" in last or "もう一度" in last) else "y"
    if last.startswith("--"):
        return "a"  # the rest of a paced battle at once
    if decisions >= LIMIT:
        return "q"
    return "1"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_whole_game_at_80x24(game_id: str, lang: str, tmp_path: Path) -> None:
    env = {"COLUMNS": str(COLS), "LINES": str(ROWS), "TERM": "xterm-256color",
           "PYTHONIOENCODING": "utf-8"}
    text, status = drive(["play", game_id, "--vs", "random", "--seed", str(SEEDS[game_id]),
                          "--lang", lang, "--auto-pass", "--record-dir", str(tmp_path)],
                         env, first_choice)
    assert "Traceback" not in text and status == 0, text[-3000:]
    [record] = tmp_path.glob("*.json")
    assert GameRecord.load(record).result is not None, text[-2000:]  # played to its end
    wide = [line for line in text.split("\n") if cell_len(line) > COLS and ".json" not in line]
    assert not wide, "\n".join(wide[:5])
    blocks = decision_blocks(text)
    assert blocks
    for block in blocks:
        assert len(block) <= ROWS, "\n".join(block)
        status_line = block[0]
        assert ("Turn" in status_line) if lang == "en" else ("ターン" in status_line)
        assert re.search(r"^\s*\d+\. ", "\n".join(block), re.M), "\n".join(block)
    if lang == "en":
        cjk = [line for line in text.split("\n") if CJK.search(line) and ".json" not in line]
        assert not cjk, "\n".join(cjk[:10])
    else:  # an ellipsis is a cut line (the agent's "考えています…" aside)
        cut = [line for line in text.split("\n") if "…" in line and "考えています" not in line]
        assert not cut, "\n".join(cut[:5])
