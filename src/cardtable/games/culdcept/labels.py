"""Readable action labels in English and Japanese, built from the current position."""

from __future__ import annotations

from cardtable.core.voice import count
from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.board import hand_kinds, level_kinds, toll
from cardtable.games.culdcept.cards import START_LANDS, Card
from cardtable.games.culdcept.state import (
    BATTLE_DEF,
    BATTLE_INV,
    CHOOSE,
    DISCARD,
    INVADE,
    SPELL,
    CuldceptState,
)


def name(card: Card, lang: str) -> str:
    """One language at a time: the English name in English (the card text shows both)."""
    return card.name if lang == "ja" or not card.name_en else card.name_en


def _land(state: CuldceptState, seat: int, slot: int, lang: str) -> str:
    land = START_LANDS[state.base[seat][slot]]
    own = seat == state.current_player()
    if lang == "ja":
        return f"{'自分' if own else '相手'}の土地{slot + 1}（{land[0]}）"
    return f"{'your' if own else 'their'} land {slot + 1} ({land[1]})"


def _creature(state: CuldceptState, seat: int, slot: int, lang: str) -> str:
    c = state.creature[seat][slot]
    return f"{name(state.cards[c], lang)} @ {_land(state, seat, slot, lang)}"


def label(state: CuldceptState, code: int, lang: str = "en") -> str:
    ja = lang == "ja"
    p = state.active
    cards = state.cards
    phase = state.phase
    seat = state.current_player()
    if phase == CHOOSE:
        reason, owner, slot = state.pending  # type: ignore[misc]
        c = cards[level_kinds(state, owner, slot)[code - act.CHOOSE_LEVEL]]
        if reason == "spell":
            return f"レベルカード {name(c, lang)} を捨てる" if ja else \
                f"Discard level card {name(c, lang)}"
        return f"レベルカード {name(c, lang)} を通行料として支払う" if ja else \
            f"Pay level card {name(c, lang)} as toll"
    if code == act.END:
        text = {SPELL: ("Cast no spell", "スペルを使わない"),
                BATTLE_INV: ("Place no battle card", "戦闘カードを出さない"),
                BATTLE_DEF: ("Place no battle card", "戦闘カードを出さない")}.get(
            phase, ("No territory command", "領地コマンドを行わない"))
        return text[1] if ja else text[0]
    kinds = hand_kinds(state.hand[seat])
    if code < act.CAST_MOVE:
        k, t = divmod(code - act.CAST, act.TARGETS)
        c = cards[kinds[k]]
        if t == act.NO_TARGET:
            return f"{name(c, lang)} を使う" if ja else f"Cast {name(c, lang)}"
        side, slot = divmod(t, act.SLOTS)
        tseat = p if side == 0 else 1 - p
        what = _creature(state, tseat, slot, lang) if state.creature[tseat][slot] >= 0 and \
            c.target.endswith("creature") else _land(state, tseat, slot, lang)
        return f"{name(c, lang)} を {what} に使う" if ja else f"Cast {name(c, lang)} on {what}"
    if code < act.INVADE_LAND:
        k, rest = divmod(code - act.CAST_MOVE, act.SLOTS * 2)
        slot, d = divmod(rest, 2)
        c = cards[kinds[k]]
        to = slot - 1 if d == 0 else slot + 1
        return (f"{name(c, lang)} で {_creature(state, p, slot, lang)} を土地{to + 1}へ移動" if ja
                else f"Cast {name(c, lang)}: move {_creature(state, p, slot, lang)} "
                     f"to land {to + 1}")
    if phase == INVADE:
        opp = _creature(state, 1 - p, state.dest, lang)
        if code == act.INVADE_LAND:
            return (f"{_creature(state, p, state.dest, lang)} で {opp} に侵略" if ja
                    else f"Invade {opp} with {_creature(state, p, state.dest, lang)}")
        if code == act.PAY_TOLL:
            n = toll(state, 1 - p, state.dest)
            return f"通行料{n}枚を支払う" if ja else f"Pay the toll: {count(n, 'card')}"
        c = cards[kinds[code - act.INVADE_HAND]]
        return (f"手札の {name(c, lang)}（コスト{c.cost}）で {opp} に侵略" if ja
                else f"Invade {opp} with {name(c, lang)} from hand (cost {c.cost})")
    if phase in (BATTLE_INV, BATTLE_DEF):
        c = cards[kinds[code - act.BATTLE_CARD]]
        return f"{name(c, lang)} を戦闘カードとして裏向きに出す" if ja else \
            f"Place {name(c, lang)} face down as battle card"
    if phase == DISCARD:
        c = cards[kinds[code - act.DISCARD]]
        return f"{name(c, lang)} を捨てる" if ja else f"Discard {name(c, lang)}"
    slot = state.dest
    here = _land(state, p, slot, lang)
    if code < act.LEVEL_DOWN:
        c = cards[kinds[code - act.LEVEL_UP]]
        return f"{name(c, lang)} を裏向きにして {here} をレベルアップ" if ja else \
            f"Level up {here} with {name(c, lang)} face down"
    if code < act.TERRAIN:
        c = cards[level_kinds(state, p, slot)[code - act.LEVEL_DOWN]]
        return f"{here} をレベルダウン（{name(c, lang)} を手札に）" if ja else \
            f"Level down {here}: {name(c, lang)} back to hand"
    if code < act.SUMMON:
        c = cards[kinds[code - act.TERRAIN]]
        return f"{here} の地形を {name(c, lang)} に変更" if ja else \
            f"Change the terrain of {here} to {name(c, lang)}"
    if code < act.EXCHANGE:
        c = cards[kinds[code - act.SUMMON]]
        return f"{name(c, lang)}（コスト{c.cost}）を {here} に配置" if ja else \
            f"Play {name(c, lang)} on {here} (cost {c.cost})"
    if code < act.MOVE:
        c = cards[kinds[code - act.EXCHANGE]]
        old = cards[state.creature[p][slot]]
        return (f"{name(old, lang)} を {name(c, lang)}（コスト{c.cost}）と交換" if ja
                else f"Exchange {name(old, lang)} for {name(c, lang)} (cost {c.cost})")
    to = slot - 1 if code == act.MOVE else slot + 1
    return (f"{_creature(state, p, slot, lang)} を土地{to + 1}へ移動" if ja
            else f"Move {_creature(state, p, slot, lang)} to land {to + 1}")
