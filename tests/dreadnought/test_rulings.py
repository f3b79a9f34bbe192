"""The rulings of 2026-12-01 that the engine already followed, each shown once (issue 39,
"the rulings that only need writing down"; docs/rules/dreadnought.md says each)."""

from __future__ import annotations

from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought import rules as R
from cardtable.games.dreadnought.state import W_ACTION, W_CAST, W_FAST, W_REACT, W_SPEED

from .helpers import STOP, cid, events, find, table


def test_a_block_is_declared_after_the_attacks_reaction_chain() -> None:
    s = table(W_ACTION, 0, hands=([], ["闘志の炎"]),
              units=[(0, 0, "溶岩の巨人"), (1, 0, "樹海の大猪")], hp=(3, 3, 3, 3), after=[STOP])
    s.apply(find(s, "attack with Lava Giant", "left"))
    assert s.ask == ("win", 1, W_REACT, 0)  # the chain first: the defender may react
    s.apply(find(s, "Fighting Spirit", "Re"))  # +40 for its own boar, before it blocks
    assert s.ask is not None and s.ask[0] == "block"  # the chain has resolved
    assert not s.chain and events(s, "chain-resolve")[-1]["item"][0] == "atk"


def test_an_open_code_stays_public_and_only_an_enhancement_is_closed() -> None:
    s = table(W_ACTION, 0, hands=(["絡みつく根", "闘志の炎"], []),
              units=[(0, 0, "溶岩の巨人"), (1, 0, "樹海の大猪")], hp=(3, 3, 3, 3), after=[STOP])
    s.apply(find(s, "Grasping Roots", "Ac"))
    s.apply(A.PAY)
    their = s.view(1)
    assert their["chain"][0][2] == cid(s, "絡みつく根")  # named to the opponent on the chain
    assert [e["card"] for e in s.events(1) if e["type"] == "code"] == ["絡みつく根"]
    s = table(W_ACTION, 0, hands=(["闘志の炎"], []), units=[(0, 0, "溶岩の巨人")],
              hp=(3, 3, 3, 3), after=[STOP])
    s.apply(find(s, "enhance: Fighting Spirit"))
    added = [e for e in s.events(1) if e["type"] == "chain-add"]
    assert added[-1]["item"][0] == "enh" and added[-1]["item"][2] is None  # played closed
    assert all("card" not in e for e in s.events(1) if e["type"] == "enhance")


def test_a_codes_speed_mode_is_no_speed_ability() -> None:
    """The one 《Speed》 ability a speed phase is an ability's (of a caster or unit); a code's
    《Speed》 mode neither counts toward it nor is barred by it."""
    s = table(W_SPEED, 0, hands=(["知識の泉", "知識の泉"], []), units=[(0, 0, "光速の伝令")],
              bursts=(2, 0), hp=(3, 3, 3, 3), after=[STOP])
    s.apply(find(s, "Spring of Knowledge", "①"))
    assert any(s.describe_action(a)["kind"] == "ability" for a in s.legal_actions())
    s.apply(next(a for a in s.legal_actions() if s.describe_action(a)["kind"] == "ability"))
    while s.ask is not None and s.ask[0] == "pay":
        s.apply(s.legal_actions()[0])
    assert not any(s.describe_action(a)["kind"] == "ability" for a in s.legal_actions())
    assert find(s, "Spring of Knowledge", "①")  # the second copy's mode is still offered


def test_a_dummy_is_a_unit_for_every_effect() -> None:
    s = table(W_FAST, 0, hands=(["大自然の加護"], []), units=[(0, 0, "dummy:溶岩の巨人")],
              bursts=(2, 0), hp=(3, 3, 3, 3), after=[STOP])
    dummy = s.units[0]
    before = R.bp(s, dummy)
    s.apply(find(s, "Nature's Blessing", "①"))
    while s.ask is not None and s.ask[0] == "pay":
        s.apply(s.legal_actions()[0])
    assert R.bp(s, s.units[0]) == before + 30  # 自軍のユニットすべて: the dummy too
    s = table(W_ACTION, 0, hands=(["闘志の炎"], []), units=[(0, 0, "dummy:溶岩の巨人")],
              hp=(3, 3, 3, 3), after=[STOP])
    assert find(s, "enhance: Fighting Spirit")  # a 強化 may enchant a dummy


def test_area_damage_never_reaches_the_caster() -> None:
    s = table(W_ACTION, 0, hands=(["嵐の訪れ"], []), bursts=(2, 0), hp=(3, 3, 3, 3),
              after=[STOP])
    s.apply(find(s, "Coming of the Storm", "②"))
    while s.ask is not None and s.ask[0] in ("target", "pay"):
        s.apply(s.legal_actions()[0])
    while s.chain:
        s.apply(A.PASS)
    assert [len(h) for h in s.hp] == [3, 3, 3, 3]
    assert not events(s, "hp-break")


def test_an_attack_whose_damage_is_zero_ends_with_no_block() -> None:
    s = table(W_ACTION, 0, hands=([], ["灼熱の刃"]),
              units=[(0, 0, "火の粉の精"), (1, 0, "樹海の大猪")], bursts=(0, 2), hp=(3, 3, 3, 3),
              after=[STOP])
    s.apply(find(s, "attack with Ember Sprite", "left"))
    s.apply(find(s, "Scorching Blade", "Destroy"))  # the only attacker is destroyed
    while s.ask is not None and s.ask[0] == "pay":
        s.apply(s.legal_actions()[0])
    while s.chain:
        s.apply(A.PASS)
    assert events(s, "attack-fizzle")[-1]["damage"] == 0
    assert not events(s, "block") and (s.ask is None or s.ask[0] != "block")


def test_a_unit_its_owner_discards_is_not_destroyed() -> None:
    s = table(W_CAST, 0, units=[(0, 0, "旅の吟遊詩人")], after=[STOP])
    hand = len(s.hand[0])
    s.apply(find(s, "discard Travelling Bard"))
    assert cid(s, "旅の吟遊詩人") in s.discard[0]
    assert not events(s, "trigger") and len(s.hand[0]) == hand  # no 破壊された時 draw
    assert events(s, "unit-gone")[-1]["why"] == "discarded"
