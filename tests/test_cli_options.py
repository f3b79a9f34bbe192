"""``--option key=value``: values are typed the way a player would read them."""

from __future__ import annotations

import pytest

from cardtable.cli.options import parse_options
from cardtable.core.errors import CardtableError
from cardtable.core.options import typed_value


@pytest.mark.parametrize("text, value", [("40", 40), ("0.5", 0.5), ("true", True),
                                         ("False", False), ("fire", "fire"), ("-3", -3)])
def test_option_values_are_typed(text: str, value: object) -> None:
    assert typed_value(text) == value and type(typed_value(text)) is type(value)


def test_no_options_means_the_defaults() -> None:
    assert parse_options([]) is None and parse_options(None) is None


def test_options_are_collected_by_name() -> None:
    assert parse_options(["life=30", " deck_size = 40 "]) == {"life": 30, "deck_size": 40}


@pytest.mark.parametrize("item", ["life", "=3", ""])
def test_an_option_without_a_name_and_value_is_an_error(item: str) -> None:
    with pytest.raises(CardtableError, match="key=value"):
        parse_options([item])


def test_an_option_given_twice_is_an_error_naming_it() -> None:
    """Keeping the last of two values silently would run another game than the one asked."""
    with pytest.raises(CardtableError, match="--option life is given twice"):
        parse_options(["life=30", "deck_size=40", "life=20"])
