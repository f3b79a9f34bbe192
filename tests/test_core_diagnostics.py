"""Diagnostics and "did you mean" suggestions."""

from __future__ import annotations

import pytest

from cardtable.core import CardFileError, CardtableError, Diagnostic, did_you_mean, nearest
from cardtable.games.draws_troidal import GAME


def test_diagnostic_prints_as_file_line_message() -> None:
    assert str(Diagnostic("cards.txt", 12, "unknown field")) == "cards.txt:12: unknown field"


def test_nearest_finds_the_closest_word_ignoring_case() -> None:
    assert nearest("lfe", ["deck_size", "life", "hand_size"]) == "life"
    assert nearest("POWER", ["power", "risk"]) == "power"
    assert nearest("パワ", ["パワー", "リスク", "ガード"]) == "パワー"


def test_nearest_gives_nothing_when_nothing_is_close() -> None:
    assert nearest("zzzz", ["life", "deck"]) is None
    assert did_you_mean("zzzz", ["life"]) == ""


def test_did_you_mean_suffix() -> None:
    assert did_you_mean("lfe", ["life"]) == " (did you mean 'life'?)"


def test_card_file_error_carries_every_diagnostic() -> None:
    problems = [Diagnostic("a.txt", 1, "one"), Diagnostic("a.txt", 5, "two")]
    err = CardFileError(problems)
    assert err.diagnostics == problems
    assert str(err) == "a.txt:1: one\na.txt:5: two"


def test_unknown_option_lists_the_valid_options() -> None:
    with pytest.raises(CardtableError) as err:
        GAME.resolve_options({"max_swap": 1})
    message = str(err.value)
    assert "did you mean 'max_swaps'" in message
    assert all(name in message for name in GAME.default_options())
