"""Rules shown from positions: each test loads a scenario file (tests/dice_and_monsters/
scenarios). A battle in progress is played out from its board when it loads, its dice
scripted, so the test reads the rule off the log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.core.scenario import load_scenario
from cardtable.games.dice_and_monsters import GAME
from cardtable.games.dice_and_monsters.state import DiceState

HERE = Path(__file__).parent / "scenarios"


def load(name: str) -> DiceState:
    state = load_scenario(GAME, HERE / name)
    assert isinstance(state, DiceState)
    return state


def events(state: DiceState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.log if e["type"] == kind]


def test_poison_deals_one_plain_damage_after_the_units_turn() -> None:
    s = load("poison-and-hp-taken.txt")
    kinds = [(e["type"], e.get("kind")) for e in s.log]
    poison = kinds.index(("damage", "plain"))
    assert kinds[poison - 1][0] == "max-hp"  # right after its own action
    assert events(s, "damage")[0]["hp"] == 4


def test_after_the_last_round_equal_units_are_decided_by_hp_taken() -> None:
    s = load("poison-and-hp-taken.txt")
    end = events(s, "game-end")[0]
    assert end["units"] == [1, 1] and end["taken"] == [3, 5]
    assert s.winner() == 1 and s.end_reason() == "hp-taken"


def test_a_back_unit_advances_when_the_front_row_has_no_unit() -> None:
    s = load("back-row-advance.txt")
    # (the unit's ``id``, added to events on branch information, is not what this rule is about)
    assert [{k: v for k, v in e.items() if k != "id"} for e in events(s, "advance")] == [
        {"type": "advance", "player": 1, "from": 3, "to": 1, "unit": "恐獣ベロブル"}]
    # and it fights from the front row in the same round
    assert events(s, "turn")[-1]["unit"][:3] == [1, 1, "恐獣ベロブル"]  # [3] is its id


def test_a_side_with_no_unit_left_loses_at_once() -> None:
    s = load("wipeout.txt")
    assert s.is_terminal() and s.winner() == 0 and s.end_reason() == "wipeout"
    assert s.turn == 2  # the battle did not reach round 3


def test_a_sleeping_unit_that_rolls_below_four_stays_asleep() -> None:
    s = load("sleep.txt")
    die = events(s, "die")[1]
    assert {**die, "unit": die["unit"][:3]} == {"type": "die", "for": "sleep", "value": 3,
                                                "unit": [1, 1, "恐獣ベロブル"]}
    assert events(s, "asleep") and not [e for e in events(s, "action")
                                        if e["unit"][2] == "恐獣ベロブル"]


def test_miracle_revives_a_downed_unit_with_one_hp() -> None:
    s = load("miracle.txt")
    assert events(s, "command") == [{"type": "command", "player": 0, "card": "奇跡",
                                     "square": 2}]
    assert [{**e, "unit": e["unit"][:3]} for e in events(s, "revive")] == \
        [{"type": "revive", "unit": [0, 1, "仮面紳士"], "hp": 1}]
    assert s.final is not None and s.final["units"] == [1, 1]


def test_a_trait_that_spares_a_feature_deals_no_damage_to_it() -> None:
    s = load("miracle.txt")  # 仮面紳士 deals no damage to a 少女
    first = events(s, "damage")[0]
    assert first["unit"][2] == "火炎剣士「アマリア・カソルラ」" and first["amount"] == 0


def test_the_second_team_answer_ends_the_team_step_and_the_battle_runs() -> None:
    s = load("team-step.txt")
    assert s.current_player() == 1 and s.pending[0] >= 0
    s.apply(s.legal_actions()[0])
    assert s.is_terminal() and events(s, "team")


def test_deck_building_offers_no_pick_that_makes_the_deck_impossible() -> None:
    s = load("deck-building.txt")
    names = [s.cards[s.pool[0][i]].name for i in s.legal_actions()]
    assert names == ["氷霊「マージ・フロスト」", "錬金術師「レオノール・ルフェテ」",
                     "炎帝「アマリア・カソルラ」"]  # two units still needed, and the ★


def test_a_battle_cut_at_any_round_plays_on_exactly_as_the_record_did() -> None:
    """The board at a round's start holds everything the rest of the battle depends on."""
    import random

    from cardtable.core.scenario import state_from_text

    cut = 0
    for seed in range(12):
        s = GAME.new_game(seed)
        rng = random.Random(seed)
        while s.current_player() != 1 or s.pending[0] < 0:
            s.apply(rng.choice(s.legal_actions()))
        answer = rng.choice(s.legal_actions())
        end = s.clone()
        end.apply(answer)
        for rnd in range(1, end.rounds + 1):
            again = state_from_text(GAME, GAME.scenario_text_within(s, answer, rnd))
            assert (again.result(), again.final) == (end.result(), end.final), (seed, rnd)
            cut += 1
    assert cut > 30
