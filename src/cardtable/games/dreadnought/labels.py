"""Readable labels for action codes in the current position, in English or Japanese."""

from __future__ import annotations

from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought.board import area_units, bp
from cardtable.games.dreadnought.cards import SIZE_NAMES
from cardtable.games.dreadnought.choices import TIMING_OF, _source, slot_unit
from cardtable.games.dreadnought.effects import render_ability
from cardtable.games.dreadnought.state import DreadnoughtState, Unit

AREA = {"en": ("left", "right"), "ja": ("左", "右")}


def _name(s: DreadnoughtState, c: int, lang: str) -> str:
    return s.cards[c].display(lang)


def _unit(s: DreadnoughtState, u: Unit, viewer: int, lang: str) -> str:
    if u.dummy:
        what = ("ダミー" if lang == "ja" else "dummy") if u.seat != viewer else \
            (f"ダミー({_name(s, u.card, lang)})" if lang == "ja" else
             f"dummy ({_name(s, u.card, lang)})")
    else:
        what = _name(s, u.card, lang)
    return f"{what} BP{bp(s, u, viewer)}"


def _target(s: DreadnoughtState, t: int, viewer: int, lang: str) -> str:
    mine = {"en": ("your", "enemy"), "ja": ("自軍", "敵軍")}[lang]
    if t < 8:
        seat, rest = divmod(t, 4)
        a, i = divmod(rest, 2)
        u = area_units(s, seat, a)[i]
        side = mine[0 if seat == viewer else 1]
        return f"{side} {AREA[lang][a]}: {_unit(s, u, viewer, lang)}"
    if t < 12:
        seat, a = divmod(t - 8, 2)
        side = mine[0 if seat == viewer else 1]
        return f"{side} {AREA[lang][a]}" + (" area" if lang == "en" else "エリア")
    seat, k = divmod(t - 12, 2)
    side = mine[0 if seat == viewer else 1]
    return f"{side} {_name(s, s.casters[2 * seat + k], lang)}"


#: the codes that name one card of the table by its number, a range of them a phrase: (first
#: code, end, Japanese, English), ``{n}`` the card's name
_CARD_CODES = (
    (A.MULLIGAN, A.GEAR, "マリガン: {n} を捨札に", "mulligan: discard {n}"),
    (A.GEAR, A.CAST, "ギアチェンジ: {n} をクローズで置く", "gear change: place {n} closed"),
    (A.DISCARD, A.PICK, "{n} を捨てる", "discard {n}"),
    (A.PICK, A.HP, "捨札から {n} を手札に", "take {n} from the discard pile"),
)


def label(s: DreadnoughtState, action: int, lang: str = "en") -> str:
    ja = lang == "ja"
    p = s.current_player()
    ask = s.ask or ("", p)
    if action == A.PASS:
        if ask[0] == "mull":
            return "マリガン終了" if ja else "finish the mulligan"
        return "パス" if ja else "pass"
    if action == A.GOD:
        return "ゴッドドロー（ノーマルのバースト1枚を手札に）" if ja else \
            "god draw (a normal burst into your hand)"
    for start, end, ja_text, en_text in _CARD_CODES:
        if start <= action < end:
            return (ja_text if ja else en_text).format(n=_name(s, action - start, lang))
    if A.CAST <= action < A.DUMMY:
        c, a = divmod(action - A.CAST, 2)
        card = s.cards[c]
        return (f"キャスト: {card.name}（ログ{card.log} {SIZE_NAMES[card.size]} BP{card.bp}）を"
                f"{AREA[lang][a]}エリアへ") if ja else \
            (f"cast {card.name_en} (log {card.log}, {SIZE_NAMES[card.size]}, BP {card.bp}) "
             f"into the {AREA[lang][a]} area")
    if A.DUMMY <= action < A.CAST_SPEED:
        c, a = divmod(action - A.DUMMY, 2)
        n = _name(s, c, lang)
        return f"ダミー: {n} を{AREA[lang][a]}エリアへ（S BP50）" if ja else \
            f"dummy: {n} closed into the {AREA[lang][a]} area (S, BP 50)"
    if A.CAST_SPEED <= action < A.DISCARD_UNIT:
        a = action - A.CAST_SPEED
        n = _name(s, s.speed[p], lang)
        return f"スピードカード {n} を{AREA[lang][a]}エリアへキャスト" if ja else \
            f"cast the speed card {n} into the {AREA[lang][a]} area"
    if A.DISCARD_UNIT <= action < A.MOVE:
        u = slot_unit(s, p, action - A.DISCARD_UNIT)
        return f"{_unit(s, u, p, lang)} を捨札に" if ja else f"discard {_unit(s, u, p, lang)}"
    if A.MOVE <= action < A.ABILITY:
        u = slot_unit(s, p, action - A.MOVE)
        return f"{_unit(s, u, p, lang)} を反対のエリアへ移動" if ja else \
            f"move {_unit(s, u, p, lang)} to the other area"
    if A.ABILITY <= action < A.CODE:
        src, j = divmod(action - A.ABILITY, 2)
        card, _, _ = _source(s, p, src)
        ab = s.cards[card].abilities[j]
        return f"{_name(s, card, lang)}: {render_ability(ab, lang)}"
    if A.CODE <= action < A.SUB:
        c, m = divmod(action - A.CODE, 2)
        card = s.cards[c]
        if ja:
            return f"{card.display(lang)}（ログ{card.log}）: {'①②'[m]}" \
                   f"{render_ability(card.modes[m], lang)}"
        return f"{card.display(lang)} (log {card.log}): {'①②'[m]}" \
               f"{render_ability(card.modes[m], lang)}"
    if A.SUB <= action < A.ATTACK:
        c, slot = divmod(action - A.SUB, 4)
        card = s.cards[c]
        u = slot_unit(s, p, slot)
        kind = ("覚醒" if card.sub == "awaken" else "強化") if ja else \
            ("awaken" if card.sub == "awaken" else "enhance")
        return f"{kind}: {card.display(lang)} → {_unit(s, u, p, lang)} +{card.sub_amount}"
    if A.ATTACK <= action < A.BLOCK:
        mask, a = divmod(action - A.ATTACK, 2)
        units = [slot_unit(s, p, sl) for sl in range(4) if mask >> sl & 1]
        total = sum(bp(s, u, p) for u in units)
        names = ", ".join(_unit(s, u, p, lang) for u in units)
        return f"アタック: {names} → 敵軍{AREA[lang][a]}エリア（{total}ダメージ）" if ja else \
            f"attack with {names} -> enemy {AREA[lang][a]} area ({total} damage)"
    if A.BLOCK <= action < A.TARGET:
        k = action - A.BLOCK
        assert s.attack is not None
        _, ts, ta, dmg = s.attack
        if k == 0:
            n = _name(s, s.casters[2 * ts + ta], lang)
            return f"{n} でブロック（HP{dmg // 50}枚ブレイク）" if ja else \
                f"block with {n} (breaks {dmg // 50} HP)"
        u = area_units(s, ts, ta)[k - 1]
        return f"{_unit(s, u, p, lang)} でブロック" if ja else f"block with {_unit(s, u, p, lang)}"
    if A.TARGET <= action < A.PAY:
        return ("対象: " if ja else "target: ") + _target(s, action - A.TARGET, p, lang)
    if A.PAY <= action < A.DISCARD:
        k = action - A.PAY
        if k == 2:
            return "バースト1枚をチェックして支払う" if ja else "pay by checking a burst"
        n = _name(s, s.casters[2 * p + k], lang)
        return f"{n} をチェックして支払う" if ja else f"pay by checking {n}"
    if A.HP <= action < A.CHAIN_CODE:
        k = action - A.HP
        n = _name(s, s.casters[2 * p + k], lang)
        return f"{n} のHPから1枚取る" if ja else f"take an HP card of {n}"
    link = s.chain[action - A.CHAIN_CODE]  # a CodeLink
    n = _name(s, link.card, lang)
    if ja:
        return f"打ち消す: {'自軍' if link.seat == p else '敵軍'}の {n}"
    return f"cancel: {'your' if link.seat == p else 'the enemy'} {n}"


__all__ = ["TIMING_OF", "_source", "label"]
