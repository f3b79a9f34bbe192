"""A drawn table is sent as JSON text written from its cards' shared faces: the same text as
writing the whole table afresh, and a shared face cannot be changed for every table at once."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from cardtable.core import list_games, load_game
from cardtable.core.projection import Card, Face, Stat, back
from cardtable.web.payload import seat_table
from cardtable.web.tables import _json, _table_json

PLAYABLE = [g.id for g in list_games() if g.playable]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_table_written_from_shared_faces_is_the_text_of_the_whole_table(game_id):
    game = load_game(game_id)
    state = game.new_game(5)
    rng = random.Random(5)
    for _ in range(40):
        for seat in (0, 1, None):
            for lang in ("en", "ja"):
                table = seat_table(state, seat, lang)
                assert _table_json(table) == _json(table)
                assert json.loads(_table_json(table)) == table
        if state.is_terminal():
            break
        state.apply(rng.choice(list(state.legal_actions())))


def test_a_card_drawn_alike_twice_is_one_face():
    def card() -> Card:
        return Card(name="炎の剣", key="炎の剣", stats=[Stat("ATK", "3", "attack")], text="x")

    assert card().to_json() is card().to_json()
    assert Card(name="炎の剣", stats=[Stat("ATK", "4", "attack")]).to_json() \
        is not card().to_json()


def test_a_back_drawn_alike_twice_is_one_face_with_only_what_the_rules_show():
    shown = back([Stat("ATK", "3", "attack")]).to_json()
    assert shown is back([Stat("ATK", "3", "attack")]).to_json()
    assert shown == {"face_up": False, "stats": [["ATK", "3", "attack"]]}
    assert back().to_json() == {"face_up": False} and back().to_json() is not shown


def test_a_shared_face_cannot_be_changed_in_place():
    face = Card(name="a", stats=[Stat("ATK", "1", "attack")]).to_json()
    assert isinstance(face, Face)
    with pytest.raises(TypeError):
        face["markers"] = ["new"]
    with pytest.raises(TypeError):
        face.update(name="b")
    with pytest.raises(TypeError):
        face.pop("name")
    changed = {**face, "markers": ["new"]}  # a copy is a card of its own
    assert changed["markers"] == ["new"] and face["markers"] == []


def test_a_shared_face_copies_and_pickles_as_a_plain_dict():
    face = Card(name="a", stats=[Stat("ATK", "1", "attack")]).to_json()
    for other in (copy.copy(face), copy.deepcopy(face), pickle.loads(pickle.dumps(face))):
        assert type(other) is dict and other == face
        other["name"] = "b"
    assert face["name"] == "a"
