"""Shuffle labels must tell apart every choice they offer, and stay plain when nothing differs."""

from __future__ import annotations

from cardtable.games.draws_troidal import field_shuffle
from cardtable.games.draws_troidal.state import DrawsState

from .helpers import card, lab, put

KNIGHT = card("metal", 5, risk=5, guard=1)
SOLDIER = card("earth", 3, risk=2)


def _shuffle_step(guards: tuple[int, int]) -> DrawsState:
    s = lab(KNIGHT, SOLDIER)
    for p in (0, 1):
        put(s, p, 0, KNIGHT, guard=guards[0])
        put(s, p, 1, KNIGHT, guard=guards[1])
        for lane in (2, 3, 4):
            put(s, p, lane, SOLDIER)
    field_shuffle.begin(s)
    return s


def test_copies_differing_in_guard_get_marked_labels() -> None:
    s = _shuffle_step((1, 0))
    labels = [s.action_label(a) for a in s.legal_actions()]
    assert len(set(labels)) == len(labels)
    assert any("(G0W0)" in x and "(G1W0)" in x for x in labels)


def test_identical_copies_are_one_choice_with_plain_names() -> None:
    s = _shuffle_step((1, 1))
    labels = [s.action_label(a, "ja") for a in s.legal_actions()]
    assert len(set(labels)) == len(labels)
    assert not any("(G" in x for x in labels)
