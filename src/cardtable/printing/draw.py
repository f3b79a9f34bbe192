"""A card drawn once as a list of simple shapes, then painted by the PDF or the image writer.

Both writers paint the same list, so a printed card and a Tabletop Simulator card are one
layout. Coordinates are millimetres from the card's top left corner, y downwards; a font size
is the em in millimetres. Widths are measured with the embedded fonts' own metrics
(``fonts.text_width``), so text wraps the same in both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Align = Literal["left", "centre", "right"]
Point = tuple[float, float]


@dataclass(frozen=True)
class Box:
    """A rectangle, square or with rounded corners."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.2
    radius: float = 0.0


@dataclass(frozen=True)
class Disc:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.2


@dataclass(frozen=True)
class Shape:
    """One figure of several outlines, filled by the even-odd rule (an inner outline is a
    hole); ``closed`` says, outline by outline, whether its stroke returns to its start."""

    paths: tuple[tuple[Point, ...], ...]
    closed: tuple[bool, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.2


@dataclass(frozen=True)
class Label:
    """One line of text; ``y`` is its baseline."""

    x: float
    y: float
    size: float
    text: str
    colour: str = "#15120e"
    bold: bool = False
    align: Align = "left"


Item = Box | Disc | Shape | Label


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as three bytes."""
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
