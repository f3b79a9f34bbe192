"""``cardtable cards``: file checks print FILE:LINE with suggestions and never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.games.draws_troidal.game import DECK_DIR

runner = CliRunner()
WIDE = {"COLUMNS": "300"}


def check(*args: str):
    result = runner.invoke(app, ["cards", "check", *args], env=WIDE)
    assert "Traceback" not in result.output
    return result


def test_misspelled_field_is_located_and_corrected(tmp_path: Path) -> None:
    path = tmp_path / "cards.txt"
    path.write_text("◆ 火竜 / Fire Drake\n属性: 火  パワ: 3  リスク: 2  ガード: 0\n", "utf-8")
    result = check("draws-troidal", str(path))
    assert result.exit_code == 1
    assert f"{path}:2:" in result.output
    assert "パワー" in result.output


def test_shipped_deck_is_ok() -> None:
    result = check("draws-troidal", str(DECK_DIR / "fire-and-steel.txt"))
    assert result.exit_code == 0, result.output
    assert "ok" in result.output


def test_missing_file_unknown_and_unplayable_games(tmp_path: Path, unbuilt_game: str) -> None:
    missing = tmp_path / "nope.txt"
    result = check("draws-troidal", str(missing))
    assert result.exit_code != 0 and "no such file" in result.output
    result = check("draws-troidl", str(missing))
    assert result.exit_code != 0 and "draws-troidal" in result.output  # names the real ids
    result = check(unbuilt_game, str(missing))
    assert result.exit_code != 0 and "not playable" in result.output


def test_list_shipped_decks() -> None:
    result = runner.invoke(app, ["cards", "list", "draws-troidal"], env=WIDE)
    assert result.exit_code == 0, result.output
    for name in ("fire-and-steel", "light-and-shadow", "sea-and-forest"):
        assert name in result.output
    assert "60" in result.output


def test_each_problem_is_one_line_even_in_a_narrow_terminal(tmp_path: Path) -> None:
    bad = tmp_path / "cards.txt"
    bad.write_text("◆ 火竜 / Fire Drake\n属性: 炎  パワー: 7  リスク: 6  ガード: 1\n", "utf-8")
    result = runner.invoke(app, ["cards", "check", "draws-troidal", str(bad)],
                           env={"COLUMNS": "40"})
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert result.exit_code == 1
    assert lines[0].startswith(f"{bad}:2: unknown attribute") and "none" in lines[0]


def test_a_scenario_with_a_byte_order_mark_is_checked_as_a_scenario(tmp_path: Path) -> None:
    """Editors on Windows save UTF-8 with a BOM; `cards check` must read it as `simulate
    --scenario` does, not as a card file of bogus lines."""
    scenario = Path(__file__).parent / "sarasvati" / "scenarios" / "charge.txt"
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + scenario.read_bytes())
    result = check("sarasvati", str(path))
    assert result.exit_code == 0, result.output
    simulated = runner.invoke(app, ["simulate", "sarasvati", "--scenario", str(path),
                                    "--games", "1"], env=WIDE)
    assert simulated.exit_code == 0, simulated.output


@pytest.mark.parametrize("game_id, card", [
    ("draws-troidal", "◆ 火竜 / Fire Drake\n属性: 火  パワー: 3  リスク: 2  ガード: 0\n"),
    ("culdcept", "◇ゴブリン火兵\nEnglish: Goblin Firetrooper\nクリーチャー 火 ST20/HP20 コスト0\n"),
    ("dreadnought", None),
    ("sarasvati", None),
])
def test_a_card_defined_twice_in_one_file_is_refused(tmp_path: Path, game_id: str,
                                                     card: str | None) -> None:
    """Every game's template: one name, one card (the shared block reader says so)."""
    if card is None:  # the first card of the shipped pool, as written there
        pool = (Path(__file__).parents[1] / "src" / "cardtable" / "games"
                / game_id.replace("-", "_") / "data" / "cards.txt").read_text("utf-8")
        lines = pool.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("◇"))
        end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("◇"))
        card = "\n".join(lines[start:end]) + "\n"
    path = tmp_path / "cards.txt"
    path.write_text(card + "\n" + card, "utf-8")
    result = check(game_id, str(path))
    assert result.exit_code == 1 and "is defined twice (first at line 1)" in result.output, \
        result.output
