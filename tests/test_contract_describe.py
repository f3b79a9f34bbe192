"""Named actions: every legal code of a position has a description of its own, and
``find_action`` finds the code back from it, in every playable game (over random games)."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.core import IllegalActionError, State, list_games, load_game

PLAYABLE = [g.id for g in list_games() if g.playable]


def positions(game_id: str, seed: int, limit: int = 400) -> list[State]:
    game = load_game(game_id)
    rng = random.Random(seed)
    s = game.new_game(seed)
    out = []
    while not s.is_terminal() and len(out) < limit:
        out.append(s.clone())
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return out


def key(description: dict) -> str:
    return json.dumps({k: v for k, v in description.items() if k != "code"}, sort_keys=True,
                      ensure_ascii=False)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_legal_action_is_named_apart_from_the_others(game_id: str) -> None:
    for seed in range(3):
        for s in positions(game_id, seed):
            seen: dict[str, int] = {}
            for a in s.legal_actions():
                d = s.describe_action(a)
                assert d["code"] == a and isinstance(d["kind"], str)
                json.dumps(d)
                assert key(d) not in seen, f"codes {seen.get(key(d))} and {a} read {key(d)}"
                seen[key(d)] = a


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_find_action_gives_the_described_code_back(game_id: str) -> None:
    rng = random.Random(5)
    for seed in range(3):
        for s in positions(game_id, seed, limit=60):
            legal = s.legal_actions()
            for a in rng.sample(legal, min(3, len(legal))):
                d = {k: v for k, v in s.describe_action(a).items() if k != "code"}
                assert s.find_action(**d) == a
                assert a in s.find_actions(kind=d["kind"])


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_find_action_refuses_a_description_that_matches_nothing(game_id: str) -> None:
    s = positions(game_id, 0, limit=1)[0]
    with pytest.raises(IllegalActionError, match="no legal action matches"):
        s.find_action(kind="no-such-kind")


def test_a_short_text_reads_as_a_query() -> None:
    from cardtable.core.describe import parse_description

    assert parse_description("kind=summon card=転校生 place=F1") == {
        "kind": "summon", "card": "転校生", "place": "F1"}
    assert parse_description("kind=set lanes.B=刃の嵐 ｂｏｏｋ＝２") == {
        "kind": "set", "lanes": {"B": "刃の嵐"}, "book": 2}
    with pytest.raises(IllegalActionError, match="not field=value"):
        parse_description("summon 転校生")


def test_a_query_matches_names_in_either_language_and_width() -> None:
    from cardtable.core.describe import matches_description

    d = {"kind": "summon", "card": "転校生", "card_en": "Transfer Student", "place": "F1"}
    assert matches_description(d, {"card": "transfer student", "place": "Ｆ１"})
    assert not matches_description(d, {"place": 0})  # a number is not a place name
    assert matches_description({"lanes": {"A": "x", "B": "y"}}, {"lanes": {"B": "y"}})
