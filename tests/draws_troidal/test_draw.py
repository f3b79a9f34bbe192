"""① Draw: hands are refilled to five from the top of the deck; an empty deck loses."""

from __future__ import annotations

from cardtable.games.draws_troidal import draw, turn

from .helpers import card, lab, to_hand

CARDS = [card("none", p) for p in (1, 2, 3, 4, 5)]


def test_draw_step_refills_both_hands_to_five() -> None:
    s = lab(*CARDS)
    to_hand(s, 0, CARDS[0], CARDS[1])
    assert draw.refill(s) is True
    assert [len(h) for h in s.hand] == [5, 5]
    assert [len(d) for d in s.deck] == [55, 55]  # player 1 drew three, player 2 five
    assert [e["count"] for e in s.log if e["type"] == "draw"] == [3, 5]


def test_draw_takes_cards_from_the_top_of_the_deck() -> None:
    s = lab(*CARDS)
    top = s.deck[0][-5:]
    draw.refill(s)
    assert s.hand[0] == top[::-1]


def test_full_hand_draws_nothing() -> None:
    s = lab(*CARDS)
    to_hand(s, 0, *CARDS)
    deck = list(s.deck[0])
    draw.refill(s)
    assert len(s.hand[0]) == 5
    assert s.deck[0] == deck


def test_hand_size_is_an_option() -> None:
    s = lab(*CARDS, hand_size=3)
    draw.refill(s)
    assert [len(h) for h in s.hand] == [3, 3]


def test_player_who_must_draw_from_an_empty_deck_loses_at_that_moment() -> None:
    s = lab(*CARDS)
    to_hand(s, 0, CARDS[0], CARDS[1])
    s.deck[0] = s.deck[0][:2]  # needs three, only two left
    assert draw.refill(s) is False
    assert len(s.hand[0]) == 4  # drew the two that were there, then drawing stopped
    assert s.deck[0] == []
    assert s.is_terminal()
    assert s.winner() == 1
    assert s.end_reason() == "deck-out"
    assert len(s.hand[1]) == 5  # the other player's draw is unaffected


def test_drawing_the_last_card_of_the_deck_does_not_lose() -> None:
    s = lab(*CARDS)
    to_hand(s, 0, CARDS[0], CARDS[1])
    s.deck[0] = s.deck[0][:3]
    assert draw.refill(s) is True
    assert not s.is_terminal()
    assert s.deck[0] == [] and len(s.hand[0]) == 5


def test_empty_deck_does_not_lose_when_no_draw_is_needed() -> None:
    s = lab(*CARDS)
    to_hand(s, 0, *CARDS)
    s.deck[0] = []
    assert draw.refill(s) is True
    assert not s.is_terminal()


def test_both_players_unable_to_draw_in_the_same_step_is_a_draw() -> None:
    s = lab(*CARDS)
    s.deck[0] = s.deck[0][:4]
    s.deck[1] = []
    assert draw.refill(s) is False
    assert s.is_draw()
    assert s.winner() is None
    assert s.end_reason() == "deck-out"


def test_deck_out_ends_the_game_before_the_field_set() -> None:
    s = lab(*CARDS)
    s.deck[1] = s.deck[1][:1]
    turn.begin_turn(s)
    assert s.is_terminal()
    assert s.winner() == 0
    assert s.legal_actions() == []
    assert not any(e["type"] == "set" for e in s.log[-5:])
