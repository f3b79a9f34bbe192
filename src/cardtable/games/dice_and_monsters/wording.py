"""Card texts beyond the regular phrasings: code registered under the wording it implements.

A trait, command or action sentence that the regular grammar (``phrases.py``) does not cover is
looked up here. Each entry is a pattern over one sentence, so a new card that reuses a wording
(say このユニットは状態異常を受けない。) works without new code, and numbers inside a wording
(3以下, 7にする) become parameters. The match gives ``(kind, params)``; the rules modules
interpret the kind.
"""

from __future__ import annotations

import re

#: statuses as the seed writes them -> bit
STATUS_BITS = {"毒": 1, "スタン": 2, "睡眠": 4, "魔力封印": 8, "弱体化": 16}
STATUS_EN = {"毒": "poison", "スタン": "stun", "睡眠": "sleep", "魔力封印": "magic seal",
             "弱体化": "weakness"}
_ST = "(" + "|".join(STATUS_BITS) + ")"

# -- traits (【特性】) ----------
TRAITS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"このユニットは状態異常を受けない"), "status-immune"),
    (re.compile(r"このユニットに近接攻撃を行ったユニットはダイスを1回振る。(\d)以下の目が出た場合、"
                r"そのユニットはターン終了後" + "【" + _ST + "】状態となる"), "melee-retort"),
    (re.compile(r"ゲーム中1度だけ、ラウンドロールで(\d)の目が出た時、その目を(\d)に変える"),
     "roll-change-once"),
    (re.compile(r"1ターンに1度のみ、このユニットが相手ユニットにダメージを与えた場合、"
                r"ダイスを1回振り、その目の行動をとる"), "chain"),
    (re.compile(r"このユニットは特徴【(.+?)】を持つユニットにダメージを与える事ができない"),
     "no-damage-to-feature"),
    (re.compile(r"このユニットはコマンドカードの効果を受けない"), "command-immune"),
    (re.compile(r"このユニットが受ける物理ダメージは(\d+)点減少する"), "physical-armor"),
]

# -- command triggers (the sentence that says when it fires) ----------
TRIGGERS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(\d+)ラウンド目の開始時に発動する"), "round-start"),
    (re.compile(r"ラウンドロールで(\d)の目が出た場合に発動する"), "roll"),
    (re.compile(r"自分のユニットが戦闘不能になった場合に発動する"), "own-down"),
    (re.compile(r"相手のコマンドが発動した場合に発動する"), "enemy-command"),
]

# -- command effects ----------
COMMAND_EFFECTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"その時に戦闘不能になった全てのユニットは場から取り除かれず、HP(\d+)で復活する"),
     "revive-downed"),
    (re.compile(r"お互いの【(\d)】のマスにいるユニットの特性はゲーム中無効となる"),
     "traits-off-square"),
    (re.compile(r"その目を(\d)に変える"), "set-roll"),
    (re.compile(r"その後、このカードをセットしなおす"), "reset"),
    (re.compile(r"「.+」はゲーム中(\d+)度までしか発動しない"), "limit"),
    (re.compile(r"場の全てのユニットは(\d)ラウンド目の終わりまで特徴を失う"), "lose-features"),
    (re.compile(r"相手の場のユニット全員に(\d+)点の魔力ダメージを与える"), "magic-all-enemies"),
    (re.compile(r"このカードは場に残り、その後、ラウンドロールで(\d)の目が出る度に"
                r"相手の場のユニット全員に(\d+)点の魔力ダメージを与える"), "stay-magic"),
    (re.compile(r"ダイスを1回振り、(\d)以下の目が出た時、そのコマンドを無効にし破壊する"),
     "counter"),
    (re.compile(r"特徴【(.+?)】を持つユニット全てのHPを(\d+)回復する"), "heal-feature"),
]

# -- action sentences beyond the regular grammar ----------
ACTIONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"相手全体の最大HPを(\d+)にする"), "set-max-hp-enemies"),
    (re.compile(r"HPが一番高い敵1体に(\d+)点の(物理・魔力|物理|魔力)?ダメージを与える"),
     "special-highest-hp"),
]

# -- fatal leap conditions (【リープ】) ----------
LEAP: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"自分の特徴【(.+?)】を持つユニットのHPが(\d+)以下になった時、"
                r"そのユニットと入れ替えて場に出る"), "feature-hp"),
    (re.compile(r"自分の(.+?)のHPが(\d+)以下になった時、そのユニットと入れ替えて場に出る"),
     "name-hp"),
]


FACE = (1, 6)        # a face of the six-sided die
SQUARE = (1, 4)      # a square of a 2x2 field
AMOUNT = (0, 999)    # damage, healing, armour
HP = (1, 999)
ROUND = (1, 99)      # a round number (the rounds option is 1 to 99)
TIMES = (1, 99)
#: kind -> the range of each parameter (None: a word, not a number). ``check`` refuses a card
#: whose number the rules core cannot meet, so ``cards check`` and the battle agree: a roll
#: changed to 7 would index the action table out of range in the middle of a game.
RANGES: dict[str, tuple[tuple[int, int] | None, ...]] = {
    "status-immune": (), "melee-retort": (FACE, None), "roll-change-once": (FACE, FACE),
    "chain": (), "no-damage-to-feature": (None,), "command-immune": (),
    "physical-armor": (AMOUNT,),
    "round-start": (ROUND,), "roll": (FACE,), "own-down": (), "enemy-command": (),
    "revive-downed": (HP,), "traits-off-square": (SQUARE,), "set-roll": (FACE,), "reset": (),
    "limit": (TIMES,), "lose-features": (ROUND,), "magic-all-enemies": (AMOUNT,),
    "stay-magic": (FACE, AMOUNT), "counter": (FACE,), "heal-feature": (None, AMOUNT),
    "set-max-hp-enemies": (HP,), "special-highest-hp": (AMOUNT, None),
    "feature-hp": (None, AMOUNT), "name-hp": (None, AMOUNT),
}
_WHAT = {FACE: "a die face", SQUARE: "a square", AMOUNT: "an amount", HP: "HP",
         ROUND: "a round", TIMES: "a number of times"}


def _number(digits: str) -> int:
    """The value of a digit run; one longer than any range is read as just too large."""
    return int(digits) if len(digits) <= 6 else 10**6


def check(kind: str, params: tuple) -> str | None:
    """Why ``params`` of a registered wording are out of range, or None when they fit."""
    for value, bounds in zip(params, RANGES.get(kind, ()), strict=False):
        if bounds is not None and isinstance(value, int) and not bounds[0] <= value <= bounds[1]:
            return f"{_WHAT[bounds]} must be {bounds[0]} to {bounds[1]}, got {value}"
    return None


def match(table: list[tuple[re.Pattern[str], str]], sentence: str) -> tuple[str, tuple] | None:
    """The registered meaning of a whole sentence, or None."""
    for pattern, kind in table:
        m = pattern.fullmatch(sentence)
        if m:
            return kind, tuple(_number(g) if g.isdecimal() else g for g in m.groups())
    return None


def sentences(text: str) -> list[str]:
    """A card text cut at 。 (a sentence keeps no trailing 。)."""
    return [s.strip() for s in text.replace("．", "。").split("。") if s.strip()]
