"""The Culdcept rulings of 2026-12-01 on battle and tolls, each shown once (issue 39;
docs/rules/culdcept.md says each)."""

from __future__ import annotations

from tests.culdcept.helpers import C, hand_code, idx, lab, level, make, put, roll, to_hand

from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.state import BATTLE_DEF, INVADE, TERRITORY

FRAIL = make("◇試験脆兵\nクリーチャー 無 ST30/HP20 コスト0")
TANK = make("◇試験盾兵\nクリーチャー 無 ST10/HP60 コスト0")
HEAVY = make("◇試験重兵\nクリーチャー 無 ST40/HP40 コスト0")


def _fight(attacker, defender, inv_card: str | None, def_card: str | None, *cards) -> dict:
    s = lab(attacker, defender, *cards)
    put(s, 0, 4, attacker)
    put(s, 1, 4, defender)
    for c in cards:
        to_hand(s, 0, c)
        to_hand(s, 1, c)
    roll(s, 5)
    s.apply(act.INVADE_LAND)
    s.apply(act.END if inv_card is None else hand_code(s, 0, act.BATTLE_CARD, inv_card))
    assert s.phase == BATTLE_DEF
    s.apply(act.END if def_card is None else hand_code(s, 1, act.BATTLE_CARD, def_card))
    return {"log": s.log, "state": s}


def test_a_creature_is_destroyed_the_moment_its_damage_reaches_its_hp() -> None:
    """「HP以上のダメージを受けると破壊される」: the defender's 爆裂弾 (20 damage, applied first)
    destroys the HP-20 invader, so the invader's own 回復薬 (heal 20, HP +10), which has not
    resolved yet, does nothing: it is paid and discarded, and the invader strikes no blow."""
    got = _fight(FRAIL, TANK, "回復薬", "爆裂弾", C("爆裂弾"), C("回復薬"))
    s, log = got["state"], got["log"]
    order = next(e for e in log if e["type"] == "battle-order")
    assert order["invader_stats"] == {"st": 30, "hp": 20, "damage": 20, "first": False}
    assert not [e for e in log if e["type"] == "attack"]  # dead before the first attack
    end = next(e for e in log if e["type"] == "battle-end")
    assert not end["invader_alive"] and end["defender_alive"]
    assert idx(s, "回復薬") in s.discard[0]  # revealed and paid: used, to no effect


def test_a_st_threshold_compares_the_attackers_st_at_the_moment_it_attacks() -> None:
    """「ST50以上の攻撃を無効化する」 (魔除けの護符) reads the invader's ST when it strikes,
    its item included: ST 40 + 疾風の弓's 10 is 50 and is nullified; ST 40 alone is not."""
    for item, nullified in (("疾風の弓", True), (None, False)):
        got = _fight(HEAVY, TANK, item, "魔除けの護符", C("疾風の弓"), C("魔除けの護符"))
        first = next(e for e in got["log"] if e["type"] == "attack" and e["player"] == 0)
        assert first["nullified"] is nullified, item


def test_tollgate_adds_to_tolls_counted_by_level_only() -> None:
    """関所 (+1 toll) adds to a guarded land's toll, its level; the one card an unguarded land
    pays (a level card) stays one card."""
    s = lab(C("関所"), C("スケルトン"))
    s.lspell[1][3], s.lspell_by[1][3] = s.deck[1].pop(s.deck[1].index(idx(s, "関所"))), 1
    level(s, 1, 3, "スケルトン")
    roll(s, 4)
    assert s.phase == TERRITORY and s.points(0) == 1  # one level card, not two
    s = lab(C("関所"), C("スケルトン"))
    s.lspell[1][3], s.lspell_by[1][3] = s.deck[1].pop(s.deck[1].index(idx(s, "関所"))), 1
    put(s, 1, 3, "スケルトン")
    level(s, 1, 3, "スケルトン")
    roll(s, 4)
    assert s.phase == INVADE
    s.apply(act.PAY_TOLL)
    assert s.points(1) == 3  # level 2, plus 1
