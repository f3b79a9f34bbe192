"""Deck building, the start of the game and the seven phases of a turn."""

from __future__ import annotations

import json

import pytest

from cardtable.core import Deck, DeckError
from cardtable.games.sarasvati import GAME
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.state import BATTLE, CHARGE, IMAGINE, MOVE

from .helpers import BOOKS, FILLER, C, charge, deck_with, do, events, lab, put, to_hand


def test_a_deck_is_40_cards_and_three_books_of_total_cost_13_or_less() -> None:
    with pytest.raises(DeckError, match="exactly 40"):
        short = Deck("short", deck_with().cards[1:])
        GAME.new_game(1, (short, short), {"max_copies": 40})
    heavy = (C("厨二妄想サラスヴァティ"), C("魔導書グリモワール"), C("武闘伝説"))  # 6+5+4
    with pytest.raises(DeckError, match="cost 15 in total"):
        GAME.new_game(1, (deck_with(books=heavy),) * 2, {"max_copies": 40})


def test_at_most_four_copies_of_a_card() -> None:
    with pytest.raises(DeckError, match="copies of '転校生'"):
        GAME.new_game(1, (deck_with(),) * 2)


def test_books_lie_face_down_and_each_player_draws_five() -> None:
    s = GAME.new_game(3)
    assert s.bstate == [[0, 0, 0], [0, 0, 0]]
    first = s.first
    assert len(s.hand[first]) == 5  # the first player does not draw on turn 1
    assert len(s.hand[1 - first]) == 5
    assert len(s.deck[first]) == 35
    assert [e["type"] for e in s.log[:6]].count("shuffle") == 2


def test_the_first_player_skips_the_first_draw_and_the_second_draws() -> None:
    s = GAME.new_game(4)
    assert not any(e["type"] == "draw" and e["player"] == s.first and e["count"] == 1
                   for e in s.log)
    while s.active == s.first:
        s.apply(act.END)
    second = 1 - s.first
    assert len(s.hand[second]) == 6


def test_set_phase_readies_characters_and_untaps_voltage() -> None:
    s = lab()
    put(s, 0, 0, FILLER, ready=False, sick=True)
    charge(s, 0, 3)
    s.tapped[0] = 3
    s.active, s.phase = 1, BATTLE
    do(s, act.END)  # player 2 ends the turn: player 1's set phase
    assert s.active == 0 and s.tapped[0] == 0
    assert s.ready[0][0] and not s.sick[0][0]


def test_draw_phase_draws_one_card() -> None:
    s = lab()
    s.active, s.phase = 1, BATTLE
    do(s, act.END)
    assert len(s.hand[0]) == 1 and events(s, "draw")[-1]["count"] == 1



def test_charging_is_optional() -> None:
    s = lab()
    to_hand(s, 0, FILLER)
    charge(s, 0, 2)
    s.phase = CHARGE
    do(s, act.END)
    assert s.voltage[0] == s.voltage[0][:2] and len(s.hand[0]) == 1 and s.phase == IMAGINE


def test_paying_a_cost_turns_that_many_voltage_cards_sideways() -> None:
    s = lab()
    to_hand(s, 0, FILLER)
    charge(s, 0, 3)
    do(s, act.PLAY + 0 * act.PLACES + 0)
    assert s.tapped[0] == 2 and s.field[0][0] >= 0



def test_summon_to_front_or_back_row() -> None:
    s = lab()
    to_hand(s, 0, FILLER)
    charge(s, 0, 2)
    assert s.legal_actions() == [act.END, act.PLAY + 0, act.PLAY + act.ROW]


def test_a_summoned_character_is_ready_but_cannot_attack_this_turn() -> None:
    s = lab()
    to_hand(s, 0, FILLER)
    charge(s, 0, 2)
    do(s, act.PLAY + 0)
    assert s.ready[0][0] and s.sick[0][0]
    s.phase = BATTLE
    s._legal = None
    assert s.legal_actions() == [act.END]


def test_move_phase_exhausts_a_ready_character_and_changes_its_row() -> None:
    s = lab()
    put(s, 0, 0, FILLER)
    put(s, 0, 1, FILLER, ready=False)
    s.phase = MOVE
    assert s.legal_actions() == [act.END, act.MOVE + 0 * act.PLACES + 5]
    do(s, act.MOVE + 5)
    assert s.field[0][0] < 0 and s.field[0][5] >= 0 and not s.ready[0][5]


def test_a_character_moves_to_the_leftmost_empty_place_of_the_other_row() -> None:
    s = lab()
    put(s, 0, 0, FILLER)
    put(s, 0, 5, FILLER, ready=False)
    s.phase = MOVE
    assert s.legal_actions() == [act.END, act.MOVE + 0 * act.PLACES + 6]
    assert s.action_path(act.MOVE + 6) == ("Move Transfer Student [F1] to the back "
                                           "row (B2; it becomes exhausted)",)


def test_end_phase_passes_the_turn() -> None:
    s = lab()
    put(s, 0, 0, FILLER)
    s.phase = BATTLE
    do(s, act.END)
    assert s.active == 1 and s.turn_no == 4


def test_a_player_who_must_draw_from_an_empty_deck_loses() -> None:
    s = lab()
    s.deck[1] = []
    s.phase = BATTLE
    do(s, act.END)
    assert s.is_terminal() and s.winner() == 0 and s.reason == "deck-out"


def test_a_phase_with_nothing_to_decide_passes_by_itself() -> None:
    s = lab()
    s.phase = CHARGE
    s.hand[0] = []
    s._legal = None
    from cardtable.games.sarasvati.turn import advance

    advance(s)
    assert s.active == 1  # nothing to charge, play, move or attack with: the turn ended


def test_the_imagine_phase_waits_when_the_hand_could_hide_a_playable_card() -> None:
    """A phase passes by itself only when public information says nothing else is legal:
    with a card in hand and voltage untapped the opponent cannot know that nothing is
    affordable, so the player is asked (seed 193, step 43 used to tell by passing)."""
    from cardtable.games.sarasvati.turn import advance

    s = lab(C("傭兵隊長"))
    to_hand(s, 0, C("傭兵隊長"))
    charge(s, 0, 3)
    s.phase = CHARGE
    s._legal = None
    advance(s)
    assert (s.phase, s.active) == (CHARGE, 0)
    do(s, act.END)  # charge nothing: the imagine phase waits with ending it the only answer
    assert (s.phase, s.active, s.legal_actions()) == (IMAGINE, 0, [act.END])
    s.tapped[0] = len(s.voltage[0])  # all voltage spent: everyone sees nothing is affordable
    s._legal = None
    advance(s)
    assert s.active == 1


def test_options_start_hand_and_unknown_option() -> None:
    s = GAME.new_game(1, options={"hand_size": 7})
    assert len(s.hand[1 - s.first]) == 7
    with pytest.raises(Exception, match="did you mean 'hand_size'"):
        GAME.new_game(1, options={"hand_sise": 7})


def test_books_are_not_in_the_deck() -> None:
    s = lab()
    assert all(s.cards[c].kind != "book" for c in s.deck[0] + s.hand[0])
    assert sorted(s.cards[b].name for b in s.books[0]) == sorted(b.name for b in BOOKS)


def test_books_are_shuffled_into_their_places_so_a_place_does_not_tell_the_book() -> None:
    """A fixed order (the deck file's) would tell the opponent which face-down book is which."""
    deck = GAME.load_deck("hot-blooded-action")
    listed = [c.name for c in deck.cards if c.kind == "book"]
    seen = set()
    for seed in range(12):
        s = GAME.new_game(seed, (deck, deck))
        for p in (0, 1):
            placed = [s.cards[b].name for b in s.books[p]]
            assert sorted(placed) == sorted(listed)
            [told] = [e for e in s.events(p) if e["type"] == "books" and e["player"] == p]
            assert told["cards"] == placed  # the owner knows the arrangement
            seen.add(tuple(placed))
    assert len(seen) > 1


def test_the_opponent_sees_neither_the_deck_name_nor_the_books_in_any_event() -> None:
    decks = (GAME.load_deck("hot-blooded-action"), GAME.load_deck("school-mystery"))
    s = GAME.new_game(3, decks)
    for p in (0, 1):
        o = 1 - p
        secret = [decks[o].name] + [c.name for c in decks[o].cards if c.kind == "book"]
        shown = json.dumps(s.events(p), ensure_ascii=False)
        assert not [x for x in secret if x in shown]
        assert decks[p].name in shown  # a player's own deck name is private, not gone
