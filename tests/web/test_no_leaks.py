"""What a seat receives never changes when only the other seat's hidden cards change.

Two ways to change only what a seat cannot see: a state sampled from the seat's own view
(``Game.sample_state``: hidden cards redistributed, a fresh generator), and the event log with
every part meant for the other seat alone rewritten. Neither may change a byte the seat is sent.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core import list_games, load_game
from cardtable.web.payload import log_lines, seat_events, table_payload

PLAYABLE = [g.id for g in list_games() if g.playable]


def _scrambled(log: list[dict], seat: int) -> list[dict]:
    """The log with everything only the other seat may see replaced by nonsense."""
    out = []
    for ev in log:
        ev = dict(ev)
        if ev.get("only") is not None and ev["only"] != seat:
            ev = {"type": "nonsense", "only": ev["only"], "secret": "X" * 7}
        private = ev.get("private")
        if private is not None and private[0] != seat:
            ev["private"] = [private[0], {k: "hidden-XYZ" for k in private[1]}]
        out.append(ev)
    return out


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(PLAYABLE), seed=st.integers(0, 2**31 - 1),
       lang=st.sampled_from(["en", "ja"]))
def test_a_seat_receives_the_same_whatever_the_other_seat_hides(game_id, seed, lang):
    game = load_game(game_id)
    state = game.new_game(seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and steps < 400:
        if steps % 7 == 0:
            for seat in range(game.num_players):
                sent = json.dumps(table_payload(state, seat, lang), sort_keys=True)
                twin = game.sample_state(state.view(seat), rng.randrange(2**31))
                assert json.dumps(table_payload(twin, seat, lang), sort_keys=True) == sent
                view = state.view(seat)
                lines = log_lines(game_id, seat_events(state, seat), view, seat, lang)
                state.log, real = _scrambled(state.log, seat), state.log
                try:
                    assert log_lines(game_id, seat_events(state, seat), view, seat, lang) == lines
                finally:
                    state.log = real
        state.apply(rng.choice(state.legal_actions()))
        steps += 1


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(PLAYABLE), seed=st.integers(0, 2**31 - 1))
def test_a_spectator_sees_only_what_both_seats_see(game_id, seed):
    game = load_game(game_id)
    state = game.new_game(seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and steps < 400:
        if steps % 9 == 0:
            watched = json.dumps(table_payload(state, None, "en"), sort_keys=True)
            for seat in range(game.num_players):
                twin = game.sample_state(state.view(seat), rng.randrange(2**31))
                assert json.dumps(table_payload(twin, None, "en"), sort_keys=True) == watched
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
