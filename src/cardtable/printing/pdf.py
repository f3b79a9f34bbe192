"""The print-and-play PDF: fronts nine to a page with cut marks, each page of fronts followed
by its page of backs, laid behind them for duplex printing (``sheet.py``).

Drawn with reportlab in vector form, text in the embedded TrueType fonts (``fonts.py``), so
the file prints sharp at any size and its text can be searched and copied.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from cardtable.printing import fonts as font_files
from cardtable.printing.draw import Box, Disc, Item, Label, Shape
from cardtable.printing.sheet import Duplex, Sheet, Slot

MM = 72 / 25.4
MARK = "#000000"


def _pen(canvas, item: Box | Disc | Shape) -> dict[str, int]:
    """Set the item's line width and colours; its ``stroke`` and ``fill`` switches."""
    from reportlab.lib.colors import HexColor

    canvas.setLineWidth(item.width * MM)
    if item.fill:
        canvas.setFillColor(HexColor(item.fill))
    if item.stroke:
        canvas.setStrokeColor(HexColor(item.stroke))
    return {"stroke": int(bool(item.stroke)), "fill": int(bool(item.fill))}


def _paint(canvas, items: Sequence[Item], slot: Slot, page_h: float) -> None:
    """Draw ``items`` (card millimetres, y down) into ``slot`` of a page (points, y up)."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import FILL_EVEN_ODD

    names = font_files.registered()
    found = font_files.fonts()

    def px(x: float) -> float:
        return (slot.x + x) * MM

    def py(y: float) -> float:
        return (page_h - slot.y - y) * MM

    for item in items:
        if isinstance(item, Box):
            ink = _pen(canvas, item)
            args = (px(item.x), py(item.y + item.h), item.w * MM, item.h * MM)
            if item.radius:
                canvas.roundRect(*args, item.radius * MM, **ink)
            else:
                canvas.rect(*args, **ink)
        elif isinstance(item, Disc):
            ink = _pen(canvas, item)
            canvas.circle(px(item.cx), py(item.cy), item.r * MM, **ink)
        elif isinstance(item, Shape):
            path = canvas.beginPath()
            for pts, closed in zip(item.paths, item.closed, strict=True):
                path.moveTo(px(pts[0][0]), py(pts[0][1]))
                for x, y in pts[1:]:
                    path.lineTo(px(x), py(y))
                if closed:
                    path.close()
            ink = _pen(canvas, item)
            canvas.setLineJoin(1)
            canvas.setLineCap(1)
            canvas.drawPath(path, **ink, fillMode=FILL_EVEN_ODD)
        elif isinstance(item, Label):
            size = item.size * MM
            width = font_files.text_width(item.text, size)
            x = px(item.x) - (width / 2 if item.align == "centre"
                              else width if item.align == "right" else 0)
            # the fonts have no bold face: bold is the outline filled and stroked, in a saved
            # state so the render mode and line width end with the label
            canvas.saveState()
            colour = HexColor(item.colour)
            canvas.setFillColor(colour)
            canvas.setStrokeColor(colour)
            text = canvas.beginText(x, py(item.y))
            if item.bold:
                canvas.setLineWidth(size * 0.035)
                text.setTextRenderMode(2)
            for font, piece in found.runs(item.text):
                text.setFont(names[font], size)
                text.textOut(piece)
            canvas.drawText(text)
            canvas.restoreState()


def _marks(canvas, sheet: Sheet, slots: list[Slot]) -> None:
    from reportlab.lib.colors import HexColor

    canvas.setStrokeColor(HexColor(MARK))
    canvas.setLineWidth(0.25)
    page_h = sheet.paper[1]
    for x1, y1, x2, y2 in sheet.cut_marks(slots):
        canvas.line(x1 * MM, (page_h - y1) * MM, x2 * MM, (page_h - y2) * MM)


def render(sheet: Sheet, piles: Sequence[tuple[Sequence[Sequence[Item]], Sequence[Item]]], *,
           duplex: Duplex = "long", title: str = "", author: str = "cardtable") -> bytes:
    """The PDF of ``piles``: each a list of fronts (one item list per card, in order) and the
    back they share; each pile starts on a page of its own."""
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    pw, ph = sheet.paper
    # the embedded face font from the start, so no page names an unembedded Helvetica
    canvas = Canvas(out, pagesize=(pw * MM, ph * MM), pageCompression=1, invariant=1,
                    initialFontName=font_files.registered()[0], initialFontSize=8)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("cardtable print")
    per = sheet.per_page
    for fronts, back in piles:
        for start in range(0, len(fronts), per):
            page = fronts[start:start + per]
            slots = [sheet.front(i) for i in range(len(page))]
            for items, slot in zip(page, slots, strict=True):
                _paint(canvas, items, slot, ph)
            _marks(canvas, sheet, slots)
            canvas.showPage()
            backs = [sheet.back(i, duplex) for i in range(len(page))]
            for slot in backs:
                _paint(canvas, back, slot, ph)
            _marks(canvas, sheet, backs)
            canvas.showPage()
    canvas.save()
    return out.getvalue()
