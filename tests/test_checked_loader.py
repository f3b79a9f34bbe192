"""The checked loader: a state document that is not a legal position is refused by name.

``Game.state_from_json`` (and the scenario loader, which runs the same ``check_state``) takes
documents a person may have edited. These properties mutate valid documents of every playable
game, one field at a time, the way an editing slip would: a number off by one or far out of
range, a seat swapped, an entry dropped or duplicated, a value of the wrong type. Each mutated
document is either rejected with the project's error (``CardtableError``) or still a legal
position: it passes the checks and plays on to the end under random play with the checks
holding at every step.
"""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core import CardtableError, Game, State, list_games, load_game
from cardtable.core.checks import StateError

PLAYABLE = [g.id for g in list_games() if g.playable]


def checked_game(game_id: str) -> Game:
    """The game, or a skip naming what it still lacks (a game just landing keeps the default
    ``check_state``, which checks nothing, so mutated documents would not be refused)."""
    game = load_game(game_id)
    if type(game).check_state is Game.check_state:
        pytest.skip(f"{game_id} does not check the states it loads yet (Game.check_state)")
    return game
#: a longer hunt: CARDTABLE_FUZZ=5000 pytest tests/test_checked_loader.py (random examples);
#: without it the examples are derandomized, so every run (CI or a developer's) tries the same
_HUNT = int(os.environ.get("CARDTABLE_FUZZ", "0"))
FEW = settings(max_examples=_HUNT or 25, deadline=None, derandomize=not _HUNT,
               suppress_health_check=[HealthCheck.too_slow])
#: parts of a document a position does not depend on (the story so far, card texts)
SKIP = {"log", "history", "cards", "rules_version", "game"}


def state_at(game: Game, seed: int, steps: int) -> State:
    rng = random.Random(seed)
    state = game.new_game(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the document a value sits (dict keys and list positions)."""
    out: list[tuple[Any, ...]] = []
    if isinstance(doc, dict):
        for k, v in doc.items():
            if not prefix and k in SKIP:
                continue
            out.append((*prefix, k))
            out += paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.append((*prefix, i))
            out += paths(v, (*prefix, i))
    return out


def mutate(doc: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    doc = copy.deepcopy(doc)
    where = rng.choice(paths(doc))
    parent = doc
    for key in where[:-1]:
        parent = parent[key]
    key = where[-1]
    old = parent[key]
    kind = rng.choice(["inc", "dec", "big", "neg", "type", "drop", "dup", "swap", "flip"])
    if kind == "drop":
        del parent[key]
    elif kind == "dup" and isinstance(parent, list):
        parent.insert(key, old)
    elif kind == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif kind == "flip" and isinstance(old, bool):
        parent[key] = not old
    elif isinstance(old, bool) or not isinstance(old, int):
        parent[key] = rng.choice([0, -1, "x", None, [], {}, True, 1.5])
    elif kind == "inc":
        parent[key] = old + 1
    elif kind == "dec":
        parent[key] = old - 1
    elif kind == "big":
        parent[key] = old + 10**6
    elif kind == "neg":
        parent[key] = -1 - old
    else:
        parent[key] = rng.choice(["1", None, True, [old], 1.0])
    return doc, f"{kind} at {list(where)}"


def plays_on(game: Game, state: State, seed: int) -> None:
    """Random play to the end with the checks holding after every action."""
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        assert legal, "a running game offers an action"
        state.apply(legal[rng.randrange(len(legal))])
        game.check_state(state)
        json.dumps(state.to_json())
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_id", PLAYABLE)
@FEW
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40), pick=st.integers(0, 2**32))
def test_a_mutated_document_is_refused_or_plays_on(game_id: str, seed: int, steps: int,
                                                    pick: int) -> None:
    game = checked_game(game_id)
    doc = state_at(game, seed, steps).to_json()
    bad, what = mutate(doc, random.Random(pick))
    try:
        state = game.state_from_json(bad)
    except CardtableError:
        return
    try:
        plays_on(game, state, pick)
    except CardtableError as exc:
        raise AssertionError(f"{what} was accepted but does not play on: {exc}") from exc


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_state_of_a_random_game_passes_the_checks(game_id: str) -> None:
    game = load_game(game_id)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(seed)
        while True:
            game.state_from_json(state.to_json())
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_card_taken_from_its_zone_is_named_as_not_accounted_for(game_id: str) -> None:
    game = checked_game(game_id)
    doc = state_at(game, 5, 3).to_json()
    doc["deck"][0].pop()
    with pytest.raises(StateError, match=r"not accounted for|deck"):
        game.state_from_json(doc)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_missing_field_is_named(game_id: str) -> None:
    game = checked_game(game_id)
    doc = state_at(game, 5, 3).to_json()
    del doc["rng"]
    with pytest.raises(StateError, match="missing field 'rng'"):
        game.state_from_json(doc)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_seat_to_move_out_of_range_is_refused(game_id: str) -> None:
    game = checked_game(game_id)
    doc = state_at(game, 5, 3).to_json()
    key = "active" if "active" in doc else "to_move"
    doc[key] = 2
    with pytest.raises(CardtableError, match=key):
        game.state_from_json(doc)


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("value", [1.0, 0.0, True, False])
def test_a_whole_number_written_as_a_float_or_true_is_refused(game_id: str,
                                                              value: object) -> None:
    """``1.0 == True == 1`` in Python: such a seat passes a comparison and then fails as a
    list index deep in the rules, so a loaded document is held to whole numbers."""
    game = checked_game(game_id)
    doc = state_at(game, 5, 3).to_json()
    keys = [k for k in ("to_move", "active", "winner", "winner_seat", "seed", "rng") if k in doc]
    assert len(keys) >= 3
    for key in keys:
        with pytest.raises(CardtableError):
            game.state_from_json({**doc, key: value})


def test_a_deck_that_edited_options_leave_unfinishable_is_refused() -> None:
    """Dice and Monsters: a deck being built must still be finishable under the document's
    options (play never offers a pick that breaks this, an edit of the options can)."""
    game = checked_game("dice-and-monsters")
    state = game.new_game(5)
    while len(state.deck[0]) < state.options["deck_size"] - 1:
        state.apply(state.legal_actions()[0])
    units = sum(1 for c in state.deck[0] if state.cards[c].kind == "unit")
    commands = len(state.deck[0]) - units
    doc = state.to_json()
    # two more of one kind are needed where one place is left
    if units <= 5:
        doc["options"]["min_units"], doc["options"]["min_commands"] = units + 2, 1
    else:
        doc["options"]["min_units"], doc["options"]["min_commands"] = 3, commands + 2
    with pytest.raises(StateError, match="can no longer be finished"):
        game.state_from_json(doc)


def test_a_document_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(CardtableError, match="JSON object"):
        load_game("draws-troidal").state_from_json([])  # type: ignore[arg-type]


def mutate_text(text: str, rng: random.Random) -> str:
    """One editing slip in a scenario file: a line dropped or doubled, a number changed, a
    word replaced by another word of the file, a card list cut short."""
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    kind = rng.choice(["drop", "double", "number", "word", "cut"])
    line = lines[i]
    if kind == "drop":
        del lines[i]
    elif kind == "double":
        lines.insert(i, line)
    elif kind == "number":
        digits = [k for k, ch in enumerate(line) if ch.isdigit()]
        if digits:
            k = rng.choice(digits)
            line = line[:k] + rng.choice("0123456789") + line[k + 1:]
        lines[i] = line + rng.choice(["", "9", " x=1"])
    elif kind == "word":
        words = text.replace(",", " ").split()
        parts = line.split()
        if parts:
            parts[rng.randrange(len(parts))] = rng.choice(words)
        lines[i] = " ".join(parts)
    else:
        lines[i] = line.split(",")[0]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game_id", PLAYABLE)
@FEW
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40), pick=st.integers(0, 2**32))
def test_a_mutated_scenario_is_refused_or_plays_on(game_id: str, seed: int, steps: int,
                                                   pick: int) -> None:
    from cardtable.core.scenario import state_from_text

    game = checked_game(game_id)
    if type(game).scenario_text is Game.scenario_text:
        pytest.skip(f"{game_id} does not implement scenario files yet")
    state = state_at(game, seed, steps)
    if state.is_terminal():
        return
    text = mutate_text(game.scenario_text(state), random.Random(pick))
    try:
        loaded = state_from_text(game, text)
    except CardtableError:
        return
    game.check_state(loaded)
    plays_on(game, loaded, pick)


# -- positions the rules have already decided (issue 25) ----------
#
# Each edit below turns a running document into one the rules have already decided (points
# reached, both casters at 0 HP, lethal damage standing, all books destroyed, life at 0) or
# ruled out (two casters of one name, more HP cards than printed, a closed speed card outside
# the speed phase), keeping every card accounted for, so only the rule can refuse it. An edit
# returns None where the position gives it nothing to work on. Dice and Monsters has none: its
# decisions all come before the battle, whose end (all units of a side down) is never a
# position anyone decides in.

Edit = Any


def _culdcept_points(doc: dict[str, Any], rng: random.Random) -> str | None:
    p = rng.randrange(2)
    need = doc["options"]["points_to_win"] - len(doc["tolls"][p])
    if len(doc["deck"][1 - p]) < need:
        return None
    for _ in range(need):  # the other seat's cards, paid into p's toll pile
        doc["tolls"][p].append(doc["deck"][1 - p].pop())
    return "already over"


def _culdcept_damage(doc: dict[str, Any], rng: random.Random) -> str | None:
    spots = [(p, i) for p in (0, 1) for i in range(6) if doc["creature"][p][i] >= 0]
    if not spots or doc["battle"] is not None:
        return None
    p, i = rng.choice(spots)
    doc["damage"][p][i] = 1000
    return "already destroyed"


def _culdcept_turn(doc: dict[str, Any], rng: random.Random) -> str | None:
    doc["turn"] = doc["options"]["turn_limit"] + 1
    return "already over"


def _dreadnought_hp(doc: dict[str, Any], rng: random.Random) -> str | None:
    if not doc["started"]:
        return None
    p = rng.randrange(2)
    for k in (2 * p, 2 * p + 1):
        doc["discard"][p] += doc["hp"][k]
        doc["hp"][k] = []
    return "already over"


def _dreadnought_twin_casters(doc: dict[str, Any], rng: random.Random) -> str | None:
    p = rng.randrange(2)
    first, second = doc["casters"][2 * p], doc["casters"][2 * p + 1]
    names = [c["name"] for c in doc["cards"]]
    doc["casters"][2 * p + 1] = first
    listed = doc["decks"][p]["cards"]
    listed[listed.index(names[second])] = names[first]
    return "different names"


def _dreadnought_extra_hp(doc: dict[str, Any], rng: random.Random) -> str | None:
    k = rng.randrange(4)
    printed = next(c for i, c in enumerate(doc["cards"]) if i == doc["casters"][k])["hp"]
    need = printed + 1 - len(doc["hp"][k])
    if not doc["started"] or len(doc["deck"][k // 2]) < need:
        return None
    for _ in range(need):
        doc["hp"][k].append(doc["deck"][k // 2].pop())
    return "printed HP"


def _dreadnought_closed_speed(doc: dict[str, Any], rng: random.Random) -> str | None:
    if doc["phase_name"] in ("speed", "mulligan"):
        return None
    p = rng.randrange(2)
    doc["sclosed"][p] = 1
    return "speed phase|needs a speed card"


def _draws_life(doc: dict[str, Any], rng: random.Random) -> str | None:
    doc["life"][rng.randrange(2)] = rng.choice([0, -3])
    return "0 life has lost"


def _sarasvati_books(doc: dict[str, Any], rng: random.Random) -> str | None:
    p = rng.randrange(2)
    if not doc["bstate"][p]:
        return None
    for b in range(len(doc["books"][p])):
        if doc["books"][p][b] >= 0:
            doc["grave"][p].append(doc["books"][p][b])
            doc["books"][p][b] = -1
        doc["bstate"][p][b] = 2
    return "already over"


DECIDE: dict[str, list[Edit]] = {
    "culdcept": [_culdcept_points, _culdcept_damage, _culdcept_turn],
    "dreadnought": [_dreadnought_hp, _dreadnought_twin_casters, _dreadnought_extra_hp,
                    _dreadnought_closed_speed],
    "draws-troidal": [_draws_life],
    "sarasvati": [_sarasvati_books],
}


@pytest.mark.parametrize("game_id", sorted(DECIDE))
@FEW
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), pick=st.integers(0, 2**32))
def test_a_position_the_rules_have_decided_is_refused_saying_so(game_id: str, seed: int,
                                                                steps: int, pick: int) -> None:
    game = checked_game(game_id)
    state = state_at(game, seed, steps)
    if state.is_terminal():
        return
    rng = random.Random(pick)
    edit = rng.choice(DECIDE[game_id])
    doc = copy.deepcopy(state.to_json())
    words = edit(doc, rng)
    if words is None:
        return
    with pytest.raises(CardtableError, match=words):
        game.state_from_json(doc)
