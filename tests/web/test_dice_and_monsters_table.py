"""Dice and Monsters at the table (issue 38, item 2): the card clicked is the card taken, the
counters say what the log says, the team set-up draws the four squares, ★ units carry a mark
and an English card reads in English."""

from __future__ import annotations

import random

import pytest

from cardtable.core import load_game
from cardtable.core.picks import picks
from cardtable.web.payload import choices

GAME = load_game("dice-and-monsters")


def _zone(table: dict, zone_id: str) -> dict:
    return next(z for z in table["zones"] if z["id"] == zone_id)


@pytest.mark.parametrize("seed", range(6))
def test_the_card_clicked_in_the_pool_is_the_card_taken(seed):
    """A property over random picks: after any number of cards taken, each pick's highlighted
    pool card is a copy of the card that pick takes (the bug: off by the number taken)."""
    state = GAME.new_game(seed)
    rng = random.Random(seed)
    checked = 0
    while state.view(state.current_player())["phase"] == "deck-building":
        seat = state.current_player()
        table = GAME.project(state.view(seat), "en")
        pool = _zone(table, f"pool.{seat}")
        for code in state.legal_actions():
            d = state.describe_action(code)
            if d.get("kind") != "pick":
                continue
            [ref] = picks(GAME, d, table, seat)
            zone_id, index = ref.split("/")
            assert zone_id == pool["id"]
            assert pool["cards"][int(index)]["key"] == d["card"], (ref, d)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 20


def _finished(seed: int):
    state = GAME.new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_damage_taken_is_what_the_other_side_dealt():
    """The log's numbers: ``taken[p]`` in the game's comparison is what p dealt; each side's
    "Damage taken" counter shows what the other side dealt it, out of its own starting HP."""
    for seed in range(8):
        state = _finished(seed)
        view = state.view(0)
        cmp = view["comparison"]
        if cmp is None:
            continue
        table = GAME.project(view, "en")
        counters = {c["id"]: c for c in table["counters"]}
        for s in (0, 1):
            assert counters[f"taken.{s}"]["value"] == cmp["taken"][1 - s]
            assert counters[f"taken.{s}"]["max"] == cmp["initial_hp"][s]
        return
    pytest.fail("no game reached the comparison")


def _team_state(seed: int = 1):
    state = GAME.new_game(seed)
    rng = random.Random(seed)
    while state.view(state.current_player())["phase"] != "team":
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_team_set_up_draws_the_four_squares_of_each_side():
    state = _team_state()
    seat = state.current_player()
    table = GAME.project(state.view(seat), "en")
    for s in (0, 1):
        squares = _zone(table, f"field.{s}")
        assert squares["kind"] == "slots" and squares["slot_labels"] == ["1", "2", "3", "4"]
        assert len(squares["cards"]) == 4


def test_a_star_unit_carries_a_mark():
    state = GAME.new_game(1)
    view = state.view(0)
    stars = {c["name"] for c in view["cards"] if "★" in c.get("text", "")}
    table = GAME.project(view, "en")
    pool = _zone(table, "pool.0")
    starred = [c for c in pool["cards"] if c["key"] in stars]
    assert starred, "the pool holds a ★ unit"
    for card in starred:
        assert "★" in card["markers"]
    assert all("★" not in c["markers"] for c in pool["cards"] if c["key"] not in stars)


def test_an_english_leap_text_names_its_unit_in_english():
    import re

    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    game_cards = GAME.new_game(1).view(0)["cards"]
    leaps = [c for c in game_cards if "リープ" in c.get("text", "")]
    assert leaps
    for card in leaps:
        leap = [line for line in GAME.card_lines(card, "en") if line.startswith("Fatal Leap")]
        assert leap and not japanese.search(leap[0]), leap


def test_the_clicks_of_a_pick_are_offered_by_the_payload():
    state = GAME.new_game(3)
    rng = random.Random(3)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player()
    table = GAME.project(state.view(seat), "en")
    pool = _zone(table, f"pool.{seat}")
    for entry in choices(state, "en", table):
        d = state.describe_action(entry["code"])
        if d.get("kind") == "pick":
            index = int(entry["refs"][0].split("/")[1])
            assert pool["cards"][index]["key"] == d["card"]
