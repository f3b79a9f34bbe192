"""Every playable game is readable in one language: English output holds no Japanese and
Japanese output no English, apart from card and deck names (given in both languages).

Games are taken from the registry, so Culdcept and Dreadnought are covered when they land.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import list_games, load_game

PLAYABLE = [g.id for g in list_games() if g.playable]
runner = CliRunner()
#: first options, end the phase (confirmed), read a card, look at the piles, show the rules
SCRIPT = "1\n1\nc 1\nl\nr\n0\ny\n" * 300
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60【】「」『』・、。]")
ENGLISH = re.compile(r"[A-Za-z]{3,}")
#: English words a Japanese table may show: agent names, keys, file names and commands
ENGLISH_OK = {"random", "greedy", "mcts", "iters", "Enter", "cardtable", "replay", "play",
              "show", "resume", "json", "seed", "unfinished", "records", "DRAWS", "TROIDAL"}


def names(game_id: str) -> set[str]:
    """Card and deck names in both languages, longest first when removed."""
    game = load_game(game_id)
    out: set[str] = set()
    for deck_name in game.deck_names():
        deck = game.load_deck(deck_name)
        out |= {deck.name, deck.name_en}
        for card in deck.definitions().values():
            out |= {str(card.get("name", "")), str(card.get("name_en", "")),
                    str(card.get("short", ""))}
    return {n for n in out if n}


def transcript(tmp_path: Path, game_id: str, lang: str) -> str:
    result = runner.invoke(app, ["play", game_id, "--vs", "random", "--seed", "3", "--lang", lang,
                                 "--record-dir", str(tmp_path)], input=SCRIPT,
                           env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    text = re.sub(r"\S+\.json", "", result.output.replace(str(tmp_path), ""))
    for name in sorted(names(game_id), key=len, reverse=True):
        text = text.replace(name, "")
    return text


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_english_table_shows_no_japanese(tmp_path: Path, game_id: str) -> None:
    text = transcript(tmp_path, game_id, "en")
    leaks = [line for line in text.splitlines() if JAPANESE.search(line)]
    assert not leaks, "\n".join(leaks[:20])


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_japanese_table_shows_no_english(tmp_path: Path, game_id: str) -> None:
    text = transcript(tmp_path, game_id, "ja")
    leaks = [line for line in text.splitlines()
             if any(w not in ENGLISH_OK for w in ENGLISH.findall(line))]
    assert not leaks, "\n".join(leaks[:20])
