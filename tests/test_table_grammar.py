"""Grammar in English (issue 38 item 8): every sentence the log and the choices say over whole
random games takes "a" or "an" by the next word's sound ("a unit", "an earth land")."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.core import list_games, load_game
from cardtable.core.events import public_events
from cardtable.core.voice import article
from cardtable.table import sentences

PLAYABLE = [g.id for g in list_games() if g.playable]
#: "an" before a consonant sound or "a" before a vowel sound; initialisms (an HP, an SP) and
#: slot names (an F1) are said by their letters
WRONG = re.compile(r"\b[Aa]n (?!HP|SP|F\d|R\b|S\b|M\b|L\b)(?=[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z])\w+"
                   r"|\b[Aa]n (?=[Uu][bcdfgjklmnpqrstvwxz][aeiou])\w+"
                   r"|\ba (?!un[iy]|us[eu]|one|eu)(?=[aeiouAEIOU])\w+")  # "A Ember": lane A


def test_the_article_follows_the_sound():
    assert [article(w) for w in ("unit", "earth", "item", "card", "hour", "one-off", "umbrella")] \
        == ["a", "an", "an", "a", "an", "a", "an"]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_no_sentence_of_a_whole_game_takes_the_wrong_article(game_id):
    game = load_game(game_id)
    wrong: dict[str, str] = {}
    for seed in range(3):
        state = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for code in state.legal_actions()[:40]:
                label = " ".join(state.action_path(code, "en"))
                wrong.update((m.group(0), label) for m in WRONG.finditer(label))
            state.apply(rng.choice(state.legal_actions()))
        for seat in (0, 1, None):
            events = public_events(state.log) if seat is None else state.events(seat, 0)
            for _, line in sentences.toned_lines(game_id, events, state.view(seat or 0), seat,
                                                 "en"):
                wrong.update((m.group(0), line) for m in WRONG.finditer(line))
    assert wrong == {}
