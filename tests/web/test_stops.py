"""Auto-pass with stops (issue 38 item 6): a decision under a stop the player has off is
answered for them, from the seat's view and legal actions only; a stop on is always asked."""

from __future__ import annotations

import collections

from fastapi.testclient import TestClient
from tests.web.helpers import create, move, state

from cardtable.agents.registry import make_agent
from cardtable.core.registry import load_game
from cardtable.table import stops
from cardtable.web.app import create_app


def decisions_a_turn(settings: dict[str, bool] | None, seeds: range = range(4)) -> tuple:
    """Seat 0 against greedy, seat 0's asked decisions chosen by greedy too: the decisions a
    turn the page asks (more than one legal option and not answered by a stop), over games."""
    game = load_game("dreadnought")
    asked = turns = 0
    kinds: collections.Counter = collections.Counter()
    for seed in seeds:
        s = game.new_game(seed)
        agents = [make_agent("greedy"), make_agent("greedy")]
        seen: set[int] = set()
        while not s.is_terminal():
            seat, legal = s.current_player(), s.legal_actions()
            view = s.view(seat)
            code = None
            if seat == 0 and len(legal) > 1:
                seen.add(s.turn)
                code = stops.skipped("dreadnought", view, [s.describe_action(c) for c in legal],
                                     settings)
                if code is None:
                    asked += 1
                    kinds[(s.pending_decision() or {}).get("kind")] += 1
            s.apply(agents[seat].act(game, view, legal) if code is None else code)
        turns += len(seen)
    return asked / turns, kinds


def test_every_stop_on_asks_every_decision_with_a_choice():
    every = {s.key: True for s in stops.stops_of("dreadnought")}
    game = load_game("dreadnought")
    s = game.new_game(0)
    agents = [make_agent("greedy"), make_agent("greedy")]
    while not s.is_terminal():
        legal = s.legal_actions()
        described = [s.describe_action(c) for c in legal]
        assert stops.skipped("dreadnought", s.view(s.current_player()), described, every) is None
        s.apply(agents[s.current_player()].act(game, s.view(s.current_player()), legal))


def test_dreadnought_default_stops_cut_the_decisions_of_a_turn():
    every = {s.key: True for s in stops.stops_of("dreadnought")}
    before, _ = decisions_a_turn(every)
    after, kinds = decisions_a_turn(None)
    print(f"Dreadnought decisions a turn against greedy: {before:.1f} -> {after:.1f} {kinds}")
    assert after <= 0.7 * before
    # what is left is the seat's own play: no payment and no window with nothing to play
    assert kinds["pay"] == 0


def test_a_reaction_window_with_only_a_pass_or_a_god_draw_is_passed_for_the_seat():
    view = {"ask": ["win", 0, 4, 0]}
    only = [{"code": 0, "kind": "pass"}, {"code": 1, "kind": "god-draw"}]
    assert stops.skipped("dreadnought", view, only) == 0
    can = [*only, {"code": 818, "kind": "code", "card": "成長の恵み"}]
    assert stops.skipped("dreadnought", view, can) is None
    assert stops.skipped("dreadnought", view, can, {"react": False}) == 0


def test_a_block_with_a_choice_of_blocker_is_always_asked():
    block = [{"code": 1592, "kind": "block", "blocker": 0}, {"code": 1593, "kind": "block"}]
    off = {s.key: False for s in stops.stops_of("dreadnought")}
    assert stops.skipped("dreadnought", {"ask": ["block", 0]}, block, off) is None
    drawing = [{"code": 1, "kind": "god-draw"}, *block]
    assert stops.skipped("dreadnought", {"ask": ["block", 0]}, drawing, off) is None


def test_a_block_with_one_blocker_beside_a_god_draw_is_made_for_the_seat():
    """The engine makes a block with one blocker by itself unless a normal burst could be
    god-drawn first; that god draw is all the choice there is, as in a window whose one play
    is a god draw: under the same stop, off by default."""
    view = {"ask": ["block", 0]}
    forced = [{"code": 1, "kind": "god-draw"}, {"code": 1592, "kind": "block", "blocker": 0}]
    assert stops.decision_stop("dreadnought", view, forced) == {"key": "god-draw", "move": 1592}
    assert stops.skipped("dreadnought", view, forced) == 1592
    assert stops.skipped("dreadnought", view, forced, {"god-draw": True}) is None
    assert stops.ending_turn("dreadnought", view, forced, {"god-draw": True}) == 1592


def test_a_log_cost_is_paid_with_a_burst_unless_the_player_chooses():
    pay = [{"code": 1611, "kind": "pay", "source": 0}, {"code": 1613, "kind": "pay", "source": 2}]
    assert stops.skipped("dreadnought", {"ask": ["pay", 0, 1]}, pay) == 1613
    assert stops.skipped("dreadnought", {"ask": ["pay", 0, 1]}, pay, {"pay": True}) is None


def test_culdcept_cast_no_spell_is_declined_for_a_player_with_the_spell_stop_off():
    view = {"phase": "spell"}
    spell = [{"code": 0, "kind": "decline", "phase": "spell"},
             {"code": 315, "kind": "cast-move", "card": "転移"}]
    assert stops.skipped("culdcept", view, spell) is None  # on by default: asked
    assert stops.skipped("culdcept", view, spell, {"spell": False}) == 0


def test_the_payload_names_the_stop_of_the_decision_and_the_games_stops():
    with TestClient(create_app(":memory:")) as client:
        table = create(client, "dreadnought", seed=1)
        for _ in range(200):
            seat = state(client, table, None)["to_move"]
            now = state(client, table, seat)
            assert [s["key"] for s in now["stops"]] == [s.key for s in
                                                         stops.stops_of("dreadnought")]
            if now["stop"] and now["stop"]["key"] == "cast":
                assert now["stop"]["move"] in {c["code"] for c in now["choices"]}
                assert state(client, table, 1 - seat)["stop"] is None
                return
            move(client, table, seat, now["choices"][0]["code"], n=now["n"])
    raise AssertionError("no cast window reached")


def test_end_turn_passes_a_window_whose_stop_is_on_but_not_a_play_to_answer():
    view = {"ask": ["win", 0, 3, 0], "player": 0, "chain": []}
    window = [{"code": 0, "kind": "pass"}, {"code": 1562, "kind": "attack", "mask": 1, "area": 0}]
    assert stops.skipped("dreadnought", view, window) is None  # the action stop is on
    assert stops.ending_turn("dreadnought", view, window) == 0
    # the opponent's awakening on top, a reaction in hand: End turn still asks
    react = {"ask": ["win", 0, 4, 0], "player": 0, "chain": [["awk", 1, "x", 1, 30]]}
    answer = [{"code": 0, "kind": "pass"}, {"code": 908, "kind": "code", "card": "闘志の炎"}]
    assert stops.ending_turn("dreadnought", react, answer) is None
    assert stops.ending_turn("dreadnought", react, answer, {"react": False}) == 0


def test_the_opponents_attack_is_a_stop_of_its_own_that_end_turn_passes():
    view = {"ask": ["win", 0, 4, 0], "player": 0, "chain": [["atk", 1, [1], 0, 0]]}
    answer = [{"code": 0, "kind": "pass"}, {"code": 908, "kind": "code", "card": "闘志の炎"}]
    assert stops.decision_stop("dreadnought", view, answer)["key"] == "react-attack"
    assert stops.skipped("dreadnought", view, answer) is None  # asked, as before
    assert stops.ending_turn("dreadnought", view, answer) == 0  # the block is asked after


def test_end_turn_never_answers_a_block():
    block = [{"code": 1592, "kind": "block", "blocker": 0}, {"code": 1593, "kind": "block"}]
    assert stops.ending_turn("dreadnought", {"ask": ["block", 0]}, block) is None
