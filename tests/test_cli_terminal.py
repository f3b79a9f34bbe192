"""The table in a real terminal: a pseudo-terminal of 80×24, every playable game, both languages.

The program runs as a child process on a pty (python's ``pty`` module), so it sees a terminal
as a player's shell would give it: rich sizes itself to 80 columns, ``--pace`` is on and the
compact table is drawn. The test answers each prompt as a player would, and checks that no line
is wider than the screen and that each decision (its table, question, menu and prompt) fits on
24 rows, so the prompt is never scrolled away. Games come from the registry, so Culdcept and
Dreadnought are driven the day they land.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.cells import cell_len

from cardtable.core import GameRecord, list_games

PLAYABLE = [g.id for g in list_games() if g.playable]
ROWS, COLS = 24, 80
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
#: what a player types at successive menus: choices, help, card reading, piles, undo, end
MOVES = ["1", "c 1", "1", "?", "l", "1", "u", "1", "r", "0", "1", "2", "1", "v", "1", "0"]
DECISIONS = 24
#: seconds the child may stay silent before the test gives up (a hang, not a timing check)
SILENCE = 120


def drive(args: list[str], env: dict[str, str],
          answer: Callable[[str, int, int], str] | None = None) -> tuple[str, int]:
    """Run ``cardtable ARGS`` on an 80×24 pty, answering its prompts; (screen text, status)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the program, as a shell would start it
        os.environ.update(env)
        os.execv(sys.executable, [sys.executable, "-c",
                                  "from cardtable.cli.app import main; main()", *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    out = b""
    decisions = 0
    answered = 0
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], SILENCE)
            if not ready:
                raise AssertionError("the table stopped answering:\n" + _text(out)[-2000:])
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
            tail = _text(out)[-300:]
            # every prompt ends "]: " (menus, [y/N]) or "-- " (a paced battle); a line that
            # merely starts "選択: " and is cut there by a read is not one
            if not tail.endswith("]: ") and not tail.endswith("-- "):
                continue
            if tail.count("\n") and len(tail) - tail.rfind("\n") > COLS + 2:
                continue
            reply = (answer or _answer)(tail, decisions, answered)
            answered += 1
            if "Choice [" in tail.splitlines()[-1] or "選択 [" in tail.splitlines()[-1]:
                decisions += 1
            os.write(fd, (reply + "\n").encode())
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    return _text(out), os.waitstatus_to_exitcode(status)


def _text(raw: bytes) -> str:
    return ANSI.sub("", raw.decode("utf-8", "replace"))


def _answer(tail: str, decisions: int, answered: int) -> str:
    last = tail.splitlines()[-1]
    if "[y/N]" in last:
        if "again" in last or "もう一度" in last:
            return "n"
        return "y"
    if last.startswith("--"):
        return ""  # the next round of a paced battle
    if decisions >= DECISIONS:
        return "q"
    return MOVES[answered % len(MOVES)]


def decision_blocks(text: str) -> list[list[str]]:
    """The lines from each compact table (``▌``) to the prompt that follows it."""
    lines = text.split("\n")
    blocks = []
    start = None
    for i, line in enumerate(lines):
        if line.startswith("▌ "):
            start = i
        elif start is not None and ("Choice [" in line or "選択 [" in line):
            blocks.append(lines[start:i + 1])
            start = None
    return blocks


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_game_on_an_80x24_terminal(game_id: str, lang: str, tmp_path: Path) -> None:
    env = {"COLUMNS": str(COLS), "LINES": str(ROWS), "TERM": "xterm-256color",
           "PYTHONIOENCODING": "utf-8"}
    text, status = drive(["play", game_id, "--vs", "random", "--seed", "4", "--lang", lang,
                          "--record-dir", str(tmp_path)], env)
    assert "Traceback" not in text, text[-3000:]
    assert status == 0, text[-3000:]
    # a file path is printed whole so it can be copied; the terminal wraps it itself
    wide = [line for line in text.split("\n") if cell_len(line) > COLS and ".json" not in line]
    assert not wide, "\n".join(wide[:5])
    blocks = decision_blocks(text)
    assert blocks, text[-3000:]  # the compact table was drawn
    tall = [block for block in blocks if len(block) > ROWS]
    assert not tall, "\n".join(tall[0])
    if game_id == "sarasvati":  # a charged card can be taken back, and the prompt says so
        assert "u = undo" in text or "u = 取り消し" in text
    [record] = tmp_path.glob("*.json")  # saved on the way out (q, confirmed)
    assert GameRecord.load(record).players[0] == "human"
