"""The defects issue 38 listed (items 1-10) that had no test named after them, one test each,
at the smallest level that shows them: the cues a move is told with, the table a seat is drawn,
the words of a choice. The others' tests are listed in docs/browser.md ("The defects of
issue 38")."""

from __future__ import annotations

import random

from tests.web.greedy_moves import first_greedy_move

from cardtable.core import load_game
from cardtable.table.cues import event_cues
from cardtable.web.payload import move_story, seat_table

# -- item 1: the board shows the outcome before the story ----------

def test_culdcept_your_own_invasion_appears_on_the_board():
    """"In Culdcept your own invasion never appears on the board": the invaded land rings."""
    state, since, end = first_greedy_move(
        "culdcept", lambda evs: any(e["type"] == "invade" and e.get("player") == 0 for e in evs))
    invade = next(e for e in state.log[since:end] if e["type"] == "invade")
    story = move_story(state, 0, "en", since, end)
    cues = [c for line in story["cues"] for c in line]
    assert {"do": "focus", "zone": "lands.1", "slot": invade["slot"]} in cues


def test_culdcept_the_die_rolls_on_the_board():
    """"No die roll": the die's value is a roll cue, told with its line."""
    state, since, end = first_greedy_move(
        "culdcept", lambda evs: any(e["type"] == "die" for e in evs))
    die = next(e for e in state.log[since:end] if e["type"] == "die")
    story = move_story(state, 0, "en", since, end)
    assert {"do": "roll", "value": die["value"]} in [c for line in story["cues"] for c in line]


# -- item 2: Dice and Monsters ----------

def test_dice_and_monsters_a_command_card_shows_more_than_a_flag():
    """"Command cards show only a flag": a command in the pool carries what it does."""
    view = load_game("dice-and-monsters").new_game(1).view(0)
    table = load_game("dice-and-monsters").project(view, "en")
    commands = [c for z in table["zones"] for c in z["cards"]
                if c and c.get("kind") == "command" and c.get("face_up")]
    assert commands, "the pool holds a command"
    for card in commands:
        assert card["text"] and card["text"] != card["name"], card


# -- item 8: wording ----------

def test_draws_initiative_reads_you_or_the_opponent_not_player_2():
    """"Initiative: player 2" at a seat."""
    game = load_game("draws-troidal")
    state, rng = game.new_game(3), random.Random(3)
    while state.view(0).get("initiative", -1) < 0:
        state.apply(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        notes = " ".join(seat_table(state, seat, "en")["notes"])
        assert "Initiative" in notes and "layer" not in notes, notes
        assert "the opponent" in notes or "you" in notes.lower(), notes


# -- item 10: game by game ----------

def test_dreadnought_a_speed_card_shows_its_sp():
    """"Dreadnought's speed cards show no SP"."""
    state, _, _ = first_greedy_move(
        "dreadnought", lambda evs: any(e["type"] == "speed-open" for e in evs))
    table = seat_table(state, 0, "en")
    speed = [c for z in table["zones"] if z["id"].startswith("speed.") for c in z["cards"]
             if c and c.get("face_up")]
    assert speed
    for card in speed:
        assert any(stat[0] == "SP" and stat[1] for stat in card["stats"]), card


def test_dreadnought_a_caster_block_says_the_hp_it_will_cost():
    """"A caster block does not show the HP it will cost"."""
    game = load_game("dreadnought")
    state, rng = game.new_game(3), random.Random(3)
    while not state.is_terminal():
        blocks = [c for c in state.legal_actions()
                  if state.describe_action(c)["kind"] == "block"
                  and state.describe_action(c).get("blocker") == 0]
        if blocks:
            (label,) = state.action_path(blocks[0], "en")
            assert "breaks" in label and "HP" in label, label
            assert "HP" in state.action_path(blocks[0], "ja")[0]
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no caster block")


def test_dreadnought_a_chain_damage_is_a_hit_on_the_unit_not_left_untold():
    """Item 1's "Dreadnought's chain resolves link by link" (round 3: "the chain damage is not
    shown"): a code's damage event is a hit cue, with its amount."""
    (cues,) = event_cues("dreadnought", [{"uid": 7, "amount": 60, "bp": 80, "destroyed": False,
                                          "card": "火球", "type": "damage"}],
                         {"cards": [{"name": "火竜"}], "units": [[7, 1, 0, 0, 0, 0, 80]]})
    # the unit stayed where it was: its slot (the first unit after the caster)
    assert cues == [{"do": "hit", "zone": "area0.1", "slot": 1, "amount": 60}]
    # destroyed by it: by its card in its owner's areas
    gone = {"uid": 7, "seat": 1, "why": "destroyed", "to": "discard", "dummy": False,
            "card": "火竜", "type": "unit-gone"}
    cues = event_cues("dreadnought", [{"uid": 7, "amount": 90, "bp": 80, "destroyed": True,
                                       "card": "火球", "type": "damage"}, gone],
                      {"cards": [{"name": "火竜"}], "units": []})
    assert cues[0] == [{"do": "hit", "key": "火竜", "owner": 1, "in": "area", "amount": 90}]
