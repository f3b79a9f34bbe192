"""The glossary (issue 38 item 5): each game's own words in the question link to an entry on
that game's How to play page, in both languages."""

from __future__ import annotations

import random
import re

import pytest
from fastapi.testclient import TestClient
from tests.web.helpers import create, move, state

from cardtable.core import list_games, load_game
from cardtable.table import glossary, sentences
from cardtable.web.app import create_app

GAMES = [g.id for g in list_games() if g.playable]


@pytest.fixture
def client():
    with TestClient(create_app(":memory:")) as c:
        yield c


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_glossary_in_both_languages_on_its_how_to_play_page(client, game_id):
    found = glossary.entries(game_id)
    assert len(found) >= 8
    for lang in ("en", "ja"):
        page = client.get(f"/how/{game_id}?lang={lang}").text
        for entry in found:
            term, text = entry.says(lang)
            assert f'id="{glossary.anchor(entry.key)}"' in page
            assert term and text
    for entry in found:  # no Japanese left in the English explanation but a card's marks
        plain = re.sub(r"[《「【].*?[》」】]", "", entry.text[0])
        assert not re.search("[\u3040-\u30ff\u4e00-\u9fff]", plain), entry.key


DREADNOUGHT_WORDS = {"en": {"gear change", "god draw", "log", "check", "burst"},
                     "ja": {"ギアチェンジ", "ゴッドドロー", "ログ", "チェック", "バースト"}}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_dreadnoughts_questions_link_gear_change_god_draw_log_check_and_burst(lang):
    game = load_game("dreadnought")
    linked: set[str] = set()
    for seed in range(2):
        s = game.new_game(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            q = sentences.question(game, s.view(s.current_player()), lang)
            linked |= {q[a:b].casefold() for a, b, _, _ in glossary.words("dreadnought", q, lang)}
            s.apply(rng.choice(s.legal_actions()))
    assert DREADNOUGHT_WORDS[lang] <= linked


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_questions_link_at_least_one_of_its_words(game_id):
    game = load_game(game_id)
    s = game.new_game(1)
    rng = random.Random(1)
    hits = 0
    while not s.is_terminal():
        q = sentences.question(game, s.view(s.current_player()), "en")
        hits += bool(glossary.words(game_id, q, "en"))
        s.apply(rng.choice(s.legal_actions()))
    assert hits


def test_the_payload_carries_the_questions_words_with_their_keys(client):
    table = create(client, "dreadnought", seed=1)
    for _ in range(100):
        seat = state(client, table, None)["to_move"]
        now = state(client, table, seat)
        for start, end, key, text in now["words"]["question"]:
            assert now["question"][start:end] and text
            assert key in {e.key for e in glossary.entries("dreadnought")}
        if any(w[2] == "gear-change" for w in now["words"]["question"]):
            return
        move(client, table, seat, now["choices"][0]["code"], n=now["n"])
    pytest.fail("no question with a gear change")


def test_an_english_word_matches_whole_words_only():
    assert glossary.words("dreadnought", "catalogue", "en") == []
    assert [w[2] for w in glossary.words("dreadnought", "Pay 1 log.", "en")] == ["log"]


def test_japanese_lines_of_an_entry_run_on_without_a_space():
    [entry] = glossary.parse("g.txt", "◆ k\nterm: word / 語\nen: one\nen: two\n"
                                      "ja: 一行目\nja: 二行目\n")
    assert entry.text == ("one two", "一行目二行目")
