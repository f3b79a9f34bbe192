"""Game records: make, replay, detect tampering, save and load."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardtable.core import (
    CardtableError,
    Deck,
    GameRecord,
    State,
    make_record,
    replay,
    state_digest,
    step_digest,
)
from cardtable.games.draws_troidal import GAME
from cardtable.games.draws_troidal.cards import Card


def played(
    seed: int,
    steps: int = 2000,
    decks: tuple[Deck, ...] | None = None,
    options: dict[str, Any] | None = None,
) -> State:
    """A game of random legal actions, to the end or for ``steps`` actions."""
    state = GAME.new_game(seed, decks, options)
    rnd = random.Random(seed)
    while not state.is_terminal() and len(state.history) < steps:
        state.apply(rnd.choice(state.legal_actions()))
    return state


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return make_record(played(21), players=["random", "random"])


def test_record_of_a_finished_game_replays(record: GameRecord) -> None:
    assert record.result is not None  # the game did finish within the bound
    report = replay(record)
    assert report.ok, report.message
    assert report.steps == len(record.actions) > 10
    assert record.result is not None and record.result == played(21).result()


def test_record_holds_what_a_replay_needs(record: GameRecord) -> None:
    state = played(21)
    assert record.game == "draws-troidal" and record.seed == 21
    assert record.actions == state.history
    assert len(record.digests) == len(record.actions)
    before_last = GAME.new_game(state.seed, state.decks, state.options)
    for action in state.history[:-1]:
        before_last.apply(action)
    since = len(before_last.log)
    before_last.apply(state.history[-1])
    assert before_last == state
    assert record.digests[-1] == step_digest(record.digests[-2], state, since)
    assert record.rules_version == GAME.rules_version
    assert set(record.cards) == {c.name for d in state.decks for c in d.cards}


def test_record_of_an_unfinished_game_replays() -> None:
    record = make_record(played(22, steps=9))
    assert record.result is None
    assert replay(record).ok


def test_record_with_options_and_custom_cards_replays() -> None:
    """Card definitions travel in the record, so cards outside the pool replay too."""
    cards = [Card(f"試{i}", f"Test {i}", i % 8, i % 6 or None, 1, i % 2) for i in range(15)]
    deck = Deck("custom", tuple(cards[i % 15] for i in range(60)))
    state = played(23, decks=(deck, deck), options={"life": 20, "max_swaps": 1})
    record = make_record(state)
    assert record.options["life"] == 20
    loaded = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert replay(loaded).ok


def test_tampered_action_makes_replay_fail_naming_the_step(record: GameRecord) -> None:
    state = GAME.new_game(record.seed)
    for step, action in enumerate(record.actions, start=1):
        others = [a for a in state.legal_actions() if a != action]
        if others and step > 4:
            break
        state.apply(action)
    actions = list(record.actions)
    actions[step - 1] = others[0]  # legal, but not what was played
    report = replay(replace(record, actions=actions))
    assert not report.ok
    assert report.step == step
    assert f"step {step}:" in report.message


def test_illegal_action_in_a_record_makes_replay_fail_naming_the_step(
    record: GameRecord,
) -> None:
    actions = list(record.actions)
    actions[2] = GAME.num_actions + 1
    report = replay(replace(record, actions=actions))
    assert not report.ok and report.step == 3
    assert "step 3:" in report.message and "failed" in report.message


def test_tampered_digest_makes_replay_fail_naming_the_step(record: GameRecord) -> None:
    digests = list(record.digests)
    digests[6] = "0" * 16
    report = replay(replace(record, digests=digests))
    assert not report.ok and report.step == 7
    assert "step 7: state differs" in report.message


def test_tampered_result_makes_replay_fail(record: GameRecord) -> None:
    result = dict(record.result or {})
    result["winner"] = 1 - result["winner"]
    report = replay(replace(record, result=result))
    assert not report.ok and "result differs" in report.message


def test_extra_action_after_the_end_makes_replay_fail(record: GameRecord) -> None:
    report = replay(replace(record, actions=[*record.actions, 0]))
    assert not report.ok
    assert report.step == len(record.actions) + 1 and "already over" in report.message


def test_record_round_trips_through_save_and_load(record: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "records" / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    assert replay(loaded).ok
    assert not list(path.parent.glob("*.tmp"))  # written atomically, nothing left behind


def test_loading_a_file_that_is_not_a_record_fails_clearly(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "draws-troidal"}', "utf-8")
    with pytest.raises(CardtableError, match="missing"):
        GameRecord.load(path)
    path.write_text("not json", "utf-8")
    with pytest.raises(CardtableError, match=str(path)):
        GameRecord.load(path)
    with pytest.raises(CardtableError, match="no such file"):
        GameRecord.load(tmp_path / "absent.json")


def test_state_digest_changes_with_the_state() -> None:
    a = GAME.new_game(1)
    b = a.clone()
    assert state_digest(a) == state_digest(b)
    b.life[0] -= 1
    assert state_digest(a) != state_digest(b)
    assert len(state_digest(a)) == 16


@pytest.mark.parametrize("players", [["a", "b", "c"], ["solo"]])
def test_a_record_naming_another_number_of_players_is_refused(
        record: GameRecord, players: list[str]) -> None:
    """One name a seat (or none): a two-player game's record with three names is not its."""
    from cardtable.core.record import check_record_data

    data = record.to_json() | {"players": players}
    problems = check_record_data(data)
    assert any("field 'players' names" in p for p in problems), problems
    assert not check_record_data(record.to_json() | {"players": []})


@pytest.mark.parametrize("game_id", ["culdcept", "dice-and-monsters", "draws-troidal",
                                     "dreadnought", "sarasvati"])
def test_a_card_definition_naming_another_card_than_its_key_is_refused(game_id: str) -> None:
    """Issue 44: a Dice and Monsters record whose definition carried another 'name' than its
    key (its text still naming the key's card) replayed; every game refuses it now."""
    from cardtable.core.registry import load_game

    game = load_game(game_id)
    state = game.new_game(4)
    rnd = random.Random(4)
    for _ in range(10):
        state.apply(rnd.choice(state.legal_actions()))
    data = make_record(state).to_json()
    assert replay(GameRecord.from_json(data)).ok
    key = sorted(data["cards"])[0]
    data["cards"][key] = {**data["cards"][key], "name": "別のカード"}
    report = replay(GameRecord.from_json(data))
    assert not report.ok and "cannot start the game" in report.message
    assert key[:20] in report.message
