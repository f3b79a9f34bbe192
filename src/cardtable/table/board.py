"""The board as text, drawn from the game's projection alone (``Game.project``).

Plain lines with no terminal I/O, in the table layer below every front end: the terminal
(``cardtable.cli``) styles and prints them, and the research adapters' ``ansi`` render
(``cardtable.rl``) returns them, neither importing the other.

One drawing for every game: a status line (turn, phase, whose decision, the score that decides
the game), then the opponent's side, whatever lies between, and one's own side, each zone a
line of its cards, and one's hand. Lines wrap between cards and between words, never inside a
word, so a name is never cut; a board taller than its share of the screen folds (piles to
counts, then empty rows away) and ``v`` shows the whole of it. A new game needs no terminal
code: its projection is its board. What goes where is read from the projection's types (a
zone's ``kind`` and ``held``, a stat's ``role``), never from a label or an id.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len

from cardtable.core.projection import score_counters
from cardtable.core.words import words
from cardtable.table.voice import whose_note

JSON = dict[str, Any]
WIDTH = 80
#: stat roles a compact cell shows by their value alone ("fire", not "Attr fire")
BARE = frozenset({"attribute"})

WORDS: dict[str, tuple[str, str]] = words(__file__, "board.WORDS")


def w(key: str, lang: str, **kw: Any) -> str:
    en, ja = WORDS[key]
    return (ja if lang == "ja" else en).format(**kw)


# -- wrapping without cutting ----------
def _split(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken at spaces; a word wider than a line
    (a long Japanese run has no spaces) breaks between characters, which Japanese allows."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        while cell_len(word) > width:
            cut = 0
            while cell_len(word[:cut + 1]) <= width:
                cut += 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line or not lines:
        lines.append(line)
    return lines


def hang(text: str, width: int = WIDTH) -> list[str]:
    """A sentence wrapped between words, its continuation lines indented two cells past its
    own indent, so a wrapped log line still reads as one."""
    body = text.lstrip(" ")
    indent = len(text) - len(body)
    if cell_len(text) <= width:
        return [text]
    first, *rest = _split(body, width - indent)
    if rest and body.startswith(first):  # re-split what follows, not the pieces joined by
        rest = [body[len(first):].lstrip(" ")]  # spaces (that put one inside "火炎剣士")
    more = _split(" ".join(rest), width - indent - 2) if rest else []
    return [" " * indent + first, *(" " * (indent + 2) + line for line in more)]


def flow(head: str, items: list[str], width: int = WIDTH, sep: str = " · ") -> list[str]:
    """``head item · item · item`` filled to ``width``, breaking between items where it can;
    continuation lines are indented two cells."""
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        joint = "" if i == 0 else sep.rstrip()
        candidate = f"{line}{joint} {item}" if line else item
        room = width - (cell_len(sep.rstrip()) if i < len(items) - 1 else 0)
        if cell_len(candidate) <= room:
            line = candidate
            continue
        lead = "  " if line.strip() or lines else ""  # a first line is not indented
        if line.strip():
            lines.append(line + joint)
        line = lead + item
        if cell_len(line) > width:
            parts = _split(item, width - 2)
            lines += [("  " if i or lead else "") + p for i, p in enumerate(parts[:-1])]
            line = "  " + parts[-1]
    lines.append(line)
    return [ln.rstrip() for ln in lines]


# -- cells ----------
def stat_text(label: str, value: str, lang: str, role: str = "other") -> str:
    """A stat in a few cells: ``ST30``, ``HP 3/3``, ``P5`` (Power), ``fire``."""
    if role in BARE:
        return value
    if cell_len(label) <= 3:
        return f"{label}{value}" if value[:1].isdigit() or value[:1] in "-+" else \
            f"{label} {value}"
    if lang == "ja":
        return f"{label}{value}"
    return f"{label[0]}{value}" if value[:1].isdigit() or value[:1] in "-+" else value


def card_text(card: JSON | None, lang: str, slot: str = "", bare: bool = False) -> str:
    """A card in one short run: its place, name, stats and (unless ``bare``) its markers."""
    head = f"{slot} " if slot else ""
    if card is None:
        return head + w("empty", lang)
    stats = " ".join(stat_text(str(s[0]), str(s[1]), lang, str(s[2]) if len(s) > 2 else "other")
                     for s in card.get("stats", []))
    markers = "" if bare else ", ".join(str(m) for m in card.get("markers", []))
    if not card.get("face_up", True):
        body = w("down", lang) + (f" {stats}" if stats else "")
    else:
        body = str(card.get("name", "")) + (f" {stats}" if stats else "")
    return head + body + (f" [{markers}]" if markers else "")


def _pile(zone: JSON) -> int:
    return int(zone["count"]) if zone.get("count") is not None else len(zone.get("cards", []))


def _is_hand(zone: JSON) -> bool:
    """Cards a seat holds and knows one by one (a hand, an opening five, a deck being built):
    one's own are listed under the board, the other's counted."""
    return zone.get("kind") == "hand" or bool(zone.get("held") and zone.get("cards"))


# -- the board ----------
def score(table: JSON, seat: int, lang: str) -> str:
    """The counter that decides the game, both sides: the first kind of counter a game lists
    (life, toll points, HP summed over a side's casters, books, units)."""
    group = score_counters(table)
    if not group:
        return ""
    kind = str(group[0]["id"]).split(".")[0]
    labels = {str(c["label"]) for c in group}
    label = labels.pop() if len(labels) == 1 else kind.upper()

    def side(owner: int) -> str:
        values = [c["value"] for c in group if c["owner"] == owner]
        if all(isinstance(v, int) for v in values):
            return str(sum(values))
        return "/".join(str(v) for v in values)

    return w("score", lang, label=label, mine=side(seat), theirs=side(1 - seat))


def status_line(table: JSON, seat: int, lang: str, width: int = WIDTH) -> str:
    to_move = table.get("to_move", -1)
    parts = [w("turn", lang, n=table.get("turn", 0)), str(table.get("phase", ""))]
    if to_move >= 0:
        parts.append(w("yours" if to_move == seat else "theirs", lang))
    text = " · ".join(p for p in parts if p)
    points = score(table, seat, lang)
    if points and cell_len(text) + 5 + cell_len(points) <= width:
        text += " │ " + points
    return text


def _counters(table: JSON, owner: int) -> list[str]:
    """A side's counters, those of one kind together: ``Life 8/50``, ``HP 2/3+3/3``."""
    groups: dict[str, list[JSON]] = {}
    for c in table.get("counters", []):
        if c.get("owner") == owner:
            groups.setdefault(str(c["id"]).split(".")[0], []).append(c)
    out = []
    for kind, group in groups.items():
        shown = [f"{c['value']}/{c['max']}" if c.get("max") is not None else str(c["value"])
                 for c in group]
        label = str(group[0]["label"]) if len(group) == 1 else kind.upper()
        out.append(f"{label} {'+'.join(shown)}")
    return out


def side_lines(table: JSON, owner: int, seat: int, lang: str, fold: int = 0,
               width: int = WIDTH) -> list[str]:
    """One seat's side: a header (its counters and piles), then each placed zone on a line;
    empty places are left out (each card keeps its place's name)."""
    zones = sorted((z for z in table["zones"] if z.get("owner") == owner),
                   key=lambda z: (z.get("row", 0), z.get("col", 0)))
    head = _counters(table, owner)
    placed: list[str] = []
    for zone in zones:
        cards = zone.get("cards", [])
        if zone.get("slots"):
            labels = zone.get("slot_labels") or [str(i + 1) for i in range(len(cards))]
            cells = [card_text(c, lang, labels[i] if i < len(labels) else "", fold >= 3)
                     for i, c in enumerate(cards) if c is not None]
            placed += flow(f"  {zone['label']}:", cells or [w("empty", lang)], width)
        elif _is_hand(zone) and owner == seat:
            continue  # one's own hand is drawn last, under the board
        else:
            head.append(f"{zone['label']} {_pile(zone)}")
    who = w("you" if owner == seat else "opp", lang, n=owner + 1)
    return flow(f"{who}:", head or [w("empty", lang)], width) + placed


def hand_lines(table: JSON, seat: int, lang: str, fold: int = 0,
               width: int = WIDTH) -> list[str]:
    """The cards the seat holds: its hand (and any like it, DRAWS' opening five)."""
    lines: list[str] = []
    for zone in table["zones"]:
        if not _is_hand(zone) or zone.get("owner") != seat or not zone.get("cards"):
            continue
        head = w("your_hand", lang) if zone.get("kind") == "hand" else zone["label"]
        cards = [c for c in zone["cards"] if c]
        items = ([str(c.get("name", "")) for c in cards] if fold >= 2
                 else [card_text(c, lang) for c in cards])
        lines += flow(f"{head}:", items, width)
    return lines


def shared_lines(table: JSON, lang: str, width: int = WIDTH) -> list[str]:
    lines: list[str] = []
    for zone in table["zones"]:
        if zone.get("owner") is not None:
            continue
        labels = zone.get("slot_labels") or []
        cells = [card_text(c, lang, labels[i] if i < len(labels) else "")
                 for i, c in enumerate(zone.get("cards", []))]
        if zone.get("count") is not None and not cells:
            cells = [str(zone["count"])]
        lines += flow(f"{zone['label']}:", cells or [w("empty", lang)], width)
    return lines


def board_lines(table: JSON, seat: int, lang: str, budget: int | None = None,
                width: int = WIDTH) -> list[str]:
    """The compact board: status line, opponent, shared zones and notes, oneself, one's hand.

    Folded step by step until it fits ``budget`` rows: the notes go, piles become counts, the
    hand shows names only, the cells on the board lose their markers; what still does not fit
    ends with a pointer to ``v``.
    """
    result: list[str] = []
    for fold in range(4):
        lines = [status_line(table, seat, lang, width - 2)]
        lines += side_lines(table, 1 - seat, seat, lang, fold, width)
        lines += shared_lines(table, lang, width)
        if fold < 1 and table.get("notes"):
            lines += flow("", [whose_note(str(n), seat, lang) for n in table["notes"]], width)
        lines += side_lines(table, seat, seat, lang, fold, width)
        lines += hand_lines(table, seat, lang, fold, width)
        result = lines
        if budget is None or len(lines) <= budget:
            return lines
    assert budget is not None
    return [*result[:max(1, budget - 1)], w("more", lang)]


def full_lines(table: JSON, seat: int, lang: str, width: int = WIDTH) -> list[str]:
    """The whole table (``v``): every zone, every card on its own line with its stats named."""
    def card_full(card: JSON | None, slot: str = "") -> str:
        if card is None:
            return f"    {slot} {w('empty', lang)}".rstrip()
        stats = ", ".join(f"{s[0]} {s[1]}" for s in card.get("stats", []))
        markers = ", ".join(str(m) for m in card.get("markers", []))
        name = card.get("name", "") if card.get("face_up", True) else w("down", lang)
        text = f"    {slot + ' ' if slot else ''}{name}"
        return text + (f" ({stats})" if stats else "") + (f" [{markers}]" if markers else "")

    lines = [status_line(table, seat, lang, width)]
    for owner in (1 - seat, None, seat):
        if owner is not None:
            lines += flow(w("you" if owner == seat else "opp", lang, n=owner + 1) + ":",
                          _counters(table, owner), width)
        for zone in sorted((z for z in table["zones"] if z.get("owner") == owner),
                           key=lambda z: (z.get("row", 0), z.get("col", 0))):
            cards = zone.get("cards", [])
            count = f" ({_pile(zone)})" if not zone.get("slots") else ""
            lines.append(f"  {zone['label']}{count}:")
            labels = zone.get("slot_labels") or []
            backs = 0 if zone.get("slots") else sum(1 for c in cards
                                                    if c and not c.get("face_up", True))
            if backs:  # a hidden hand: how many, not a line per back
                lines.append(f"    {w('down', lang)} ×{backs}")
            for i, card in enumerate(cards):
                if backs and card and not card.get("face_up", True):
                    continue
                lines.append(card_full(card, labels[i] if i < len(labels) else ""))
        if owner is None and table.get("notes"):
            lines += flow("", [whose_note(str(n), seat, lang) for n in table["notes"]], width)
    return [part for line in lines
            for part in (flow("", line.split(" "), width, sep=" ") if cell_len(line) > width
                         else [line])]
