"""The field tables (core/fields.py): every state built from one keeps its generated
``clone`` and JSON methods in step with the table, and they copy and write every field."""

from __future__ import annotations

import importlib

import pytest

from cardtable.core.fields import Field, generated, render, slots

MODULES = ("cardtable.games.draws_troidal.state", "cardtable.games.dice_and_monsters.state",
           "cardtable.games.culdcept.state", "cardtable.games.sarasvati.state",
           "cardtable.games.dreadnought.state")


@pytest.mark.parametrize("module", MODULES)
def test_generated_methods_match_the_table(module: str) -> None:
    path, text, expected = generated(module)
    assert text == expected, (f"{path}: run `python -m cardtable.core.fields {module}` "
                              "after changing FIELDS")


@pytest.mark.parametrize("module", MODULES)
def test_the_slots_are_the_table(module: str) -> None:
    mod = importlib.import_module(module)
    cls = getattr(mod, mod.STATE_CLASS_NAME)
    assert cls.__slots__ == slots(mod.FIELDS)


def test_a_field_added_to_a_table_is_copied_and_written() -> None:
    """Could fail: a field left out of the generated block would not be cloned."""
    fields = (Field("seed"), Field("hand", "seats", "hand"), Field("dice", "list", "dice",
                                                                  optional=True))
    text = render("S", fields)
    assert "c.hand = [hand[0][:], hand[1][:]]" in text
    assert 'data["hand"] = [list(x) for x in self.hand]' in text
    assert 'self.hand = [list(x) for x in data["hand"]]' in text
    assert '        if self.dice:\n            data["dice"] = list(self.dice)' in text
    assert "c.seed = self.seed" in text and 'data["seed"]' not in text  # the head's


def test_a_clone_shares_nothing_mutable() -> None:
    from cardtable.games.draws_troidal import GAME

    state = GAME.new_game(3)
    copy = state.clone()
    for f in importlib.import_module(MODULES[0]).FIELDS:
        a, b = getattr(state, f.name), getattr(copy, f.name)
        assert a == b, f.name
        if f.kind in ("list", "seats", "dict"):
            assert a is not b, f.name
        if f.kind == "seats":
            assert all(x is not y for x, y in zip(a, b, strict=True)), f.name
