"""A stopped batch goes on where it stopped: ``--resume`` reads back the records it left."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.core import CardtableError
from cardtable.sim.simulate import SimulationError, record_name, simulate

GAME = "draws-troidal"


def test_a_resumed_batch_gives_the_summary_of_one_played_whole(tmp_path: Path) -> None:
    whole = simulate(GAME, 6, 3, ["greedy", "random"], swap_decks=True)
    simulate(GAME, 4, 3, ["greedy", "random"], save_dir=tmp_path, swap_decks=True)  # stopped
    (tmp_path / record_name(3)).unlink()  # a game lost with the session
    resumed = simulate(GAME, 6, 3, ["greedy", "random"], save_dir=tmp_path, swap_decks=True,
                       resume=True)
    assert resumed == whole
    assert sorted(p.name for p in tmp_path.glob("*.json")) == [record_name(i) for i in range(6)]


def test_a_record_of_another_batch_is_refused_not_counted(tmp_path: Path) -> None:
    simulate(GAME, 2, 3, ["greedy", "random"], save_dir=tmp_path)
    with pytest.raises(SimulationError, match="is not game 0 of this batch: seed"):
        simulate(GAME, 2, 4, ["greedy", "random"], save_dir=tmp_path, resume=True)


def test_a_tampered_record_is_refused(tmp_path: Path) -> None:
    simulate(GAME, 1, 3, ["greedy", "random"], save_dir=tmp_path)
    path = tmp_path / record_name(0)
    data = json.loads(path.read_text("utf-8"))
    data["result"]["winner"] = 1 - (data["result"]["winner"] or 0)
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(SimulationError, match="does not replay"):
        simulate(GAME, 1, 3, ["greedy", "random"], save_dir=tmp_path, resume=True)


def test_resume_needs_the_save_dir() -> None:
    with pytest.raises(CardtableError, match="--resume reads the records of --save-dir"):
        simulate(GAME, 1, 3, ["greedy", "random"], resume=True)


def test_progress_tells_read_back_games_from_played_ones(tmp_path: Path) -> None:
    simulate(GAME, 3, 3, ["greedy", "random"], save_dir=tmp_path)
    calls: list[tuple[int, int, int]] = []
    simulate(GAME, 5, 3, ["greedy", "random"], save_dir=tmp_path, resume=True,
             progress=lambda done, total, played: calls.append((done, total, played)))
    assert calls == [(1, 5, 0), (2, 5, 0), (3, 5, 0), (4, 5, 1), (5, 5, 2)]


def test_time_left_after_a_resume_counts_only_the_games_played_now() -> None:
    from rich.console import Console

    from cardtable.cli.simulate_cmd import ProgressLines

    console = Console(record=True, width=200)
    now = [0.0]
    lines = ProgressLines(console, 0.0, clock=lambda: now[0])
    lines.PERIOD = 0.0
    for done in range(1, 101):  # a hundred records read back in a second
        now[0] = done / 100
        lines(done, 200, 0)
    now[0] = 61.0
    lines(101, 200, 1)  # then one game played in a minute: 99 more take about 99 minutes
    last = console.export_text().splitlines()[-1]
    assert last == "simulating: 101/200 games (100 read back), 61 s elapsed, about 5940 s left"
