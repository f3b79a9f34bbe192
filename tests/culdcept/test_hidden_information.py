"""What a player cannot see never changes what that player is shown.

The opponent's hand, the identity of the opponent's level cards, a face-down battle card and
the order of either deck are swapped for other cards; the player's view and events stay the
same, byte for byte. Counts (hand size, level, deck size) are public and are kept.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from tests.culdcept.helpers import hand_code, lab, level, make, put, roll, to_hand

from cardtable.games.culdcept import GAME
from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.state import BATTLE_DEF, CuldceptState

PLAIN = make("◇試験兵\nクリーチャー 無 ST30/HP30 コスト0")


def shown(s: CuldceptState, p: int) -> str:
    return json.dumps([s.view(p), s.events(p)], sort_keys=True, ensure_ascii=False)


def _mid_game(seed: int) -> CuldceptState:
    s = GAME.new_game(seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(10, 40)):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def test_the_opponents_hand_and_deck_order_never_change_a_view() -> None:
    for seed in range(12):
        s = _mid_game(seed)
        for p in (0, 1):
            o = 1 - p
            before = shown(s, p)
            t = s.clone()
            pool = t.hand[o] + t.deck[o]
            random.Random(seed).shuffle(pool)
            t.hand[o] = sorted(pool[:len(t.hand[o])])
            t.deck[o] = pool[len(t.hand[o]):]
            mine = t.deck[p][:]
            random.Random(seed + 1).shuffle(mine)
            t.deck[p] = mine
            assert shown(t, p) == before


def test_the_opponents_level_cards_never_change_a_view() -> None:
    s = lab(PLAIN)
    level(s, 1, 2, "神殿", "神殿")
    before = shown(s, 0)
    t = s.clone()
    t.deck[1] += list(t.levels[1][2])
    t.levels[1][2] = tuple(sorted([t.deck[1].pop(t.deck[1].index(t.cards.index(PLAIN))),
                                   t.deck[1].pop(t.deck[1].index(t.cards.index(PLAIN)))]))
    assert shown(t, 0) == before
    assert s.view(0)["opponent"]["slots"][2]["level"] == 3
    assert "level_cards" not in s.view(0)["opponent"]["slots"][2]
    assert s.view(1)["you"]["slots"][2]["level_cards"] == ["神殿", "神殿"]


def test_a_level_up_from_hand_tells_the_opponent_the_level_not_the_card() -> None:
    s = lab(PLAIN)
    to_hand(s, 0, PLAIN)
    roll(s, 5)
    s.apply(hand_code(s, 0, act.LEVEL_UP, PLAIN))
    [ev] = [e for e in s.events(1) if e["type"] == "level-up"]
    assert "card" not in ev and ev["level"] == 2
    [mine] = [e for e in s.events(0) if e["type"] == "level-up"]
    assert mine["card"] == PLAIN.name


def test_a_face_down_battle_card_never_changes_the_defenders_view() -> None:
    sword = GAME.pool()["ロングソード"]
    s = lab(PLAIN, sword)
    put(s, 0, 4, PLAIN)
    put(s, 1, 4, PLAIN)
    to_hand(s, 0, sword, PLAIN)
    to_hand(s, 1, "神殿")
    roll(s, 5)
    s.apply(act.INVADE_LAND)
    s.apply(hand_code(s, 0, act.BATTLE_CARD, sword))
    assert s.phase == BATTLE_DEF
    before = shown(s, 1)
    assert s.view(1)["battle"]["invader_card"] == "face-down"
    t = s.clone()
    # swap the face-down card for the creature in hand: same count, another identity
    a, b = t.battle[2], t.hand[0][-1]  # type: ignore[index]
    t.battle[2] = b  # type: ignore[index]
    t.hand[0][-1] = a
    t.hand[0].sort()
    assert shown(t, 1) == before
    assert s.view(0)["battle"]["invader_card"] == sword.name
    guess = GAME.sample_state(s.view(1), 7)  # the search deals the face-down card from unseen
    assert guess.view(1) == s.view(1) and guess.legal_actions() == s.legal_actions()
    assert guess.battle is not None and guess.battle[2] >= 0


def test_a_sample_of_the_view_looks_the_same_and_keeps_every_count() -> None:
    for seed in range(8):
        s = _mid_game(seed)
        if s.is_terminal():
            continue
        me = s.current_player()
        view = s.view(me)
        guess = GAME.sample_state(view, seed)
        assert guess.view(me) == view
        assert guess.legal_actions() == s.legal_actions()
        o = 1 - me
        assert len(guess.hand[o]) == len(s.hand[o]) and len(guess.deck[o]) == len(s.deck[o])
        assert [len(x) for x in guess.levels[o]] == [len(x) for x in s.levels[o]]


def test_decklists_are_private_unless_the_option_opens_them() -> None:
    a, b = GAME.load_deck("fire-and-wind"), GAME.load_deck("water-and-earth")
    lists = [list(a.sorted_names), list(b.sorted_names)]
    s = GAME.new_game(1, (a, b))
    for p in (0, 1):
        shown_lists = s.view(p)["decklists"]
        assert shown_lists[p] == lists[p] and shown_lists[1 - p] is None
    s = GAME.new_game(1, (a, b), {"open_decklists": True})
    assert s.view(0)["decklists"] == lists == s.view(1)["decklists"]


def test_a_view_names_the_card_pool_whatever_the_opponents_deck() -> None:
    pool = sorted(GAME.pool())
    a = GAME.load_deck("fire-and-wind")
    for other in GAME.deck_names():
        s = GAME.new_game(2, (a, GAME.load_deck(other)))
        rng = random.Random(2)
        for _ in range(60):
            if s.is_terminal():
                break
            assert [c["name"] for c in s.view(0)["cards"]] == pool
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])


def test_the_opponents_decklist_never_changes_a_view() -> None:
    for seed in range(6):
        s = _mid_game(seed)
        for p in (0, 1):
            o = 1 - p
            other = [d for d in GAME.default_decks() + tuple(
                GAME.load_deck(n) for n in GAME.deck_names())
                if d.counts() != s.decks[o].counts()]
            t = s.clone()
            decks = list(t.decks)
            decks[o] = other[0]
            t.decks = tuple(decks)
            assert shown(t, p) == shown(s, p)


def test_a_sample_guesses_a_whole_opponent_deck_that_holds_what_was_seen() -> None:
    for seed in range(8):
        s = _mid_game(seed + 20)
        if s.is_terminal():
            continue
        me = s.current_player()
        o = 1 - me
        guess = GAME.sample_state(s.view(me), seed)
        assert guess.view(me) == s.view(me)
        assert guess.legal_actions() == s.legal_actions()
        assert len(guess.decks[o].cards) == len(s.decks[o].cards)
        owned = Counter(guess.cards[c].name for c in guess.deck[o] + guess.hand[o]
                        + guess.discard[o] + [x for lv in guess.levels[o] for x in lv])
        assert owned <= guess.decks[o].counts()


def test_once_its_cards_are_in_sight_the_search_recognises_a_shipped_deck() -> None:
    a, b = GAME.load_deck("fire-and-wind"), GAME.load_deck("water-and-earth")
    s = GAME.new_game(5, (a, b))
    rng = random.Random(5)
    while len(s.discard[1]) + len(s.tolls[0]) < 12 and not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert not s.is_terminal()
    view = s.view(0)
    assert all(GAME.sample_state(view, k).decks[1].counts() == b.counts() for k in range(5))


def test_a_brief_view_is_the_view_and_editing_a_view_never_reaches_the_next() -> None:
    """``brief_view`` shares its card table with later brief views (the search reads one per
    iteration), so it must equal the view, and a front end editing the card table of a view
    it was given must not change what any later view shows."""
    for seed in range(6):
        s = _mid_game(seed)
        for p in (0, 1):
            before = json.dumps(s.brief_view(p), sort_keys=True, ensure_ascii=False)
            assert before == json.dumps(s.view(p), sort_keys=True, ensure_ascii=False)
            given = s.view(p)
            given["cards"][0]["name"] = "edited"
            given["cards"][0]["text"].append("edited")
            for again in (s.brief_view(p), s.view(p)):
                assert json.dumps(again, sort_keys=True, ensure_ascii=False) == before
