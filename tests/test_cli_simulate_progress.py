"""``simulate`` tells a log that it is alive, and Ctrl-C keeps the games already played."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli import simulate_cmd
from cardtable.cli.app import app
from cardtable.sim import simulate as sim

runner = CliRunner()


def test_progress_lines_when_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate_cmd.ProgressLines, "PERIOD", 0.0)
    result = runner.invoke(app, ["simulate", "draws-troidal", "-n", "4", "--agents", "random",
                                 "random"])
    assert result.exit_code == 0, result.output
    assert "simulating: 1/4 games" in result.output and "simulating: 4/4 games" in result.output


def _interrupt_at(monkeypatch: pytest.MonkeyPatch, index: int) -> None:
    real = sim.play_one

    def play_one(config: sim.BatchConfig, i: int) -> sim.Outcome:
        if i == index:
            raise KeyboardInterrupt
        return real(config, i)

    monkeypatch.setattr(sim, "play_one", play_one)


def test_ctrl_c_prints_the_summary_of_the_finished_games(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    _interrupt_at(monkeypatch, 3)
    result = runner.invoke(app, ["simulate", "draws-troidal", "-n", "10", "--agents", "random",
                                 "random", "--save-dir", str(tmp_path)], env={"COLUMNS": "120"})
    assert result.exit_code == 130
    assert "interrupted after 3 of 10 games" in result.output
    assert "3 games" in result.output  # the summary table of the three finished games
    assert len(list(tmp_path.glob("game-*.json"))) == 3


def test_ctrl_c_before_any_game_ends_exits_without_a_summary(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _interrupt_at(monkeypatch, 0)
    result = runner.invoke(app, ["simulate", "draws-troidal", "-n", "5", "--json"])
    assert result.exit_code == 130
    assert "interrupted after 0 of 5 games" in result.output
    assert "Traceback" not in result.output
