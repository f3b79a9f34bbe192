"""Culdcept and Dreadnought draw as tables from their views alone: every zone the rules put on
the table, in both languages, and nothing a seat may not see.

The games are loaded from their own packages (not the registry), so these hold whether or not a
game is registered as playable yet.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from tests.dreadnought.helpers import table as dreadnought_table
from tests.web.test_projection import _check

from cardtable.core.contract import Game, State
from cardtable.core.projection import public_table
from cardtable.games.culdcept.game import GAME as CULDCEPT
from cardtable.games.dreadnought import GAME as DREADNOUGHT
from cardtable.games.dreadnought.state import W_ACTION

GAMES = {"culdcept": CULDCEPT, "dreadnought": DREADNOUGHT}
#: zones each seat has, whatever the position
ZONES = {"culdcept": ("lands", "hand", "levels", "deck", "discard", "tolls"),
         "dreadnought": ("area0", "area1", "hand", "speed", "bursts", "deck", "discard")}


def _played(game: Game, seed: int, steps: int) -> State:
    state = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _first(game: Game, seed: int, found: Callable[[State], bool], limit: int = 3000) -> State:
    """The first position of a seeded random game where ``found`` holds."""
    state = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if found(state):
            return state
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position in the game")


def _zones(table: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {z["id"]: z for z in table["zones"]}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_position_draws_both_sides_with_all_their_zones(game_id, lang):
    game = GAMES[game_id]
    state = game.new_game(5)
    rng = random.Random(5)
    for _ in range(250):
        tables = [game.project(state.view(p), lang) for p in (0, 1)]
        for p, table in enumerate(tables):
            _check(table, p)
            assert table["to_move"] == state.current_player()
            ids = _zones(table)
            for seat in (0, 1):
                for zone in ZONES[game_id]:
                    assert f"{zone}.{seat}" in ids
        _check(public_table(tables), None)
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAMES)
def test_what_a_seat_cannot_see_never_changes_its_table(game_id):
    game = GAMES[game_id]
    state = game.new_game(11)
    rng = random.Random(11)
    for step in range(300):
        if state.is_terminal():
            break
        if step % 6 == 0:
            for seat in (0, 1):
                lang = "ja" if step % 12 else "en"
                drawn = json.dumps(game.project(state.view(seat), lang), sort_keys=True)
                twin = game.sample_state(state.view(seat), rng.randrange(2**31))
                assert json.dumps(game.project(twin.view(seat), lang), sort_keys=True) == drawn
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_opponents_hand_is_backs_and_ones_own_is_face_up(game_id):
    game = GAMES[game_id]
    state = _played(game, 2, 40)
    for seat in (0, 1):
        zones = _zones(game.project(state.view(seat), "en"))
        own, theirs = zones[f"hand.{seat}"]["cards"], zones[f"hand.{1 - seat}"]["cards"]
        assert own and all(c["face_up"] for c in own)
        assert theirs and all(c == {"face_up": False} for c in theirs)


@pytest.mark.parametrize("game_id", GAMES)
def test_labels_and_card_names_follow_the_language(game_id):
    game = GAMES[game_id]
    state = _played(game, 3, 60)
    view = state.view(0)
    en, ja = game.project(view, "en"), game.project(view, "ja")
    assert [z["id"] for z in en["zones"]] == [z["id"] for z in ja["zones"]]
    assert _zones(en)["hand.0"]["label"] == "Hand" and _zones(ja)["hand.0"]["label"] == "手札"
    assert en["phase"] != ja["phase"]
    definitions = {c["name"]: c for c in view["cards"]}
    for card_en, card_ja in zip(_zones(en)["hand.0"]["cards"], _zones(ja)["hand.0"]["cards"],
                                strict=True):
        d = definitions[card_ja["key"]]
        assert card_en["key"] == card_ja["key"] == card_ja["name"] == d["name"]
        assert card_en["name"] == (d["name_en"] or d["name"])
        assert card_en["text"] != card_ja["text"]


# -- Culdcept ----------

def test_culdcept_level_cards_are_face_up_to_their_owner_and_backs_to_the_other():
    state = _first(CULDCEPT, 1, lambda s: sum(map(len, s.levels[1])) >= 2)
    for seat in (0, 1):
        zones = _zones(CULDCEPT.project(state.view(seat), "en"))
        levels = state.view(1)["you"]["slots"]
        cards = zones["levels.1"]["cards"]
        assert len(cards) == sum(len(s["level_cards"]) for s in levels)
        where = [f"land {i + 1}" for i, s in enumerate(levels) for _ in s["level_cards"]]
        assert [c["markers"][-1] for c in cards] == where
        if seat == 1:
            assert [c["key"] for c in cards] == [n for s in levels for n in s["level_cards"]]
        else:
            assert all(set(c) == {"face_up", "markers"} for c in cards)


def test_culdcept_a_face_down_battle_card_is_a_back_until_revealed():
    state = _first(CULDCEPT, 1, lambda s: s.view(0)["phase"] == "battle-card-defender"
                   and s.battle[2] >= 0)
    invader, defender = state.view(0)["active"], 1 - state.view(0)["active"]
    battle = state.view(invader)["battle"]
    mine = _zones(CULDCEPT.project(state.view(invader), "en"))["battle"]
    theirs = _zones(CULDCEPT.project(state.view(defender), "ja"))["battle"]
    assert mine["cards"][1]["key"] == battle["invader_card"]
    assert theirs["cards"][1] == {"face_up": False}
    assert mine["cards"][0]["key"] == theirs["cards"][0]["key"] == battle["invader"]
    assert mine["cards"][2] is None  # the defender has not chosen yet
    assert theirs["label"] == f"土地{state.view(0)['dest'] + 1}の戦闘"


def test_culdcept_the_die_is_a_counter_and_marks_the_land_reached():
    state = _first(CULDCEPT, 4, lambda s: s.view(0)["phase"] == "territory")
    view = state.view(0)
    table = CULDCEPT.project(view, "en")
    assert {c["id"]: c["value"] for c in table["counters"]}["die"] == view["die"]
    land = _zones(table)[f"lands.{view['active']}"]["cards"][view["dest"]]
    assert "die: here" in land["markers"]


def test_culdcept_a_level_card_owed_says_who_gives_it_up_and_from_which_land():
    state = _first(CULDCEPT, 1, lambda s: s.view(0)["phase"] == "choose-level")
    _reason, seat, slot = state.view(0)["pending"]
    for lang, words in (("en", f"Player {seat + 1} gives up a level card of land {slot + 1}"),
                        ("ja", f"プレイヤー{seat + 1}が土地{slot + 1}のレベルカードを1枚失う")):
        assert any(n.startswith(words) for n in CULDCEPT.project(state.view(0), lang)["notes"])


# -- Dreadnought ----------

def test_dreadnought_areas_hold_the_caster_with_hp_left_then_units_with_size_and_bp():
    s = dreadnought_table(W_ACTION, 0, units=[(0, 0, "サラマンダー"), (1, 1, "dummy:サラマンダー")],
                          hp=(3, 2, 4, 1), bursts=(2, 1))
    s.bchk[0] = [1, 0]
    for seat in (0, 1):
        table = DREADNOUGHT.project(s.view(seat), "en")
        zones = _zones(table)
        caster, unit, empty = zones["area0.0"]["cards"]
        assert caster["stats"][0][0] == "HP" and caster["stats"][0][1].startswith("3/")
        assert unit["name"] == "Salamander" and ["Size", "S", "other"] in unit["stats"]
        assert empty is None
        assert {c["id"]: c["value"] for c in table["counters"]}["hp.1.1"] == 1
        # bursts came from the deck unseen: backs for both seats, their state shown
        assert zones["bursts.0"]["cards"] == [{"face_up": False, "markers": ["checked"]},
                                              {"face_up": False, "markers": ["normal"]}]
        dummy = zones["area1.1"]["cards"][1]
        bp = str(s.view(seat)["units"][1][6])
        if seat == 1:
            assert dummy["key"] == "サラマンダー" and ["BP", bp, "attack"] in dummy["stats"]
        else:
            assert dummy == {"face_up": False,
                             "stats": [["Size", "S", "other"], ["BP", bp, "attack"]],
                             "markers": ["dummy", "checked"]}


def test_dreadnought_a_closed_gear_change_card_is_known_to_its_owner_alone():
    s = dreadnought_table(W_ACTION, 0)
    s.sclosed[1] = 1
    own = _zones(DREADNOUGHT.project(s.view(1), "ja"))["speed.1"]["cards"]
    other = _zones(DREADNOUGHT.project(s.view(0), "ja"))["speed.1"]["cards"]
    assert own[0]["key"] == s.cards[s.speed[1]].name and "クローズ" in own[0]["markers"]
    assert other == [{"face_up": False}]


def test_dreadnought_the_chain_lies_between_the_sides_while_it_is_open():
    state = _first(DREADNOUGHT, 6, lambda s: len(s.chain) >= 1)
    for seat in (0, 1):
        table = DREADNOUGHT.project(state.view(seat), "en")
        chain = _zones(table)["chain"]
        assert chain["owner"] is None and len(chain["cards"]) == len(state.chain)
        assert all(f"Player {i[1] + 1}" in (c.get("markers") or [])
                   for i, c in zip(state.chain, chain["cards"], strict=True))


def test_dreadnought_the_opponents_casters_are_backs_until_both_mulligans_are_done():
    s = DREADNOUGHT.new_game(4)
    assert not s.started
    table = DREADNOUGHT.project(s.view(0), "en")
    zones = _zones(table)
    assert zones["area0.1"]["cards"][0] == {"face_up": False}
    assert zones["area0.0"]["cards"][0]["key"] == s.cards[s.casters[0]].name
    s.apply(0)  # seat 2 keeps its hand, then seat 1: the casters are revealed
    s.apply(0)
    assert s.started
    caster = _zones(DREADNOUGHT.project(s.view(0), "en"))["area0.1"]["cards"][0]
    assert caster["key"] == s.cards[s.casters[2]].name


def test_dreadnought_mulligan_shows_the_casters_hp_to_come_not_0_of_0():
    """Issue 38 item 10: before the game starts a caster's HP is not set yet; the table shows
    the HP it will start with (one's own), or "?" for a caster still closed."""
    state = DREADNOUGHT.new_game(1)
    table = DREADNOUGHT.project(state.view(0), "en")
    hp = [c for c in table["counters"] if c["id"].startswith("hp.")]
    assert hp and all(c["value"] != 0 for c in hp)
    mine = [c for c in hp if c["owner"] == 0]
    assert all(isinstance(c["value"], int) and c["value"] == c["max"] > 0 for c in mine)
    assert all(c["value"] == "?" and c["max"] is None for c in hp if c["owner"] == 1)


def test_dreadnought_mulligan_caster_cards_show_their_hp_to_come_not_0():
    """The same for the caster cards in the areas (the terminal printed "HP0/3" beside a
    header of "HP 3/3"): each of the seat's casters reads its printed HP over itself."""
    state = DREADNOUGHT.new_game(1)
    table = DREADNOUGHT.project(state.view(0), "en")
    areas = [z for z in table["zones"] if z["id"].startswith("area") and z["owner"] == 0]
    hps = [value for z in areas for label, value, _role in z["cards"][0]["stats"]
           if label == "HP"]
    assert len(hps) == 2
    assert all(now == full and now != "0" for now, full in (v.split("/") for v in hps)), hps
