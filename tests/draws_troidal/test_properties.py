"""Invariants over random games: random seeds, decks and options, random legal actions."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from cardtable.games.draws_troidal import GAME
from cardtable.games.draws_troidal.state import SET
from cardtable.games.draws_troidal.steps import NOT_ASKED, WAITING

from .helpers import (
    MAX_ACTIONS,
    PROPERTY,
    accounted,
    check_table,
    event_leaks,
    new_random_game,
    play_out,
    view_leaks,
    walk,
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@PROPERTY
@given(seeds, seeds)
def test_random_games_end_within_the_bound_with_a_consistent_result(seed: int, play: int) -> None:
    s = new_random_game(seed)
    actions = play_out(s, play)  # raises if the game runs past MAX_ACTIONS
    assert s.is_terminal() and len(actions) < MAX_ACTIONS
    assert s.current_player() == -1 and s.legal_actions() == []
    result = s.result()
    assert result is not None and result["reason"] in ("life", "deck-out")
    winner, life = s.winner(), s.life
    if result["reason"] == "life":
        fallen = [p for p in (0, 1) if life[p] <= 0]
        assert fallen == ([0, 1] if winner is None else [1 - winner])
    else:
        assert min(len(s.deck[0]), len(s.deck[1])) == 0
    assert s.is_draw() == (winner is None) == result["draw"]
    assert s.returns() == ((0.0, 0.0) if winner is None
                           else tuple(1.0 if p == winner else -1.0 for p in (0, 1)))


@PROPERTY
@given(seeds, seeds)
def test_every_card_is_always_accounted_for(seed: int, play: int) -> None:
    s = new_random_game(seed)
    decklists = [Counter(c.name for c in d.cards) for d in s.decks]
    last_life = list(s.life)
    for state, _ in walk(s, play):
        check_table(state)
        for p in (0, 1):
            assert accounted(state, p) == decklists[p]
            assert state.life[p] <= last_life[p]  # the beta has no healing
            assert not (state.phase == SET and any(state.fresh[p]))  # opened last turn
        last_life = list(state.life)
    for p in (0, 1):
        assert accounted(s, p) == decklists[p]


@PROPERTY
@given(seeds, seeds)
def test_legal_actions_are_valid_codes_with_labels(seed: int, play: int) -> None:
    s = new_random_game(seed)
    for state, _ in walk(s, play):
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and legal
        assert all(0 <= a < GAME.num_actions for a in legal)
        assert state.pending[state.current_player()] == WAITING
        for a in legal[:3] + legal[-3:]:
            assert state.action_label(a, "en").strip()
            assert state.action_label(a, "ja").strip()


@PROPERTY
@given(seeds, seeds)
def test_same_seed_and_actions_replay_identically(seed: int, play: int) -> None:
    s = new_random_game(seed)
    actions = play_out(s, play)
    again = new_random_game(seed)
    for a in actions:
        again.apply(a)
    assert again.to_json() == s.to_json()


@PROPERTY
@given(seeds, seeds)
def test_json_round_trip_and_clone_equal_the_state_at_every_step(seed: int, play: int) -> None:
    s = new_random_game(seed)
    rnd = random.Random(play)
    split = None
    for state, _ in walk(s, play):
        restored = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
        assert restored == state
        assert restored.legal_actions() == state.legal_actions()
        copy = state.clone()
        assert copy == state
        before = state.to_json()
        copy.apply(rnd.choice(copy.legal_actions()))  # play on in the copy...
        copy.life[0] -= 7
        for p in (0, 1):
            for lists in (copy.deck, copy.hand, copy.field, copy.guard, copy.wins, copy.trash):
                lists[p].append(1)
        copy.history.append(0)
        copy.log.append({"type": "poke"})
        assert state.to_json() == before  # ...and the original does not notice
        if split is None and rnd.random() < 0.1:
            split = (restored, len(state.history))
    if split is not None:  # a restored state continues exactly like the original
        restored, at = split
        for a in s.history[at:]:
            restored.apply(a)
        assert restored.to_json() == s.to_json()


@PROPERTY
@given(seeds, seeds)
def test_a_view_does_not_change_when_only_hidden_cards_change(seed: int, play: int) -> None:
    s = new_random_game(seed)
    rnd = random.Random(play)
    for state, _ in walk(s, play):
        assert view_leaks(state, rnd) == set()


@PROPERTY
@given(seeds, seeds)
def test_sampled_state_has_the_same_view_and_conserves_cards(seed: int, play: int) -> None:
    s = new_random_game(seed)
    rnd = random.Random(play)
    for state, _ in walk(s, play):
        p = rnd.randrange(2)
        seen = state.view(p)
        sample = GAME.sample_state(seen, rnd.randrange(2**32))
        assert sample.view(p) == seen
        check_table(sample)
        assert accounted(sample, p) == Counter(c.name for c in state.decks[p].cards)
        # the opponent's private decklist is guessed: a whole deck, its own cards accounted for
        o = 1 - p
        assert accounted(sample, o) == Counter(c.name for c in sample.decks[o].cards)
        assert len(sample.decks[o].cards) == len(state.decks[o].cards)
        assert sample.current_player() == state.current_player()
        if rnd.random() < 0.05:  # a sample is a real position: it plays on to the end
            play_out(sample, rnd.randrange(2**32))
    assert GAME.sample_state(s.view(0), 1).view(0) == s.view(0)  # finished games too


@PROPERTY
@given(seeds, seeds)
def test_events_never_name_the_opponents_private_cards(seed: int, play: int) -> None:
    s = new_random_game(seed)
    play_out(s, play)
    assert event_leaks(s) == []
    assert all(any(e["lost"]) for e in s.log if e["type"] == "battle")  # always a loser
    for p in (0, 1):
        events = s.events(p)
        assert len(events) == len(s.log)  # nothing is only for one player in this game
        own = [e for e in events if e.get("player") == p and e["type"] == "draw"]
        assert own and all("cards" in e for e in own)  # the filter does not drop everything


def test_state_is_asked_of_exactly_the_players_who_decide() -> None:
    """Sanity for the walkers above: a decider is WAITING, a bystander NOT_ASKED."""
    s = GAME.new_game(0)
    assert s.pending == [WAITING, WAITING]
    play_out(s, 0)
    assert s.pending == [NOT_ASKED, NOT_ASKED]
