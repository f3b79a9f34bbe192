"""Screenshots of the designer's workbench (``/design/GAME``) for docs/screenshots/.

Not a benchmark: it starts ``cardtable serve`` on a free port with a throwaway database, and in
Debian's chromium types cards into the workbench (one on the cost curve, one far off it, one
with a misspelled line), builds a deck from a shipped deck and the new cards, runs a quick
balance study, and photographs the page: DRAWS-◎-TROIDAL in English and サラスヴァティTCG in
Japanese at 1280x800, DRAWS-◎-TROIDAL at 390x844 (a phone, the whole page). Run:
``.venv/bin/python benchmarks/workbench_screenshots.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screens import DOCS, chromium, served, shrink

WAIT = 120_000

#: what is typed into each game's editor, and the shipped deck the deck starts from
CARDS = {
    "draws-troidal": (
        "◆ 火竜 / Fire Drake\n属性: 火  パワー: 7  リスク: 4  ガード: 1\n"
        "フレーバー: 山を越える炎の翼。\n\n"
        "◆ 安い巨人 / Bargain Giant\n属性: 土  パワー: 8  リスク: 1  ガード: 2\n\n"
        "◆ 霧の番人 / Mist Keeper\n属性: 水  パワ: 3  リスク: 2  ガード: 0\n",
        "fire-and-steel", ["火竜", "安い巨人"], "Dragon Test"),
    "sarasvati": (
        "◇量産型ロボX\nEnglish: Mass-Produced Robot X\n2:2000/1500(キャラクター/SF、機械)\n"
        "『工場から今日も一体』\n\n"
        "◇無敵の転校生\nEnglish: Invincible Transfer Student\n"
        "1:6000/5000(キャラクター/ドラマ、学園)\n\n"
        "◇未完成の呪文\nEnglish: Unfinished Spell\n2(サポート/アクション)\n"
        "[脳筋] 自分のキャラクターを1体選び、攻撃力を+3000すr。\n",
        "science-and-sorcery", ["量産型ロボX", "無敵の転校生"], "ロボ軍団"),
}


def prepare(browser, base: str, game: str, lang: str, size: tuple[int, int]):
    text, deck, own, name = CARDS[game]
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.add_init_script(f"localStorage.setItem('cardtable-lang', '{lang}')")
    page.goto(f"{base}/design/{game}?fresh=1")
    page.wait_for_selector("body[data-fresh=yes] #problems[data-state]", state="attached",
                           timeout=WAIT)
    page.wait_for_selector("[data-testid=add-card]")
    page.locator("#editor").fill(text)
    page.wait_for_selector("body[data-fresh=yes]", state="attached", timeout=WAIT)
    page.locator("#deck-start").select_option(f"s:{deck}")
    page.locator("#deck-name").fill(name)
    page.wait_for_selector("body[data-deck=ok], body[data-deck=bad]", state="attached",
                           timeout=WAIT)
    # make room for the new cards: two copies fewer of the deck's first few, two of each new
    firsts = page.locator("#deck-list li").all()[:len(own)]
    for li in firsts:
        for _ in range(2):
            li.locator("button.step").first.click()
    for card in own:
        for _ in range(2):
            page.locator(f"[data-testid=add-card][data-card='{card}']").click()
    page.wait_for_selector("body[data-deck=ok], body[data-deck=bad]", state="attached",
                           timeout=WAIT)
    # the off-curve card shown large: the caret on its block
    page.locator("#editor").evaluate(
        "(ed) => { const at = ed.value.indexOf('\\n\\n') + 3; ed.focus();"
        " ed.setSelectionRange(at, at); ed.dispatchEvent(new KeyboardEvent('keyup'));"
        " ed.scrollTop = 0; }")
    return page


def main() -> None:
    DOCS.mkdir(parents=True, exist_ok=True)
    with served("--http-rate", "1000") as base, chromium() as browser:
        for game, lang, size, out, full in (
                ("draws-troidal", "en", (1280, 800), "workbench-draws-troidal", False),
                ("sarasvati", "ja", (1280, 800), "workbench-sarasvati-ja", False),
                ("draws-troidal", "en", (390, 844), "workbench-phone", True)):
            page = prepare(browser, base, game, lang, size)
            if page.locator("body[data-deck=ok]").count():
                page.locator("#study-games").select_option("2")
                page.locator("[data-testid=study]").click()
                page.wait_for_selector("body[data-study=done], body[data-study=failed]",
                                       state="attached", timeout=WAIT)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.wait_for_timeout(300)
            path = DOCS / f"{out}.png"
            page.screenshot(path=str(path), full_page=full)
            shrink(path)
            page.close()


if __name__ == "__main__":
    main()
