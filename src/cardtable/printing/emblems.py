"""The browser's card emblems (``web/static/cardface.js``), as polygons a printer can draw.

The page draws each emblem as one SVG path on a 24x24 grid; here the same path strings are
flattened (curves and arcs into short segments) so reportlab and Pillow, which draw neither SVG
nor arcs of every kind, paint the same figure. The strings are read from ``cardface.js`` itself,
so the printed emblem cannot drift from the one on the screen.
"""

from __future__ import annotations

import math
import re
from functools import cache
from pathlib import Path

Point = tuple[float, float]
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TOKEN = re.compile(r"[MmLlHhVvCcSsQqAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0}
STEPS = 16


def _cardface_js() -> Path:
    # found beside the package, not imported: the web extra (FastAPI) need not be installed
    import cardtable

    return Path(cardtable.__file__).parent / "web" / "static" / "cardface.js"


@cache
def emblem_paths() -> dict[str, str]:
    """``EMBLEMS`` of cardface.js: emblem name -> SVG path."""
    text = _cardface_js().read_text("utf-8")
    block = text[text.index("const EMBLEMS"):]
    block = block[: block.index("};")]
    return dict(re.findall(r'(\w+):\s*"([^"]+)"', block))


@cache
def js_table(name: str) -> dict[str, tuple[str, ...]]:
    """A table of cardface.js of the form ``word: ["#..", ...]`` (``COLOURS``)."""
    text = _cardface_js().read_text("utf-8")
    block = text[text.index(f"const {name}"):]
    block = block[: block.index("};")]
    return {k: tuple(re.findall(r'"(#[0-9a-fA-F]{6})"', v))
            for k, v in re.findall(r"(\w+):\s*\[([^\]]*)\]", block)}


@cache
def js_words(name: str) -> dict[str, str]:
    """A table of cardface.js of the form ``word: "word"`` (``ALIAS``)."""
    text = _cardface_js().read_text("utf-8")
    block = text[text.index(f"const {name}"):]
    block = block[: block.index("};")]
    return dict(re.findall(r'(\w+):\s*"(\w+)"', block))


def _arc(p0: Point, rx: float, ry: float, phi_deg: float, large: bool, sweep: bool,
         p1: Point) -> list[Point]:
    """An SVG elliptical arc from ``p0`` to ``p1`` as points (SVG 1.1, appendix F.6.5)."""
    (x1, y1), (x2, y2) = p0, p1
    if rx == 0 or ry == 0 or p0 == p1:
        return [p1]
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(phi_deg)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = x1p ** 2 / rx ** 2 + y1p ** 2 / ry ** 2
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx ** 2 * ry ** 2 - rx ** 2 * y1p ** 2 - ry ** 2 * x1p ** 2
    den = rx ** 2 * y1p ** 2 + ry ** 2 * x1p ** 2
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
    end = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx)
    delta = end - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    n = max(4, int(abs(delta) / (math.pi / 12)))
    out = []
    for i in range(1, n + 1):
        a = start + delta * i / n
        out.append((cx + rx * math.cos(a) * cos - ry * math.sin(a) * sin,
                     cy + rx * math.cos(a) * sin + ry * math.sin(a) * cos))
    return out


def _cubic(p0: Point, c1: Point, c2: Point, p1: Point) -> list[Point]:
    out = []
    for i in range(1, STEPS + 1):
        t = i / STEPS
        u = 1 - t
        a, b, c, d = u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3
        out.append((a * p0[0] + b * c1[0] + c * c2[0] + d * p1[0],
                    a * p0[1] + b * c1[1] + c * c2[1] + d * p1[1]))
    return out


def flatten(d: str) -> list[tuple[list[Point], bool]]:
    """An SVG path as (points, closed) subpaths of straight segments."""
    tokens = _TOKEN.findall(d)
    out: list[tuple[list[Point], bool]] = []
    current: list[Point] = []
    pos: Point = (0.0, 0.0)
    start: Point = (0.0, 0.0)
    last_ctrl: Point | None = None
    i, cmd = 0, ""
    while i < len(tokens):
        if not _NUMBER.fullmatch(tokens[i]):
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                if current:
                    out.append((current, True))
                current, pos, last_ctrl = [], start, None
                continue
        upper = cmd.upper()
        n = _ARGS[upper]
        args = [float(t) for t in tokens[i:i + n]]
        i += n
        rel = cmd.islower()
        ox, oy = pos if rel else (0.0, 0.0)
        if upper == "M":
            if current:
                out.append((current, False))
            pos = (ox + args[0], oy + args[1])
            start, current = pos, [pos]
            cmd = "l" if rel else "L"  # further pairs are lines
            last_ctrl = None
            continue
        if upper == "L":
            pos = (ox + args[0], oy + args[1])
            current.append(pos)
        elif upper == "H":
            pos = ((ox if rel else 0.0) + args[0], pos[1])
            current.append(pos)
        elif upper == "V":
            pos = (pos[0], (oy if rel else 0.0) + args[0])
            current.append(pos)
        elif upper in "CS":
            if upper == "C":
                c1 = (ox + args[0], oy + args[1])
                c2, end = (ox + args[2], oy + args[3]), (ox + args[4], oy + args[5])
            else:
                c1 = pos if last_ctrl is None else (2 * pos[0] - last_ctrl[0],
                                                    2 * pos[1] - last_ctrl[1])
                c2, end = (ox + args[0], oy + args[1]), (ox + args[2], oy + args[3])
            current += _cubic(pos, c1, c2, end)
            pos, last_ctrl = end, c2
            continue
        elif upper == "Q":
            c, end = (ox + args[0], oy + args[1]), (ox + args[2], oy + args[3])
            c1 = (pos[0] + 2 / 3 * (c[0] - pos[0]), pos[1] + 2 / 3 * (c[1] - pos[1]))
            c2 = (end[0] + 2 / 3 * (c[0] - end[0]), end[1] + 2 / 3 * (c[1] - end[1]))
            current += _cubic(pos, c1, c2, end)
            pos = end
        elif upper == "A":
            end = (ox + args[5], oy + args[6])
            current += _arc(pos, args[0], args[1], args[2], bool(args[3]), bool(args[4]), end)
            pos = end
        last_ctrl = None
    if current:
        out.append((current, False))
    return out


def emblem(name: str, x: float, y: float, size: float) -> list[tuple[list[Point], bool]]:
    """Emblem ``name`` (unknown: ``none``) scaled into the square at (x, y) of side ``size``."""
    paths = emblem_paths()
    d = paths.get(name) or paths["none"]
    k = size / 24
    return [([(x + px * k, y + py * k) for px, py in pts], closed) for pts, closed in flatten(d)]
