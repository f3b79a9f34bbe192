"""The engine's own decisions: public decklists, illegal actions, codes, labels, options, decks."""

from __future__ import annotations

import pytest

from cardtable.core import CardtableError, Deck, DeckError, IllegalActionError
from cardtable.games.draws_troidal import GAME
from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.state import DrawsState

from .helpers import advance_to, card, deck_of, play_out, walk

FIVE = [card("none", p) for p in (1, 2, 3, 4, 5)]


def test_decklists_are_private_unless_the_option_opens_them() -> None:
    a, b = GAME.load_deck("fire-and-steel"), GAME.load_deck("sea-and-forest")
    lists = [sorted(c.name for c in a.cards), sorted(c.name for c in b.cards)]
    s = GAME.new_game(1, (a, b))
    for p in (0, 1):
        shown = s.view(p)["decklists"]
        assert shown[p] == lists[p] and shown[1 - p] is None
        # a shipped deck's name would name its list: only its owner hears it
        assert all("decks" not in e and e.get("name") in (None, (a, b)[p].name)
                   for e in s.events(p))
    s = GAME.new_game(1, (a, b), {"open_decklists": True})
    assert s.view(0)["decklists"] == lists == s.view(1)["decklists"]


def test_a_view_names_the_card_pool_whatever_the_opponents_deck() -> None:
    from cardtable.games.draws_troidal.game import shipped_pool

    pool = sorted(shipped_pool())
    a = GAME.load_deck("fire-and-steel")
    for other in GAME.deck_names():
        s = GAME.new_game(2, (a, GAME.load_deck(other)))
        for state, _ in walk(s, 2):
            assert [c["name"] for c in state.view(0)["cards"]] == pool


# -- illegal actions ---------------------------------------------------------------------------

def illegal_codes(s: DrawsState) -> list[int]:
    legal = set(s.legal_actions())
    wrong_kind = [c for c in (act.KEEP, act.REDO, act.SET_BASE, act.ARRANGE_BASE,
                              act.NUM_ACTIONS - 1) if c not in legal]
    return [-1, act.NUM_ACTIONS, 10**6, *wrong_kind]


@pytest.mark.parametrize("phase", ["opening-redo", "opening-set", "field-set", "field-shuffle"])
def test_illegal_action_raises_and_leaves_the_state_unchanged(phase: str) -> None:
    s = advance_to(GAME.new_game(3), phase, play_seed=3)
    before = s.to_json()
    legal = list(s.legal_actions())
    for code in illegal_codes(s):
        with pytest.raises(IllegalActionError):
            s.apply(code)
        assert s.to_json() == before
        assert s.legal_actions() == legal


def test_second_redo_is_an_illegal_action() -> None:
    s = GAME.new_game(3)
    s.apply(act.REDO)
    s.apply(act.KEEP)
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(act.REDO)
    assert s.to_json() == before


def test_no_action_is_legal_once_the_game_is_over() -> None:
    s = GAME.new_game(4)
    play_out(s, 4)
    before = s.to_json()
    assert s.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        s.apply(act.KEEP)
    assert s.to_json() == before


def test_legal_action_codes_are_ascending_distinct_and_below_num_actions() -> None:
    for state, _ in walk(GAME.new_game(6), 6):
        legal = state.legal_actions()
        assert legal and legal == sorted(set(legal))
        assert all(0 <= a < GAME.num_actions for a in legal)
        assert sum(state.legal_action_mask()) == len(legal)


def test_describe_action_covers_the_whole_action_space() -> None:
    kinds = {GAME.describe_action(a)["kind"] for a in range(GAME.num_actions)}
    assert kinds == {"keep", "redo", "place", "arrange"}
    with pytest.raises(ValueError, match="no action code"):
        GAME.describe_action(GAME.num_actions)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_action_labels_are_not_empty(lang: str) -> None:
    for state, _ in walk(GAME.new_game(9), 9):
        for a in state.legal_actions():
            assert state.action_label(a, lang).strip()
            assert all(part.strip() for part in state.action_path(a, lang))


def test_japanese_and_english_labels_differ() -> None:
    s = GAME.new_game(9)
    assert s.action_label(act.KEEP, "ja") != s.action_label(act.KEEP, "en")


# -- options and decks ---------------------------------------------------------------------------

def test_unknown_option_names_the_nearest_valid_option() -> None:
    with pytest.raises(CardtableError, match=r"'lfe'.*did you mean 'life'"):
        GAME.new_game(1, options={"lfe": 30})


def test_option_of_the_wrong_type_is_rejected() -> None:
    with pytest.raises(CardtableError, match="life"):
        GAME.new_game(1, options={"life": "30"})


@pytest.mark.parametrize("options", [{"hand_size": 6}, {"hand_size": 0}, {"life": 0},
                                     {"deck_size": 4}, {"max_swaps": -1}, {"win_limit": 0},
                                     {"opening_redos": -1}, {"max_copies": 0}])
def test_out_of_range_options_are_rejected(options: dict[str, int]) -> None:
    (name,) = options
    with pytest.raises(CardtableError, match=name):
        GAME.resolve_options(options)


def test_deck_with_fewer_than_sixty_cards_is_rejected() -> None:
    short = deck_of(FIVE * 4, 59)
    with pytest.raises(DeckError, match="59"):
        GAME.new_game(1, (short, GAME.load_deck("fire-and-steel")))


def test_deck_with_more_than_sixty_cards_is_rejected() -> None:
    long = deck_of([card("none", p) for p in range(16)], 61)
    with pytest.raises(DeckError, match="61"):
        GAME.new_game(1, (GAME.load_deck("fire-and-steel"), long))


def test_deck_with_five_copies_of_a_card_is_rejected() -> None:
    cards = [card("none", p) for p in range(15)]
    deck = deck_of(cards, 60)
    GAME.new_game(1, (deck, deck))  # four copies each: fine
    five = Deck("five", (cards[0],) * 5 + tuple(c for c in cards[1:14] for _ in range(4))
                + (cards[14],) * 3)
    assert len(five) == 60
    with pytest.raises(DeckError, match="5 copies"):
        GAME.new_game(1, (five, deck))


def test_copy_limit_is_an_option() -> None:
    deck = deck_of(FIVE, 60)  # twelve copies of each
    with pytest.raises(DeckError):
        GAME.new_game(1, (deck, deck))
    GAME.new_game(1, (deck, deck), {"max_copies": 12})


def test_two_different_cards_with_one_name_are_rejected() -> None:
    a = card("none", 3)
    b = type(a)(a.name, a.name_en, a.attribute, 4, a.risk, a.guard)
    deck = deck_of([card("none", p) for p in range(15)], 60)
    clash = deck_of([a, *[card("none", p) for p in range(10, 24)]], 60)
    other = deck_of([b, *[card("none", p) for p in range(10, 24)]], 60)
    GAME.new_game(1, (deck, clash))
    with pytest.raises(DeckError, match="named"):
        GAME.new_game(1, (clash, other))


def test_exactly_two_decks_are_needed() -> None:
    with pytest.raises(DeckError):
        GAME.new_game(1, (GAME.load_deck("fire-and-steel"),))


def test_unknown_deck_name_suggests_the_nearest_shipped_deck() -> None:
    with pytest.raises(CardtableError, match="did you mean 'fire-and-steel'"):
        GAME.load_deck("fire-and-stel")
