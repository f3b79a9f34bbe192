"""The print-and-play PDF, read back from the file: pages, card boxes, backs, marks, text."""

from __future__ import annotations

import io
import itertools
import math
import shutil
import subprocess

import pypdf
import pytest
from PIL import Image
from tests.printing.helpers import MM, card_boxes, pdf_of, shipped_text

from cardtable.core.registry import load_game
from cardtable.printing import deck_pdf

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
#: 60 cards: six full pages of fronts and a seventh of six
BIG = ("draws-troidal", "fire-and-steel")
#: 10 cards: a full page and a page of one
SMALL = ("dice-and-monsters", "holy-flame")


def deck_size(game_id: str, deck: str) -> int:
    return len(load_game(game_id).load_deck(deck))


def test_pages_are_the_paper_asked_for() -> None:
    for paper, (w, h) in (("a4", A4), ("letter", LETTER)):
        reader = pypdf.PdfReader(io.BytesIO(pdf_of(*SMALL, paper=paper)))
        for page in reader.pages:
            assert float(page.mediabox.width) == pytest.approx(w * MM, abs=0.01)
            assert float(page.mediabox.height) == pytest.approx(h * MM, abs=0.01)


def test_a_page_of_fronts_then_its_page_of_backs_for_every_nine_cards() -> None:
    n = deck_size(*BIG)
    pages = card_boxes(pdf_of(*BIG))
    assert len(pages) == 2 * math.ceil(n / 9)
    counts = [len(p) for p in pages]
    assert counts == [9, 9] * (n // 9) + [n % 9, n % 9]


def test_nine_cards_a_page_at_poker_size_abutting_and_centred() -> None:
    for paper, (w, h) in (("a4", A4), ("letter", LETTER)):
        fronts = card_boxes(pdf_of(*SMALL, paper=paper))[0]
        xs = sorted({round(b[0], 2) for b in fronts})
        ys = sorted({round(b[1], 2) for b in fronts})
        assert len(xs) == 3 and len(ys) == 3
        assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([63, 63])
        assert [b - a for a, b in itertools.pairwise(ys)] == pytest.approx([88, 88])
        assert xs[0] == pytest.approx((w - 189) / 2, abs=0.01)
        assert ys[0] == pytest.approx((h - 264) / 2, abs=0.01)


def test_each_back_lies_behind_its_front_for_long_edge_duplex() -> None:
    pages = card_boxes(pdf_of(*SMALL))
    for fronts, backs in zip(pages[::2], pages[1::2], strict=True):
        assert len(fronts) == len(backs)
        for (x0, top, x1, bottom), back in zip(fronts, backs, strict=True):
            # the sheet turns over its long (vertical) edge: left and right swap
            assert back == pytest.approx((A4[0] - x1, top, A4[0] - x0, bottom), abs=0.01)
    # the page of one card: its back is in the top right corner, not the top left
    assert pages[3][0][0] > A4[0] / 2 > pages[2][0][0]


def test_short_edge_duplex_mirrors_rows_instead() -> None:
    pages = card_boxes(pdf_of(*SMALL, duplex="short"))
    for (x0, top, x1, bottom), back in zip(pages[2], pages[3], strict=True):
        assert back == pytest.approx((x0, A4[1] - bottom, x1, A4[1] - top), abs=0.01)


def test_cut_marks_at_every_card_edge_outside_the_grid() -> None:
    import pdfplumber

    x0, y0 = (A4[0] - 189) / 2, (A4[1] - 264) / 2
    with pdfplumber.open(io.BytesIO(pdf_of(*SMALL))) as pdf:
        # the lines outside the grid (inside it are the cards' own drawings)
        lines = [(ln["x0"] / MM, ln["top"] / MM, ln["x1"] / MM, ln["bottom"] / MM)
                 for ln in pdf.pages[0].lines]
    outside = [ln for ln in lines if ln[3] < y0 or ln[1] > y0 + 264 or ln[2] < x0
               or ln[0] > x0 + 189]
    vertical = {round(a, 2) for a, top, b, bottom in outside if a == b}
    horizontal = {round(top, 2) for a, top, b, bottom in outside if top == bottom}
    assert vertical == {round(x0 + 63 * i, 2) for i in range(4)}
    assert horizontal == {round(y0 + 88 * i, 2) for i in range(4)}
    assert len(outside) == 4 * 4  # one above and one below each column edge, and so on


def test_a_game_that_declares_a_larger_card_gets_fewer_to_a_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import cardtable.printing as printing

    monkeypatch.setattr(printing, "card_size", lambda game_id: (60.0, 120.0))
    pages = card_boxes(deck_pdf(*SMALL[:1], shipped_text(*SMALL)), card=(60.0, 120.0))
    assert [len(p) for p in pages] == [6, 6, 4, 4]  # 3x2 on A4


def test_japanese_names_are_embedded_text_that_comes_back() -> None:
    game = load_game(BIG[0])
    names = {c.name for c in game.load_deck(BIG[1]).cards}
    reader = pypdf.PdfReader(io.BytesIO(pdf_of(*BIG, lang="ja")))
    text = "".join(page.extract_text() for page in reader.pages[::2])
    assert names and all(name in text for name in names)
    assert "?" not in text  # no character fell back to the stand-in


def test_english_names_in_english() -> None:
    game = load_game(SMALL[0])
    names = {c.name_en for c in game.load_deck(SMALL[1]).cards}
    reader = pypdf.PdfReader(io.BytesIO(pdf_of(*SMALL, lang="en")))
    text = " ".join(page.extract_text() for page in reader.pages[::2]).replace("\n", " ")
    squeezed = text.replace(" ", "")
    assert all(name.replace(" ", "") in squeezed for name in names)


def test_every_font_the_pdf_uses_is_embedded() -> None:
    reader = pypdf.PdfReader(io.BytesIO(pdf_of(*BIG, lang="ja")))
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font["/BaseFont"]


def test_the_same_deck_prints_the_same_bytes() -> None:
    text = shipped_text(*SMALL)
    assert deck_pdf(SMALL[0], text, lang="ja") == deck_pdf(SMALL[0], text, lang="ja")


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils is not installed "
                    "(make chromium installs it)")
def test_a_rendered_page_shows_the_back_behind_the_lone_front(tmp_path) -> None:
    """Rasterised by poppler: on the page after the one-card page, the top right card is a
    back (dark) and the top left is bare paper."""

    path = tmp_path / "deck.pdf"
    path.write_bytes(pdf_of(*SMALL))
    subprocess.run(["pdftoppm", "-r", "20", "-f", "3", "-l", "4", "-png", str(path),
                    str(tmp_path / "page")], check=True, capture_output=True)
    front, back = (Image.open(p).convert("RGB") for p in sorted(tmp_path.glob("page*.png")))
    k = front.width / A4[0]
    x0, y0 = (A4[0] - 189) / 2, (A4[1] - 264) / 2
    left = (round((x0 + 31.5) * k), round((y0 + 6) * k))
    right = (round((x0 + 126 + 31.5) * k), round((y0 + 6) * k))
    assert front.getpixel(left) != (255, 255, 255) and front.getpixel(right) == (255, 255, 255)
    assert back.getpixel(left) == (255, 255, 255) and sum(back.getpixel(right)) < 200


def test_culdcept_s_starting_lands_follow_the_deck_with_their_own_back() -> None:
    n = deck_size("culdcept", "fire-and-wind")
    data = pdf_of("culdcept", "fire-and-wind", lang="ja")
    pages = card_boxes(data)
    assert len(pages) == 2 * math.ceil(n / 9) + 2 and [len(p) for p in pages[-2:]] == [6, 6]
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert all(land in reader.pages[-2].extract_text() for land in ("火山", "廃虚"))
    assert "開始土地" in reader.pages[-1].extract_text()  # the back says which pile it is
    assert "開始土地" not in reader.pages[-3].extract_text()
    without = deck_pdf("culdcept", shipped_text("culdcept", "fire-and-wind"), setup=False)
    assert len(card_boxes(without)) == 2 * math.ceil(n / 9)
