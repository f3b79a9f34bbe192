"""Readable action labels in English and Japanese, built from the current position."""

from __future__ import annotations

from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.cards import Card
from cardtable.games.sarasvati.imagine import kinds
from cardtable.games.sarasvati.state import BATTLE, CHARGE, IMAGINE, MOVE, SarasvatiState
from cardtable.games.sarasvati.stats import cost


def name(card: Card, lang: str) -> str:
    """One language at a time: the English name in English."""
    return card.name if lang == "ja" or not card.name_en else card.name_en


def _at(state: SarasvatiState, seat: int, place: int, lang: str) -> str:
    c = state.field[seat][place]
    who = "" if seat == state.active else ("相手の" if lang == "ja" else "opponent's ")
    return f"{who}{name(state.cards[c], lang)} [{act.place_name(place, lang)}]"


END_TEXT = {CHARGE: ("Charge nothing", "チャージしない"),
            IMAGINE: ("End the imagine phase", "イマジンフェイズを終える"),
            MOVE: ("End the move phase", "ムーブフェイズを終える"),
            BATTLE: ("End the turn", "ターンを終える")}


def parts(state: SarasvatiState, code: int, lang: str) -> tuple[str, ...]:
    ja = lang == "ja"
    p = state.active
    cards = state.cards
    if state.choice is not None:
        if state.choice[0] == "keep":
            place = code - act.KEEP
            eq = cards[state.equip[p][place]]
            return ((f"{name(eq, lang)}を残す（{act.place_name(place, lang)}）" if ja
                     else f"Keep {name(eq, lang)} (from {act.place_name(place, lang)})"),)
        side, place = divmod(code - act.CHOOSE, act.PLACES)
        seat = p if side == 0 else 1 - p
        return ((f"{_at(state, seat, place, lang)}を選ぶ" if ja
                 else f"Choose {_at(state, seat, place, lang)}"),)
    if code == act.END:
        en, j = END_TEXT[state.phase]
        return (j if ja else en,)
    hand = kinds(state.hand[p])
    if act.CHARGE <= code < act.PLAY:
        c = cards[hand[code - act.CHARGE]]
        return ((f"{name(c, lang)}をチャージ" if ja else f"Charge {name(c, lang)}"),)
    if act.PLAY <= code < act.USE:
        k, place = divmod(code - act.PLAY, act.PLACES)
        c = cards[hand[k]]
        n = cost(state, p, c)
        where = act.place_name(place, lang)
        head = (f"{name(c, lang)}（コスト{n}）" if ja else f"{name(c, lang)} (cost {n})")
        if c.kind == "equipment":
            return head, (f"{_at(state, p, place, lang)}に装備" if ja
                          else f"equip {_at(state, p, place, lang)}")
        if c.evolves_from:
            return head, (f"{_at(state, p, place, lang)}から進化" if ja
                          else f"evolve from {_at(state, p, place, lang)}")
        return head, (f"{where}に召喚" if ja else f"summon to {where}")
    if act.USE <= code < act.REEQUIP:
        c = cards[hand[code - act.USE]]
        n = cost(state, p, c)
        return ((f"{name(c, lang)}を使用（コスト{n}）" if ja
                 else f"Use {name(c, lang)} (cost {n})"),)
    if act.REEQUIP <= code < act.MOVE:
        src, dst = divmod(code - act.REEQUIP, act.PLACES)
        eq = cards[state.equip[p][src]]
        n = cost(state, p, eq)
        return ((f"{name(eq, lang)}を付け替え（コスト{n}）" if ja
                 else f"Re-equip {name(eq, lang)} (cost {n})"),
                (f"{_at(state, p, src, lang)}→{_at(state, p, dst, lang)}" if ja
                 else f"from {_at(state, p, src, lang)} to {_at(state, p, dst, lang)}"))
    if act.MOVE <= code < act.ATTACK:
        src, dst = divmod(code - act.MOVE, act.PLACES)
        row = ("後列" if ja else "back") if src < act.ROW else ("前列" if ja else "front")
        return ((f"{_at(state, p, src, lang)}を{row}（{act.place_name(dst, lang)}）へ移動"
                 "（無防備になる）" if ja else
                 f"Move {_at(state, p, src, lang)} to the {row} row "
                 f"({act.place_name(dst, lang)}; it becomes exhausted)"),)
    a, t = divmod(code - act.ATTACK, act.TARGETS)
    head = (f"{_at(state, p, a, lang)}で攻撃" if ja else f"Attack with {_at(state, p, a, lang)}")
    if t >= act.PLACES:
        b = t - act.PLACES
        st = state.bstate[1 - p][b]
        what = ("裏向き" if st == 0 else "表向き") if ja else ("face down" if st == 0 else "open")
        return head, (f"相手の禁書{b + 1}（{what}）" if ja else f"opponent's book {b + 1} ({what})")
    return head, (f"→ {_at(state, 1 - p, t, lang)}" if ja else f"at {_at(state, 1 - p, t, lang)}")


def label(state: SarasvatiState, code: int, lang: str = "en") -> str:
    return (" " if lang != "ja" else "、").join(parts(state, code, lang)) if lang == "ja" \
        else ", ".join(parts(state, code, lang))


def path(state: SarasvatiState, code: int, lang: str = "en") -> tuple[str, ...]:
    return parts(state, code, lang)
