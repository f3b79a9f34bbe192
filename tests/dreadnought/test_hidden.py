"""Open and closed cards: what each player's view may and may not show."""

from __future__ import annotations

import random

from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought.state import W_ACTION, W_CAST, DreadnoughtState, Enchant

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
    s.enchants.append(Enchant(uid, cid(s, "火球"), 0, 0, 20))
    assert s.view(1)["enchants"] == [[uid, 0, -1, 0, -1]]
    assert s.view(0)["enchants"] == [[uid, 0, cid(s, "火球"), 0, 20]]


def test_every_pile_size_is_public() -> None:
    s = _walk(2, 80)
    v = s.view(1)["opponent"]
    assert v["deck"] == len(s.deck[0]) and v["hp"] == [len(s.hp[0]), len(s.hp[1])]
    assert len(v["bursts"]) == len(s.burst[0])


def test_decklists_are_private_unless_the_option_opens_them() -> None:
    a, b = (GAME.load_deck(n) for n in GAME.deck_names()[:2])
    s = GAME.new_game(1, (a, b))
    number = {c.name: i for i, c in enumerate(s.cards)}
    lists = [sorted(number[c.name] for c in d.cards) for d in (a, b)]
    for p in (0, 1):
        shown = s.view(p)["decklists"]
        assert shown[p] == lists[p] and shown[1 - p] is None
    s = GAME.new_game(1, (a, b), {"open_decklists": True})
    assert s.view(0)["decklists"] == lists == s.view(1)["decklists"]


def test_a_view_names_the_card_pool_whatever_the_opponents_deck() -> None:
    pool = sorted(GAME.pool())
    a = GAME.load_deck(GAME.deck_names()[0])
    for other in GAME.deck_names():
        s = GAME.new_game(2, (a, GAME.load_deck(other)))
        assert [c["name"] for c in s.view(0)["cards"]] == pool


def test_the_casters_are_closed_to_the_opponent_until_both_mulligans_are_done() -> None:
    s = GAME.new_game(3)
    assert not s.started
    for p in (0, 1):
        v = s.view(p)
        assert v["opponent"]["casters"] == [-1, -1]
        assert v["you"]["casters"] == s.casters[2 * p: 2 * p + 2]
    r = random.Random(3)
    while not s.started:
        s.apply(s.legal_actions()[r.randrange(len(s.legal_actions()))])
    assert s.view(0)["opponent"]["casters"] == s.casters[2:4]


def test_the_opponents_decklist_never_changes_a_view() -> None:
    r = random.Random(11)
    decks = [GAME.load_deck(n) for n in GAME.deck_names()]
    for seed in range(3):
        for steps in (0, 40, 150):
            s = _walk(seed, steps)
            for p in (0, 1):
                o = 1 - p
                t = s.clone()
                swapped = list(t.decks)
                swapped[o] = next(d for d in decks if d.counts() != s.decks[o].counts())
                t.decks = tuple(swapped)
                if not s.started:  # and casters not yet revealed are any others
                    t.casters[2 * o: 2 * o + 2] = r.sample(
                        [i for i, c in enumerate(t.cards) if c.kind == "caster"], 2)
                assert t.view(p) == s.view(p)


def test_a_sample_guesses_a_whole_opponent_deck_that_holds_what_was_seen() -> None:
    for seed in range(4):
        for steps in (0, 30, 120):
            s = _walk(seed, steps)
            if s.is_terminal():
                continue
            me = s.current_player()
            o = 1 - me
            guess = GAME.sample_state(s.view(me), seed)
            assert guess.view(me) == s.view(me)
            assert guess.legal_actions() == s.legal_actions()
            assert len(guess.decks[o].cards) == len(s.decks[o].cards)
            casters = guess.casters[2 * o: 2 * o + 2]
            assert [guess.cards[c].kind for c in casters] == ["caster", "caster"]


def test_once_its_cards_are_in_sight_the_search_recognises_a_shipped_deck() -> None:
    a, b = (GAME.load_deck(n) for n in GAME.deck_names()[:2])
    s = GAME.new_game(5, (a, b))
    r = random.Random(5)
    while len(s.discard[1]) < 10 and not s.is_terminal():
        s.apply(s.legal_actions()[r.randrange(len(s.legal_actions()))])
    assert not s.is_terminal() and s.started
    view = s.view(0)
    assert all(GAME.sample_state(view, k).decks[1].counts() == b.counts() for k in range(5))


def test_a_brief_view_is_the_view_without_its_card_table() -> None:
    s = _walk(4, 60)
    for p in (0, 1):
        full, brief = s.view(p), s.brief_view(p)
        assert brief["cards"] == [] and {**full, "cards": []} == brief
