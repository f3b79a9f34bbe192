"""The negative-defense check is skipped while ``state.dirty`` is False: it must never go stale.

The flag is set by whatever can put a defense below 0 (a lowering stat change, a card that
lowers or depends on hand size coming into force, a defense-giving one leaving...) and cleared
by a check that found nothing. Two ways of catching a place that forgets to set it:

* at every decision point of random games, a clean state checked in full destroys nothing;
* a game where the flag is never trusted (every check runs in full) plays out exactly as the
  normal one, snapshot for snapshot.

The shipped decks hold a lowering card and a hand-size condition but no aura on defense, so
lab decks add auras that lower and raise defense (on characters, equipment and a book) and a
hand-size condition on an aura.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.games.sarasvati import GAME, zones
from cardtable.games.sarasvati.state import SarasvatiState
from cardtable.games.sarasvati.zones import check

from .helpers import MAX_ACTIONS, PROPERTY, new_random_game, swapped_deck, walk

seeds = st.integers(min_value=0, max_value=2**32 - 1)

AURA_CARDS = """
◇防御の旗手
2:1000/1000(キャラクター/アクション)
‣自分のキャラクターすべての防御力を+2000する。
―――
◇呪詛の影
3:2000/2000(キャラクター/アクション)
‣相手のキャラクターすべての防御力を-1000する。
―――
◇弱気の兵
1:1000/2000(キャラクター/アクション)
‣自分の手札が4枚以下の時、自分のキャラクターすべての防御力を-2000する。
―――
◇守りの護符
1:0/0(装備/アクション)
‣付け替え可能
‣バトルゾーンにいる敵味方すべての防御力を+1000する。
―――
◇崩れの書
4(禁書/アクション)
▸オープン中、相手のキャラクターすべての防御力を-2000する。
―――
◇支えの書
4(禁書/アクション)
▸オープン中、自分の手札が3枚以上の時、自分のキャラクターすべての防御力を+3000する。
"""


def _aura_game(seed: int) -> SarasvatiState:
    rnd = random.Random(seed)
    decks = [swapped_deck(rnd, AURA_CARDS, 12) for _ in (0, 1)]
    return GAME.new_game(seed, decks, {"hand_size": rnd.choice([5, 6]), "max_copies": 40})


def _snapshot(s: SarasvatiState) -> str:
    return json.dumps(s.to_json(), sort_keys=True, ensure_ascii=False)


def _clean_states_are_settled(s: SarasvatiState, play: int) -> None:
    for state, _ in walk(s, play):
        if state.dirty:
            continue
        full = state.clone()
        full.dirty = True
        before = _snapshot(full)
        check(full)
        assert _snapshot(full) == before, "a clean state had a defense below 0"


@PROPERTY
@given(seeds, seeds)
def test_a_clean_state_has_no_defense_below_0(seed: int, play: int) -> None:
    _clean_states_are_settled(new_random_game(seed), play)


@PROPERTY
@given(seeds, seeds)
def test_a_clean_state_has_no_defense_below_0_under_auras(seed: int, play: int) -> None:
    _clean_states_are_settled(_aura_game(seed), play)


def _trace(s: SarasvatiState, play: int) -> list[str]:
    rnd = random.Random(play)
    out = [_snapshot(s)]
    for _ in range(MAX_ACTIONS):
        if s.is_terminal():
            return out
        s.apply(rnd.choice(s.legal_actions()))
        out.append(_snapshot(s))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", range(12))
def test_never_trusting_the_flag_plays_the_same_games(seed: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    make_game = new_random_game if seed % 2 else _aura_game
    normal = _trace(make_game(seed), seed)
    # a check that finds nothing no longer clears the flag: once set, every check runs in full
    monkeypatch.setattr(zones, "checked", lambda state, hand_matters: None)
    full = _trace(make_game(seed), seed)
    assert full == normal


def test_clone_and_json_carry_the_flag() -> None:
    s = new_random_game(3)
    for dirty in (False, True):
        s.dirty = dirty
        assert s.clone().dirty is dirty
    assert SarasvatiState.from_json(s.to_json()).dirty is True  # read back: checked once
    assert "dirty" not in s.to_json()  # derived data: digests and records are unchanged
