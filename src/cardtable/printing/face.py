"""A card's printed face and back, laid out from its projected ``Card`` alone.

The face is the browser's (``web/static/cardface.js``) at the size of a real card: a frame in
the card's colour, the cost in a gem top left, the name whole, the emblem, the numbers by their
role (attack bottom left, defense bottom right, the rest in a small line), markers as badges.
On paper there is no tooltip, so the card's whole text (``Game.card_lines`` after the name) is
printed in a box under the emblem, shrunk until it fits; the colours and emblems are read from
cardface.js, so one game's card looks the same on the screen, on paper and in Tabletop
Simulator, and every game is drawn by the same code with its own stats.
"""

from __future__ import annotations

from cardtable.core.projection import Card
from cardtable.printing.draw import Box, Disc, Item, Label, Shape
from cardtable.printing.emblems import emblem, js_table, js_words
from cardtable.printing.fonts import text_width

INK = "#15120e"
PAPER = "#fbfaf7"
CUT = "#8a8a8a"
GEM = "#2360b8"
ATTACK = "#b3261e"
DEFENSE = "#2c5fa8"
BACK = ("#1c2340", "#d9c27a", "#e6cf86")
#: emblems drawn as outlines, as table.css draws them for these colours
OUTLINED = frozenset({"wind", "light", "holy"})
#: characters a line may not start with, or end with (Japanese line-breaking rules, kinsoku)
NO_START = frozenset("、。，．・：；？！ー）」』】〕〉》”’…‥"
                     "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?)]}%")
NO_END = frozenset("（「『【〔〈《“‘([{")
LEADING = 1.22
#: the rules text's size (mm) on a poker-size card, before it shrinks to fit
TEXT_SIZE = 2.6


def palette() -> dict[str, tuple[str, ...]]:
    """Colour word -> (frame, deep, light), cardface.js's ``COLOURS``."""
    return js_table("COLOURS")


def colour_of(card: Card) -> str:
    """The frame's colour word, as cardface.js's ``colourOf`` chooses it."""
    colours = palette()
    if card.colour and card.colour in colours:
        return card.colour
    return card.kind if card.kind in colours else "none"


def emblem_of(card: Card, colour: str) -> str:
    """The emblem's name, as cardface.js's ``emblemOf`` chooses it."""
    from cardtable.printing.emblems import emblem_paths

    if card.kind in emblem_paths() and card.kind not in ("character", "unit"):
        return card.kind
    return js_words("ALIAS").get(colour, colour)


def place_stats(card: Card) -> dict[str, list[tuple[str, str]]]:
    """The stats by where they go: cost, attack, defense (the first of each) and the rest."""
    out: dict[str, list[tuple[str, str]]] = {"cost": [], "attack": [], "defense": [], "rest": []}
    for label, value, role in card.stats:
        if role in ("cost", "attack", "defense") and not out[role]:
            out[role].append((label, value))
        else:
            out["rest"].append((label, value))
    return out


def _wide(ch: str) -> bool:
    return ord(ch) >= 0x2000


def _tokens(text: str) -> list[str]:
    """The pieces a line may break between: words, spaces, single Japanese characters, with
    kinsoku characters kept with their neighbour."""
    raw: list[str] = []
    word = ""
    for ch in text:
        if ch == " " or _wide(ch):
            if word:
                raw.append(word)
                word = ""
            raw.append(ch)
        else:
            word += ch
    if word:
        raw.append(word)
    out: list[str] = []
    for tok in raw:
        if out and (tok[0] in NO_START or out[-1][-1] in NO_END) and tok != " ":
            out[-1] += tok
        else:
            out.append(tok)
    return out


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at font size ``size``."""
    lines: list[str] = []
    line = ""
    for tok in _tokens(text):
        if tok == " " and not line:
            continue
        if text_width(line + tok, size) <= width:
            line += tok
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = tok.lstrip()
        while line and text_width(line, size) > width:  # one word longer than the line
            cut = len(line) - 1
            while cut > 1 and text_width(line[:cut], size) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    if line.strip():
        lines.append(line.rstrip())
    return lines


def fit(paragraphs: list[str], width: float, height: float, largest: float, smallest: float
        ) -> tuple[float, list[str]]:
    """The largest size (stepping down) at which the paragraphs fit the box, and their lines;
    at the smallest, the lines that fit with ``…`` closing the last."""
    size = largest
    while True:
        lines = [ln for p in paragraphs for ln in wrap(p, size, width)]
        if len(lines) * size * LEADING <= height or size <= smallest:
            break
        size = max(smallest, size - 0.1)
    room = max(1, int(height / (size * LEADING)))
    if len(lines) > room:
        lines = [*lines[: room - 1], lines[room - 1].rstrip("…") + "…"]
        while text_width(lines[-1], size) > width and len(lines[-1]) > 1:
            lines[-1] = lines[-1][:-2] + "…"
    return size, lines


def _badge(x: float, y: float, h: float, text: str, fill: str, k: float, right: bool
           ) -> list[Item]:
    size = 3.0 * k
    w = text_width(text, size) + 3.0 * k
    left = x - w if right else x
    return [Box(left, y, w, h, fill=fill, radius=1.2 * k),
            Label(left + w / 2, y + h / 2 + size * 0.36, size, text, "#ffffff", True, "centre")]


def front(card: Card, size: tuple[float, float]) -> list[Item]:
    """The face of ``card`` on a card of ``size`` (mm)."""
    w, h = size
    k = min(w / 63, h / 88)
    frame, deep, light = palette()[colour_of(card)][:3]
    stats = place_stats(card)
    pad = 2.6 * k
    items: list[Item] = [Box(0, 0, w, h, fill=deep, stroke=CUT, width=0.2),
                         Box(1.2 * k, 1.2 * k, w - 2.4 * k, h - 2.4 * k, fill=frame,
                             radius=2.4 * k)]
    # the top bar: the cost's gem and the name
    bar_h = 11.5 * k
    items.append(Box(pad, pad, w - 2 * pad, bar_h, fill=light, radius=1.6 * k))
    name_x = pad + 2.0 * k
    if stats["cost"]:
        label, value = stats["cost"][0]
        r = 4.6 * k
        cx, cy = pad + 1.2 * k + r, pad + bar_h / 2
        items.append(Disc(cx, cy, r, fill=GEM, stroke="#ffffff", width=0.5 * k))
        vsize = 4.4 * k if len(value) <= 2 else 3.2 * k
        items.append(Label(cx, cy + vsize * 0.36, vsize, value, "#ffffff", True, "centre"))
        name_x = cx + r + 1.6 * k
    name_w = w - pad - 1.6 * k - name_x
    nsize, nlines = fit([card.name], name_w, bar_h - 1.0 * k, 4.2 * k, 2.0 * k)
    if len(nlines) > 2:
        nlines = [nlines[0], nlines[1].rstrip("…") + "…"]
    top = pad + (bar_h - len(nlines) * nsize * LEADING) / 2
    for i, line in enumerate(nlines):
        items.append(Label(name_x, top + (i + 0.8) * nsize * LEADING, nsize, line, INK, True))
    # the emblem, as tall as the text below leaves room for
    y = pad + bar_h + 1.2 * k
    lines = [ln.strip() for ln in card.text.split("\n")[1:] if ln.strip()]
    foot_h = 6.4 * k if stats["attack"] or stats["defense"] else 0.0
    bottom = h - pad - (foot_h + 1.0 * k if foot_h else 0.0)
    rest = "  ".join(f"{label} {value}" for label, value in stats["rest"] if value != "")
    text_w = w - 2 * pad - 2.4 * k
    wanted = len([ln for p in lines for ln in wrap(p, TEXT_SIZE * k, text_w)])
    wanted_h = max(3, wanted) * TEXT_SIZE * k * LEADING + 1.6 * k
    free = bottom - y - 1.0 * k - (6.0 * k if rest else 0.0) - wanted_h
    art_h = min(40.0 * k, max(12.0 * k, free))
    items.append(Box(pad, y, w - 2 * pad, art_h, fill=light, radius=1.2 * k))
    side = min(art_h * 0.8, 30 * k)
    colour = colour_of(card)
    outlined = colour in OUTLINED
    paths = emblem(emblem_of(card, colour), w / 2 - side / 2, y + (art_h - side) / 2, side)
    # filled as SVG fills an open path (closed implicitly), unless drawn as an outline
    items.append(Shape(tuple(tuple(pts) for pts, _ in paths), tuple(c for _, c in paths),
                       fill=None if outlined else deep, stroke=deep,
                       width=(2.0 if outlined else 0.6) * side / 24))
    if card.markers:
        msize = 2.4 * k
        mx = w / 2 - sum(text_width(m, msize) + 2.4 * k for m in card.markers) / 2
        for m in card.markers:
            mw = text_width(m, msize) + 2.0 * k
            items += [Box(mx, y + art_h - msize * 1.5 - 0.6 * k, mw, msize * 1.5, fill="#2a2520",
                          radius=0.8 * k),
                      Label(mx + mw / 2, y + art_h - 0.6 * k - msize * 0.45, msize, m, "#ffffff",
                            False, "centre")]
            mx += mw + 0.4 * k
    y += art_h + 1.0 * k
    # the small line: the other numbers and the attribute (paper has no frame colour to read
    # for a reader who prints in grey)
    if rest:
        rsize, rlines = fit([rest], w - 2 * pad - 2 * k, 4.2 * k, 2.6 * k, 1.6 * k)
        rh = len(rlines) * rsize * LEADING + 1.2 * k
        items.append(Box(pad, y, w - 2 * pad, rh, fill=light, radius=0.8 * k))
        for i, line in enumerate(rlines):
            items.append(Label(pad + 1.0 * k, y + 0.5 * k + (i + 0.82) * rsize * LEADING, rsize,
                               line, INK))
        y += rh + 1.0 * k
    # the whole text
    if bottom - y > 3 * k:
        items.append(Box(pad, y, w - 2 * pad, bottom - y, fill=PAPER, radius=1.0 * k))
        if lines:
            tsize, tlines = fit(lines, text_w, bottom - y - 1.6 * k, TEXT_SIZE * k, 1.3 * k)
            for i, line in enumerate(tlines):
                items.append(Label(pad + 1.2 * k, y + 0.8 * k + (i + 0.82) * tsize * LEADING,
                                   tsize, line, INK))
    if foot_h:
        fy = h - pad - foot_h
        if stats["attack"]:
            label, value = stats["attack"][0]
            items += _badge(pad, fy, foot_h, f"{label} {value}", ATTACK, k, False)
        if stats["defense"]:
            label, value = stats["defense"][0]
            items += _badge(w - pad, fy, foot_h, f"{label} {value}", DEFENSE, k, True)
    return items


def back(title: str, size: tuple[float, float], word: str = "") -> list[Item]:
    """The back every card of a game shares: its title over the browser's back mark; ``word``
    under the mark sets a back apart (Culdcept's starting lands have a back of their own)."""
    w, h = size
    k = min(w / 63, h / 88)
    ground, line, mark = BACK
    items: list[Item] = [Box(0, 0, w, h, fill=ground, stroke=CUT, width=0.2),
                         Box(2.6 * k, 2.6 * k, w - 5.2 * k, h - 5.2 * k, stroke=line,
                             width=0.8 * k, radius=2.6 * k),
                         Box(4.4 * k, 4.4 * k, w - 8.8 * k, h - 8.8 * k, stroke=line,
                             width=0.3 * k, radius=1.8 * k)]
    side = 30 * k
    star = emblem("all", w / 2 - side / 2, h / 2 - side / 2 + 4 * k, side)
    items.append(Shape(tuple(tuple(pts) for pts, _ in star), tuple(True for _ in star),
                       fill=mark, stroke=mark, width=0.2))
    tsize, tlines = fit([title], w - 16 * k, 16 * k, 4.6 * k, 2.6 * k)
    y = h / 2 - side / 2 - 4 * k - len(tlines) * tsize * LEADING
    for i, text in enumerate(tlines):
        items.append(Label(w / 2, y + (i + 0.8) * tsize * LEADING, tsize, text, mark, True,
                           "centre"))
    if word:
        wsize, wlines = fit([word], w - 16 * k, 10 * k, 4.0 * k, 2.4 * k)
        y = h / 2 + side / 2 + 10 * k
        items.append(Box(8 * k, y - 1.5 * k, w - 16 * k, len(wlines) * wsize * LEADING + 3 * k,
                         fill=line, radius=1.5 * k))
        for i, text in enumerate(wlines):
            items.append(Label(w / 2, y + (i + 0.8) * wsize * LEADING, wsize, text, ground,
                               True, "centre"))
    return items
