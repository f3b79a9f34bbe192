"""Diagnostics for hand-written card and deck files: ``file:line: what is wrong``."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem in a file, located by line so an editor can jump to it."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def nearest(word: str, candidates: Iterable[str]) -> str | None:
    """The valid word a designer most likely meant, or None when nothing is close."""
    pool = list(dict.fromkeys(candidates))
    folded = {c.casefold(): c for c in pool}
    hit = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=0.5)
    return folded[hit[0]] if hit else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """A ``(did you mean 'x'?)`` suffix, empty when no candidate is close."""
    best = nearest(word, candidates)
    return f" (did you mean '{best}'?)" if best else ""


def read_source(path: Path) -> tuple[str, list[Diagnostic]]:
    """A card or deck file's text, or a diagnostic saying why it cannot be read.

    Why a diagnostic and not an exception: ``cards check`` reports every problem of every file
    it is given the same way, an unreadable file included.
    """
    try:
        return path.read_text("utf-8"), []
    except (OSError, UnicodeDecodeError) as exc:
        return "", [Diagnostic(str(path), 0, f"cannot read file: {exc}")]
