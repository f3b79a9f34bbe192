"""Readable action labels in English and Japanese, and the team code as a menu path."""

from __future__ import annotations

from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters.cards import Card
from cardtable.games.dice_and_monsters.state import BUILD, DiceState

SQUARE_EN = ("square 1 (front left)", "square 2 (front right)", "square 3 (back left)",
             "square 4 (back right)")
SQUARE_JA = ("【1】前衛左", "【2】前衛右", "【3】後衛左", "【4】後衛右")


def card_text(card: Card, lang: str) -> str:
    if lang == "ja":
        if card.kind == "unit":
            return f"{card.name}（{card.attribute} HP{card.hp} 速度{card.speed}）"
        return f"{card.name}（コマンド）"
    name = card.name_en or card.name  # one language at a time
    if card.kind == "unit":
        return f"{name} (HP {card.hp}, speed {card.speed})"
    return f"{name} (command)"


def _square(sq: int, lang: str) -> str:
    return SQUARE_JA[sq] if lang == "ja" else SQUARE_EN[sq]


def path(state: DiceState, code: int, lang: str = "en") -> tuple[str, ...]:
    """Team codes are asked as: the command, its square, then the unit of each other square."""
    if state.phase == BUILD or not act.TEAM_BASE <= code < act.NUM_ACTIONS:
        return (label(state, code, lang),)
    p = state.to_move
    cards = [state.cards[c] for c in state.deck[p]]
    squares = act.team_squares(code)
    cmd_sq = next(i for i, k in enumerate(squares) if cards[k].kind == "command")
    ja = lang == "ja"
    parts = [("コマンド: " if ja else "Command: ") + card_text(cards[squares[cmd_sq]], lang),
             ("コマンドの位置: " if ja else "Command in ") + _square(cmd_sq, lang)]
    for sq in range(4):
        if sq != cmd_sq:
            parts.append(f"{_square(sq, lang)} ← {card_text(cards[squares[sq]], lang)}")
    return tuple(parts)


def label(state: DiceState, code: int, lang: str = "en") -> str:
    ja = lang == "ja"
    if code == act.DONE:
        return "デッキを確定する" if ja else "Finish the deck"
    if 0 <= code < act.MAX_POOL:
        p = state.to_move
        pool = state.pool[p] if 0 <= p < 2 else []
        if code >= len(pool):
            return f"#{code}"
        card = state.cards[pool[code]]
        if card.star:
            return (f"リープデッキに入れる: {card_text(card, lang)}" if ja
                    else f"Put in the leap deck: {card_text(card, lang)}")
        return f"デッキに入れる: {card_text(card, lang)}" if ja else f"Take {card_text(card, lang)}"
    if act.TEAM_BASE <= code < act.NUM_ACTIONS and state.phase != BUILD:
        return _team_label(state, code, lang)
    return f"#{code}"


def _team_label(state: DiceState, code: int, lang: str) -> str:
    """The four squares in one short line (menus use ``path`` for the long form)."""
    cards = [state.cards[c] for c in state.deck[state.to_move]]
    parts = []
    for sq, i in enumerate(act.team_squares(code)):
        card = cards[i]
        name = card.name if lang == "ja" or not card.name_en else card.name_en
        mark = ("コマンド:" if lang == "ja" else "command: ") if card.kind == "command" else ""
        parts.append(f"【{sq + 1}】{mark}{name}" if lang == "ja" else f"[{sq + 1}] {mark}{name}")
    return " ".join(parts)
