"""The server's shortcuts for drawing a seat's choices answer exactly as the plain definitions.

``core/picks.indexed`` answers the pick helpers from an index of one table, made once for all
of a decision's legal actions; ``core/projection.card_text`` finds a card's text by its name
and compares the definition. Both must give what the scans and the written-out key give.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable.core import list_games, load_game, projection
from cardtable.core import picks as picks_module
from cardtable.web.payload import seat_table

PLAYABLE = [g.id for g in list_games() if g.playable]


def _positions(game_id: str, count: int = 12):
    game = load_game(game_id)
    rng = random.Random(game_id)
    state = game.new_game(7, game.default_decks(), None)
    out = []
    while len(out) < count and not state.is_terminal():
        state.apply(rng.choice(list(state.legal_actions())))
        if state.current_player() in range(game.num_players):
            out.append(state.clone())
    return game, out


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_indexed_picks_name_what_the_scans_name(game_id):
    game, states = _positions(game_id)
    for state in states:
        seat = state.current_player()
        table = seat_table(state, seat, "en")
        described = [state.describe_action(c) for c in state.legal_actions()]
        plain = [picks_module.picks(game, d, table, seat) for d in described]
        with picks_module.indexed(table):
            fast = [picks_module.picks(game, d, table, seat) for d in described]
        assert fast == plain


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_each_helper_answers_as_its_scan_for_every_zone_key_and_label(game_id):
    _, states = _positions(game_id, 4)
    for state in states:
        table = seat_table(state, state.current_player(), "en")
        ids = [z["id"] for z in table["zones"]] + ["nowhere"]
        keys = [c.get("key") for z in table["zones"] for c in z["cards"] if c] + ["?", 3, None]
        labels = [label for z in table["zones"] for label in z["slot_labels"]] + ["Z9", 1]
        owners = [0, 1, None]
        plain = _answers(table, ids, keys, labels, owners)
        with picks_module.indexed(table):
            assert _answers(table, ids, keys, labels, owners) == plain


def _answers(table, ids, keys, labels, owners):
    out = []
    for zone_id in ids:
        out.append(picks_module.zone(table, zone_id))
        out.append(picks_module.slot(table, zone_id, 0))
        out += [picks_module.card_in(table, zone_id, key) for key in keys]
    for owner in owners:
        out += [picks_module.labelled(table, owner, label) for label in labels]
        if owner is not None:
            out += [picks_module.held(table, owner, key) for key in keys]
            out += [picks_module.held(table, owner, key, ("revealed", "hand")) for key in keys]
    return out


def test_an_index_answers_only_for_the_table_it_was_made_from():
    a = {"zones": [{"id": "hand.0", "owner": 0, "slots": False, "slot_labels": [],
                    "cards": [{"face_up": True, "key": "x"}]}]}
    b = json.loads(json.dumps(a))
    b["zones"][0]["cards"] = []
    with picks_module.indexed(a):
        assert picks_module.card_in(a, "hand.0", "x") == "hand.0#x"
        assert picks_module.card_in(b, "hand.0", "x") is None  # scanned, not indexed


def test_zones_sharing_an_id_are_found_first_one_first():
    table = {"zones": [
        {"id": "z", "owner": 0, "slots": True, "slot_labels": ["A", "A"], "cards": []},
        {"id": "z", "owner": 0, "slots": False, "slot_labels": ["A"],
         "cards": [{"face_up": True, "key": "k"}]}]}
    plain = (picks_module.zone(table, "z"), picks_module.card_in(table, "z", "k"),
             picks_module.labelled(table, 0, "A"), picks_module.held(table, 0, "k"))
    with picks_module.indexed(table):
        assert (picks_module.zone(table, "z"), picks_module.card_in(table, "z", "k"),
                picks_module.labelled(table, 0, "A"), picks_module.held(table, 0, "k")) == plain
    assert plain[1] is None and plain[2] == "z/0"


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_cards_text_is_its_definitions_text(game_id):
    game = load_game(game_id)
    state = game.new_game(3, game.default_decks(), None)
    cards = state.view(0).get("cards", [])[:20]
    assert cards
    for lang in ("en", "ja"):
        for card in cards:
            written = json.dumps(card, sort_keys=True, ensure_ascii=False)
            want = "\n".join(game.card_lines(json.loads(written), lang))
            assert projection.card_text(game, card, lang) == want
            assert projection.card_text(game, json.loads(written), lang) == want  # a copy


def test_two_definitions_of_one_name_keep_their_own_texts():
    game = load_game("draws-troidal")
    card = dict(load_game("draws-troidal").new_game(3, game.default_decks(), None)
                .view(0)["cards"][0])
    stronger = {**card, "power": int(card.get("power") or 0) + 5}
    first = projection.card_text(game, card, "en")
    second = projection.card_text(game, stronger, "en")
    assert first != second
    assert projection.card_text(game, card, "en") == first
