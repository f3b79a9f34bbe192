"""The shared scenario layout: parsing, diagnostics, names, scripted dice, and the round trip
``scenario_text`` -> ``state_from_scenario`` for every playable game."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core import CardtableError, Game, State, list_games, load_game
from cardtable.core.rng import randbelow, roll, seed_state
from cardtable.core.scenario import (
    CardNames,
    ScenarioError,
    check_scenario,
    load_scenario,
    looks_like_scenario,
    parse_scenario,
    split_item,
    split_list,
    state_from_text,
)

PLAYABLE = [g.id for g in list_games() if g.playable]


def supports_scenarios(game: Game) -> bool:
    return type(game).scenario_text is not Game.scenario_text


def needs_scenarios(game_id: str) -> Game:
    """The game, or a skip that names what it still lacks (a game just landing)."""
    game = load_game(game_id)
    if not supports_scenarios(game):
        pytest.skip(f"{game_id} does not implement scenario files yet")
    return game
FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_the_header_is_read_and_seats_are_sections() -> None:
    sc = parse_scenario("# a puzzle\ngame: sarasvati\nseed: 9\ndecider: 2\ndice: 3 4, 5\n"
                        "options: hand_size=6, first_player_skips_draw=no\n[Seat 1]\nhand: a\n")
    assert (sc.game, sc.seed, sc.dice) == ("sarasvati", 9, [3, 4, 5])
    assert sc.options == {"hand_size": 6, "first_player_skips_draw": False}
    assert sc.header.get("to-move").value == "2"  # type: ignore[union-attr]
    assert sc.seat(0).get("hand").line == 8  # type: ignore[union-attr]
    assert sc.seat(1).entries == []
    assert sc.diagnostics == []


def test_every_layout_problem_is_reported_with_its_line() -> None:
    sc = parse_scenario("seed: x\nthis line has no colon\n[seat 1]\nhand: a\nhand: b\n"
                        "[seat 1]\n", "f.txt")
    text = [str(d) for d in sc.diagnostics]
    assert "f.txt:1: no 'game:' line; a scenario names its game first (game: sarasvati)" in text
    assert any(t.startswith("f.txt:1: seed must be a whole number") for t in text)
    assert any(t.startswith("f.txt:2: expected 'key: value'") for t in text)
    assert "f.txt:5: 'hand' is given twice" in text
    assert "f.txt:6: section [seat 1] appears twice" in text


def test_lists_repeat_with_nx_and_places_carry_key_value_data() -> None:
    assert split_list("a, 2x b、c, 3× d") == ["a", "b", "b", "c", "d", "d", "d"]
    assert split_list("-") == []
    assert split_item("Fire Drake guard=1 wins=2") == ("Fire Drake", {"guard": "1", "wins": "2"})


def test_cards_are_found_by_japanese_or_english_name_even_with_a_comma() -> None:
    game = load_game("dice-and-monsters")
    sc = parse_scenario("game: dice-and-monsters\n[seat 1]\n"
                        "deck: amalia cazorla, flame swordswoman, 仮面紳士, 仮面紳仕\n", "f")
    names = CardNames(game.pool().values())
    found = names.many(sc, sc.seat(0).get("deck"))
    assert [c.name for c in found] == ["火炎剣士「アマリア・カソルラ」", "仮面紳士"]
    assert [str(d) for d in sc.diagnostics] == [
        "f:3: unknown card '仮面紳仕' (did you mean '仮面紳士'?)"]


def test_an_unknown_key_names_the_nearest_and_a_seat_key_in_the_header_is_pointed_out(
        tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    path.write_text("game: draws-troidal\nlife: 3\nphase: feild-set\n[seat 1]\nlfie: 3\n"
                    "[seat 3]\n", "utf-8")
    text = [str(d) for d in check_scenario(load_game("draws-troidal"), path)]
    assert f"{path}:2: 'life' belongs to a seat: write it under [seat 1] or [seat 2]" in text
    assert any(t.startswith(f"{path}:3: phase 'feild-set' is not one of") and
               "did you mean 'field-set'" in t for t in text)
    assert any(t.startswith(f"{path}:5: unknown key 'lfie' in [seat 1] (did you mean 'life'?)")
               for t in text)
    assert any(t.startswith(f"{path}:6: unknown section [seat 3]") for t in text)


def test_a_scenario_for_another_game_is_refused_by_name() -> None:
    with pytest.raises(ScenarioError, match="for 'sarasvati', not draws-troidal"):
        state_from_text(load_game("draws-troidal"), "game: sarasvati\n")


def test_a_file_that_is_not_utf8_is_one_diagnostic(tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    path.write_bytes(b"game: sarasvati\n\xff\xfe\n")
    assert [d.line for d in check_scenario(load_game("sarasvati"), path)] == [2]


def test_a_scenario_is_told_from_a_card_file_by_its_first_line() -> None:
    assert looks_like_scenario("# comment\n\ngame: sarasvati\n")
    assert not looks_like_scenario("◆ 火竜 / Fire Drake\ngame: x\n")


def test_scripted_values_come_first_and_then_the_generator_goes_on_unchanged() -> None:
    script = [6, 1]
    state = seed_state(5)
    state, a = roll(state, script, 6)
    state, b = roll(state, script, 6)
    assert (a, b, script, state) == (6, 1, [], seed_state(5))
    _, free = roll(state, script, 6)
    assert free == randbelow(seed_state(5), 6)[1] + 1
    with pytest.raises(CardtableError, match="does not fit a 2-sided roll"):
        roll(state, [3], 2)


def test_a_game_without_scenario_support_says_so() -> None:
    bare = SimpleNamespace(id="bare", title="Bare")  # a game that keeps the defaults
    with pytest.raises(ScenarioError, match="Bare cannot start from a scenario file yet"):
        Game.state_from_scenario(bare, parse_scenario("game: bare\n"))  # type: ignore[arg-type]
    with pytest.raises(CardtableError, match="cannot write scenario files yet"):
        Game.scenario_text(bare, None)  # type: ignore[arg-type]


def equivalent(a: State, b: State) -> None:
    """Two positions are the same when everything but the story so far is equal."""
    x, y = a.to_json(), b.to_json()
    for key in ("history", "log"):
        x.pop(key), y.pop(key)
    dx, dy = x.pop("decks"), y.pop("decks")
    assert [sorted(d["cards"]) for d in dx] == [sorted(d["cards"]) for d in dy]
    assert x == y


@pytest.mark.parametrize("game_id", PLAYABLE)
@FEW
@given(seed=st.integers(0, 2**40), steps=st.integers(0, 60))
def test_a_written_scenario_loads_back_to_the_same_position(game_id: str, seed: int,
                                                            steps: int) -> None:
    game = needs_scenarios(game_id)
    rng = random.Random(seed)
    state = game.new_game(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal():
        with pytest.raises(CardtableError, match="game is over"):
            game.scenario_text(state)
        return
    again = state_from_text(game, game.scenario_text(state))
    equivalent(state, again)
    for _ in range(30):  # and it plays on the same way
        if state.is_terminal():
            break
        assert again.legal_actions() == state.legal_actions()
        code = rng.choice(state.legal_actions())
        state.apply(code)
        again.apply(code)
    equivalent(state, again)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_scenario_with_another_seed_is_the_same_position_with_other_chance(
        game_id: str, tmp_path: Path) -> None:
    game = needs_scenarios(game_id)
    state = game.new_game(3)
    path = tmp_path / "s.txt"
    path.write_text(game.scenario_text(state), "utf-8")
    other = load_scenario(game, path, seed=99)
    assert other.seed == 99 and other.rng == seed_state(99)
    assert other.legal_actions() == state.legal_actions()


def test_a_designers_own_cards_travel_in_the_cards_section() -> None:
    from cardtable.core import Deck
    from cardtable.games.draws_troidal.cards import Card

    game = load_game("draws-troidal")
    mine = Card("新竜", "New Drake", 1, 7, 3, 1, "炎 # 熱い")  # a '#' in its flavour text
    pebble = game.pool()["小石"]
    deck = Deck("mine", (mine,) * 4 + (pebble,) * 56)
    state = game.new_game(2, (deck, deck), {"max_copies": 56})
    text = game.scenario_text(state)
    assert "[cards]" in text and "新竜:" in text
    again = state_from_text(game, text)
    equivalent(state, again)
    assert again.cards[again.cards.index(mine)].flavor == "炎 # 熱い"


def test_scenarios_and_in_memory_decks_come_from_cardtable_core() -> None:
    """Issue 25 (the examiner's friction): a program needs only ``cardtable.core`` to load a
    position from text, catch its error, build a deck from names and read the decision."""
    from cardtable.core import ScenarioError, load_game, state_from_text

    game = load_game("culdcept")
    names = [c.name for c in game.load_deck("fire-and-wind").cards]
    deck = game.load_deck(names)
    assert sorted(c.name for c in deck.cards) == sorted(names)
    assert game.load_deck("".join(f"1 {n}\n" for n in names)).cards == deck.cards
    state = game.new_game(3, (deck, deck))
    assert state.pending_decision()["player"] == state.current_player()
    with pytest.raises(ScenarioError, match="unknown card"):
        state_from_text(game, "game: culdcept\nphase: spell\n[seat 1]\nhand: 存在しない\n")


@pytest.mark.parametrize(("game_id", "face"), [("culdcept", 4), ("draws-troidal", 2)])
def test_new_game_takes_scripted_dice(game_id: str, face: int) -> None:
    from cardtable.core import CardtableError, load_game

    game = load_game(game_id)
    state = game.new_game_with_dice(11, [face])
    assert state.to_json()["dice"] == [face]
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()
    with pytest.raises(CardtableError, match="not a face"):
        state.script_dice([7])


def test_a_scripted_die_is_the_culdcept_move_roll() -> None:
    from cardtable.core import load_game

    game = load_game("culdcept")
    for face in (2, 5):
        state = game.new_game_with_dice(11, [face])
        while not any(e["type"] == "die" for e in state.log):
            state.apply(state.legal_actions()[0])
        assert next(e for e in state.log if e["type"] == "die")["value"] == face


def test_a_readers_start_says_its_problems_in_order_keys_then_options_then_cards() -> None:
    """``Scenario.begin``: the unknown key, the refused option and the broken card definition
    are each said, in the order the readers said them before they shared the step."""
    game = load_game("sarasvati")
    sc = parse_scenario("game: sarasvati\noptions: nope=1\nspeed: 3\n\n[cards]\nx: {\n")
    opts, names = sc.begin(game, header=("first",))
    said = [(d.line, d.message.split(";")[0].split(":")[0]) for d in sc.diagnostics]
    assert said == [(3, "unknown key 'speed' in the header (did you mean 'seed'?)"),
                    (2, "sarasvati has no option 'nope'"), (6, "card 'x'")]
    assert opts == game.resolve_options(None)
    assert names.cards == list(game.pool().values())


def test_a_scripted_roll_above_the_games_die_is_a_problem_on_the_dice_line() -> None:
    sc = parse_scenario("game: sarasvati\nseed: 1\ndice: 2, 3\n")
    assert sc.checked_dice(load_game("sarasvati"), "a coin (1 or 2)") == [2, 3]
    assert [(d.line, d.message) for d in sc.diagnostics] == [(3, "dice: 3 is not a coin (1 or 2)")]


def test_a_uid_not_given_or_not_a_whole_number_from_0_is_the_next_free_one() -> None:
    from cardtable.core.scenario import uid_attr

    sc = parse_scenario("game: sarasvati\n")
    assert uid_attr(sc, {"uid": "7"}, 3, 1) == 7
    assert uid_attr(sc, {}, 3, 1) == 3
    assert uid_attr(sc, {"uid": "-2"}, 3, 4) == 3
    assert [(d.line, d.message) for d in sc.diagnostics] == [
        (4, "uid must be a whole number from 0")]
