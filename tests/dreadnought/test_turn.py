"""Preparation, the speed phase, the draw phase, the end phase and the end of the game."""

from __future__ import annotations

from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought import rules as R
from cardtable.games.dreadnought.state import OVER, SPEED, W_SPEED, Enchant

from .helpers import GAME, STOP, cid, events, find, started, table


def test_preparation_deals_seven_and_each_seat_may_mulligan_once() -> None:
    s = GAME.new_game(3)
    assert [len(h) for h in s.hand] == [7, 7]
    assert s.ask == ("mull", 0)
    first = s.hand[0][0]
    s.apply(A.MULLIGAN + first)
    s.apply(A.MULLIGAN + s.hand[0][0])
    assert len(s.hand[0]) == 5 and len(s.discard[0]) == 2
    s.apply(A.PASS)
    assert len(s.hand[0]) == 7  # as many drawn as were discarded
    assert s.ask == ("mull", 1)  # and the mulligan is over for seat 1's opponent
    s.apply(A.PASS)
    assert s.phase == SPEED and s.mulled == [2, 0]


def test_hp_cards_are_dealt_from_the_deck_after_the_mulligans() -> None:
    s = started(4)
    printed = [s.cards[c].hp for c in s.casters]
    assert [len(h) for h in s.hp] == printed
    for p in (0, 1):
        dealt = printed[2 * p] + printed[2 * p + 1]
        # 50 cards: 7 in hand, HP, and the speed card opened this turn
        assert len(s.deck[p]) + dealt + 7 + 1 + len(s.discard[p]) + \
            (1 if s.speed[p] < 0 else 0) == 50 + (1 if s.speed[p] < 0 else 0)


def test_the_faster_speed_card_acts_first_in_the_speed_phase() -> None:
    s = table(None, hands=([], ["火球"]), tops=(["溶岩の巨人"], ["火の粉の精"]),
              after=[("turn",)])
    s.turn_no = 0
    R.run(s)
    # 火の粉の精 (A) beats 溶岩の巨人 (C): seat 1 has the first speed window
    cmp = events(s, "speed-compare")[-1]
    assert cmp["faster"] == 1
    assert s.ask is not None and s.ask[:3] == ("win", 1, W_SPEED)


def test_equal_speed_grades_burn_both_cards_and_open_new_ones() -> None:
    s = table(None, tops=(["火の粉の精", "溶岩の巨人"], ["溶岩の巨人", "溶岩の巨人"]),
              after=[("turn",)])
    since = len(s.log)
    R.run(s)
    burn = next(e for e in s.log[since:] if e["type"] == "speed-burn")
    assert burn["cards"] == ["溶岩の巨人", "溶岩の巨人"]
    assert cid(s, "溶岩の巨人") in s.discard[0] and cid(s, "溶岩の巨人") in s.discard[1]
    assert events(s, "speed-compare")[-1]["faster"] in (0, 1)


def test_gear_change_once_a_turn_places_a_hand_card_closed_until_the_order() -> None:
    s = table(W_SPEED, 0, hands=(["火球", "溶岩の巨人"], []),
              after=[("speed_cmp", 1), ("win", 1, W_SPEED, 0)])
    old = s.speed[0]
    s.apply(find(s, "gear change", "Fireball"))
    assert s.speed[0] == cid(s, "火球") and s.sclosed[0] == 1 and old in s.discard[0]
    assert s.view(1)["opponent"]["speed"] == -1  # the opponent sees a closed card
    assert s.view(0)["you"]["speed"] == cid(s, "火球")
    assert not any(A.GEAR <= a < A.CAST for a in s.legal_actions())  # once a turn
    s.apply(A.PASS)
    s.apply(A.PASS)  # seat 1 passes: the order is decided, the gear card opens
    assert events(s, "gear-open")[-1]["card"] == "火球"
    assert s.sclosed[0] == 0


def test_the_order_is_decided_by_the_speed_cards_after_the_speed_actions() -> None:
    s = table(W_SPEED, 0, hands=([], ["閃光の騎兵"]), decks=_decks("storm-grove"),
              after=[("speed_cmp", 1), ("win", 1, W_SPEED, 0)])
    s.apply(A.PASS)  # seat 0 was faster (A against C)
    s.apply(find(s, "gear change", "Flash Cavalry"))  # seat 1 changes gear to SP S
    s.apply(A.PASS)
    assert s.first == 1 and events(s, "order")[-1]["first"] == 1


def test_a_tie_after_gear_changes_burns_again() -> None:
    s = table(W_SPEED, 0, hands=(["溶岩の巨人"], []),
              tops=(["火の粉の精"], ["溶岩の巨人"]),
              after=[("speed_cmp", 1), ("win", 1, W_SPEED, 0)])
    since = len(s.log)
    s.apply(find(s, "gear change", "Lava Giant"))  # SP C, as seat 1's 溶岩の巨人
    s.apply(A.PASS)  # seat 1 has nothing to act with: its window is skipped
    new = s.log[since:]
    assert [e["cards"] for e in new if e["type"] == "speed-burn"] == [["溶岩の巨人"] * 2]
    assert [e["first"] for e in new if e["type"] == "order"] == [0]  # then A against C


def test_draw_phase_first_draws_one_and_bursts_one_second_draws_two_and_bursts_one() -> None:
    s = table(None, after=[("end",), ("speed_cmp", 1)])
    hands = [len(h) for h in s.hand]
    R.run(s)
    assert s.first == 0  # 火の粉の精 (A) against 溶岩の巨人 (C)
    assert len(s.hand[0]) == hands[0] + 1 and len(s.burst[0]) == 1
    assert len(s.hand[1]) == hands[1] + 2 and len(s.burst[1]) == 1


def test_end_phase_discards_speed_cards_enchantments_dummies_then_hand_limit_then_normal() -> None:
    s = table(None, hands=([*["火球"] * 4, *["溶岩の巨人"] * 5], []),
              units=[(0, 0, "溶岩の巨人"), (0, 1, "dummy:火球")], after=[("end",)])
    s.units[0] = s.units[0]._replace(checked=1, dummy=0)
    s.enchants.append(Enchant(s.units[0].uid, cid(s, "火球"), 0, 0, 20))
    s.cchk = [1, 0, 0, 1]
    R.run(s)
    assert s.speed == [-1, -1] and s.enchants == []
    assert all(not u[5] for u in s.units)
    assert s.ask == ("discard", 0)  # 9 cards: down to 7
    s.apply(find(s, "discard Fireball"))
    s.apply(find(s, "discard Fireball"))
    assert len(s.hand[0]) == 7
    assert all(u[4] == 0 for u in s.units) and not any(s.cchk[:2])


def test_an_empty_deck_draw_takes_an_hp_card_of_the_caster_with_more() -> None:
    s = table(None, hp=(1, 3, 3, 3), after=[STOP, ("take", 0, "hand", 0)])
    s.deck[0] = []
    n = len(s.hand[0])
    R.run(s)
    assert len(s.hand[0]) == n + 1 and [len(h) for h in s.hp[:2]] == [1, 2]


def test_an_empty_deck_draw_on_equal_hp_is_the_owners_choice() -> None:
    s = table(None, hp=(2, 2, 3, 3), after=[STOP, ("take", 0, "hand", 0)])
    s.deck[0] = []
    R.run(s)
    assert s.ask == ("hp", 0, "hand")
    s.apply(A.HP + 1)
    assert [len(h) for h in s.hp[:2]] == [2, 1]


def test_taking_the_last_hp_card_for_an_empty_deck_loses() -> None:
    s = table(None, hp=(1, 0, 3, 3), after=[STOP, ("take", 0, "hand", 0)])
    s.deck[0] = []
    R.run(s)
    assert s.phase == OVER and s.winner() == 1


def test_both_casters_at_zero_hp_lose_the_game() -> None:
    s = table(None, hp=(1, 0, 3, 3), after=[("atk_res", ("atk", 1, (), 0, 0))])
    R.break_hp(s, 0, 1, "test")
    assert R.check_end(s)
    assert s.winner() == 1 and s.end_reason() == "hp"


def test_both_seats_losing_at_once_is_a_draw() -> None:
    s = table(None, hp=(1, 0, 1, 0),
              after=[("speed_cmp", 0), ("take", 1, "speed", 0), ("take", 0, "speed", 1)])
    s.deck = [[], []]
    R.run(s)
    assert s.phase == OVER and s.is_draw()


def test_the_turn_limit_option_ends_a_long_match_in_a_draw() -> None:
    s = GAME.new_game(2, options={"turn_limit": 1})
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.is_draw() and s.end_reason() == "turn-limit"


def test_a_broken_hp_card_goes_to_the_burst_area_closed_and_checked() -> None:
    s = table(None, hp=(3, 3, 3, 3))
    R.break_hp(s, 2, 2, "test")
    assert len(s.hp[2]) == 1 and s.bchk[1] == [1, 1]


def _decks(second: str) -> tuple:
    return (GAME.load_deck("crimson-tide"), GAME.load_deck(second))


def test_random_games_always_end() -> None:
    import random

    for seed in range(3):
        s = GAME.new_game(seed)
        r = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[r.randrange(len(legal))])
        assert s.result() is not None
