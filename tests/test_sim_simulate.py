"""The batch runner: summary shape, worker-count independence, records, seats, errors."""

from __future__ import annotations

import subprocess
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from cardtable.agents.base import Agent
from cardtable.agents.registry import AGENTS
from cardtable.core import CardtableError, Game, GameRecord, load_game, replay
from cardtable.sim.simulate import (
    SimulationError,
    chunk_ranges,
    deck_order,
    seat_order,
    simulate,
)

GAME = "draws-troidal"

KEYS = {"game", "games", "agents", "seed", "wins", "draws", "win_rate", "ci95", "mean_turns",
        "seats"}
SEAT_KEYS = {"a_first", "a_second", "b_first", "b_second", "first_seat_wins",
             "first_seat_win_rate"}


class BoomAgent(Agent):
    """An agent with a bug, to check that failures surface instead of hanging."""

    name = "boom"
    needs_view = False

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        raise ZeroDivisionError("agent bug")


@pytest.fixture(scope="module")
def serial() -> dict[str, Any]:
    return simulate(GAME, 20, 11, ["greedy", "random"])


def test_summary_keys_and_consistency(serial: dict[str, Any]) -> None:
    assert set(serial) >= KEYS
    assert set(serial["seats"]) >= SEAT_KEYS
    assert serial["game"] == GAME and serial["games"] == 20 and serial["seed"] == 11
    assert serial["agents"] == ["greedy", "random"]
    assert sum(serial["wins"]) + serial["draws"] == 20
    assert serial["win_rate"] == pytest.approx(serial["wins"][0] / 20)
    low, high = serial["ci95"]
    assert 0.0 <= low <= serial["win_rate"] <= high <= 1.0
    seats = serial["seats"]
    assert seats["a_first"]["games"] == seats["a_second"]["games"] == 10
    assert seats["a_first"]["wins"] + seats["a_second"]["wins"] == serial["wins"][0]
    assert seats["b_first"]["wins"] + seats["b_second"]["wins"] == serial["wins"][1]
    assert seats["first_seat_wins"] == seats["a_first"]["wins"] + seats["b_first"]["wins"]
    assert serial["mean_turns"] > 0
    assert not {"workers", "elapsed", "seconds"} & set(serial)


def test_same_summary_for_any_worker_count(serial: dict[str, Any]) -> None:
    assert simulate(GAME, 20, 11, ["greedy", "random"], workers=2) == serial
    assert simulate(GAME, 20, 11, ["greedy", "random"]) == serial


def test_seed_changes_the_games(serial: dict[str, Any]) -> None:
    other = simulate(GAME, 20, 12, ["greedy", "random"])
    assert other["seed"] == 12
    assert (other["wins"], other["mean_turns"]) != (serial["wins"], serial["mean_turns"])


def test_seats_alternate() -> None:
    assert [seat_order(i) for i in range(4)] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    odd = simulate(GAME, 5, 3, ["random", "random"])
    assert odd["seats"]["a_first"]["games"] == 3
    assert odd["seats"]["a_second"]["games"] == 2
    assert odd["seats"]["b_first"]["games"] == 2


def test_swapped_decks_give_every_agent_every_seat_with_every_deck() -> None:
    """With ``swap_decks`` the agents trade decks every second pair of games, so over four games
    each agent plays each deck from each seat once; without it each keeps its own."""
    combos = {(seat_order(i)[0], deck_order(i, True)[0]) for i in range(4)}
    assert combos == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert {deck_order(i, False) for i in range(4)} == {(0, 1)}
    summary = simulate(GAME, 8, 3, ["greedy", "random"], swap_decks=True)
    by_deck = summary["a_by_deck"]
    assert [e["deck"] for e in by_deck] == summary["decks"]
    assert [e["games"] for e in by_deck] == [4, 4]
    assert sum(e["wins"] for e in by_deck) == summary["wins"][0]
    assert "a_by_deck" not in simulate(GAME, 8, 3, ["greedy", "random"])
    assert simulate(GAME, 8, 3, ["greedy", "random"], swap_decks=True, workers=2) == summary


def test_save_dir_records_replay(tmp_path: Path) -> None:
    summary = simulate(GAME, 4, 5, ["greedy", "random"], save_dir=tmp_path,
                       decks=["sea-and-forest", None])
    files = sorted(tmp_path.glob("game-*.json"))
    assert [f.name for f in files] == [f"game-{i:06d}.json" for i in range(4)]
    sea = load_game(GAME).load_deck("sea-and-forest").name
    assert summary["decks"][0] == sea
    for i, path in enumerate(files):
        record = GameRecord.load(path)
        a_seat = 0 if i % 2 == 0 else 1
        assert record.players[a_seat] == "greedy"
        assert record.players[1 - a_seat] == "random"
        assert record.decks[a_seat]["name"] == sea  # each agent keeps its deck
        report = replay(record)
        assert report.ok, report.message
        assert record.result is not None


def test_chunks_cover_every_game_once() -> None:
    for games, workers in [(1, 2), (7, 2), (100, 3), (5000, 4)]:
        chunks = chunk_ranges(games, workers)
        assert chunks[0][0] == 0 and chunks[-1][1] == games
        assert all(a < b for a, b in chunks)
        assert all(prev[1] == nxt[0] for prev, nxt in pairwise(chunks))


@pytest.mark.parametrize(
    ("game", "games", "agents", "words"),
    [
        (GAME, 0, ["random", "random"], "at least 1"),
        (GAME, 5, ["random", "nope"], "no agent 'nope'"),
        ("sketch", 5, ["random", "random"], "not playable"),  # the conftest's unbuilt entry
        ("no-such-game", 5, ["random", "random"], "no game"),
        (GAME, 5, ["random"], "two agents"),
    ],
)
def test_bad_arguments_fail_before_any_game(
    game: str, games: int, agents: list[str], words: str, unbuilt_game: str
) -> None:
    with pytest.raises(CardtableError, match=words):
        simulate(game, games, 0, agents)


def test_bad_options_and_decks_fail_early() -> None:
    with pytest.raises(CardtableError, match="option"):
        simulate(GAME, 2, 0, ["random", "random"], options={"lives": 3})
    with pytest.raises(CardtableError, match="deck"):
        simulate(GAME, 2, 0, ["random", "random"], decks=["no-such-deck", None])


def test_agent_bug_names_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(AGENTS, "boom", f"{__name__}:BoomAgent")
    with pytest.raises(SimulationError, match=r"game 0 .*ZeroDivisionError: agent bug") as info:
        simulate(GAME, 3, 0, ["boom", "random"])
    assert "Traceback" in info.value.detail


def test_worker_failure_surfaces(monkeypatch: pytest.MonkeyPatch) -> None:
    # Spawned workers do not see the patched registry, so every game fails there: the error
    # must come back to the parent as a SimulationError rather than a hang.
    monkeypatch.setitem(AGENTS, "boom", f"{__name__}:BoomAgent")
    with pytest.raises(SimulationError, match="boom"):
        simulate(GAME, 6, 0, ["boom", "random"], workers=2)


def test_workers_do_not_rerun_the_main_script(tmp_path: Path) -> None:
    # A script without a __main__ guard would simulate recursively if workers re-ran it.
    script = tmp_path / "noguard.py"
    script.write_text(
        "from cardtable.sim.simulate import simulate\n"
        "print('parent', flush=True)\n"
        "print(simulate('draws-troidal', 4, 0, ['random', 'random'], workers=2)['games'])\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["parent", "4"]


def test_records_are_byte_identical_for_any_worker_count(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    simulate(GAME, 4, 9, ["random", "random"], save_dir=one)
    simulate(GAME, 4, 9, ["random", "random"], workers=2, save_dir=two)
    names = sorted(p.name for p in one.iterdir())
    assert names == sorted(p.name for p in two.iterdir())
    assert all((one / n).read_bytes() == (two / n).read_bytes() for n in names)
