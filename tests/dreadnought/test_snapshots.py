"""Snapshots read back checked: a position that cannot exist is refused with its reason."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.core.errors import CardtableError

from .helpers import GAME, started


def test_a_snapshot_reads_back_to_the_same_position() -> None:
    s = started(5)
    back = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
    assert back == s and back.legal_actions() == s.legal_actions()


def _record_types(s: object) -> list[str]:
    """The type of every record the state keeps: equality alone cannot tell a ``Unit`` from
    the plain tuple it equals, and the rules read the records' fields by name."""
    held = [*s.units, *s.mods, *s.enchants, *s.chain, s.building, s.attack]  # type: ignore[attr-defined]
    held += [op[1] for op in s.ops if op[0] == "atk_res"]  # type: ignore[attr-defined]
    return [type(x).__name__ for x in held]


def test_a_snapshot_reads_its_records_back_as_the_records_play_made() -> None:
    rng = random.Random(3)
    seen: set[str] = set()
    for seed in range(4):
        s = GAME.new_game(seed)
        while not s.is_terminal():
            text = json.dumps(s.to_json())
            back = GAME.state_from_json(json.loads(text))
            assert _record_types(back) == _record_types(s)
            assert json.dumps(back.to_json()) == text and back == s
            seen.update(_record_types(s))
            s.apply(rng.choice(s.legal_actions()))
    # the four random games reach every kind of record
    assert {"Unit", "Mod", "Enchant", "Attack", "AttackLink", "AbilityLink", "CodeLink",
            "SubLink"} <= seen


def test_a_card_in_two_places_is_refused() -> None:
    data = started(5).to_json()
    data["hand"][0].append(data["deck"][0][0])
    with pytest.raises(CardtableError, match="not the deck's cards"):
        GAME.state_from_json(data)


def test_bursts_and_their_flags_must_match() -> None:
    data = started(5).to_json()
    data["bchk"][1].append(0)
    with pytest.raises(CardtableError, match="bursts and their checked flags"):
        GAME.state_from_json(data)


def test_a_missing_field_is_named() -> None:
    data = started(5).to_json()
    del data["ops"]
    with pytest.raises(CardtableError, match="ops"):
        GAME.state_from_json(data)


def test_a_running_game_keeps_the_step_that_carries_it_to_the_next_turn() -> None:
    """An empty step stack (or one whose bottom step is not start, turn, speed comparison or
    turn end) would run dry after the next decision."""
    data = started(5).to_json()
    data["ops"] = []
    with pytest.raises(CardtableError, match="exactly one of the steps start, turn"):
        GAME.state_from_json(data)


def test_a_running_game_has_no_seat_that_could_not_take_a_card() -> None:
    """Such a seat has lost (the seed: 引けない場合は敗北), so the game would already be over."""
    data = started(5).to_json()
    data["out"][0] = 1
    with pytest.raises(CardtableError, match="out: a seat that had to take a card"):
        GAME.state_from_json(data)


def test_casters_hold_no_hp_cards_before_the_start() -> None:
    """The seed deals HP from the deck once both mulligans are done; the start would deal
    over a pile that was already there."""
    data = GAME.new_game(3).to_json()
    data["hp"][1].append(data["deck"][0].pop())
    with pytest.raises(CardtableError, match="take their HP cards at the start"):
        GAME.state_from_json(data)


def test_a_seat_out_of_cards_in_the_mulligan_is_read_and_loses_at_the_start() -> None:
    data = GAME.new_game(3).to_json()
    data["out"][0] = 1
    state = GAME.state_from_json(data)
    state.apply(state.find_action(kind="pass"))  # seat 1 finishes its mulligan
    state.apply(state.find_action(kind="pass"))  # seat 2 too, and the match starts
    assert (state.winner(), state.end_reason()) == (1, "deck-out")


def test_a_seat_out_of_cards_for_its_speed_card_loses_once_the_other_seat_has_chosen() -> None:
    """Both speed cards are taken before the end is checked, so seat 2 may still be choosing
    the HP card its speed card comes from while seat 1 already could not take one."""
    s = GAME.new_game(47)
    rng = random.Random(47)
    for _ in range(189):
        s.apply(rng.choice(s.legal_actions()))
    assert s.ask == ("hp", 1, "speed") and s.ops == [("speed_cmp", 0)]
    data = s.to_json()
    data["discard"][0].append(data["speed"][0])
    data["speed"][0], data["sclosed"][0], data["out"][0] = -1, 0, 1
    state = GAME.state_from_json(data)
    state.apply(state.legal_actions()[0])
    assert (state.winner(), state.end_reason()) == (1, "deck-out")


def test_a_window_waits_only_in_its_own_phase() -> None:
    """A cast window in the speed phase would let a seat play its speed card away before
    the comparison."""
    data = started(5).to_json()
    assert data["phase_name"] == "speed" and data["ask"][0] == "win"
    data["ask"][2] = 1  # the cast window
    with pytest.raises(CardtableError, match="a cast window waits where the speed phase"):
        GAME.state_from_json(data)


def test_a_speed_comparison_needs_both_speed_cards_or_the_steps_that_bring_them() -> None:
    s = started(5)
    data = s.to_json()
    data["ops"] = [["speed_cmp", 0]]
    data["speed"], data["sclosed"] = [-1, -1], [0, 0]
    data["deck"][0] += [c for c in s.speed if c >= 0][:1]
    data["deck"][1] += [c for c in s.speed if c >= 0][1:]
    with pytest.raises(CardtableError, match="no speed card for the comparison"):
        GAME.state_from_json(data)


@pytest.mark.parametrize(("field", "value"), [
    ("seed", 5.0), ("rng", True), ("history", [0.0]), ("winner_seat", -1.0), ("hp", [[1.5]])])
def test_a_number_written_as_a_float_or_true_is_refused(field: str, value: object) -> None:
    data = started(5).to_json()
    data[field] = value
    with pytest.raises(CardtableError, match=r"whole number|must be|is not|expected"):
        GAME.state_from_json(data)


def test_a_decision_naming_its_seat_as_a_float_is_refused() -> None:
    """``0.0 == 0`` in Python: without the check it would pass as seat 1 and fail later as
    a list index."""
    data = started(5).to_json()
    data["ask"][1] = float(data["ask"][1])
    with pytest.raises(CardtableError, match=r"ask: [01]\.0 where a whole number"):
        GAME.state_from_json(data)


def test_a_hand_written_scenario_starts_at_its_window_and_plays_on() -> None:
    from pathlib import Path

    from cardtable.core.scenario import load_scenario
    from cardtable.games.dreadnought import actions as A

    s = load_scenario(GAME, Path(__file__).parent / "scenarios" / "full-area-attack.txt")
    assert s.ask == ("win", 0, 3, 0)
    attack = s.find_action(kind="attack", mask=3, area=0)  # both left units, enemy left area
    s.apply(attack)
    while s.ask is not None and s.ask[0] == "win" and s.ask[2] == 4:
        s.apply(A.PASS)
    assert len(s.hp[2]) == 0  # 170 damage: three HP cards, and the caster had three
    again = GAME.scenario_text(s)
    assert "[state]" in again


@pytest.mark.parametrize(("line", "words"), [
    ("chain: 1", "chain: expected a list of lists"),
    ("building: 1", "building: expected a list or null"),
    ("used: [[1]]", "used: expected a list of whole numbers"),
])
def test_a_state_value_of_the_wrong_kind_is_a_problem_on_its_line(line: str, words: str) -> None:
    from cardtable.core.scenario import ScenarioError, state_from_text

    key = line.split(":")[0]
    text = GAME.scenario_text(started(5))
    lines = text.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith(f"{key}:"))
    lines[at] = line
    with pytest.raises(ScenarioError, match=f":{at + 1}: {words}"):
        state_from_text(GAME, "\n".join(lines) + "\n")


def test_a_bp_change_no_card_can_make_is_refused() -> None:
    """Issue 44: a BP change of 10**20 loaded and then overflowed the compiled build's
    integers in view(); one change is at most 300 either way (the card vocabulary's bound)."""
    s = GAME.new_game(5)
    rng = random.Random(5)
    while not s.units:
        s.apply(rng.choice(s.legal_actions()))
    data = s.to_json()
    uid = s.units[0].uid
    for amount, ok in ((300, True), (-300, True), (301, False), (10**20, False)):
        data["mods"] = [[uid, amount, "turn"]]
        if ok:
            GAME.state_from_json(data).view(0)
        else:
            with pytest.raises(CardtableError, match="changes BP by at most 300"):
                GAME.state_from_json(data)
