"""Deck building, the hidden simultaneous team step, the reveal, and the game from end to end."""

from __future__ import annotations

import pytest

from cardtable.core import DeckError, IllegalActionError
from cardtable.games.dice_and_monsters import GAME
from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters.state import BUILD, OVER, TEAM


def fixed() -> tuple:
    return GAME.load_deck("holy-flame"), GAME.load_deck("dark-menagerie")


def test_without_decks_both_seats_build_from_the_whole_card_list() -> None:
    s = GAME.new_game(1)
    assert s.phase == BUILD and s.current_player() == 0


def test_given_decks_skip_building_and_are_revealed() -> None:
    s = GAME.new_game(1, fixed())
    assert s.phase == TEAM
    assert s.view(1)["opponent"]["deck"] == [c.name for c in fixed()[0].cards if not c.star]


def test_a_pool_of_forty_eight_cards_offers_and_takes_its_last_positions() -> None:
    """Pool positions are bits of one mask: positions past 31 and 47 itself work as any."""
    from cardtable.core.deck import Deck

    from .helpers import command, unit

    text = "99ラウンド目の開始時に発動する。\n特徴【無】を持つユニット全てのHPを1回復する。"
    cards = tuple([unit(f"木偶{i:02d}") for i in range(40)]
                  + [command(text, f"待機{i}") for i in range(8)])
    s = GAME.new_game(1, [Deck("big", cards), Deck("big", cards)])
    assert s.legal_actions() == list(range(act.MAX_POOL))
    picks = [47, 40, 33, 32, 31, 1, 0]
    for code in picks:
        s.apply(code)
    assert s.legal_actions() == [i for i in range(act.MAX_POOL) if i not in picks]
    s.apply(39)  # the eighth card: the deck is complete
    assert s.current_player() == 1 and s.built[0]
    assert s.deck[0] == [s.pool[0][i] for i in sorted([*picks, 39])]


def test_a_pick_that_would_make_a_legal_deck_impossible_is_not_offered() -> None:
    s = GAME.new_game(1)
    pool = [s.cards[c] for c in s.pool[0]]
    commands = [i for i, c in enumerate(pool) if c.kind == "command"]
    for i in commands[:7]:
        if i in s.legal_actions():
            s.apply(i)
    kinds = [s.cards[c].kind for c in s.deck[0]]
    assert kinds.count("command") <= 5
    assert all(pool[i].kind != "command" for i in s.legal_actions() if i < act.MAX_POOL
               and not pool[i].star)


def test_the_deck_finishes_at_eight_cards_with_units_and_a_command() -> None:
    s = GAME.new_game(3)
    while s.phase == BUILD and s.current_player() == 0:
        s.apply(s.legal_actions()[0])
    deck = [s.cards[c] for c in s.deck[0]]
    assert len(deck) == 8 and sum(c.kind == "unit" for c in deck) >= 3
    assert any(c.kind == "command" for c in deck) and len(s.leap[0]) <= 3


def test_the_leap_deck_holds_at_most_three_star_units() -> None:
    s = GAME.new_game(3)
    stars = [i for i, c in enumerate(s.pool[0]) if s.cards[c].star]
    for i in stars:
        s.apply(i)
    assert len(s.leap[0]) == 3


def test_the_opponent_sees_nothing_of_a_deck_being_built() -> None:
    s = GAME.new_game(5)
    before = s.view(1)
    s.apply(s.legal_actions()[0])
    after = s.view(1)
    assert before["opponent"] == after["opponent"]
    assert all(e.get("type") != "pick" for e in s.events(1))


def test_team_answers_stay_hidden_until_both_have_answered() -> None:
    s = GAME.new_game(1, fixed())
    a = s.legal_actions()[0]
    s.apply(a)
    assert s.view(1)["opponent"]["answered"] is True and "team" not in s.view(1)["opponent"]
    assert s.current_player() == 1


def test_a_team_is_three_units_and_one_command_on_the_four_squares() -> None:
    s = GAME.new_game(1, fixed())
    for code in s.legal_actions():
        kinds = [s.cards[s.deck[0][i]].kind for i in act.team_squares(code)]
        assert kinds.count("unit") == 3 and kinds.count("command") == 1


def test_the_command_identity_is_hidden_from_the_opponent_until_it_fires() -> None:
    s = GAME.new_game(1, fixed())
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    team = next(e for e in s.events(1) if e["type"] == "team" and e["player"] == 0)
    assert "command" not in team
    mine = next(e for e in s.events(0) if e["type"] == "team" and e["player"] == 0)
    assert "command" in mine


def test_after_the_teams_the_whole_battle_runs_to_the_end() -> None:
    s = GAME.new_game(7, fixed())
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[-1])
    assert s.phase == OVER and s.is_terminal() and s.result() is not None
    assert s.view(0)["comparison"] is not None


def test_illegal_codes_are_refused() -> None:
    s = GAME.new_game(1, fixed())
    with pytest.raises(IllegalActionError):
        s.apply(act.DONE)


def test_a_deck_of_seven_is_refused() -> None:
    holy = fixed()[0]
    short = type(holy)("short", holy.cards[:7])
    with pytest.raises(DeckError):
        GAME.new_game(1, [short, holy])


def test_options_are_checked() -> None:
    from cardtable.core import CardtableError

    with pytest.raises(CardtableError):
        GAME.new_game(1, options={"deck_size": 9})
    assert GAME.new_game(1, fixed(), {"rounds": 2}).options["rounds"] == 2


def test_a_team_code_is_asked_as_command_square_then_each_unit() -> None:
    s = GAME.new_game(1, fixed())
    code = s.legal_actions()[0]
    path = s.action_path(code, "en")
    assert len(path) == 5 and path[0].startswith("Command:") and "square" in path[1]
    assert s.action_path(code, "ja")[0].startswith("コマンド:")
    assert "[1]" in s.action_label(code, "en") and "【4】" in s.action_label(code, "ja")


def test_every_legal_team_code_has_its_own_menu_path() -> None:
    s = GAME.new_game(1, fixed())
    paths = {s.action_path(c, "en") for c in s.legal_actions()}
    assert len(paths) == len(s.legal_actions())


def test_pick_labels_name_the_card_in_both_languages() -> None:
    s = GAME.new_game(1)
    first = s.legal_actions()[0]
    assert s.action_label(first, "en").startswith(("Take", "Put"))
    assert "入れる" in s.action_label(first, "ja")
