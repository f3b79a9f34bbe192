"""Open and closed cards: what each player's view may and may not show."""

from __future__ import annotations

import random

from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought.state import W_ACTION, W_CAST, DreadnoughtState

from .helpers import GAME, STOP, cid, find, table


def _walk(seed: int, steps: int) -> DreadnoughtState:
    s = GAME.new_game(seed)
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[r.randrange(len(legal))])
    return s


def _shuffle_closed(s: DreadnoughtState, seat: int, r: random.Random) -> DreadnoughtState:
    """The same position with the seat's never-seen cards (deck, HP, bursts) dealt again."""
    t = s.clone()
    pool = t.deck[seat] + t.hp[2 * seat] + t.hp[2 * seat + 1] + t.burst[seat]
    r.shuffle(pool)
    sizes = [len(t.deck[seat]), len(t.hp[2 * seat]), len(t.hp[2 * seat + 1])]
    t.deck[seat] = pool[:sizes[0]]
    rest = pool[sizes[0]:]
    t.hp[2 * seat], rest = rest[:sizes[1]], rest[sizes[1]:]
    t.hp[2 * seat + 1], rest = rest[:sizes[2]], rest[sizes[2]:]
    t.burst[seat] = rest
    t._legal = None
    return t


def test_closed_cards_from_the_deck_never_change_either_players_view() -> None:
    r = random.Random(7)
    for seed in range(4):
        for steps in (5, 60, 200):
            s = _walk(seed, steps)
            for seat in (0, 1):
                t = _shuffle_closed(s, seat, r)
                for viewer in (0, 1):  # the owner included
                    assert t.view(viewer) == s.view(viewer)


def test_the_opponents_hand_is_a_count() -> None:
    s = _walk(1, 30)
    v = s.view(0)
    assert "hand" in v["you"] and "hand" not in v["opponent"]
    assert v["opponent"]["hand_count"] == len(s.hand[1])


def test_a_dummy_is_known_to_its_owner_alone_until_it_leaves() -> None:
    s = table(W_CAST, 0, hands=(["火球"], []), after=[STOP])
    s.apply(find(s, "dummy: Fireball", "left"))
    mine = next(u for u in s.view(0)["units"] if u[1] == 0)
    theirs = next(u for u in s.view(1)["units"] if u[1] == 0)
    assert mine[3] == cid(s, "火球") and theirs[3] == -1
    assert theirs[6] == 50 and theirs[4] == 1  # S, BP 50, checked
    event = [e for e in s.events(1) if e["type"] == "dummy"][-1]
    assert "card" not in event


def test_a_gear_change_card_is_closed_to_the_opponent_in_view_and_events() -> None:
    s = table(1 - 1, 0, hands=(["火球"], []), after=[STOP, ("speed_cmp", 1)])
    s.apply(A.GEAR + cid(s, "火球"))
    assert s.view(1)["opponent"]["speed"] == -1
    assert "card" not in [e for e in s.events(1) if e["type"] == "gear-change"][-1]
    assert [e for e in s.events(0) if e["type"] == "gear-change"][-1]["card"] == "火球"


def test_a_face_down_enchantment_shows_neither_card_nor_bp_to_the_opponent() -> None:
    s = table(W_ACTION, 0, units=[(0, 0, "溶岩の巨人")], hp=(3, 3, 3, 3), after=[STOP])
    uid = s.units[0][0]
    s.enchants.append((uid, cid(s, "火球"), 0, 0, 20))
    assert s.view(1)["enchants"] == [[uid, 0, -1, 0, -1]]
    assert s.view(0)["enchants"] == [[uid, 0, cid(s, "火球"), 0, 20]]


def test_every_pile_size_is_public() -> None:
    s = _walk(2, 80)
    v = s.view(1)["opponent"]
    assert v["deck"] == len(s.deck[0]) and v["hp"] == [len(s.hp[0]), len(s.hp[1])]
    assert len(v["bursts"]) == len(s.burst[0])
