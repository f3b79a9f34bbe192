"""The designer's workbench in the browser (``/design/GAME``), driven by keys and clicks in
Debian's chromium against a real ``cardtable serve``: a card typed shows its face and its
problems, a card fixed line by line loses them, a deck built by clicks downloads as a file
``cards check`` accepts, "Play" opens a table with that deck, and a quick study finishes and
shows the report's flags. Every wait is on a DOM condition the page sets (the check of what is
typed is shown: ``body[data-fresh=yes]``), never a sleep."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import load_game

WAIT = 60_000
FRESH = "body[data-fresh=yes]"
DESKTOP = {"width": 1280, "height": 800}
GOOD = "◆ 火竜 / Fire Drake\n属性: 火  パワー: 7  リスク: 4  ガード: 1"
EN = "localStorage.setItem('cardtable-lang', 'en')"


def open_bench(browser, server, game: str = "draws-troidal"):
    page = browser.new_page(viewport=DESKTOP, accept_downloads=True)
    page.add_init_script(EN)
    page.goto(f"{server.url}/design/{game}?fresh=1")
    page.wait_for_selector(f"{FRESH} #problems[data-state]", state="attached", timeout=WAIT)
    page.wait_for_selector("[data-testid=add-card]", timeout=WAIT)
    return page


def type_cards(page, text: str) -> None:
    """Clear the editor and type ``text`` key by key, then wait for its check to be shown."""
    editor = page.locator("#editor")
    editor.fill("")
    editor.press_sequentially(text)
    page.wait_for_selector(FRESH, state="attached", timeout=WAIT)


def problems(page) -> list[tuple[int, str]]:
    """The problems shown, each with the line of the group it is shown under."""
    return [(int(g.get_attribute("data-line")), m.inner_text())
            for g in page.locator(".pgroup").all()
            for m in g.locator("[data-testid=problem]").all()]


def replace_line(page, number: int, text: str) -> None:
    """Select line ``number`` of the editor and type ``text`` over it, as a designer does."""
    page.locator("#editor").evaluate(
        """(ed, n) => { const lines = ed.value.split('\\n');
             const at = lines.slice(0, n - 1).reduce((s, l) => s + l.length + 1, 0);
             ed.focus(); ed.setSelectionRange(at, at + lines[n - 1].length); }""", number)
    page.keyboard.type(text)
    page.wait_for_selector(FRESH, state="attached", timeout=WAIT)


def build_deck(page, game_id: str, own: str, shipped: list[tuple[str, int]]) -> None:
    """Add the designer's card and shipped cards by clicking them, until the deck is legal."""
    for name, copies in [(own, 4 if game_id != "dice-and-monsters" else 1), *shipped]:
        button = page.locator(f"[data-testid=add-card][data-card='{name}']")
        for _ in range(copies):
            button.click()
    page.wait_for_selector("body[data-deck=ok]", state="attached", timeout=WAIT)


def draws_deck(page) -> None:
    type_cards(page, GOOD)
    game = load_game("draws-troidal")
    counts = game.load_deck("fire-and-steel").counts()
    build_deck(page, "draws-troidal", "火竜", list(counts.items())[:14])


def test_typing_a_card_shows_its_face_and_its_problems(browser, server):
    page = open_bench(browser, server)
    type_cards(page, "◆ 火竜 / Fire Drake\n属性: 火  パワー: 8  リスク: 0  ガード: 2")
    assert page.locator("#face-big [data-testid=card-name]").inner_text() == "Fire Drake"
    # the same card the table draws: its numbers where the table puts them
    assert page.locator("#face-big .foot .atk").inner_text() == "8"
    # far off the cost curve: warned, and the card drawn on the curve's plot
    assert "cost curve" in page.locator("[data-testid=curve-text]").inner_text()
    assert page.locator("[data-testid=curve-me].off").count() == 1
    page.locator("#editor").press("End")
    page.keyboard.type("\n◆ 水竜 / Water Drake\n属性: 氷  パワ: 5  リスク: 3  ガード: 0")
    page.wait_for_selector(FRESH, state="attached", timeout=WAIT)
    shown = problems(page)
    assert any(line == 4 and "did you mean '水'" in m for line, m in shown)
    assert any(line == 4 and "パワー" in m for line, m in shown)
    assert page.locator("#gutter .bad").count() >= 1
    page.close()


def test_a_card_fixed_line_by_line_loses_its_messages(browser, server):
    page = open_bench(browser, server)
    type_cards(page, "◆ 火竜 / Fire Drake\n属性: 炎  パワ: 7  リスク: 4  ガード: 1\n"
                     "フレーバ: 燃える")
    before = problems(page)
    assert {line for line, _ in before} >= {2, 3}
    replace_line(page, 3, "フレーバー: 燃える")
    after_3 = problems(page)
    assert all(line != 3 for line, _ in after_3) and len(after_3) < len(before)
    replace_line(page, 2, "属性: 火  パワー: 7  リスク: 4  ガード: 1")
    assert problems(page) == []
    assert page.locator("#problems[data-state=ok]").count() == 1
    assert page.locator("#face-big [data-testid=card-name]").inner_text() == "Fire Drake"
    page.close()


def test_a_deck_built_by_clicks_downloads_as_a_file_cards_check_accepts_and_prints(
        browser, server, tmp_path: Path):
    page = open_bench(browser, server)
    page.locator("#deck-name").fill("Dragon Test")
    draws_deck(page)
    assert "60" in page.locator("[data-testid=deck-count]").inner_text()
    with page.expect_download() as info:
        page.locator("[data-testid=download]").click()
    path = tmp_path / "deck.txt"
    info.value.save_as(path)
    result = CliRunner().invoke(app, ["cards", "check", "draws-troidal", str(path)],
                                env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    deck = load_game("draws-troidal").load_deck(str(path))
    assert len(deck) == 60 and deck.counts()["火竜"] == 4 and deck.name == "Dragon Test"
    # the print buttons make the deck's PDF and its Tabletop Simulator archive
    with page.expect_download(timeout=WAIT) as pdf:
        page.locator("[data-testid=print-pdf]").click()
    pdf.value.save_as(tmp_path / "deck.pdf")
    from pypdf import PdfReader

    assert len(PdfReader(tmp_path / "deck.pdf").pages) >= 60 // 9 * 2
    with page.expect_download(timeout=WAIT) as tts:
        page.locator("[data-testid=print-tts]").click()
    tts.value.save_as(tmp_path / "tts.zip")
    import zipfile

    assert "deck.json" in zipfile.ZipFile(tmp_path / "tts.zip").namelist()
    # and the file uploads back into the page as the same deck
    page.locator("[data-testid=deck-list]").wait_for()
    page.locator("#deck-clear").click()
    page.wait_for_selector("body[data-deck=empty]", state="attached", timeout=WAIT)
    page.locator("[data-testid=upload]").set_input_files(str(path))
    page.wait_for_selector("body[data-deck=ok]", state="attached", timeout=WAIT)
    assert page.locator("#deck-list li").count() == 15
    # kept in this browser: under its name, and as the deck in hand across a reload
    page.locator("[data-testid=keep]").click()
    page.locator("#deck-clear").click()
    page.wait_for_selector("body[data-deck=empty]", state="attached", timeout=WAIT)
    page.locator("#deck-start").select_option("k:Dragon Test")
    page.wait_for_selector("body[data-deck=ok]", state="attached", timeout=WAIT)
    page.goto(f"{server.url}/design/draws-troidal")
    page.wait_for_selector("body[data-deck=ok]", state="attached", timeout=WAIT)
    assert page.locator("#deck-list li").count() == 15
    assert page.locator("#deck-name").input_value() == "Dragon Test"
    assert "火竜 / Fire Drake" in page.locator("#editor").input_value()
    page.close()


def test_play_opens_a_table_with_that_deck(browser, server):
    page = open_bench(browser, server, "dice-and-monsters")
    name = "火炎剣士「アマリア・カソルラ」・改"  # the starter card the page opens with
    shipped = list(load_game("dice-and-monsters").load_deck("holy-flame").counts())[:7]
    build_deck(page, "dice-and-monsters", name, [(n, 1) for n in shipped])
    page.locator("#level").select_option("greedy")
    page.locator("[data-testid=play]").click()
    page.wait_for_url("**/t/**", timeout=WAIT)
    table, token = page.url.split("/t/")[1].split("#k=")
    request = urllib.request.Request(f"{server.url}/api/tables/{table.split('?')[0]}",
                                     headers={"x-seat-token": token})
    with urllib.request.urlopen(request, timeout=30) as r:
        seen = r.read().decode()
    assert name in seen  # Dice and Monsters' decks are open: the seat's own deck is ours
    page.close()


def test_a_quick_study_finishes_and_shows_its_flags_and_a_long_one_cancels(browser, server):
    page = open_bench(browser, server)
    page.locator("#deck-name").fill("Study Deck")
    draws_deck(page)
    # a long study, cancelled: it stops before its next games
    page.locator("#study-games").select_option("20")
    page.locator("[data-testid=study]").click()
    page.wait_for_selector("#study-cancel:not([hidden])", timeout=WAIT)
    page.locator("#study-cancel").click()
    page.wait_for_selector("body[data-study=cancelled]", state="attached", timeout=WAIT)
    assert page.locator("[data-testid=study-out]").inner_text() == "Cancelled."
    page.locator("#study-games").select_option("2")
    page.locator("#study-agent").select_option("random")
    page.locator("[data-testid=study]").click()
    page.wait_for_selector("body[data-study=done]", state="attached", timeout=240_000)
    study = page.locator("body").get_attribute("data-study-id")
    with urllib.request.urlopen(f"{server.url}/api/design/study/{study}", timeout=30) as r:
        summary = json.loads(r.read())["summary"]
    flags = page.locator("[data-testid=flags]")
    assert flags.is_visible()
    shown = page.locator("[data-testid=flag]").all_inner_texts()
    assert len(shown) == len(summary["flags"])
    for text, flag in zip(shown, summary["flags"], strict=True):
        assert flag["card"] in text
    if not shown:
        assert page.locator("[data-testid=no-flags]").is_visible()
    assert page.locator("table.rates tr.mine").inner_text().startswith("Study Deck")
    assert page.locator("[data-testid=study-bar]").get_attribute("value") == str(summary["games"])
    page.close()
