"""``cardtable games``: every registered game is listed with its playability."""

from __future__ import annotations

from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import list_games

runner = CliRunner()
WIDE = {"COLUMNS": "200"}  # no wrapping, so whole phrases can be searched for


UNPLAYABLE = sum(not g.playable for g in list_games())


def test_lists_all_five_games_and_marks_the_unbuilt_ones_not_playable() -> None:
    result = runner.invoke(app, ["games"], env=WIDE)
    assert result.exit_code == 0, result.output
    ids = [g.id for g in list_games()]
    assert len(ids) == 5
    for game_id in ids:
        assert game_id in result.output
    assert result.output.count("not yet playable") == UNPLAYABLE
    line = next(x for x in result.output.splitlines() if "draws-troidal" in x)
    assert "playable" in line and "not yet" not in line


def test_japanese_titles_and_headers() -> None:
    result = runner.invoke(app, ["games", "--lang", "ja"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "サラスヴァティTCG" in result.output
    assert result.output.count("未対応") == UNPLAYABLE


def test_unknown_language_is_a_clean_error() -> None:
    result = runner.invoke(app, ["games", "--lang", "fr"], env=WIDE)
    assert result.exit_code == 2
    assert "fr" in result.output and "Traceback" not in result.output
