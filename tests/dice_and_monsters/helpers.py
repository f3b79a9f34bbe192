"""Builders for the smallest Dice and Monsters positions a rule needs.

A rule test writes the units it needs in the seed's own layout (``unit``), sets them on the
squares it needs (``lab``) and scripts the dice (``dice=[...]``), then calls the rule under
test. Squares are given as the seed numbers them, 1 to 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.games.dice_and_monsters.battle import Battle
from cardtable.games.dice_and_monsters.cards import Card, Command, Unit, parse_document
from cardtable.games.dice_and_monsters.game import shipped_pool

POOL = shipped_pool()


def card(name: str) -> Card:
    return POOL[name]


AMALIA = "火炎剣士「アマリア・カソルラ」"
MARGE = "氷霊「マージ・フロスト」"
LEONOR = "錬金術師「レオノール・ルフェテ」"
BEROBUL = "恐獣ベロブル"
GENTLEMAN = "仮面紳士"
DRAGON = "フロギストン・ドラゴン"
EMPRESS = "炎帝「アマリア・カソルラ」"
NETHER = "冥竜フロギストン"
SUCCUBUS = "夢魔「ネムリア・ヴェスパー」"


def unit(name: str = "木偶", *, hp: int = 10, speed: int = 1, attr: str = "無",
         features: str = "人形", actions: dict[int, str] | None = None,
         traits: Sequence[str] = (), leap: str = "") -> Unit:
    """A unit written in the seed's layout; faces without a text are 「なし」."""
    lines = [f"■{name}■", f"【属性:{attr}】【HP:{hp}】【速度:{speed}】", f"【特徴:{features}】",
             "■行動表■"]
    for face in range(1, 7):
        text = (actions or {}).get(face)
        lines.append(f"【{face}】「行動{face}」……{text}" if text else f"【{face}】「なし」")
    lines.extend(f"【特性】「特性{i}」……{t}" for i, t in enumerate(traits))
    if leap:
        lines.append(f"【リープ】……{leap}")
    doc = parse_document("\n".join(lines), "<test>")
    assert not doc.diagnostics, doc.diagnostics
    return doc.cards[0]  # type: ignore[return-value]


def command(text: str, name: str = "試験コマンド") -> Command:
    doc = parse_document(f"■{name}■\n{text}", "<test>")
    assert not doc.diagnostics, doc.diagnostics
    return doc.cards[0]  # type: ignore[return-value]


#: a command that never fires (round 99), to fill a command square
IDLE = command("99ラウンド目の開始時に発動する。\n特徴【無】を持つユニット全てのHPを1回復する。",
               "待機")


class Lab(Battle):
    """A battle whose dice are scripted; running out of scripted dice is a test error."""

    def __init__(self, *args: Any, dice: Sequence[int] = (), **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.script = list(dice)
        self.rolled: list[tuple[str, int]] = []

    def die(self, purpose: str, uid: int = -1) -> int:
        if not self.script:
            raise AssertionError(f"unscripted die for {purpose}")
        value = self.script.pop(0)
        self.rolled.append((purpose, value))
        self.log.append({"type": "die", "for": purpose, "value": value})
        return value


def lab(mine: dict[int, Card], theirs: dict[int, Card], *, dice: Sequence[int] = (),
        leaps: tuple[Sequence[Unit], Sequence[Unit]] = ((), ()), rounds: int = 4,
        ordered: bool = True) -> Lab:
    """A battle with side 0 on ``mine`` and side 1 on ``theirs`` (square number -> card).

    A side with no command is given ``IDLE`` in its first free square, so every side has one.
    With ``ordered`` the action order is side 0's units then side 1's, by square, and round 1
    is ready to be played by calling ``turn`` directly (round 1, roll set by the test).
    """
    squares: list[list[Card | None]] = []
    for side in (mine, theirs):
        row: list[Card | None] = [side.get(sq) for sq in (1, 2, 3, 4)]
        if not any(isinstance(c, Command) for c in row) and None in row:
            row[row.index(None)] = IDLE
        squares.append(row)
    b = Lab(squares, leaps, 0, [], rounds, dice=dice)
    if ordered:
        b.order = [u.id for u in b.units]
        b.round = 1
        b.seq = list(range(len(b.order)))
    return b


def at(b: Battle, side: int, square: int) -> Any:
    """The unit on ``side``'s square ``square`` (1..4)."""
    uid = b.board[side][square - 1]
    assert uid >= 0, f"no unit on side {side} square {square}"
    return b.units[uid]


def events(b: Battle, kind: str) -> list[dict[str, Any]]:
    assert isinstance(b.log, list)  # a lab's battle keeps its log (not the quiet sink)
    return [e for e in b.log if e["type"] == kind]
