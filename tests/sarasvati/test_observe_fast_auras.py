"""The fast observation writer adds auras, conditions and own effects as ``stats.stats`` does.

The writer (observe_fast.py) leaves ``stats.stats`` to characters that a lasting effect of
their own, of their equipment's, or a stat change can touch; for the rest it adds the printed
numbers and each side's aura sum itself, walking the zones where an aura is in force (the
compiled build) or reading ``stats.auras`` (the pure path). The shipped pool's only auras are
two books', without conditions, so these games swap in characters and equipment with auras of
every scope, hand-size conditions on auras and on a card's own numbers, and books that lift
or lower, and hold the writer to ``encode(view(player))`` at every decision, on whichever
path the test runs (the suite runs on both).
"""

from __future__ import annotations

import array
import random

from cardtable.games.sarasvati import GAME
from cardtable.games.sarasvati.state import OPEN, SarasvatiState

from .helpers import MAX_ACTIONS, swapped_deck

AURA_CARDS = """
◇鼓舞の旗手
2:1000/1000(キャラクター/アクション)
‣自分のキャラクターすべての攻撃力を+1000、防御力を+2000する。
―――
◇呪詛の影
3:2000/2000(キャラクター/アクション)
‣相手のキャラクターすべての攻撃力を-500、防御力を-1000する。
―――
◇弱気の兵
1:1000/2000(キャラクター/アクション)
‣自分の手札が4枚以下の時、自分のキャラクターすべての防御力を-2000する。
―――
◇気迫の剣士
2:1500/1000(キャラクター/アクション)
‣自分の手札が3枚以上の時、このカードの攻撃力を+2000する。
―――
◇守りの護符
1:0/0(装備/アクション)
‣付け替え可能
‣バトルゾーンにいる敵味方すべての防御力を+1000する。
―――
◇重い鎧
1:0/1000(装備/アクション)
‣自分の手札が2枚以上の時、これを装備したキャラクターの攻撃力を+500する。
―――
◇崩れの書
4(禁書/アクション)
▸オープン中、相手のキャラクターすべての防御力を-2000する。
―――
◇支えの書
4(禁書/アクション)
▸オープン中、自分の手札が3枚以上の時、自分のキャラクターすべての攻撃力を+3000する。
"""


def _game(seed: int) -> SarasvatiState:
    rnd = random.Random(seed)
    return GAME.new_game(seed, [swapped_deck(rnd, AURA_CARDS, 14) for _ in (0, 1)],
                         {"hand_size": rnd.choice([5, 6]), "max_copies": 40,
                          "open_decklists": bool(seed % 2)})


def test_the_fast_writer_sums_auras_and_conditions_as_stats_does() -> None:
    n = GAME.observation_size
    seen = {"field": 0, "equip": 0, "book": 0}
    for seed in range(4):
        s = _game(seed)
        rnd = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            for p in (0, 1):
                want = GAME.encode(s.view(p))
                got = [0.0] * n
                GAME.observe_into(s, p, got)
                assert got == want
                floats = array.array("f", bytes(4 * n))
                GAME.observe_into(s, p, floats)
                assert floats == array.array("f", want)
            wide = s.cards.traits.wide  # type: ignore[attr-defined]
            for side in (0, 1):
                seen["field"] += any(c in wide for c in s.field[side])
                seen["equip"] += any(c in wide for c in s.equip[side])
                seen["book"] += any(b in wide and st == OPEN
                                    for b, st in zip(s.books[side], s.bstate[side], strict=True))
            if s.is_terminal():
                break
            s.apply(rnd.choice(s.legal_actions()))
    assert min(seen.values()) > 0, seen  # auras were in force from each zone
