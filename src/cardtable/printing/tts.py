"""A deck for Tabletop Simulator: sheets of card faces, one back and a saved-object JSON.

Tabletop Simulator reads a custom deck as one image grid of at most 10x7 cards, which it loads
as a texture and so must stay under 4096 pixels a side, plus a back image; a deck larger than
one grid is several ``CustomDeck`` entries, one per sheet. The last cell of a sheet is, by its
convention, the face other players see on a card held in a hand: each sheet keeps that cell for
the back (so a sheet holds 69 different cards) and the JSON also says ``BackIsHidden``. A sheet
holds each different card once; the deck lists a card's id once per copy (``DeckIDs``), and a
card's id is its sheet's number times 100 plus its cell.

The faces are the PDF's (``face.py``), painted with Pillow in the same fonts, drawn at twice
the size and scaled down so edges and text are smooth.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from collections.abc import Sequence
from typing import Any

from cardtable.core.deck import Deck
from cardtable.core.projection import Card
from cardtable.printing import face as faces
from cardtable.printing import fonts as font_files
from cardtable.printing.draw import Box, Disc, Item, Label, Shape, rgb

MAX_COLS, MAX_ROWS = 10, 7
#: a sheet's side in pixels stays below Tabletop Simulator's 4096 texture limit
MAX_SIDE = 4000
#: different cards on one sheet: every cell but the last, the hidden card's
PER_SHEET = MAX_COLS * MAX_ROWS - 1
SUPERSAMPLE = 2
EMPTY = (40, 40, 40)


def cell_size(card_mm: tuple[float, float]) -> tuple[int, int]:
    """One card's pixels on a sheet: as large as a full 10x7 sheet allows under the limit."""
    w, h = card_mm
    k = min(MAX_SIDE / (MAX_COLS * w), MAX_SIDE / (MAX_ROWS * h))
    return int(w * k), int(h * k)


def grid(n: int) -> tuple[int, int]:
    """Columns and rows for ``n`` different cards and the hidden card's cell."""
    cells = n + 1
    cols = min(MAX_COLS, cells)
    return cols, math.ceil(cells / cols)


class _Painter:
    def __init__(self, card_mm: tuple[float, float], px: tuple[int, int]) -> None:
        from PIL import ImageFont

        self.card_mm = card_mm
        self.px = px
        self.k = SUPERSAMPLE * px[0] / card_mm[0]
        self.found = font_files.fonts()
        self._font = ImageFont.truetype
        self._fonts: dict[tuple[int, float], Any] = {}

    def font(self, index: int, size: float) -> Any:
        key = (index, round(size, 1))
        if key not in self._fonts:
            self._fonts[key] = self._font(self.found.paths[index], key[1])
        return self._fonts[key]

    def card(self, items: Sequence[Item]) -> Any:
        from PIL import Image, ImageChops, ImageDraw

        k = self.k
        size = (round(self.card_mm[0] * k), round(self.card_mm[1] * k))
        image = Image.new("RGB", size, (255, 255, 255))
        draw = ImageDraw.Draw(image)
        for item in items:
            if isinstance(item, Box):
                box = [item.x * k, item.y * k, (item.x + item.w) * k - 1, (item.y + item.h) * k - 1]
                draw.rounded_rectangle(box, radius=item.radius * k,
                                       fill=rgb(item.fill) if item.fill else None,
                                       outline=rgb(item.stroke) if item.stroke else None,
                                       width=max(1, round(item.width * k)) if item.stroke else 0)
            elif isinstance(item, Disc):
                box = [(item.cx - item.r) * k, (item.cy - item.r) * k, (item.cx + item.r) * k,
                       (item.cy + item.r) * k]
                draw.ellipse(box, fill=rgb(item.fill) if item.fill else None,
                             outline=rgb(item.stroke) if item.stroke else None,
                             width=max(1, round(item.width * k)) if item.stroke else 0)
            elif isinstance(item, Shape):
                outlines = [[(x * k, y * k) for x, y in pts] for pts in item.paths]
                if item.fill:
                    mask = Image.new("1", size, 0)
                    for pts in outlines:  # even-odd: each outline flips what it covers
                        if len(pts) > 2:
                            one = Image.new("1", size, 0)
                            ImageDraw.Draw(one).polygon(pts, fill=1)
                            mask = ImageChops.logical_xor(mask, one)
                    image.paste(rgb(item.fill), (0, 0), mask)
                if item.stroke:
                    width = max(1, round(item.width * k))
                    for pts, closed in zip(outlines, item.closed, strict=True):
                        draw.line([*pts, pts[0]] if closed else pts, fill=rgb(item.stroke),
                                  width=width, joint="curve")
            elif isinstance(item, Label):
                self.label(draw, item)
        return image.resize(self.px, Image.Resampling.LANCZOS)

    def label(self, draw: Any, item: Label) -> None:
        k = self.k
        size = item.size * k
        runs = self.found.runs(item.text)
        width = sum(self.font(f, size).getlength(piece) for f, piece in runs)
        x = item.x * k - (width / 2 if item.align == "centre"
                          else width if item.align == "right" else 0)
        for f, piece in runs:
            font = self.font(f, size)
            draw.text((x, item.y * k), piece, font=font, fill=rgb(item.colour), anchor="ls",
                      stroke_width=size * 0.035 if item.bold else 0,
                      stroke_fill=rgb(item.colour))
            x += font.getlength(piece)


def _png(image: Any) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _guid(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:6]


def _transform(x: float = 0.0) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _pile(painter: _Painter, cards: Sequence[tuple[str, Card]], back: Any, prefix: str,
          back_file: str, first_sheet: int, nickname: str, description: str, x: float,
          url_base: str, files: dict[str, bytes]) -> dict[str, Any]:
    """One pile on the table (a ``DeckCustom``, or a ``Card`` when it is one card): its sheets
    are written into ``files`` as ``prefix-N.png``, numbered on from ``first_sheet``."""
    from PIL import Image

    px, card_mm = painter.px, painter.card_mm
    order: list[str] = []
    by_name: dict[str, Card] = {}
    for name, card in cards:
        if name not in by_name:
            order.append(name)
            by_name[name] = card
    files[back_file] = _png(back)
    custom: dict[str, dict[str, Any]] = {}
    ids: dict[str, int] = {}
    for sheet_no, start in enumerate(range(0, len(order), PER_SHEET), start=first_sheet):
        names = order[start:start + PER_SHEET]
        cols, rows = grid(len(names))
        image = Image.new("RGB", (cols * px[0], rows * px[1]), EMPTY)
        for cell, name in enumerate(names):
            row, col = divmod(cell, cols)
            image.paste(painter.card(faces.front(by_name[name], card_mm)),
                        (col * px[0], row * px[1]))
            ids[name] = sheet_no * 100 + cell
        last = cols * rows - 1  # the hidden card's cell
        image.paste(back, ((last % cols) * px[0], (last // cols) * px[1]))
        file = f"{prefix}-{sheet_no - first_sheet + 1}.png"
        files[file] = _png(image)
        custom[str(sheet_no)] = {"FaceURL": url_base + file, "BackURL": url_base + back_file,
                                 "NumWidth": cols, "NumHeight": rows, "BackIsHidden": True,
                                 "UniqueBack": False, "Type": 0}
    contained = []
    for i, (name, _card) in enumerate(cards):
        card = by_name[name]
        sheet_key = str(ids[name] // 100)
        contained.append({
            "Name": "Card", "GUID": _guid(prefix, nickname, i), "Transform": _transform(x),
            "Nickname": card.name, "Description": card.text, "CardID": ids[name],
            "CustomDeck": {sheet_key: custom[sheet_key]},
            "Locked": False, "Grid": True, "Snap": True, "Tooltip": True,
        })
    if len(contained) == 1:
        return contained[0]
    return {"Name": "DeckCustom", "GUID": _guid(prefix, nickname), "Transform": _transform(x),
            "Nickname": nickname, "Description": description,
            "DeckIDs": [c["CardID"] for c in contained], "CustomDeck": custom,
            "ContainedObjects": contained,
            "Locked": False, "Grid": True, "Snap": True, "Tooltip": True}


def export(deck: Deck, cards: Sequence[Card], card_mm: tuple[float, float], title: str, *,
           lang: str = "en", url_base: str = "",
           setup: tuple[str, Sequence[Card]] | None = None) -> dict[str, bytes]:
    """The files of the deck: ``faces-N.png`` per sheet, ``back.png`` and ``deck.json``; with
    ``setup`` (the back's word and the cards a player needs beside the deck), a second pile
    from ``setup-N.png`` and ``setup-back.png``."""
    painter = _Painter(card_mm, cell_size(card_mm))
    name = deck.name if lang == "ja" or not deck.name_en else deck.name_en
    files: dict[str, bytes] = {}
    piles = [_pile(painter, [(d.name, c) for d, c in zip(deck.cards, cards, strict=True)],
                   painter.card(faces.back(title, card_mm)), "faces", "back.png", 1, name,
                   title, 0.0, url_base, files)]
    if setup is not None and setup[1]:
        word, extra = setup
        sheets = math.ceil(len({c.key or c.name for c in cards}) / PER_SHEET)
        piles.append(_pile(painter, [(c.key or c.name, c) for c in extra],
                           painter.card(faces.back(title, card_mm, word)), "setup",
                           "setup-back.png", sheets + 1, word, title, 3.0, url_base, files))
    saved = {"SaveName": name, "GameMode": title, "Date": "", "Table": "", "Sky": "",
             "Note": "", "Rules": "", "PlayerTurn": "", "LuaScript": "", "LuaScriptState": "",
             "XmlUI": "", "ObjectStates": piles, "TabStates": {}, "VersionNumber": ""}
    files["deck.json"] = json.dumps(saved, ensure_ascii=False, indent=2).encode("utf-8")
    return files
