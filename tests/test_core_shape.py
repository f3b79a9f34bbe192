"""The shape half of the checked loaders, derived from each game's field table.

``core.shape.check_document`` checks a state document's keys, types and lists a seat from the
game's ``FIELDS`` and the state class's annotations, before the game's own checks (card
numbers, phases, counts) run. A field added to the table is checked with no loader edit.
"""

from __future__ import annotations

import importlib

import pytest

from cardtable.core import load_game
from cardtable.core.checks import StateError
from cardtable.core.fields import Field
from cardtable.core.shape import checker

#: the games whose loader checks what it reads (``Rules.load``)
CHECKED = ("culdcept", "dreadnought", "sarasvati")


def document(game_id: str) -> dict:
    state = load_game(game_id).new_game(3)
    for _ in range(6):
        state.apply(state.legal_actions()[-1])
    return state.to_json()


@pytest.mark.parametrize("game_id", CHECKED)
def test_a_field_added_to_the_table_is_checked_with_no_loader_edit(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game(game_id)
    module = importlib.import_module(type(game.new_game(1)).__module__)
    doc = document(game_id)
    monkeypatch.setattr(module, "FIELDS", (*module.FIELDS, Field("bonus", "seats", "bonus")))
    with pytest.raises(StateError, match=f"not a valid {game_id} state: missing field 'bonus'"):
        game.state_from_json(doc)
    with pytest.raises(StateError, match=r"bonus\[1\]: expected a list, got 2"):
        game.state_from_json({**doc, "bonus": [[1], 2]})


@pytest.mark.parametrize("game_id", CHECKED)
def test_a_value_of_the_wrong_type_is_named_by_its_key_path(game_id: str) -> None:
    doc = document(game_id)
    doc["hand"][1] = [*doc["hand"][1], "x"]
    at = len(doc["hand"][1]) - 1
    with pytest.raises(StateError, match=rf"hand\[1\]\[{at}\]: expected a whole number, got 'x'"):
        load_game(game_id).state_from_json(doc)


@pytest.mark.parametrize("game_id", CHECKED)
def test_a_missing_list_a_seat_is_named(game_id: str) -> None:
    doc = document(game_id)
    doc["deck"] = [doc["deck"][0]]
    with pytest.raises(StateError, match=r"deck: expected one list a seat \(2 lists\)"):
        load_game(game_id).state_from_json(doc)


def test_an_annotation_gives_the_entries() -> None:
    check = checker("list[tuple[int, int, str]]")
    check([[1, 2, "turn"]], "mods")
    with pytest.raises(StateError, match=r"mods\[0\]: expected a list of 3 entries"):
        check([[1, 2]], "mods")
    with pytest.raises(StateError, match=r"mods\[0\]\[2\]: expected text, got 3"):
        check([[1, 2, 3]], "mods")
    checker("tuple[Any, ...] | None")(None, "ask")
    with pytest.raises(StateError, match="ask: expected a list, got 1"):
        checker("tuple[Any, ...] | None")(1, "ask")
    with pytest.raises(StateError, match="turn: expected a whole number, got True"):
        checker("int")(True, "turn")
