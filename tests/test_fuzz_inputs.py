"""Fuzzing every loader and every command: each input loads or gets the project's own error.

Inputs are the shipped files and a real record, mutated the way hands and tools break files
(bytes inserted, lines cut or repeated, numbers blown up, fields replaced by other JSON). The
property is the same everywhere: no exception but ``CardtableError`` (with a message), no
traceback in any output, and work bounded by a generous alarm (a hang fails, a slow run does
not). A deck that ``cards check`` passes must also play: the check knows every value the rules
core meets. Example counts are small so the suite stays fast; CI runs them on every commit.
"""

from __future__ import annotations

import json
import os
import shlex
import tempfile
from collections.abc import Iterator
from contextlib import chdir
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bounded import play_on, within
from cardtable.cli.app import app
from cardtable.core import (
    CardtableError,
    GameRecord,
    list_games,
    load_game,
    make_record,
    replay,
)

PLAYABLE = [g.id for g in list_games() if g.playable]
#: a longer hunt: CARDTABLE_FUZZ=500 pytest tests/test_fuzz_inputs.py (random, not derandomized)
_HUNT = int(os.environ.get("CARDTABLE_FUZZ", "0"))
FEW = settings(max_examples=_HUNT or 15, deadline=None, derandomize=not _HUNT,
               suppress_health_check=[HealthCheck.too_slow])
runner = CliRunner()


def sources(game_id: str) -> list[Path]:
    """The game's shipped card files and decks: the seeds of the mutations."""
    game = load_game(game_id)
    assert game.deck_dir is not None
    return sorted(game.deck_dir.parent.glob("*.txt")) + sorted(game.deck_dir.glob("*.txt"))


NOISE = st.sampled_from([
    b"\x00", b"\xff\xfe", "火竜".encode("shift_jis"), "火".encode()[:2], b"\n", b"\r\n",
    b"99999999999999999999", "９".encode(), "²①".encode(), b"-1", b"0", b"7", b"#", b":",
    "【".encode() * 50, "◆".encode(), "◇".encode(), "■".encode(), b"x" * 1200, b"\t",
    "デッキ: ".encode(), "その目を7に変える。".encode(), "【HP:0】".encode(),
])


@st.composite
def mutated(draw: st.DrawFn, base: bytes) -> bytes:
    """``base`` with a few edits: noise inserted, a slice cut, a line repeated."""
    data = bytearray(base)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "cut", "repeat", "bytes"]))
        at = draw(st.integers(0, len(data)))
        if op == "insert":
            data[at:at] = draw(NOISE)
        elif op == "cut":
            del data[at:at + draw(st.integers(1, 80))]
        elif op == "repeat":
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at)
            line = bytes(data[start:end if end >= 0 else len(data)]) + b"\n"
            data[start:start] = line * draw(st.integers(1, 3))
        else:
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
    return bytes(data)


def play_briefly(game_id: str, deck: Any, steps: int = 400) -> None:
    """A random game (or its first ``steps`` decisions) with ``deck`` on both sides."""
    game = load_game(game_id)
    try:
        state = game.new_game(1, [deck, deck])
    except CardtableError:
        return  # a deck file may hold a valid deck that the default rules still refuse
    play_on(state, 7, steps)


@pytest.mark.parametrize("game_id", PLAYABLE)
@FEW
@given(data=st.data())
def test_card_and_deck_files_load_or_give_diagnostics(game_id: str, data: st.DataObject) -> None:
    game = load_game(game_id)
    base = data.draw(st.sampled_from(sources(game_id)))
    blob = data.draw(mutated(base.read_bytes()))
    with tempfile.TemporaryDirectory() as tmp, within(30):
        path = Path(tmp) / "input.txt"
        path.write_bytes(blob)
        diagnostics = game.check_file(path)
        assert all(str(d).startswith(f"{path}") and d.message for d in diagnostics)
        try:
            deck = game.load_deck(str(path))
        except CardtableError as exc:
            assert str(exc)
            return
        if not diagnostics:
            play_briefly(game_id, deck)


TESTS = Path(__file__).parent


def scenario_files(game_id: str) -> list[Path]:
    """Every scenario file the game's tests ship (empty for a game without any)."""
    return sorted((TESTS / game_id.replace("-", "_") / "scenarios").glob("*.txt"))


@pytest.mark.parametrize("game_id", [g for g in PLAYABLE if scenario_files(g)])
@FEW
@given(data=st.data())
def test_scenario_files_load_or_give_diagnostics(game_id: str, data: st.DataObject) -> None:
    from cardtable.core.scenario import check_scenario, load_scenario

    game = load_game(game_id)
    base = data.draw(st.sampled_from(scenario_files(game_id)))
    blob = data.draw(mutated(base.read_bytes()))
    with tempfile.TemporaryDirectory() as tmp, within(30):
        path = Path(tmp) / "scenario.txt"
        path.write_bytes(blob)
        diagnostics = check_scenario(game, path)
        assert all(d.message for d in diagnostics)
        try:
            state = load_scenario(game, path)
        except CardtableError as exc:
            assert str(exc)
            return
        assert not diagnostics
        play_on(state, 5, 400)


@st.composite
def json_values(draw: st.DrawFn) -> Any:
    leaves = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(
        max_size=8)
    return draw(st.recursive(leaves, lambda inner: st.lists(inner, max_size=3)
                             | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                             max_leaves=6))


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    """A real record of a short random game for every playable game."""
    out = {}
    for game_id in PLAYABLE:
        state = play_on(load_game(game_id).new_game(11), 11, 60)
        out[game_id] = make_record(state, players=["random", "random"]).to_json()
    return out


def _paths(data: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:4]):
            yield from _paths(v, (*prefix, i))


def _replaced(data: Any, path: tuple, value: Any, delete: bool) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return copy


def load_and_replay(text: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp, within(60):
        path = Path(tmp) / "record.json"
        path.write_bytes(text)
        try:
            record = GameRecord.load(path)
            report = replay(record)
        except CardtableError as exc:
            assert str(exc)
            return
        assert report.message


@pytest.mark.parametrize("game_id", PLAYABLE)
@FEW
@given(data=st.data())
def test_record_fields_replaced_or_removed_are_named(
        records: dict[str, dict[str, Any]], game_id: str, data: st.DataObject) -> None:
    original = records[game_id]
    paths = list(_paths(original))
    path = data.draw(st.sampled_from(paths))
    delete = bool(path) and data.draw(st.booleans())
    mutated_record = _replaced(original, path, data.draw(json_values()), delete)
    load_and_replay(json.dumps(mutated_record).encode())


@pytest.mark.parametrize("game_id", PLAYABLE)
@FEW
@given(data=st.data())
def test_record_files_with_broken_bytes_are_refused(
        records: dict[str, dict[str, Any]], game_id: str, data: st.DataObject) -> None:
    base = json.dumps(records[game_id], indent=1).encode()
    load_and_replay(data.draw(mutated(base)))


# -- the command line with random arguments ----------
VALUES = ["0", "1", "2", "-1", "99999999999999999999", "nan", "inf", "0.1", "x", "", "²", "１",
          "draws-troidal", "culdcept", "mcts:iters=1", "mcts:iters=0", "mcts:ms=nan",
          "random", "greedy", "life=0", "hand_size=0", "rounds=100", "nope=1", "=", "ja",
          "en", "xx", "FILE", "MISSING", "SCENARIO", "a" * 300]
FLAGS = ["--games", "-n", "--seed", "--workers", "--agents", "--deck", "--opponent-deck",
         "--scenario", "--scenario-at",
         "--option", "-o", "--lang", "--vs", "--seat", "--seconds", "--search", "--json",
         "--swap-decks", "--record-dir", "--save-dir", "--help", "--paper", "--duplex", "--tts",
         "--cards"]
COMMANDS = [["games"], ["play"], ["replay"], ["cards", "check"], ["cards", "list"],
            ["simulate"], ["bench"], ["print"], []]
#: arguments that would start work as long as the user asked for, not a bad input
_LONG = {"bench": {"--seconds": {"0.1"}, "--search": {"1", "2"}}}


def _bounded(command: list[str], args: list[str]) -> list[str]:
    """Keep a valid run short: bench plays 0.1 s unless told otherwise, simulate few games."""
    out = list(args)
    if command == ["bench"] and "--seconds" not in out and "-s" not in out:
        out += ["--seconds", "0.1"]
    if command == ["simulate"] and "--games" not in out and "-n" not in out:
        out += ["--games", "2"]
    return out


@FEW
@given(data=st.data())
def test_every_command_answers_random_arguments_without_a_traceback(data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(COMMANDS))
    args: list[str] = []
    game = data.draw(st.sampled_from([*PLAYABLE, "nope", "culdcept", ""]))
    if command and command != ["games"]:
        args.append(game)
    for _ in range(data.draw(st.integers(0, 4))):
        flag = data.draw(st.sampled_from(FLAGS))
        args.append(flag)
        if flag not in ("--json", "--swap-decks", "--help"):
            args.append(data.draw(st.sampled_from(VALUES) | st.text(max_size=12)))
    if command in (["bench"], ["simulate"]):
        for flag in ("--seconds", "--search", "--games", "-n"):
            if flag in args:
                i = args.index(flag)
                if i + 1 < len(args) and args[i + 1] not in ("0", "-1", "x", "nan", "inf", "²",
                                                             "99999999999999999999", ""):
                    args[i + 1] = "1" if flag in ("--games", "-n", "--search") else "0.1"
    args = _bounded(command, args)
    stdin = data.draw(st.sampled_from(["", "q\n", "1\n1\n1\nq\n", "0\nq\n", "abc\n"]))
    with tempfile.TemporaryDirectory() as tmp, within(120):
        bad = Path(tmp) / "bad.txt"
        bad.write_bytes("4 火竜\n".encode("shift_jis"))
        scenario = Path(tmp) / "scenario.txt"
        scenario.write_text("game: draws-troidal\nphase: nowhere\n[seat 3]\n", "utf-8")
        named = {"FILE": str(bad), "MISSING": str(Path(tmp) / "absent"), "SCENARIO": str(scenario)}
        argv = [named.get(a, a) for a in [*command, *args]]
        if "--record-dir" not in argv and command == ["play"]:
            argv += ["--record-dir", str(Path(tmp) / "records")]
        with chdir(tmp):  # a random --save-dir or --record-dir must not write into the project
            result = runner.invoke(app, argv, input=stdin, env={"COLUMNS": "200"})
    shown = shlex.join(argv)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"cardtable {shown}: {result.exception!r}"
    assert "Traceback" not in result.output, f"cardtable {shown}"
    if result.exit_code not in (0, None):
        assert result.output.strip(), f"cardtable {shown}: failed without a message"


def test_the_record_property_fails_on_a_python_error(
        records: dict[str, dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzzers' check can fail: a loader that lets a raw Python error out is caught."""
    def broken(data: Any, source: str = "") -> GameRecord:
        return data["no such field"]  # KeyError: what the record checks exist to prevent

    monkeypatch.setattr(GameRecord, "from_json", staticmethod(broken))
    with pytest.raises(KeyError):
        load_and_replay(json.dumps(records[PLAYABLE[0]]).encode())


@pytest.mark.parametrize("game_id", PLAYABLE)
@FEW
@given(data=st.data())
def test_every_option_value_in_its_range_plays(game_id: str, data: st.DataObject) -> None:
    """A value the range admits is one the rules core can play (or a clear error at the start,
    for combinations the game refuses, such as a deck size the shipped decks do not have)."""
    game = load_game(game_id)
    defaults = game.default_options()
    options = {key: data.draw(st.just(defaults[key]) | st.integers(lo, hi), label=key)
               for key, (lo, hi) in game.option_ranges().items()}
    with within(60):
        try:
            state = game.new_game(data.draw(st.integers(0, 2**32)), options=options)
        except CardtableError as exc:
            assert str(exc)
            return
        play_on(state, 3, 3000)
