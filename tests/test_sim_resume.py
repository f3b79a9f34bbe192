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
