"""The setup and the turn: starting lands, hands, draw, one spell, the die, the hand limit."""

from __future__ import annotations

from collections import Counter

from tests.culdcept.helpers import C, die, lab, put, ready, roll, to_hand

from cardtable.games.culdcept import GAME
from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.cards import START_LANDS
from cardtable.games.culdcept.state import DISCARD, INVADE, OVER, SPELL, TERRITORY
from cardtable.games.culdcept.turn import begin_turn, end_turn


def test_each_player_gets_the_six_starting_lands_in_a_random_order() -> None:
    orders = set()
    for seed in range(6):
        s = GAME.new_game(seed)
        for p in (0, 1):
            assert sorted(s.base[p]) == list(range(6))
            orders.add(tuple(s.base[p]))
    assert len(orders) > 1
    assert [n for n, _, _ in START_LANDS] == ["火山", "草原", "湖", "森林", "都市", "廃虚"]


def test_starting_lands_are_not_deck_cards() -> None:
    s = GAME.new_game(1)
    for d in s.decks:
        assert len(d) == 60
        assert not {c.name for c in d.cards} & {n for n, _, _ in START_LANDS}


def test_hands_start_at_six_and_the_first_player_draws_on_turn_one() -> None:
    s = GAME.new_game(3)
    draws = [(e["player"], e["count"]) for e in s.log if e["type"] == "draw"]
    first = s.first
    # six each (no mulligan), then the first player's draw of turn 1 (no first-draw limit)
    assert draws[:3] == [(first, 6), (1 - first, 6), (first, 1)]


def test_the_draw_is_skipped_on_an_empty_deck() -> None:
    s = lab()
    s.deck[1] = []
    end_turn(s)
    assert s.active == 1 and len(s.hand[1]) == 1 and s.phase != OVER
    assert s.log[-2]["type"] == "turn" and s.log[-1]["type"] == "draw-skipped"


def test_the_die_names_the_movers_own_land_counted_from_the_left() -> None:
    for n in range(1, 7):
        s = lab()
        roll(s, n)
        assert s.die == n and s.dest == n - 1
        assert any(e["type"] == "die" and e["value"] == n for e in s.log)


def test_at_most_one_spell_then_the_die() -> None:
    s = lab(C("知恵の泉"))
    to_hand(s, 0, "知恵の泉", "知恵の泉")
    die(s, 2)
    ready(s)
    assert s.phase == SPELL
    cast = act.CAST + act.NO_TARGET
    s.apply(cast)
    assert s.phase != SPELL and s.die == 2  # the die follows the one spell at once


def test_after_the_roll_it_is_battle_or_territory_never_both() -> None:
    s = lab(C("スケルトン"))
    put(s, 1, 2, "スケルトン")
    roll(s, 3)
    assert s.phase == INVADE
    s.apply(act.PAY_TOLL)
    assert s.phase == TERRITORY or s.active == 1


def test_the_hand_limit_is_ten_at_the_end_of_ones_own_turn() -> None:
    s = lab(C("スケルトン"), C("傭兵"), C("ガーゴイル"))
    to_hand(s, 0, *["スケルトン"] * 4, *["傭兵"] * 4, *["ガーゴイル"] * 4)
    end_turn(s)
    assert s.phase == DISCARD and s.active == 0
    ready(s)
    for _ in range(3):  # 13 cards (with the 神殿 every lab hand holds): three go
        assert s.phase == DISCARD and s.current_player() == 0
        s.apply(s.legal_actions()[0])
    assert len(s.hand[0]) == 10 and s.active == 1 and len(s.discard[0]) == 3


def test_the_turn_limit_decides_by_toll_points() -> None:
    s = lab(turn_limit=3)
    s.tolls[1] = [s.deck[0].pop()]
    begin_turn(s, 1)
    assert s.phase == OVER and s.winner() == 1 and s.end_reason() == "turn-limit"
    s = lab(turn_limit=3)
    begin_turn(s, 1)
    assert s.is_draw()


def test_random_games_end_before_the_default_turn_limit_is_reached_mostly() -> None:
    import random

    reasons: Counter[str] = Counter()
    for seed in range(20):
        s = GAME.new_game(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        reasons[s.end_reason()] += 1
    assert reasons["points"] + reasons["toll-unpaid"] >= 18


def test_the_die_is_the_generators_roll_of_six() -> None:
    """``movement.roll`` writes the generator's step out (in 64-bit halves, for the compiled
    build): it must draw exactly what ``rng.roll`` draws, at the edges of the range too."""
    from cardtable.core import rng
    from cardtable.games.culdcept.movement import roll as roll_die

    start = GAME.new_game(4)
    assert start.phase == SPELL
    mask = (1 << 64) - 1
    edges = (0, 1, mask, mask - 0x9E3779B97F4A7C15, 1 << 63)  # the fourth steps to the mask
    for g in (*edges, *range(12345, 12345 + 50 * 7919, 7919)):
        s = start.clone()
        s.rng = g
        roll_die(s)
        assert (s.rng, s.die) == rng.roll(g, [], 6)
