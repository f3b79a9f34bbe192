"""The fonts a printed card is drawn in, found once per process.

Japanese text needs a font with its glyphs embedded in the PDF, and reportlab embeds only
TrueType outlines (``glyf``), not the CFF outlines of Noto Sans CJK's ``.ttc``. So the face font
is IPAexGothic (Debian's ``fonts-ipaexfont-gothic``, IPA Font License v1.0), with DejaVu Sans
(``fonts-dejavu-core``, the Bitstream Vera licence) for the few symbols it lacks (``‣``, the
bullet of サラスヴァティ's effect lines). ``CARDTABLE_PRINT_FONT`` may name another TrueType
font to use first. Text is split into runs by which font holds each character, so the PDF and
the Tabletop Simulator images draw the same glyphs; a character neither font holds is listed by
``missing`` (the tests require none for every shipped card) and drawn as ``?``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardtable.core.errors import CardtableError

#: where each Debian package puts its font (the first found is used)
FACE_FONTS = (
    "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/ipafont-gothic/ipag.ttf",
)
SYMBOL_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
)
#: the font names registered with reportlab, in the order runs prefer them
NAMES = ("CardtableFace", "CardtableSymbols")
NO_FONT = ("no Japanese TrueType font found for printing (looked for {paths}); install Debian's "
           "fonts-ipaexfont-gothic (apt-get install fonts-ipaexfont-gothic) or set "
           "CARDTABLE_PRINT_FONT to a .ttf file with Japanese glyphs")


class FontError(CardtableError, ValueError):
    """No usable font: printing cannot draw Japanese text without one."""


@dataclass(frozen=True)
class Fonts:
    """The face font and the symbol font: their files and the characters each holds."""

    paths: tuple[str, ...]
    #: the characters each font has a glyph for, by font
    covers: tuple[frozenset[int], ...]

    def font_of(self, ch: str) -> int | None:
        """Which font draws ``ch`` (an index into ``paths``), or None when none has it."""
        code = ord(ch)
        for i, chars in enumerate(self.covers):
            if code in chars:
                return i
        return None

    def runs(self, text: str) -> list[tuple[int, str]]:
        """``text`` as (font index, piece) runs; a character no font holds becomes ``?``."""
        out: list[tuple[int, str]] = []
        for ch in text:
            font = 0 if ch.isspace() else self.font_of(ch)
            if font is None:
                font, ch = 0, "?"
            if out and out[-1][0] == font:
                out[-1] = (font, out[-1][1] + ch)
            else:
                out.append((font, ch))
        return out

    def missing(self, text: str) -> set[str]:
        """The characters of ``text`` no font can draw."""
        return {ch for ch in text if not ch.isspace() and self.font_of(ch) is None}


def require(module: str) -> None:
    """Import ``module`` of the print extra, or say how to install it (a ``FontError``: the
    extra is what draws the fonts)."""
    import importlib

    try:
        importlib.import_module(module)
    except ModuleNotFoundError as exc:
        raise FontError(f"printing needs the print extra ({exc.name} is missing): "
                        "pip install 'cardtable[print]'") from None


def _first(paths: tuple[str, ...]) -> str | None:
    return next((p for p in paths if Path(p).is_file()), None)


@cache
def fonts() -> Fonts:
    """The fonts found on this machine, read once; a ``FontError`` says how to install one."""
    require("reportlab")
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    chosen = os.environ.get("CARDTABLE_PRINT_FONT")
    face = chosen if chosen and Path(chosen).is_file() else _first(FACE_FONTS)
    if face is None:
        raise FontError(NO_FONT.format(paths=", ".join(FACE_FONTS)))
    paths = [face]
    symbols = _first(SYMBOL_FONTS)
    if symbols is not None:
        paths.append(symbols)
    covers = []
    for path in paths:
        try:
            font = TTFont("probe", path)
        except TTFError as exc:  # a CFF (.otf) or broken file
            raise FontError(f"{path} cannot be embedded ({exc}); printing needs a TrueType "
                            "font (glyf outlines), such as IPAexGothic") from None
        covers.append(frozenset(font.face.charToGlyph))
    return Fonts(tuple(paths), tuple(covers))


@cache
def registered() -> tuple[str, ...]:
    """The fonts registered with reportlab under ``NAMES`` (once per process)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    found = fonts()
    names = NAMES[: len(found.paths)]
    for name, path in zip(names, found.paths, strict=True):
        pdfmetrics.registerFont(TTFont(name, path))
    return names


def text_width(text: str, size: float) -> float:
    """The advance of ``text`` at font size ``size`` (same unit out as in), summed over runs."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    names = registered()
    return sum(stringWidth(piece, names[font], size) for font, piece in fonts().runs(text))
