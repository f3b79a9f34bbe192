"""Every command the README shows works as written, run here with small budgets.

The README is the first thing a user tries; a command that fails there fails everyone. Budgets
(games, seconds, search iterations) are cut so the whole file runs in seconds, and the
placeholders (a record, a deck file) are filled with real ones.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import load_game

README = Path(__file__).resolve().parent.parent / "README.md"
runner = CliRunner()
#: (pattern, replacement) that keep an example's meaning but cut its cost
SMALLER = [
    (r"--games \d+", "--games 3"), (r"-n \d+", "-n 2"), (r"--seconds \d+", "--seconds 0.2"),
    (r"--search \d+", "--seconds 0.2 --search 5"), (r"mcts:ms=\d+", "mcts:iters=5"),
    (r"--agents mcts ", "--agents mcts:iters=5 "),
]


def commands() -> list[str]:
    text = README.read_text("utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    out = []
    for block in blocks:
        for line in block.splitlines():
            command = shlex.join(shlex.split(line, comments=True))
            if command.startswith("cardtable "):
                out.append(command)
    return out


def test_the_readme_says_how_to_reach_the_command() -> None:
    text = README.read_text("utf-8")
    assert text.index("make play") < text.index(". .venv/bin/activate") < text.index(
        "cardtable games")
    assert "~TIME" not in text  # every duration was filled in


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An unfinished game saved by `play`, as the README's record examples assume."""
    where = tmp_path_factory.mktemp("records")
    result = runner.invoke(app, ["play", "draws-troidal", "--vs", "random", "--seed", "1",
                                 "--record-dir", str(where)], input="1\n")
    assert result.exit_code == 0, result.output
    [path] = where.glob("*.json")
    return path


@pytest.mark.parametrize("command", commands())
def test_readme_example_runs(command: str, record: Path, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # records a play example saves land here
    for pattern, smaller in SMALLER:
        command = re.sub(pattern, smaller, command)
    deck = load_game("draws-troidal").deck_file(load_game("draws-troidal").deck_names()[0])
    command = command.replace("records/<file>.json", str(record))
    command = command.replace("my-deck.txt", str(deck))
    args = shlex.split(command, comments=True)[1:]
    served: list[dict] = []
    if args[0] == "serve":  # the server would run until Ctrl-C: check it starts, then stop
        import uvicorn

        monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.append(kw))
    result = runner.invoke(app, args, input="q\ny\n", env={"COLUMNS": "100"})
    if args[0] == "serve":
        assert served and "http://127.0.0.1:" in result.output
    assert "Traceback" not in result.output
    assert result.exit_code == 0, f"{command}\n{result.output}"
