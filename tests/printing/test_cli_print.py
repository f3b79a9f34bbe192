"""``cardtable print``: a PDF and a Tabletop Simulator folder from a shipped deck or a file."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.app import app

runner = CliRunner()
WIDE = {"COLUMNS": "300"}


def run(*args: str):
    result = runner.invoke(app, ["print", *args], env=WIDE)
    assert "Traceback" not in result.output
    return result


def test_print_writes_the_pdf_and_the_tabletop_simulator_folder(tmp_path: Path) -> None:
    pdf, folder = tmp_path / "deck.pdf", tmp_path / "tts"
    result = run("dice-and-monsters", "holy-flame", "-o", str(pdf), "--lang", "ja",
                 "--paper", "letter", "--tts", str(folder))
    assert result.exit_code == 0, result.output
    assert pdf.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in folder.iterdir()) == ["back.png", "deck.json", "faces-1.png"]
    sheet = json.loads((folder / "deck.json").read_text("utf-8"))["ObjectStates"][0]
    assert sheet["CustomDeck"]["1"]["FaceURL"] == (folder.resolve() / "faces-1.png").as_uri()


def test_a_deck_file_with_a_problem_prints_its_line_and_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("デッキ: x\n4 火の子\n", "utf-8")
    result = run("draws-troidal", str(path), "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2
    assert "mine.txt:2: unknown card '火の子'" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_an_unknown_deck_lists_the_shipped_ones(tmp_path: Path) -> None:
    result = run("draws-troidal", "nope", "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2 and "fire-and-steel" in result.output
