"""Rules and loader decisions shown as scenario files (issue 25): a position a person can read,
loaded and played through the public API."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core.scenario import ScenarioError, load_scenario, state_from_text
from cardtable.games.dreadnought import GAME
from cardtable.games.dreadnought.state import CAST, W_CAST, W_REACT, W_SPEED

HERE = Path(__file__).parent / "scenarios"


def test_one_speed_ability_a_speed_phase_for_the_seat_not_for_each_card() -> None:
    s = load_scenario(GAME, HERE / "speed-once-per-phase.txt")
    mizuha = s.find_action(kind="ability", card="蒼海の賢者ミズハ")
    herald = s.find_action(kind="ability", card="光速の伝令")
    assert (mizuha, herald) == (s.find_action(kind="ability", source=0),
                                s.find_action(kind="ability", source=2))
    assert {mizuha, herald} <= set(s.legal_actions())
    s.apply(mizuha)
    assert s.current_player() == 0  # the speed window stays open: god draws, a gear change
    assert herald not in s.legal_actions()
    assert not any(s.describe_action(a)["kind"] == "ability" for a in s.legal_actions())


def test_a_scenarios_card_table_does_not_depend_on_the_other_seats_closed_hand() -> None:
    """Issue 25 #6: the table is the whole pool, as in a game from new_game, so seat 1's view
    is the same whatever seat 2 holds in hand."""
    text = (HERE / "full-area-attack.txt").read_text("utf-8")
    assert "hand: 火球\n" in text
    views = [state_from_text(GAME, text.replace("hand: 火球\n", f"hand: {name}\n")).view(0)
             for name in ("渦潮", "火の粉の精")]
    assert views[0] == views[1]
    assert {c["name"] for c in views[0]["cards"]} == set(GAME.pool())


def test_a_speed_phase_scenario_runs_the_rest_of_the_turn_in_the_seeds_order() -> None:
    """Issue 25 #8: [1] speed (the faster seat, then the slower), the order decided, [2] draw
    (the first seat 1 card and a burst, the other 2 and a burst), [3] cast, first seat first."""
    s = load_scenario(GAME, HERE / "speed-once-per-phase.txt")  # first: 1, the faster card
    hands = [len(s.hand[0]), len(s.hand[1])]
    s.apply(s.find_action(kind="pass"))
    assert s.ask == ("win", 1, W_SPEED, 0)  # the slower seat's speed actions
    assert s.pending_decision() == {"player": 1, "kind": "window", "phase": "speed",
                                    "window": "speed", "passes": 0}
    s.apply(s.find_action(kind="pass"))
    order = [e for e in s.log if e["type"] == "order"]
    assert len(order) == 1 and order[0]["first"] == 0
    assert [len(s.hand[0]), len(s.hand[1])] == [hands[0] + 1, hands[1] + 2]
    assert s.phase == CAST and s.ask == ("win", 0, W_CAST, 0)


def test_a_speed_phase_scenario_honours_first_and_refuses_the_slower_seat_first() -> None:
    text = (HERE / "speed-once-per-phase.txt").read_text("utf-8")
    closed = text.replace("speed: 光速の伝令\n", "speed: 光速の伝令 closed=yes\n") \
        .replace("first: 1\nto-move: 1", "first: 2\nto-move: 2")
    s = state_from_text(GAME, closed)  # a gear-change card: the table cannot tell, first: says
    assert s.ask == ("win", 1, W_SPEED, 0) and s.gear == [1, 0]
    s.apply(s.find_action(kind="pass"))
    assert s.ask == ("win", 0, W_SPEED, 0)
    with pytest.raises(ScenarioError, match="only with the faster speed card"):
        state_from_text(GAME, text.replace("first: 1\nto-move: 1", "first: 2\nto-move: 2"))
    with pytest.raises(ScenarioError, match="needs a 'speed:' card"):
        state_from_text(GAME, text.replace("speed: 森の小人\n", ""))


@pytest.mark.parametrize(("old", "new", "words"), [
    # issue 25 #7: both casters at 0 HP: the game is decided (キャスター2人のHPが0枚になると)
    ("hp 1: 森の小人, 森の小人, 森の小人\nhp 2: 森の小人, 森の小人\n", "hp 1: -\nhp 2: -\n",
     "the game is decided"),
    ("casters: 炎舞の巫女ホムラ, 森羅の語り部カエデ", "casters: 炎舞の巫女ホムラ, 炎舞の巫女ホムラ",
     "two casters of different names"),
    ("hp 2: 森の小人, 森の小人\n", "hp 2: 森の小人, 森の小人, 森の小人, 森の小人, 森の小人\n",
     "more than its printed HP 4"),
    ("hand: 火球\n", "hand: 火球\nspeed: 森の小人 closed=yes\n", "closed in the action phase"),
    ("hand: 火球\n", "hand: 火球\nbursts: 森の小人\nbursts checked: 2\n",
     "'2' is not one of the seat's 1 bursts"),
])
def test_a_position_the_rules_rule_out_is_refused_saying_why(old: str, new: str,
                                                             words: str) -> None:
    text = (HERE / "full-area-attack.txt").read_text("utf-8")
    assert old in text
    with pytest.raises(ScenarioError, match=words):
        state_from_text(GAME, text.replace(old, new))
    state_from_text(GAME, text)  # the file as it is loads


def test_a_code_goes_to_the_discard_pile_only_after_its_effect() -> None:
    """Issue 39 #1 (「コード効果を発揮し終わると捨札になります」): 記憶の欠片 takes a card from the
    discard pile, and cannot take itself back while its effect resolves."""
    s = load_scenario(GAME, HERE / "code-discarded-after-its-effect.txt")
    s.apply(s.find_action(kind="code", card="記憶の欠片"))
    s.apply(s.find_action(kind="pay", source=0))  # its log 1: a caster (a burst is none)
    shard, fireball = (s.cards.index(GAME.pool()[n]) for n in ("記憶の欠片", "火球"))
    assert s.hand[0] == [fireball]  # the one card the pile held: taken without a question
    assert s.discard[0] == [shard]  # the code arrives once its effect is done
    assert s.ask == ("win", 0, W_CAST, 0)


def test_god_draw_takes_a_normal_burst_only() -> None:
    """Issue 39 #2 (「任意のノーマル状態のバーストカードを手札にすること」): with every burst
    checked, 神の閃き's god draw does nothing; a normal burst is what it takes."""
    text = (HERE / "god-draw-takes-a-normal-burst-only.txt").read_text("utf-8")
    for checked, drawn in (("1 2", 0), ("2", 1)):
        s = state_from_text(GAME, text.replace("bursts checked: 1 2", f"bursts checked: {checked}"))
        s.apply(s.find_action(kind="code", card="神の閃き"))
        if s.pending_decision()["kind"] == "pay":
            s.apply(s.find_action(kind="pay", source=0))
        s.apply(s.find_action(kind="pass"))  # seat 2 does not react
        s.apply(s.find_action(kind="pass"))  # seat 1 neither: the chain resolves
        assert len(s.hand[0]) == drawn and len(s.burst[0]) == 2 - drawn, checked
        assert [e["type"] for e in s.log].count("god-draw") == drawn
    assert "normal burst" in GAME.card_lines(GAME.pool()["神の閃き"].to_json())[3]
    assert "checked" not in " ".join(GAME.card_lines(GAME.pool()["神の閃き"].to_json()))


def test_slot_moves_are_cast_actions_done_any_number_of_times_up_to_the_cap() -> None:
    """Issue 39 #3 (「任意の順番で任意の回数実行できる」): a unit may move to the other area and
    back as often as the seat likes; the option cast_action_cap (default 10) bounds the cast
    actions of a seat in one cast phase, as infinite_cap bounds 無限."""
    assert GAME.default_options()["cast_action_cap"] == 10
    text = (HERE / "slot-moves-any-number-of-times.txt").read_text("utf-8")
    for cap in (10, 3):
        s = state_from_text(GAME, text.replace("to-move: 1\n", f"to-move: 1\noptions: "
                                               f"cast_action_cap={cap}\n"))
        for n in range(cap):
            assert s.ask == ("win", 0, W_CAST, 0)
            s.apply(s.find_action(kind="move"))
            assert s.units[0][2] == (n + 1) % 2
        kinds = {s.describe_action(a)["kind"] for a in s.legal_actions()} if s.ask[1] == 0 \
            else set()
        assert not kinds & {"move", "discard-unit"}  # the cap is reached


def test_the_cancelling_player_chooses_which_code_is_cancelled() -> None:
    """Issue 39 #4 (「コード1つを打ち消す」): the cancel names any code on the chain, so seat 2
    cancels seat 1's 絡みつく根 below its own 凍てつく息吹 (it used to cancel the newest)."""
    s = load_scenario(GAME, HERE / "cancel-chooses-the-code.txt")
    s.apply(s.find_action(kind="code", card="絡みつく根", mode=0))  # check an enemy unit
    s.apply(s.find_action(kind="pay", source=0))
    s.apply(s.find_action(kind="code", card="凍てつく息吹", mode=0))  # seat 2: BP -50
    s.apply(s.find_action(kind="pay", source=0))
    assert s.ask == ("win", 1, W_REACT, 1)  # seat 1 has no play to make: skipped
    s.apply(s.find_action(kind="code", card="打ち消しの波", mode=0))
    labels = sorted(s.action_label(a) for a in s.legal_actions())
    assert labels == ["cancel: the enemy Grasping Roots", "cancel: your Freezing Breath"]
    s.apply(s.find_action(kind="chain-code", depth=0))  # the enemy's, at the bottom
    s.apply(s.find_action(kind="pass"))  # the chain closes and resolves
    assert not s.chain
    assert [e["card"] for e in s.log if e["type"] == "cancel"] == ["絡みつく根"]
    boar = next(u for u in s.units if u[1] == 1)
    assert boar[4] == 0  # not checked: the roots were cancelled
    assert any(e["type"] == "bp" and e["amount"] == -50 for e in s.log)  # the breath resolved
