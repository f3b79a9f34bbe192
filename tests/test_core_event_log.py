"""The quiet sink (``core.event_log.QUIET``): what a quiet state logs into, and drops."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from cardtable.core import list_games, load_game
from cardtable.core.event_log import QUIET

PLAYABLE = [g.id for g in list_games() if g.playable]


def test_the_sink_drops_what_is_appended() -> None:
    QUIET.append({"type": "draw"})
    QUIET.extend([{"type": "draw"}])
    assert len(QUIET) == 0 and list(QUIET) == [] and not QUIET


def test_the_sink_reads_as_an_empty_log() -> None:
    assert QUIET[:] is QUIET and QUIET[3:] is QUIET  # a clone's copy stays the sink
    assert json.dumps(list(QUIET)) == "[]"
    with pytest.raises(IndexError):
        QUIET[0]


def test_the_sink_is_one_object_through_copies_and_pickles() -> None:
    assert copy.copy(QUIET) is QUIET and copy.deepcopy(QUIET) is QUIET
    assert pickle.loads(pickle.dumps(QUIET)) is QUIET


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_quiet_state_logs_into_the_sink_and_writes_an_empty_log(game_id: str) -> None:
    state = load_game(game_id).new_game(1)
    state.quiet()
    while not state.is_terminal() and len(state.history) < 30:
        state.apply(state.legal_actions()[0])
    assert state.log is QUIET and state.clone().log is QUIET
    assert state.events() == [] and state.to_json()["log"] == []
