"""The terminal hook of Dice and Monsters: the squares drawn at the start of each round.

The sentences say what every unit does; what they cannot show is where everyone stands as a
round begins, which the ``round`` event carries. Drawn as the seed draws the fields, the
opponent's side upside down above one's own (their [2][1] faces my [1][2]).
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from cardtable.cli.render import shared_events
from cardtable.core.view_cards import card_name, cards_of
from cardtable.table.board import flow

JSON = dict[str, Any]
#: each row of the diagram: whose side, its two squares left to right
ROWS = ((1, (4, 3)), (1, (2, 1)), (0, (1, 2)), (0, (3, 4)))


def _cell(cell: JSON | None, square: int, cards: dict[str, JSON], lang: str) -> str:
    mark = f"【{square}】" if lang == "ja" else f"[{square}]"
    if cell is None:
        return f"{mark} –"
    if "unit" in cell:
        return f"{mark} {card_name(cards, cell['unit'], lang)} HP {cell['hp']}/{cell['max']}"
    return f"{mark} " + ("コマンド" if lang == "ja" else "command")


def squares(board: list[list[JSON | None]], seat: int, view: JSON, lang: str) -> list[str]:
    cards = cards_of(view)
    lines = []
    for side, (a, b) in ROWS:
        owner = seat if side == 0 else 1 - seat
        who = ("あなた" if side == 0 else "相手") if lang == "ja" else \
            ("You" if side == 0 else "Opponent")
        head = f"  {who} " + (f"【{a}】【{b}】" if lang == "ja" else f"[{a}][{b}]") + ":"
        row = board[owner]
        lines += flow(head, [_cell(row[a - 1], a, cards, lang), _cell(row[b - 1], b, cards,
                                                                       lang)], 78, sep="  ")
    return lines


def events(evs: list[JSON], view: JSON, seat: int | None, lang: str) -> list[RenderableType]:
    """The shared sentences, each round's heading followed by its squares."""
    out: list[RenderableType] = []
    start = 0
    cuts = [i for i, ev in enumerate(evs) if ev.get("type") == "round"] + [len(evs)]
    for cut in cuts:
        piece = evs[start:cut]
        lines = shared_events("dice-and-monsters", piece, view, seat, lang)
        if piece and piece[0].get("type") == "round" and lines:
            board = squares(piece[0]["board"], 0 if seat is None else seat, view, lang)
            lines = [lines[0], *(Text(line, style="dim") for line in board), *lines[1:]]
        out += lines
        start = cut
    return out
