"""Where cards lie on a printed page, in millimetres from the page's top left corner.

Cards abut in a grid (one cut between neighbours), nine to a page at the default size (3x3),
centred on the paper. Backs go on the page after their fronts, each behind its front: a sheet
printed on both sides and flipped on its long edge (a printer's "long-edge" duplex, the usual
default for portrait pages) turns left into right, so a back lies at the front's position
mirrored across the page's vertical centre line; flipped on its short edge, top and bottom
swap instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: paper sizes in millimetres (width, height), portrait
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
Duplex = Literal["long", "short"]
DUPLEX: tuple[str, ...] = ("long", "short")
#: how far a cut mark starts from the grid, and how long it is (mm)
MARK_GAP = 1.5
MARK_LENGTH = 5.0


@dataclass(frozen=True)
class Slot:
    """One card's box on a page (mm from the page's top left)."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Sheet:
    """The grid of one paper size and card size."""

    paper: tuple[float, float]
    card: tuple[float, float]
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def origin(self) -> tuple[float, float]:
        """The grid's top left corner: the grid centred on the paper."""
        (pw, ph), (cw, ch) = self.paper, self.card
        return (pw - self.cols * cw) / 2, (ph - self.rows * ch) / 2

    def front(self, i: int) -> Slot:
        """The box of the ``i``-th card of a page (row by row from the top left)."""
        x0, y0 = self.origin
        cw, ch = self.card
        row, col = divmod(i, self.cols)
        return Slot(x0 + col * cw, y0 + row * ch, cw, ch)

    def back(self, i: int, duplex: Duplex = "long") -> Slot:
        """The box of the back of the ``i``-th card: its front mirrored as the paper turns."""
        f = self.front(i)
        pw, ph = self.paper
        if duplex == "long":
            return Slot(pw - f.x - f.w, f.y, f.w, f.h)
        return Slot(f.x, ph - f.y - f.h, f.w, f.h)

    def cut_marks(self, slots: list[Slot]) -> list[tuple[float, float, float, float]]:
        """Short lines outside the grid at every card edge, as (x1, y1, x2, y2)."""
        if not slots:
            return []
        left = min(s.x for s in slots)
        right = max(s.x + s.w for s in slots)
        top = min(s.y for s in slots)
        bottom = max(s.y + s.h for s in slots)
        xs = sorted({round(v, 3) for s in slots for v in (s.x, s.x + s.w)})
        ys = sorted({round(v, 3) for s in slots for v in (s.y, s.y + s.h)})
        marks = []
        for x in xs:
            marks.append((x, top - MARK_GAP, x, top - MARK_GAP - MARK_LENGTH))
            marks.append((x, bottom + MARK_GAP, x, bottom + MARK_GAP + MARK_LENGTH))
        for y in ys:
            marks.append((left - MARK_GAP, y, left - MARK_GAP - MARK_LENGTH, y))
            marks.append((right + MARK_GAP, y, right + MARK_GAP + MARK_LENGTH, y))
        return marks


def sheet(paper: str, card: tuple[float, float]) -> Sheet:
    """The grid for ``paper`` ("a4", "letter") and a card size: three by three, or fewer
    when the cards are too large for three to fit with room for the cut marks."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    pw, ph = PAPERS[paper]
    cw, ch = card
    room = 2 * (MARK_GAP + MARK_LENGTH)
    cols = min(3, int((pw - room) // cw))
    rows = min(3, int((ph - room) // ch))
    if cols < 1 or rows < 1:
        raise ValueError(f"a {cw:g}x{ch:g} mm card does not fit on {paper}")
    return Sheet((pw, ph), (cw, ch), cols, rows)
