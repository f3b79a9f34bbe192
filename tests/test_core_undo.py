"""Undo takes back only one's own decisions of this turn, never past a revealed card or die.

Run over random games of every playable game through the contract alone, so Culdcept and
Dreadnought are covered the day the registry points at them.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core import CardtableError, list_games, load_game
from cardtable.core.undo import rebuild, reveals, shows_a_card, undo, undo_depth

PLAYABLE = [g.id for g in list_games() if g.playable]
#: events that, in the games we have, show their reader a die or the face of hidden cards
DICE = {"roll", "die"}
FACES = {"draw", "open", "opening-five", "god-draw"}


def _shows_hidden(event: dict) -> bool:
    return event.get("type") in DICE or (event.get("type") in FACES
                                         and ("cards" in event or "card" in event))


def _walk(game_id: str, seed: int, steps: int):
    game = load_game(game_id)
    state = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_undo_is_the_replay_of_the_record_without_the_last_decisions(game_id: str) -> None:
    undone = 0
    for state in _walk(game_id, 5, 160):
        player = state.current_player()
        depth = undo_depth(state, player)
        if depth:
            back = undo(state, player, depth)
            assert back.history == state.history[:-depth]
            assert back == rebuild(state.game, state.seed, state.decks, state.options,
                                   back.history)
            assert back.current_player() == player
            undone += 1
    assert undone or game_id == "draws-troidal"  # DRAWS' steps are answered by both or reveal


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_asking_whether_one_may_be_undone_answers_as_counting_them_all(game_id: str) -> None:
    """``most`` stops the count, nothing else: the table's Undo button asks ``most=1``."""
    for state in _walk(game_id, 11, 120):
        player = state.current_player()
        depth = undo_depth(state, player)
        assert undo_depth(state, player, most=1) == min(1, depth)
        assert undo_depth(state, player, most=2) == min(2, depth)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_undo_takes_back_only_the_deciders_own_steps_of_this_turn(game_id: str) -> None:
    for state in _walk(game_id, 9, 160):
        player = state.current_player()
        depth = undo_depth(state, player)
        assert undo_depth(state, 1 - player) == 0  # not the one deciding now
        if not depth:
            continue
        replay = rebuild(state.game, state.seed, state.decks, state.options,
                         state.history[:-depth])
        for action in state.history[-depth:]:
            assert replay.current_player() == player
            assert replay.turn == state.turn
            replay.apply(action)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_step_that_draws_rolls_or_opens_is_a_barrier(game_id: str) -> None:
    checked = 0
    for state in _walk(game_id, 11, 300):
        player = state.current_player()
        after = state.clone()
        action = state.legal_actions()[-1]
        after.apply(action)
        shown = [e for e in after.events(player, since=len(state.log)) if _shows_hidden(e)]
        if shown:
            assert reveals(state, action, player), shown
            checked += 1
    assert checked


def test_a_god_draw_the_samples_all_guess_still_ends_undo() -> None:
    """Rule: a step that takes a card out of a hidden place and shows its face ends undo,
    always. Dreadnought, seed 101: a god draw puts a burst card into the hand (the old sampled
    check let one be taken back when every determinized sample dealt the same burst, and the
    player could see the burst and choose again). The walk is 19 random moves since rules
    version 2026-11-24/7 (184 before: the cancel codes and slot moves changed the random game)."""
    game = load_game("dreadnought")
    state = game.new_game(101)
    rng = random.Random(101)
    for _ in range(19):
        state.apply(rng.choice(state.legal_actions()))
    player = state.current_player()
    assert "god draw" in state.action_label(1)
    state.apply(1)
    assert state.current_player() == player
    assert undo_depth(state, player) == 0
    with pytest.raises(CardtableError, match="nothing to undo"):
        undo(state, player)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_shown_card_or_die_is_a_barrier_without_any_sampling(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact rules alone (generator, a card moved into sight, the game's hook) find every
    step that shows a drawn, opened or god-drawn card or a die: no sample is needed."""
    import cardtable.core.undo as undo_module

    monkeypatch.setattr(undo_module, "SAMPLES", 0)
    checked = 0
    for state in _walk(game_id, 13, 300):
        player = state.current_player()
        for action in state.legal_actions()[-2:]:
            after = state.clone()
            after.apply(action)
            shown = [e for e in after.events(player, since=len(state.log))
                     if _shows_hidden(e) and e.get("seat", e.get("player", player)) == player]
            if shown:
                assert reveals(state, action, player), (state.action_label(action), shown)
                checked += 1
    assert checked


def test_playing_a_known_card_or_taking_from_a_public_pool_is_no_reveal() -> None:
    """The card rule counts faces that leave a hidden place: a card played from one's own hand,
    or picked from a draft pool both seats see, shows nothing new and stays undoable."""
    from cardtable.core.undo import shows_a_card

    game = load_game("dice-and-monsters")
    state = game.new_game(3)
    player = state.current_player()
    before = state.view(player)
    state.apply(state.legal_actions()[0])
    assert not shows_a_card(game, before, state.view(player))


def test_nothing_to_undo_is_a_clear_error_and_changes_nothing() -> None:
    state = load_game(PLAYABLE[0]).new_game(1)
    before = state.to_json()
    with pytest.raises(CardtableError, match="nothing to undo"):
        undo(state, state.current_player())
    assert state.to_json() == before


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_undo_replays_from_a_given_start_position(game_id: str) -> None:
    """A match begun from a position (a scenario) is replayed from that position, not a new
    game; the start itself is never changed."""
    walk = [s.clone() for s in _walk(game_id, 5, 160)]
    start = walk[len(walk) // 3].clone()
    before = start.to_json()
    rng = random.Random(2)
    state = start.clone()
    checked = 0
    for _ in range(80):
        if state.is_terminal():
            break
        player = state.current_player()
        depth = undo_depth(state, player, start)
        if depth:
            back = undo(state, player, 1, start)
            assert back.history == state.history[:-1]
            checked += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert start.to_json() == before
    assert checked or game_id == "draws-troidal"


def test_a_step_is_judged_by_what_it_changes_not_by_the_whole_view() -> None:
    """Rule: a step reveals when, from a sample of the decider's view, it changes that view
    differently than it really did. A sample that differs in a place the step never touches
    (a guessed deck larger than the few cards a set-up position holds) still vouches for it,
    so undo works in a game begun from a scenario as in any other."""
    from pathlib import Path

    from cardtable.core.scenario import load_scenario

    game = load_game("sarasvati")
    start = load_scenario(game, Path(__file__).parent / "sarasvati" / "scenarios" / "charge.txt")
    player = start.current_player()
    real = game.sample_state

    def oversized(view: dict, seed: int):  # a sampler that misses the opponent's deck count
        sample = real(view, seed)
        sample.deck[1 - player] += sample.deck[1 - player][:1] * 30
        return sample

    state = start.clone()
    state.apply(state.legal_actions()[0])  # charge a card: nothing hidden is shown
    try:
        game.sample_state = oversized  # type: ignore[method-assign]
        assert undo_depth(state, player, start) == 1
        assert undo(state, player, 1, start).to_json() == start.to_json()
    finally:
        del game.sample_state


def test_changes_name_each_changed_place_with_its_new_value() -> None:
    from cardtable.core.undo import changes

    before = {"deck_count": 5, "hand": ["a", "b"], "field": [None, {"hp": 3}]}
    after = {"deck_count": 5, "hand": ["a"], "field": [None, {"hp": 1}]}
    assert changes(before, after) == {("hand",): ["a"], ("field", 1, "hp"): 1}
    assert changes(before, before) == {}


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_sample_of_a_scenario_positions_view_looks_the_same(game_id: str) -> None:
    """A position set up by hand holds fewer cards than whole decks; a search's sample of it
    (and undo's reveal check) must still show the decider exactly what the position shows."""
    from pathlib import Path

    from cardtable.core.scenario import load_scenario

    game = load_game(game_id)
    folder = Path(__file__).parent / game_id.replace("-", "_") / "scenarios"
    for path in sorted(folder.glob("*.txt")):
        state = load_scenario(game, path)
        player = state.current_player()
        if player < 0:
            continue
        view = state.view(player)
        assert game.sample_state(view, 7).view(player) == view, path.name


def test_a_match_replayed_from_where_it_was_left_gives_the_same_answers() -> None:
    """undo_depth replays only the moves since it was last asked about the same match (a table
    asks after every move); the answers are those of a replay from the start, also after the
    match went back (an undo) and on along another line."""
    from cardtable.core import undo as undo_module

    def fresh(state, player) -> int:
        undo_module._REPLAYS.clear()
        return undo_depth(state, player)

    checked = 0
    states = [s.clone() for s in _walk("sarasvati", 21, 120)]
    for state in states[60:] + states[30:60]:  # on, then back to earlier positions
        player = state.current_player()
        cached = undo_depth(state, player)
        assert cached == fresh(state, player)
        undo_depth(state, player)  # leave this match's replay in the cache for the next
        checked += 1
    assert checked


def test_an_opponents_field_set_shown_by_power_ends_undo_without_any_sampling(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """DRAWS-◎-TROIDAL's field set is simultaneous: the second seat's set shows it the first
    seat's new cards by power. That shows part of hidden cards' faces, so the exact card rule
    must end undo there by itself, whatever the samples would have guessed."""
    import random

    import cardtable.core.undo as undo_module
    from cardtable.core.undo import shows_a_card

    monkeypatch.setattr(undo_module, "SAMPLES", 0)
    game = load_game("draws-troidal")
    found = 0
    for seed in range(3):
        state, rng = game.new_game(seed), random.Random(seed)
        while not state.is_terminal() and found < 5:
            player, action = state.current_player(), rng.choice(state.legal_actions())
            after = state.clone()
            after.apply(action)
            table_before = game.project(state.view(player), "en")
            table_after = game.project(after.view(player), "en")
            powers = [
                sum(1 for z in t["zones"] if z["owner"] == 1 - player
                    for c in z["cards"] if c and not c.get("face_up", True) and c.get("stats"))
                for t in (table_before, table_after)]
            if powers[1] > powers[0]:
                assert shows_a_card(game, state.view(player), after.view(player))
                assert reveals(state, action, player)
                found += 1
            state = after
    assert found


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_step_judged_from_the_seats_drawn_tables_is_judged_as_from_its_views(
        game_id: str) -> None:
    """A server hands the check the seat's tables it drew for its messages (its own voice, its
    language): rule 2 must answer exactly as from the views the check would draw itself."""
    from cardtable.web.payload import seat_table

    game = load_game(game_id)
    for state in _walk(game_id, 23, 90):
        player = state.current_player()
        action = state.legal_actions()[len(state.history) % len(state.legal_actions())]
        after = state.clone()
        after.apply(action)
        plain = reveals(state, action, player)
        for lang in ("en", "ja"):
            drawn = (seat_table(state, player, lang), seat_table(after, player, lang))
            assert reveals(state, action, player, drawn) == plain, (lang, state.history)
            assert shows_a_card(game, state.view(player), after.view(player), drawn) \
                == shows_a_card(game, state.view(player), after.view(player))


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_asking_with_the_position_before_answers_as_replaying_the_match(game_id: str) -> None:
    """A server keeps each table's position before its last move and asks with it (most=1);
    the answer must be the replayed one, and a position that is not the one just before (an
    older one, another match's) is not taken for it."""
    previous = None
    other = load_game(game_id).new_game(99)
    for state in _walk(game_id, 31, 120):
        player = state.current_player()
        plain = undo_depth(state, player, most=1)
        if previous is not None:
            assert undo_depth(state, player, most=1, before=previous) == plain
        for wrong in (other, state):
            assert undo_depth(state, player, most=1, before=wrong) == plain
        previous = state.clone()
