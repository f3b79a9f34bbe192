"""Reaction chains, timings, costs and sub effects."""

from __future__ import annotations

from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought.state import (
    W_ACTION,
    W_CAST,
    W_FAST,
    W_REACT,
    W_SPEED,
    Enchant,
)

from .helpers import GAME, STOP, cid, events, find, table, unit


def test_a_reaction_chain_resolves_last_in_first_out_and_the_declaration_last() -> None:
    s = table(W_ACTION, 0, hands=(["闘志の炎", "溶岩の巨人"], ["灼熱の刃", "溶岩の巨人"]),
              units=[(0, 0, "溶岩の巨人"), (1, 0, "樹海の大猪")], hp=(3, 3, 3, 3),
              after=[STOP])
    s.apply(find(s, "attack with Lava Giant", "left"))
    assert s.ask == ("win", 1, W_REACT, 0)  # the other player answers first
    s.apply(find(s, "Scorching Blade", "Destroy"))  # destroy a BP<=100 enemy unit
    s.apply(A.PAY)
    assert s.ask == ("win", 0, W_REACT, 0)
    s.apply(find(s, "Fighting Spirit", "Re"))  # +40 until the chain ends: 溶岩 is now 140
    assert [i[0] for i in s.chain] == ["atk", "code", "code"]
    s.apply(A.PASS)  # seat 1
    s.apply(A.PASS)  # seat 0: two passes close the chain
    order = [e["item"][0] + ":" + str(e["item"][2]) for e in events(s, "chain-resolve")]
    assert order == ["code:闘志の炎", "code:灼熱の刃", "atk:[0]"]
    assert events(s, "fizzle")[-1]["card"] == "灼熱の刃"  # 140 is above 100 by then
    assert events(s, "attack-damage")[-1]["damage"] == 140
    assert any(m[2] == "chain" for m in s.mods)  # still in force while the block is asked
    s.apply(find(s, "block with Great Boar"))
    assert not any(m[2] == "chain" for m in s.mods)  # the +40 ended with the chain


def test_a_code_on_the_chain_can_be_cancelled() -> None:
    s = table(W_ACTION, 0, hands=(["打ち消しの波", "溶岩の巨人"], ["灼熱の刃", "溶岩の巨人"]),
              units=[(0, 0, "溶岩の巨人"), (1, 0, "樹海の大猪")], hp=(3, 3, 3, 3),
              after=[STOP])
    assert not any(a for a in s.legal_actions() if "Cancel" in s.action_label(a))
    s.apply(find(s, "attack with Lava Giant", "left"))
    s.apply(find(s, "Scorching Blade", "Destroy"))
    s.apply(A.PAY)
    s.apply(find(s, "Wave of Negation", "Cancel"))
    s.apply(A.PAY)
    s.apply(A.PASS)
    s.apply(A.PASS)
    assert events(s, "cancel")[-1]["card"] == "灼熱の刃"
    assert cid(s, "灼熱の刃") in s.discard[1]
    assert unit(s, "溶岩の巨人")  # the destroy never happened


def test_awakening_is_a_free_reaction_for_a_unit_of_its_cluster() -> None:
    s = table(W_ACTION, 1, hands=(["火の粉の精", "水泡の妖精"], ["溶岩の巨人"]),
              units=[(0, 0, "溶岩の巨人"), (1, 0, "樹海の大猪")], hp=(3, 3, 3, 3),
              after=[STOP])
    s.apply(find(s, "attack with", "left"))
    labels = [s.action_label(a) for a in s.legal_actions()]
    assert any("awaken: Ember Sprite" in x for x in labels)  # red on red
    assert not any("awaken: Bubble Fairy" in x for x in labels)  # blue on red: no
    s.apply(find(s, "awaken: Ember Sprite"))
    assert s.cchk == [0, 0, 0, 0]  # free
    s.apply(A.PASS)
    s.apply(A.PASS)
    s.apply(find(s, "block with Lava Giant BP120"))  # 100 + 20 until the chain ends
    block = events(s, "block")[-1]
    assert block["bp"] == 120 and block["destroyed"] is False  # 110 damage is met


def test_enhancement_is_a_free_ac_enchanting_face_down_until_used() -> None:
    s = table(W_ACTION, 0, hands=(["火球", "溶岩の巨人"], ["溶岩の巨人"]),
              units=[(0, 0, "溶岩の巨人")], hp=(3, 3, 3, 3), after=[STOP])
    s.apply(find(s, "enhance: Fireball"))
    seen = s.view(1)["chain"][-1]
    assert seen[0] == "enh" and seen[2] == -1  # the opponent sees a closed card
    assert s.view(0)["chain"][-1][2] == cid(s, "火球")
    while s.ask and s.ask[0] == "win" and s.ask[2] == W_REACT:
        s.apply(A.PASS)
    assert s.enchants and s.enchants[0][3] == 0
    mine = next(u for u in s.view(0)["units"] if u[1] == 0)
    theirs = next(u for u in s.view(1)["units"] if u[1] == 0)
    assert mine[6] == 120 and theirs[6] == 100
    assert s.ask == ("win", 1, W_ACTION, 0) or s.ask is not None


def test_an_enchantment_opens_when_its_unit_attacks_and_is_discarded_at_the_end() -> None:
    s = table(W_ACTION, 0, units=[(0, 0, "溶岩の巨人")], hp=(3, 3, 3, 3), after=[STOP])
    s.enchants.append(Enchant(unit(s, "溶岩の巨人").uid, cid(s, "火球"), 0, 0, 20))
    s.apply(find(s, "attack with Lava Giant BP120", "left"))
    assert events(s, "enchant-open") and events(s, "attack-damage")[-1]["damage"] == 120
    s.ops = [STOP, ("end",)]
    s.ask = None
    from cardtable.games.dreadnought.rules import run

    run(s)
    assert s.enchants == [] and cid(s, "火球") in s.discard[0]


def test_log_cost_is_paid_by_checking_normal_casters_or_bursts() -> None:
    s = table(W_CAST, 0, hands=(["炎剣の戦士"], []), bursts=(1, 0), after=[STOP])
    s.apply(find(s, "cast Flame-Sword Warrior", "left"))
    assert s.ask == ("pay", 0, 2)
    assert s.legal_actions() == [A.PAY, A.PAY + 1, A.PAY + 2]
    s.apply(A.PAY + 2)
    assert s.bchk[0] == [1]
    s.apply(A.PAY + 1)
    assert s.cchk[:2] == [0, 1] and unit(s, "炎剣の戦士")


def test_a_card_whose_cost_cannot_be_paid_is_not_offered() -> None:
    s = table(W_CAST, 0, hands=(["紅蓮竜ヴォルカ"], []), after=[STOP])  # log 4, two casters
    assert not any(A.CAST <= a < A.DUMMY for a in s.legal_actions())


def test_a_check_ability_checks_its_source_and_is_used_once() -> None:
    from cardtable.games.dreadnought.choices import window_actions

    s = table(W_ACTION, 0, units=[(1, 0, "火の粉の精"), (1, 1, "溶岩の巨人")],
              hp=(3, 3, 3, 3), after=[STOP])
    s.apply(find(s, "Akane", "30 damage"))
    assert s.cchk[0] == 1 and s.ask == ("target", 0, "play")
    s.apply(find(s, "Ember Sprite"))
    assert events(s, "damage")[-1]["destroyed"] is False  # BP 80 (70 + ホムラ's 10) > 30
    assert A.ABILITY not in window_actions(s, 0, W_ACTION)  # checked: not again


def test_infinite_repeats_while_its_other_cost_is_paid_up_to_the_cap() -> None:
    decks = (GAME.load_deck("thunder-sea"), GAME.load_deck("crimson-tide"))
    s = table(W_CAST, 0, bursts=(5, 0), hands=(["光の子"], []), decks=decks, after=[STOP])
    s.options = dict(s.options, infinite_cap=3)
    s._legal = None
    plays = 0
    while any("Kogane" in s.action_label(a) for a in s.legal_actions()):
        s.apply(find(s, "Kogane"))
        while s.ask and s.ask[0] == "pay":
            s.apply(s.legal_actions()[-1])
        plays += 1
    assert plays == 3  # the cap; the log (2 casters + 5 bursts) would pay for more


def test_speed_cast_and_fast_timings_are_played_in_their_phase_without_a_chain() -> None:
    s = table(W_FAST, 0, hands=(["火球"], []), units=[(1, 0, "火の粉の精")], after=[STOP])
    assert not any("[Ac]" in s.action_label(a) for a in s.legal_actions())
    s.apply(find(s, "Fireball", "[Fast]"))
    s.apply(A.PAY)
    hit = events(s, "damage")[-1]
    assert not s.chain and (hit["amount"], hit["bp"], hit["destroyed"]) == (40, 80, False)
    s2 = table(W_SPEED, 0, hands=(["知識の泉"], []), after=[STOP])
    assert any("[Speed]" in s2.action_label(a) for a in s2.legal_actions())
    assert any("Mizuha" in s2.action_label(a) for a in s2.legal_actions())


def test_god_draw_is_offered_at_all_six_moments() -> None:
    for window in (W_SPEED, W_CAST, W_FAST, W_ACTION, W_REACT):
        s = table(window, 0, bursts=(1, 0), after=[STOP])
        assert A.GOD in s.legal_actions(), window
        s.apply(A.GOD)
        assert s.ask[:3] == ("win", 0, window) and len(s.hand[0]) == 1


def test_a_window_is_skipped_only_when_public_information_shows_no_play() -> None:
    s = table(W_REACT, 1, after=[STOP])  # empty hand, no bursts, no Re ability
    assert s.ask == STOP
    s = table(W_REACT, 1, hands=([], ["溶岩の巨人"]), after=[STOP])
    assert s.ask == ("win", 1, W_REACT, 0)  # a card in hand: asked, even with no reaction
    assert s.legal_actions() == [A.PASS]


def test_triggers_fire_on_cast_attack_and_destruction() -> None:
    s = table(W_CAST, 0, hands=(["潮騒の乙女"], []), after=[STOP])
    s.apply(find(s, "cast Maiden of the Surf", "left"))
    s.apply(A.PAY)
    assert len(s.hand[0]) == 1  # cast from hand, then drew one
    assert events(s, "trigger")[-1]["when"] == "cast"
    s = table(W_ACTION, 0, units=[(0, 0, "赤熱の猟犬")], hp=(3, 3, 3, 3), after=[STOP])
    s.apply(find(s, "attack with Red-Hot Hound", "left"))
    assert events(s, "attack-damage")[-1]["damage"] == 100  # 80 + 20 on attacking
    s = table(W_ACTION, 0, units=[(0, 0, "焦土の魔神"), (1, 0, "フェニックス")],
              hp=(3, 3, 3, 3), after=[STOP])
    s.apply(find(s, "attack with Scorched-Earth Fiend", "left"))
    s.apply(find(s, "block with Phoenix"))
    assert events(s, "trigger")[-1]["when"] == "destroyed"
    # the attack bonus's HP card (checked), then フェニックス's card from the deck (normal)
    assert s.bchk[1] == [1, 0]
