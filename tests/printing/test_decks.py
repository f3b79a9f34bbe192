"""A deck to print comes as text: bad decks are clear errors, and no name reaches a file."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from tests.printing.helpers import shipped_text

import cardtable.printing.decks as decks
from cardtable.core.errors import CardFileError, UserFileError
from cardtable.core.registry import load_game
from cardtable.printing import PrintError, deck_pdf, tts_export

GAME = "draws-troidal"
OWN_CARD = "◆ 火竜 / Fire Drake\n属性: 火  パワー: 7  リスク: 4  ガード: 1\n"


def deck_with(first_line: str, n: int = 14) -> str:
    names = sorted(load_game(GAME).pool())[:n]
    return "デッキ: 試験 / Trial\n" + first_line + "".join(f"4 {name}\n" for name in names)


def test_an_unknown_card_is_named_at_its_line_with_the_nearest_name() -> None:
    with pytest.raises(CardFileError) as err:
        deck_pdf(GAME, deck_with("4 火の子\n"))
    assert isinstance(err.value, ValueError)
    assert "deck.txt:2: unknown card '火の子'" in str(err.value)
    assert "did you mean '火の粉'" in str(err.value)


def test_a_deck_that_breaks_the_deck_rules_is_refused() -> None:
    with pytest.raises(CardFileError, match="must have exactly 60"):
        deck_pdf(GAME, "デッキ: 試験 / Trial\n4 火の粉\n")


def test_an_empty_deck_is_refused() -> None:
    with pytest.raises(CardFileError, match=r"deck\.txt:1: the deck file is empty"):
        deck_pdf(GAME, "  \n")


def test_the_designer_s_own_cards_print_beside_the_shipped_ones() -> None:
    pdf = deck_pdf(GAME, deck_with("4 火竜\n"), cards_text=OWN_CARD, lang="en")
    text = "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages[::2])
    assert "Fire Drake" in text


def test_a_problem_in_the_card_file_is_reported_at_its_own_line() -> None:
    with pytest.raises(CardFileError) as err:
        deck_pdf(GAME, deck_with("4 火竜\n"), cards_text=OWN_CARD.replace("パワー", "パワ"))
    assert "cards.txt:2: unknown field 'パワ'" in str(err.value)


@pytest.mark.parametrize("name", ["../../../../etc/passwd", "/etc/hostname", "fire-and-steel",
                                  "C:\\Windows\\win.ini"])
def test_a_deck_name_or_path_is_never_opened(name: str) -> None:
    """The deck is its text: a name or a path is read as a one-line deck file, and refused."""
    with pytest.raises(CardFileError) as err:
        deck_pdf(GAME, name)
    assert "deck.txt:1:" in str(err.value)


def test_a_real_deck_file_s_path_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(shipped_text(GAME, "fire-and-steel"), "utf-8")
    with pytest.raises(CardFileError):
        tts_export(GAME, str(path))


def test_a_label_with_a_path_only_names_the_messages() -> None:
    with pytest.raises(CardFileError) as err:
        deck_pdf(GAME, deck_with("4 火の子\n"), label="../../secret/mine.txt")
    assert str(err.value).startswith("mine.txt:2:") and "secret" not in str(err.value)


def test_a_deck_larger_than_a_card_file_may_be_is_refused_before_parsing() -> None:
    with pytest.raises(UserFileError, match="larger than the limit"):
        deck_pdf(GAME, "4 火の粉\n" * 200_000)


def test_a_line_too_long_is_refused() -> None:
    with pytest.raises(UserFileError, match=r"deck\.txt:2: line is"):
        deck_pdf(GAME, "デッキ: x\n" + "火" * 5000 + "\n")


def test_a_print_job_has_a_card_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(decks, "MAX_CARDS", 50)
    with pytest.raises(PrintError, match="at most 50"):
        deck_pdf(GAME, shipped_text(GAME, "fire-and-steel"))


def test_a_deck_that_is_not_text_is_refused() -> None:
    with pytest.raises(PrintError, match="is text"):
        deck_pdf(GAME, "4 火の粉".encode())  # type: ignore[arg-type]


@pytest.mark.parametrize(("option", "value"), [("lang", "fr"), ("paper", "a3"),
                                               ("duplex", "both")])
def test_an_unknown_option_says_what_it_may_be(option: str, value: str) -> None:
    with pytest.raises(PrintError, match="must be one of"):
        deck_pdf(GAME, shipped_text(GAME, "fire-and-steel"), **{option: value})


def test_without_a_font_printing_says_how_to_install_one(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    from cardtable.printing import fonts

    fonts.fonts.cache_clear()
    monkeypatch.setattr(fonts, "FACE_FONTS", ("/nonexistent/ipaexg.ttf",))
    monkeypatch.delenv("CARDTABLE_PRINT_FONT", raising=False)
    try:
        with pytest.raises(fonts.FontError, match="apt-get install fonts-ipaexfont-gothic"):
            deck_pdf(GAME, shipped_text(GAME, "fire-and-steel"))
    finally:
        fonts.fonts.cache_clear()


def test_without_the_print_extra_printing_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from cardtable.printing import fonts

    fonts.fonts.cache_clear()
    monkeypatch.setitem(sys.modules, "reportlab", None)  # as if not installed
    try:
        with pytest.raises(fonts.FontError, match=r"pip install 'cardtable\[print\]'"):
            deck_pdf(GAME, shipped_text(GAME, "fire-and-steel"))
    finally:
        fonts.fonts.cache_clear()
