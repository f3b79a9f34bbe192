"""Every playable game draws as a table in the projection format, from its view alone."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.core import list_games, load_game
from cardtable.core.projection import FORMAT, Card, Counter, Table, Zone, back, public_table

PLAYABLE = [g.id for g in list_games() if g.playable]


def _check(table: dict, seat: int | None) -> None:
    assert table["format"] == FORMAT and table["seat"] == seat
    ids = [z["id"] for z in table["zones"]]
    assert len(ids) == len(set(ids)), "zone ids are unique"
    for z in table["zones"]:
        assert z["owner"] in (0, 1, None) and z["row"] >= 0 and z["col"] >= 0 and z["width"] >= 1
        for card in z["cards"]:
            if card is None:
                assert z["slots"], "only a slotted zone has empty places"
            elif card["face_up"]:
                assert card["name"] and isinstance(card["stats"], list)
            else:
                assert "name" not in card and "key" not in card and "text" not in card
    json.dumps(table)


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_position_projects_to_a_table(game_id, lang):
    game = load_game(game_id)
    state = game.new_game(3)
    rng = random.Random(3)
    while True:
        tables = [game.project(state.view(p), lang) for p in range(game.num_players)]
        for p, table in enumerate(tables):
            _check(table, p)
            assert table["to_move"] == state.current_player()
        _check(public_table(tables), None)
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))


def test_a_game_without_a_projection_still_draws_plainly():
    from cardtable.core.projection import project

    table = project(None, {"game": "x", "phase": "p", "turn": 2, "to_move": 0})
    assert table["zones"] == [] and table["phase"] == "p" and "turn: 2" in table["notes"]


def test_a_spectator_sees_a_card_only_if_both_seats_see_it_alike():
    shown = Card(name="A", key="A")
    t0 = Table("g", 0, "p", 1, 0, zones=[Zone("hand.0", "Hand", 0, 0, cards=[shown]),
                                          Zone("field", "Field", None, 1, cards=[shown, None])])
    t1 = Table("g", 1, "p", 1, 0, zones=[Zone("hand.0", "Hand", 0, 0, cards=[back()]),
                                          Zone("field", "Field", None, 1, cards=[shown, None])])
    public = public_table([t0.to_json(), t1.to_json()])
    hand, field = public["zones"]
    assert hand["cards"] == [{"face_up": False}]
    assert field["cards"] == [shown.to_json(), None]


def test_a_spectator_reads_a_counter_as_the_seat_that_does_not_own_it():
    """A closed caster's HP counter is named for its owner only; the spectator gets the label
    (and the printed maximum) the other seat is shown."""
    mine = Counter("hp.0.0", "Akane HP", 0, 3, 3)
    theirs = Counter("hp.0.0", "Caster HP", 0, 3, None)
    for order in ((mine, theirs), (theirs, mine)):
        tables = [Table("g", s, "p", 1, 0, counters=[c]).to_json() for s, c in enumerate(order)]
        if order[0] is theirs:  # seat 0 is then the one not owning it: relabel the owner
            tables[0]["counters"][0]["owner"] = tables[1]["counters"][0]["owner"] = 1
        [counter] = public_table(tables)["counters"]
        assert counter["label"] == "Caster HP" and counter["max"] is None
        assert counter["value"] == 3
