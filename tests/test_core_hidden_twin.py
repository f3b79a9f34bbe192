"""Dealing a hidden hand again (``core/hidden_twin.py``)."""

from __future__ import annotations

from cardtable.core.hidden_twin import redeal_hand


def test_a_redealt_hand_keeps_its_size_and_the_cards_it_could_be() -> None:
    hand, deck = [3, 7], list(range(10, 30))
    redeal_hand(hand, deck, seed=1, keep_top=5, most=6)
    assert len(hand) == 2 and hand == sorted(hand)
    assert sorted(hand + deck[:6]) == sorted([3, 7, *range(10, 16)])


def test_the_top_of_the_deck_stays_where_the_next_turns_will_turn_it_up() -> None:
    hand, deck = [1, 2, 3], list(range(10, 30))
    redeal_hand(hand, deck, seed=2, keep_top=5)
    assert deck[-5:] == list(range(25, 30))
    assert sorted(hand + deck) == sorted([1, 2, 3, *range(10, 30)])


def test_the_same_seed_deals_the_same_twin() -> None:
    deals = []
    for _ in range(2):
        hand, deck = [4, 5], list(range(10, 40))
        redeal_hand(hand, deck, seed=9, keep_top=3)
        deals.append((hand, deck))
    assert deals[0] == deals[1]


def test_something_changes_when_there_is_room_to_change_it() -> None:
    outcomes = set()
    for seed in range(20):
        hand, deck = [4, 5], list(range(10, 40))
        redeal_hand(hand, deck, seed=seed, keep_top=3)
        outcomes.add(tuple(hand))
    assert len(outcomes) > 1


def test_a_twin_changes_only_the_opponents_hand_and_deck_and_forgets_its_legal_list() -> None:
    from cardtable.core import load_game
    from cardtable.core.hidden_twin import redealt_twin

    state = load_game("culdcept").new_game(3)
    state.legal_actions()
    twin = redealt_twin(state, 0, seed=5, keep_top=25, most=30)
    assert twin is not state and twin._legal is None
    assert twin.hand[0] == state.hand[0] and twin.deck[0] == state.deck[0]
    assert sorted(twin.hand[1] + twin.deck[1]) == sorted(state.hand[1] + state.deck[1])
    assert twin.deck[1][-25:] == state.deck[1][-25:]
