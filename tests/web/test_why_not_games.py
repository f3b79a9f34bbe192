"""Why not, game by game (issue 38 item 5): a card the seat cannot play now carries the rule
that stops it, in both languages, worked out from the seat's view and legal actions only."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardtable.core.registry import load_game
from cardtable.core.why_not import PLAIN, unplayable

JSON = dict


def find(game_id: str, wanted: Callable[[JSON, JSON], bool], lang: str = "en",
         seeds: range = range(6)) -> tuple[JSON, JSON]:
    """A position of a random game where some entry (with the view) is what ``wanted`` asks."""
    game = load_game(game_id)
    for seed in seeds:
        s = game.new_game(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            seat, legal = s.current_player(), s.legal_actions()
            view = s.view(seat)
            for entry in unplayable(game_id, view, [s.describe_action(c) for c in legal],
                                    game.project(view, lang), seat, lang):
                if wanted(entry, view):
                    return entry, view
            s.apply(rng.choice(legal))
    pytest.fail(f"no such position in {game_id}")


def name(entry: JSON) -> str:
    return entry["refs"][0].split("#", 1)[1]


def test_draws_hand_cards_wait_for_the_field_set_during_the_field_shuffle():
    entry, _view = find("draws-troidal", lambda e, v: v["phase"] == "field-shuffle")
    assert entry["why"].startswith("the field shuffle moves only cards on the field")
    ja, _ = find("draws-troidal", lambda e, v: v["phase"] == "field-shuffle", lang="ja")
    assert "フィールドセット" in ja["why"]


def test_draws_a_card_set_in_the_field_set_names_it_as_playable():
    """Every hand card is named by some placement (``lanes``) while a lane is empty: none is
    dimmed in the field set then."""
    game = load_game("draws-troidal")
    s = game.new_game(1)
    rng = random.Random(1)
    while not s.is_terminal():
        seat, view = s.current_player(), s.view(s.current_player())
        if view["phase"] == "field-set" and any(lane.get("empty") for lane in view["you"]["field"]):
            assert unplayable("draws-troidal", view,
                              [s.describe_action(c) for c in s.legal_actions()],
                              game.project(view, "en"), seat, "en") == []
            return
        s.apply(rng.choice(s.legal_actions()))
    pytest.fail("no field set with an empty lane")


def test_culdcept_a_creature_whose_condition_is_missed_says_which_lands_it_needs():
    entry, view = find("culdcept", lambda e, v: e["why"].startswith("needs your creatures"))
    card = next(c for c in view["cards"] if c["name"] == name(entry))
    assert card["condition"]
    held = [slot["element"] for slot in view["you"]["slots"] if slot.get("creature")]
    assert not all(card["condition"].count(e) <= held.count(e) for e in card["condition"])


def test_culdcept_a_spell_outside_the_spell_step_says_when_it_is_cast():
    entry, view = find("culdcept", lambda e, v: e["why"].startswith("a spell is cast"))
    assert view["phase"] != "spell"
    card = next(c for c in view["cards"] if c["name"] == name(entry))
    assert card["kind"] in ("instant", "lasting")


def test_culdcept_an_item_is_a_battle_card():
    entry, view = find("culdcept", lambda e, v: e["why"].startswith("an item"), lang="en")
    assert next(c for c in view["cards"] if c["name"] == name(entry))["kind"] == "item"


def test_dreadnought_a_unit_is_cast_only_in_the_cast_phase():
    _entry, view = find("dreadnought", lambda e, v: e["why"].startswith("a unit is cast"))
    assert view["ask"][0] == "win" and view["ask"][2] != 1  # not a cast window


def test_dreadnought_a_log_cost_beyond_the_normal_casters_and_bursts_says_both_numbers():
    entry, view = find("dreadnought", lambda e, v: e["why"].startswith("needs log"))
    you = view["you"]
    free = you["checked"].count(0) + you["bursts"].count(0)
    card = next(view["cards"][i] for i in you["hand"] if view["cards"][i]["name"] == name(entry))
    assert entry["why"].startswith(f"needs log {card['log']}, only {free} ")
    assert card["log"] > free


def test_dreadnought_a_code_out_of_its_timing_names_its_marks():
    entry, view = find("dreadnought", lambda e, v: " code: not in the " in e["why"])
    card = next(view["cards"][i] for i in view["you"]["hand"]
                if view["cards"][i]["name"] == name(entry))
    assert card["kind"] == "code"
    window = ("speed", "cast", "fast", "action", "react")[view["ask"][2]]
    assert entry["why"].endswith(f"not in the {window} window")


def test_dreadnought_nothing_is_played_in_the_middle_of_a_payment():
    entry, _view = find("dreadnought", lambda e, v: v["ask"][0] == "pay", lang="ja")
    assert entry["why"] == "ログコストの支払いの途中です"


def test_dice_and_monsters_a_leap_unit_is_never_placed_in_the_team():
    entry, view = find("dice-and-monsters", lambda e, v: v["phase"] == "team")
    assert entry["refs"][0].startswith(f"leap.{view['player']}#")
    assert name(entry) in view["you"]["leap"]
    assert "leaps in by itself" in entry["why"]


@pytest.mark.parametrize("game_id", ["draws-troidal", "culdcept", "dreadnought",
                                     "dice-and-monsters"])
def test_every_reason_is_the_games_own_in_both_languages(game_id):
    """Over a random game, no dimmed card falls back to the plain reason."""
    for lang in ("en", "ja"):
        game = load_game(game_id)
        s = game.new_game(2)
        rng = random.Random(2)
        plain = 0
        while not s.is_terminal():
            seat, legal = s.current_player(), s.legal_actions()
            view = s.view(seat)
            for entry in unplayable(game_id, view, [s.describe_action(c) for c in legal],
                                    game.project(view, lang), seat, lang):
                plain += entry["why"] == PLAIN[lang]
            s.apply(rng.choice(legal))
        assert plain <= 12, f"{plain} plain reasons in {game_id} ({lang})"
