"""Issue 38 item 1: a move is told on the board step by step, from the seat's view only.

After a move, a page's message carries ``story``: per move since the page's last message, how
many of the new log lines are its own, what each line does to the board (a cue: a roll, a hit
over the card it lands on, a card gone) and the table right after it. Everything in it is made
from what that seat may see, like the log beside it.
"""

from __future__ import annotations

import asyncio
import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from tests.web.greedy_moves import first_greedy_move
from tests.web.test_no_leaks import _scrambled

from cardtable.core import list_games, load_game
from cardtable.core.events import filter_events
from cardtable.table.cues import event_cues
from cardtable.web.payload import move_story, seat_table
from cardtable.web.store import Store
from cardtable.web.tables import HUMAN, TableManager

PLAYABLE = [g.id for g in list_games() if g.playable]


def _friend_table(game_id: str, seed: int):
    manager = TableManager(Store(":memory:"))
    game = load_game(game_id)
    table, _ = manager.create(game_id, game.default_decks(), None, [HUMAN, HUMAN], seed=seed)
    return manager, table


def _play(manager, table, rng, moves: int) -> None:
    async def go() -> None:
        for _ in range(moves):
            state = table.state
            if state.is_terminal():
                return
            await manager.move(table, state.current_player(), rng.choice(state.legal_actions()),
                               len(state.history))
    # a thread of its own: Playwright's sync API, when a browser test ran first in this
    # process, keeps an event loop running in the main thread, where asyncio.run refuses
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, go()).result()


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_page_is_sent_each_move_with_its_lines_cues_and_table(game_id):
    manager, table = _friend_table(game_id, 3)
    rng = random.Random(3)
    for seat in (0, 1, None):
        table.message(seat, "en", 0)  # each page drawn once
    _play(manager, table, rng, 1)
    for seat in (0, 1, None):
        sent = 1
        _play(manager, table, rng, 3)  # three moves the page has not read
        msg = json.loads(table.message(seat, "en", sent))
        story = msg["story"]
        assert len(story) == len(table.marks) - sent
        assert sum(s["lines"] for s in story) == len(msg["log"])
        for step in story:
            assert len(step["cues"]) == step["lines"]
        assert story[-1]["table"] is None  # the last is the message's own table
        assert all("zones" in s["table"] for s in story[:-1])


def test_a_page_drawn_afresh_gets_no_story():
    manager, table = _friend_table("draws-troidal", 1)
    _play(manager, table, random.Random(1), 2)
    assert "story" not in json.loads(table.message(0, "en", 0))


def test_dice_and_monsters_battle_is_drawn_round_by_round_from_the_rounds_own_board():
    game = load_game("dice-and-monsters")
    state = game.new_game(2)
    rng = random.Random(2)
    while True:
        before = len(state.log)
        state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            break
    story = move_story(state, 0, "en", before, len(state.log))
    tables = [c["table"] for line in story["cues"] for c in line if c["do"] == "table"]
    rounds = [e for e in state.log[before:] if e["type"] == "round"]
    assert len(tables) == len(rounds) >= 1
    # each hit told with its own line, not all at the end (the battle's sentences word a roll
    # and its change together: the pairing still finds every other event's line)
    hit_lines = [i for i, line in enumerate(story["cues"]) if any(c["do"] == "hit" for c in line)]
    damage = [e for e in state.log[before:] if e["type"] == "damage"]
    assert len(hit_lines) == len(damage)
    for table, ev in zip(tables, rounds, strict=True):
        for seat in (0, 1):
            field = next(z for z in table["zones"] if z["id"] == f"field.{seat}")
            for card, cell in zip(field["cards"], ev["board"][seat], strict=True):
                if cell and "unit" in cell:
                    assert dict((k, v) for k, v, _ in card["stats"])["HP"] == \
                        f"{cell['hp']}/{cell['max']}"


def test_dice_and_monsters_battle_cues_name_the_squares_of_the_units_hit():
    game = load_game("dice-and-monsters")
    state = game.new_game(1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    events = [e for e in state.log if e["type"] == "damage"]
    cues = event_cues("dice-and-monsters", events)
    for ev, (cue,) in zip(events, cues, strict=True):
        seat, square = ev["unit"][0], ev["unit"][1]
        assert cue == {"do": "hit", "zone": f"field.{seat}", "slot": square - 1,
                       "amount": ev["amount"], "hp": ev["hp"]}


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_moves_story_is_the_same_whatever_the_other_seat_hides(game_id):
    """The hidden-twin check of test_no_leaks, on the new payload: the other seat's secrets
    rewritten in the log, or its hidden cards dealt again, change no byte of a seat's story,
    and a spectator's changes with neither seat's."""
    game = load_game(game_id)
    for seed in (5, 6):
        state = game.new_game(seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal() and steps < 300:
            before = len(state.log)
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            if steps % 5 and not state.is_terminal():  # the last move always (a whole battle)
                continue
            end = len(state.log)
            for seat in (0, 1, None):
                told = json.dumps(move_story(state, seat, "en", before, end), sort_keys=True)
                real = state.log
                for other in (0, 1):
                    if other == seat:
                        continue
                    state.log = _scrambled(real, 1 - other if seat is None else seat)
                    try:
                        again = json.dumps(move_story(state, seat, "en", before, end),
                                           sort_keys=True)
                    finally:
                        state.log = real
                    assert again == told
                if seat is not None:
                    twin = game.sample_state(state.view(seat), rng.randrange(2**31))
                    assert json.dumps(seat_table(twin, seat, "en"), sort_keys=True) == \
                        json.dumps(json.loads(told)["table"], sort_keys=True)


def test_culdcept_words_a_spell_ended_by_a_terrain_change():
    """Found by the board story's Playwright run: the log could not word ``spell-ends`` with
    ``why: terrain`` (territory.py logs it), and the page's message failed to build."""
    from cardtable.core.voice import Voice
    from cardtable.games.culdcept import sentences as culdcept

    game = load_game("culdcept")
    view = game.new_game(1).view(0)
    ev = {"type": "spell-ends", "player": 0, "card": "溶岩化", "why": "terrain"}
    for lang in ("en", "ja"):
        (_tone, text), = culdcept.lines([ev], view, Voice(0, lang))
        assert text


def _dreadnought_move_with(kind: str):
    """A greedy game's first move whose events hold ``kind``, and where it starts and ends."""
    return first_greedy_move("dreadnought", lambda evs: any(e["type"] == kind for e in evs),
                             range(20))


def test_dreadnought_chain_resolves_link_by_link_on_the_board():
    state, since, end = _dreadnought_move_with("chain-resolve")
    story = move_story(state, 0, "en", since, end)
    resolved = [e for e in state.log[since:end] if e["type"] == "chain-resolve"]
    links = [c for line in story["cues"] for c in line if c.get("zone") == "chain"]
    # each link rings, then leaves the chain: top first (the deepest slot), one by one
    assert [(c["do"], c["slot"]) for c in links if c["do"] == "gone"] == \
        [("gone", e["depth"] - 1) for e in resolved]
    for e in resolved:
        line = next(line for line in story["cues"]
                    if {"do": "gone", "zone": "chain", "slot": e["depth"] - 1} in line)
        assert {"do": "focus", "zone": "chain", "slot": e["depth"] - 1} in line


def test_dreadnought_chain_damage_rises_over_the_unit_it_hits():
    state, since, end = _dreadnought_move_with("damage")
    view = state.view(0)
    events = filter_events(state.log[since:end], 0)
    alive = {u[0]: view["cards"][u[3]]["name"] for u in view["units"] if u[3] >= 0}
    gone = {e["uid"]: e.get("card") for e in events if e["type"] == "unit-gone"}
    told = 0
    for ev, cues in zip(events, event_cues("dreadnought", events, view), strict=True):
        if ev["type"] != "damage":
            continue
        (hit,) = cues
        assert hit["do"] == "hit" and hit["amount"] == ev["amount"]
        key = alive.get(ev["uid"]) or gone.get(ev["uid"])
        if "zone" in hit:  # the unit's own slot (its side's units stayed put), after the caster
            assert hit["zone"].startswith("area") and hit["slot"] >= 1
        else:
            assert (hit["key"], hit["in"]) == (key, "area")
        told += 1
    assert told
    story = move_story(state, 0, "en", since, end)
    on_units = [c for line in story["cues"] for c in line if c["do"] == "hit" and (
        c.get("in") == "area" or (str(c.get("zone", "")).startswith("area") and c["slot"] > 0))]
    assert len(on_units) >= told


def test_draws_field_shuffle_swaps_lane_by_lane_on_the_board():
    (cues,) = event_cues("draws-troidal", [{"type": "shuffle", "player": 1,
                                            "swaps": ["BC", "AB"], "ids": [2, 0, 1, 3, 4]}])
    assert cues == [{"do": "swap", "zone": "field.1", "a": 1, "b": 2},
                    {"do": "swap", "zone": "field.1", "a": 0, "b": 1}]


def test_draws_field_shuffle_choices_name_the_lanes_that_trade_places():
    from cardtable.web.payload import choices
    game = load_game("draws-troidal")
    state, rng = game.new_game(2), random.Random(2)
    while not any(state.describe_action(c)["kind"] == "arrange" for c in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player()
    offered = choices(state, "en", seat_table(state, seat, "en"))
    swapping = [c for c in offered if c["refs"]]
    assert swapping and all(c["swaps"] for c in swapping)
    for c in swapping:  # each swap is two of its picks, in order
        assert [r for pair in c["swaps"] for r in pair] == c["refs"]
    assert all("swaps" not in c for c in offered if not c["refs"])  # "Keep the order"


def test_dreadnought_a_hit_that_destroys_the_opponents_face_down_dummy_is_shown_on_it():
    """Round 3 left it untold: the dummy is a back on the board, so its card (named once it
    leaves) found nothing there. Its slot comes from seat 0's own events of the game: where it
    was placed, which units came and went since."""
    game = load_game("dreadnought")
    for seed in range(20, 40):
        state, rng, actions = game.new_game(seed), random.Random(seed), []
        while not state.is_terminal():
            since = len(state.log)
            actions.append(rng.choice(state.legal_actions()))
            state.apply(actions[-1])
            events = filter_events(state.log[since:], 0)
            gone = [e for e in events if e["type"] == "unit-gone" and e["seat"] == 1
                    and e["dummy"] and e["why"] == "destroyed"]
            if gone and any(e["type"] == "damage" and e["uid"] == gone[0]["uid"]
                            for e in events):
                break
        else:
            continue
        before = game.new_game(seed)
        for code in actions[:-1]:
            before.apply(code)
        board = {z["id"]: z["cards"] for z in seat_table(before, 0, "en")["zones"]}
        cues = [c for line in move_story(state, 0, "en", since, len(state.log))["cues"]
                for c in line]
        hits = [c for c in cues if c["do"] == "hit" and c.get("zone", "").startswith("area")]
        assert hits, cues
        hit = hits[0]
        assert {"do": "gone", "zone": hit["zone"], "slot": hit["slot"]} in cues
        dummy = board[hit["zone"]][hit["slot"]]
        assert not dummy.get("face_up")  # the back the seat saw there
        return
    raise AssertionError("no face-down dummy destroyed by a hit over seeds 20-39")


def test_dreadnought_a_destroyed_dummys_slot_comes_from_the_seats_events_alone():
    """The slot is the dummy's place among its side's units of that area as the seat's
    events placed them; with events that do not account for the board (a scenario's opening
    units), the cue falls back to the card by name."""
    earlier = [{"type": "dummy", "seat": 1, "area": 0, "uid": 4},
               {"type": "cast", "seat": 1, "area": 0, "uid": 5, "card": "火竜"}]
    move = [{"type": "damage", "uid": 4, "amount": 60, "bp": 0, "destroyed": True,
             "card": "火球"},
            {"type": "unit-gone", "uid": 4, "seat": 1, "why": "destroyed", "to": "discard",
             "dummy": True, "card": "水竜"}]
    view = {"cards": [{"name": "火竜"}], "units": [[5, 1, 0, 0, 0, 0, 80]]}
    told = event_cues("dreadnought", move, view, earlier)
    assert told == [[{"do": "hit", "zone": "area0.1", "slot": 1, "amount": 60}],
                     [{"do": "gone", "zone": "area0.1", "slot": 1}]]
    assert event_cues("dreadnought", move, view, earlier[:1])[1] == \
        [{"do": "gone", "key": "水竜", "owner": 1, "in": "area"}]
