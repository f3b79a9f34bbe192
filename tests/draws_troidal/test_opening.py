"""Game start: life and deck size, the opening five, one redo, the set, five cards, initiative."""

from __future__ import annotations

from collections import Counter

from cardtable.games.draws_troidal import GAME, opening
from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.state import PLACE, DrawsState
from cardtable.games.draws_troidal.steps import NOT_ASKED, begin_step

from .helpers import accounted, card, deck_of, idx, lab

FIVE = [card("none", p) for p in (1, 2, 3, 4, 5)]


def test_default_options_are_50_life_and_60_card_decks() -> None:
    options = GAME.default_options()
    assert options["life"] == 50
    assert options["deck_size"] == 60
    s = GAME.new_game(1)
    assert s.life == [50, 50]
    assert [sum(accounted(s, p).values()) for p in (0, 1)] == [60, 60]


def test_life_and_deck_size_are_options() -> None:
    deck = deck_of(FIVE, 20)
    s = GAME.new_game(1, (deck, deck), {"life": 30, "deck_size": 20, "max_copies": 4})
    assert s.life == [30, 30]
    assert [len(s.deck[p]) + len(s.revealed[p]) for p in (0, 1)] == [20, 20]


def test_opening_turns_over_the_top_five_cards() -> None:
    s = lab(*FIVE)
    s.deck[0] = s.deck[0][:10]
    top = s.deck[0][-5:]  # the top of the deck is the end of the list
    opening.turn_over_five(s, 0)
    assert sorted(s.revealed[0]) == sorted(top)
    assert s.revealed[0] == top[::-1]  # turned over one by one from the top
    assert len(s.deck[0]) == 5


def test_new_game_turns_over_five_for_each_player_and_offers_a_redo() -> None:
    s = GAME.new_game(2)
    assert [len(r) for r in s.revealed] == [5, 5]
    assert [len(d) for d in s.deck] == [55, 55]
    assert s.hand == [[], []]
    assert s.view(0)["phase"] == "opening-redo"
    assert s.legal_actions() == [act.KEEP, act.REDO]
    s.apply(act.KEEP)
    assert s.current_player() == 1
    assert s.legal_actions() == [act.KEEP, act.REDO]


def test_opening_redo_returns_the_five_shuffles_and_turns_over_five_new() -> None:
    s = GAME.new_game(3)
    first_five = list(s.revealed[0])
    deck_before = list(s.deck[0])
    other_five = list(s.revealed[1])
    s.apply(act.REDO)
    s.apply(act.KEEP)
    assert s.redos == [1, 0]
    assert len(s.revealed[0]) == 5 and len(s.deck[0]) == 55
    assert Counter(s.deck[0] + s.revealed[0]) == Counter(deck_before + first_five)
    assert s.deck[0] != deck_before  # the five went back and the deck was shuffled
    assert s.revealed[0] != first_five[::-1]  # not simply the same five turned over again
    assert s.revealed[1] == other_five  # the player who kept keeps the same five


def test_second_redo_is_not_offered() -> None:
    s = GAME.new_game(3)
    s.apply(act.REDO)
    s.apply(act.KEEP)
    assert s.view(0)["phase"] == "opening-set"
    for p in (0, 1):
        assert s.current_player() == p
        assert act.REDO not in s.legal_actions()
        assert act.KEEP not in s.legal_actions()
        s.apply(s.legal_actions()[0])


def test_redo_allowance_is_an_option_and_only_the_redoing_player_is_asked_again() -> None:
    s = GAME.new_game(3, options={"opening_redos": 2})
    s.apply(act.REDO)
    s.apply(act.KEEP)
    assert s.view(0)["phase"] == "opening-redo"
    assert s.pending[1] == NOT_ASKED  # player 2 kept: not asked again
    assert s.current_player() == 0 and s.legal_actions() == [act.KEEP, act.REDO]
    s.apply(act.REDO)
    assert s.redos == [2, 0]
    assert s.view(0)["phase"] == "opening-set"


def test_without_redos_the_game_starts_at_the_opening_set() -> None:
    s = GAME.new_game(3, options={"opening_redos": 0})
    assert s.view(0)["phase"] == "opening-set"
    assert act.KEEP not in s.legal_actions()


def test_keeping_both_goes_to_the_set_with_the_same_five() -> None:
    s = GAME.new_game(4)
    five = [list(r) for r in s.revealed]
    s.apply(act.KEEP)
    s.apply(act.KEEP)
    assert s.view(0)["phase"] == "opening-set"
    assert s.revealed == five
    assert s.redos == [0, 0]


def opening_set_lab() -> DrawsState:
    s = lab(*FIVE)
    for p in (0, 1):
        for c in FIVE:
            s.deck[p].remove(idx(s, c))
            s.revealed[p].append(idx(s, c))
    begin_step(s, PLACE, [0, 1])
    return s


def test_opening_five_may_be_set_in_any_order() -> None:
    s = opening_set_lab()
    orders = {tuple(act.describe(a)["sources"]) for a in s.legal_actions()}
    assert len(orders) == 120  # every order of five different cards
    assert all(len(o) == 5 for o in orders)


def test_opening_set_puts_the_chosen_card_in_each_lane() -> None:
    s = opening_set_lab()
    order = (4, 2, 0, 1, 3)
    s.apply(act.SET_CODE[order])
    s.apply(act.SET_CODE[(0, 1, 2, 3, 4)])
    assert [s.cards[c] for c in s.field[0]] == [FIVE[i] for i in order]
    assert [s.cards[c] for c in s.field[1]] == FIVE
    assert s.revealed == [[], []]
    assert s.guard == [[0] * 5, [0] * 5]


def test_identical_cards_give_one_opening_order_per_distinct_outcome() -> None:
    s = opening_set_lab()
    twin = s.revealed[0][0]
    s.revealed[0][1] = twin  # two copies of the same card among the five
    s.revealed[1][1] = s.revealed[1][0]
    s._legal = None
    assert len(s.legal_actions()) == 60  # 5! / 2!


def test_after_the_set_both_draw_five_then_initiative_goes_to_a_random_player() -> None:
    s = GAME.new_game(5)
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    assert [len(h) for h in s.hand] == [5, 5]
    assert [len(d) for d in s.deck] == [50, 50]
    assert s.turn == 1
    kinds = [e["type"] for e in s.log]
    after_set = kinds[kinds.index("set"):]
    assert after_set[:6] == ["set", "set", "draw", "draw", "initiative", "turn"]
    assert s.initiative == next(e["player"] for e in s.log if e["type"] == "initiative")


def test_initiative_at_the_start_is_random() -> None:
    seen = set()
    for seed in range(40):
        s = GAME.new_game(seed)
        for _ in range(4):  # both keep, both set: then the draw of five and initiative
            s.apply(s.legal_actions()[0])
        assert s.turn == 1
        seen.add(s.initiative)
    assert seen == {0, 1}


def test_newly_set_opening_cards_show_power_only() -> None:
    s = opening_set_lab()
    s.apply(act.SET_CODE[(0, 1, 2, 3, 4)])
    s.apply(act.SET_CODE[(0, 1, 2, 3, 4)])
    opponent = s.view(0)["opponent"]["field"]
    assert opponent == [{"hidden": True, "power": c.power, "id": 5 + lane}
                        for lane, c in enumerate(FIVE)]


def test_opponent_learns_of_a_redo_only_once_both_have_answered() -> None:
    s = GAME.new_game(3)
    s.apply(act.REDO)
    assert s.view(1)["opponent"]["redos"] == 0  # player 1's answer is still pending
    s.apply(act.KEEP)
    assert s.view(1)["opponent"]["redos"] == 1  # the redo happened in plain sight
    assert {"type": "opening-redo", "players": [0]} in s.events(1)


def test_opening_draw_of_five_from_too_small_a_deck_loses() -> None:
    s = GAME.new_game(1, (deck_of(FIVE, 10),) * 2, {"deck_size": 10, "max_copies": 2})
    s.apply(act.KEEP)
    s.apply(act.KEEP)
    s.trash[1].append(s.deck[1].pop())  # player 2 has four cards left for the draw of five
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.is_terminal() and s.winner() == 0 and s.end_reason() == "deck-out"
    assert s.initiative == -1  # the game ended before initiative was decided


def test_opening_draw_with_exactly_five_left_is_fine() -> None:
    s = GAME.new_game(1, (deck_of(FIVE, 10),) * 2, {"deck_size": 10, "max_copies": 2})
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    assert not s.is_terminal()
    assert s.deck == [[], []] and s.turn == 1
