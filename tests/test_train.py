"""Training by self-play (``cardtable train``): a run of seconds learns, resumes exactly, and
writes weights the NumPy reader loads."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cardtable.agents.learned import read_network
from cardtable.core import CardtableError, load_game
from cardtable.train.run import TrainConfig, train

pytest.importorskip("jax", reason="the train extra (make test installs it)")


def _tiny(out: Path, generations: int = 2) -> TrainConfig:
    return TrainConfig(game="draws-troidal", generations=generations, games=10, epochs=3,
                       rows=8, hidden=16, batch=64, eval_games=0, out=str(out), seed=4)


def test_a_short_run_lowers_its_loss_and_writes_loadable_weights(tmp_path: Path) -> None:
    report = train(_tiny(tmp_path / "run"))
    curve = [row for row in report.curve if row[1] > 0]  # after each epoch
    first, last = curve[0], curve[-1]
    assert last[2] + last[3] < first[2] + first[3]  # the training loss (value + prior) fell
    net = read_network(tmp_path / "run" / "weights-gen1.npz")
    game = load_game("draws-troidal")
    assert net.observation_size == game.observation_size
    state = game.new_game(1)
    v = net.value(game.observe(state, 0))
    assert 0.0 < v < 1.0
    assert (tmp_path / "run" / "report.md").read_text("utf-8").startswith("# Training report")


def test_a_resumed_run_ends_where_an_unbroken_one_does(tmp_path: Path) -> None:
    train(_tiny(tmp_path / "whole"))
    train(_tiny(tmp_path / "broken", generations=1))
    train(_tiny(tmp_path / "broken"), resume=True)
    with np.load(tmp_path / "whole" / "weights-gen1.npz") as a, \
            np.load(tmp_path / "broken" / "weights-gen1.npz") as b:
        for key in ("w", "e", "p", "v"):
            assert np.array_equal(a[key], b[key]), key


def test_a_checkpoint_of_other_settings_is_refused(tmp_path: Path) -> None:
    train(_tiny(tmp_path / "run", generations=1))
    other = _tiny(tmp_path / "run")
    other.rows = 9
    with pytest.raises(CardtableError, match="rows"):
        train(other, resume=True)


def test_the_weights_are_the_same_on_one_worker_or_two(tmp_path: Path) -> None:
    runs = []
    for workers in (1, 2):
        cfg = _tiny(tmp_path / f"w{workers}", generations=1)
        cfg.games, cfg.workers = 4, workers
        train(cfg)
        runs.append((tmp_path / f"w{workers}" / "weights-gen0.npz").read_bytes())
    assert runs[0] == runs[1]


def test_the_weights_are_the_same_on_ray_as_in_one_process(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    runs = []
    for ray in (None, "local"):
        cfg = _tiny(tmp_path / f"r{ray}", generations=1)
        cfg.games, cfg.workers, cfg.ray = 4, 2, ray
        train(cfg)
        runs.append((tmp_path / f"r{ray}" / "weights-gen0.npz").read_bytes())
    assert runs[0] == runs[1]
