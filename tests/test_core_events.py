"""Per-player filtering of the event log."""

from __future__ import annotations

from cardtable.core import filter_events

LOG = [
    {"type": "turn", "turn": 1},
    {"type": "draw", "player": 0, "count": 2, "private": [0, {"cards": ["A", "B"]}]},
    {"type": "draw", "player": 1, "count": 1, "private": [1, {"cards": ["C"]}]},
    {"type": "peek", "only": 1, "card": "D"},
]


def test_public_events_are_seen_by_everyone_unchanged() -> None:
    for player in (None, 0, 1):
        assert filter_events(LOG[:1], player) == LOG[:1]


def test_private_fields_are_hidden_from_the_other_player() -> None:
    seen = filter_events(LOG, 1)
    assert seen[1] == {"type": "draw", "player": 0, "count": 2}


def test_private_fields_are_shown_to_their_owner() -> None:
    seen = filter_events(LOG, 0)
    assert seen[1] == {"type": "draw", "player": 0, "count": 2, "cards": ["A", "B"]}
    assert seen[2] == {"type": "draw", "player": 1, "count": 1}


def test_only_events_are_hidden_from_the_other_player() -> None:
    assert [e["type"] for e in filter_events(LOG, 0)] == ["turn", "draw", "draw"]
    assert filter_events(LOG, 1)[-1] == {"type": "peek", "card": "D"}


def test_referee_sees_everything_without_the_markers() -> None:
    seen = filter_events(LOG, None)
    assert len(seen) == 4
    assert seen[1]["cards"] == ["A", "B"] and seen[2]["cards"] == ["C"]
    assert not any("private" in e or "only" in e for e in seen)


def test_filtering_leaves_the_log_intact() -> None:
    before = [dict(e) for e in LOG]
    for player in (None, 0, 1):
        filter_events(LOG, player)
    assert before == LOG
