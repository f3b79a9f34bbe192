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
from cardtable.cli.balance_cmd import rewrite_argv
from cardtable.core import list_games, load_game

PLAYABLE = [g.id for g in list_games() if g.playable]
README = Path(__file__).resolve().parent.parent / "README.md"
runner = CliRunner()
#: (pattern, replacement) that keep an example's meaning but cut its cost
SMALLER = [
    (r"--games \d+", "--games 3"), (r"-n \d+", "-n 2"), (r"--seconds \d+", "--seconds 0.2"),
    (r"--search \d+", "--seconds 0.2 --search 5"), (r"mcts:ms=\d+", "mcts:iters=5"),
    (r"--agents mcts ", "--agents mcts:iters=5 "),
    (r"--max-games \d+", "--max-games 4 --step 2"), (r"--restricted-games \d+", ""),
]


def commands() -> list[str]:
    text = README.read_text("utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    out = []
    for block in blocks:
        for line in block.splitlines():
            command = re.split(r"\s#", line, maxsplit=1)[0].strip()  # without its comment
            if command.startswith("cardtable "):
                out.append(command)
    return out


def test_every_example_is_a_command_the_test_runs() -> None:
    """No example hides in a block the test does not read: the balance lab's included (its
    --ray example starts a local Ray, its line-up example carries its own small budget)."""
    blocks = re.findall(r"```[a-z]*\n(.*?)```", README.read_text("utf-8"), flags=re.S)
    shown = [line for block in blocks for line in block.splitlines()
             if line.startswith("cardtable ")]
    run = commands()
    assert shown
    for line in shown:
        assert re.split(r"\s#", line, maxsplit=1)[0].strip() in run, line
    assert any(" --ray" in c for c in run) and any("--lineups" in c for c in run)


def test_the_readme_says_how_to_reach_the_command() -> None:
    text = README.read_text("utf-8")
    assert text.index("make play") < text.index(". .venv/bin/activate") < text.index(
        "cardtable games")
    assert "~TIME" not in text  # every duration was filled in


def _played(where: Path, game: str, answers: str) -> Path:
    result = runner.invoke(app, ["play", game, "--vs", "random", "--seed", "1",
                                 "--record-dir", str(where)], input=answers)
    assert result.exit_code == 0, result.output
    [path] = where.glob("*.json")
    return path


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The records the README's examples name: an unfinished game (to resume), a finished one
    (to replay or cut into a puzzle) and a finished Dice and Monsters game (to cut mid-battle)."""
    return {
        "unfinished": _played(tmp_path_factory.mktemp("unfinished"), "draws-troidal", "1\n"),
        "finished": _played(tmp_path_factory.mktemp("finished"), "draws-troidal", "1\n" * 3000),
        "dice": _played(tmp_path_factory.mktemp("dice"), "dice-and-monsters", "1\n" * 3000),
    }


def _fill(command: str, records: dict[str, Path]) -> str:
    """The README's placeholders replaced by real files, and budgets made small."""
    for pattern, smaller in SMALLER:
        command = re.sub(pattern, smaller, command)
    words = command.split()
    game_id = words[3] if words[1] == "cards" else (words[2] if len(words) > 2 else "")
    game = load_game(game_id if game_id in PLAYABLE else "draws-troidal")
    for i, placeholder in enumerate(("my-deck.txt", "old-deck.txt", "new-deck.txt")):
        names = game.deck_names()
        command = command.replace(placeholder, str(game.deck_file(names[-1 - i % len(names)])))
    if words[1] == "balance" and "--games" not in command and " -n " not in command \
            and "--max-games" not in command:
        # after the game, not at the end: a bare --ray there would take it as its address
        command = " ".join([*command.split()[:3], "--games", "2", *command.split()[3:]])

    if "<dice-and-monsters file>" in command:
        from cardtable.core import GameRecord

        last = len(GameRecord.load(records["dice"]).actions) - 1  # the step the battle follows
        command = command.replace("records/<dice-and-monsters file>.json", str(records["dice"]))
        command = re.sub(r"--scenario-at \d+", f"--scenario-at {last}", command)
        return re.sub(r"--round \d+", "--round 1", command)
    which = "unfinished" if "--resume" in command else "finished"
    return command.replace("records/<file>.json", str(records[which]))


@pytest.mark.parametrize("command", commands())
def test_readme_example_runs(command: str, records: dict[str, Path], tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # records a play example saves, and puzzle.txt, land here
    section = README.read_text("utf-8").split("## Positions and puzzles", 1)
    if len(section) == 2:  # the scenario the README shows, as puzzle.txt
        (tmp_path / "puzzle.txt").write_text(section[1].split("```\n", 2)[1], "utf-8")
    command = _fill(command, records)
    args = rewrite_argv(shlex.split(command, comments=True)[1:])  # as the console script does
    served: list[dict] = []
    if args[0] == "serve":  # the server would run until Ctrl-C: check it starts, then stop
        import uvicorn

        monkeypatch.setattr(uvicorn.Server, "run",
                            lambda server, **kw: served.append(vars(server.config)))
    result = runner.invoke(app, args, input="q\ny\n", env={"COLUMNS": "100"})
    if args[0] == "serve":
        assert served and "http://127.0.0.1:" in result.output
    assert "Traceback" not in result.output
    assert result.exit_code == 0, f"{command}\n{result.output}"
