"""Diagnostics for hand-written card and deck files: ``file:line: what is wrong``."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem in a file, located by line so an editor can jump to it."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        # line 0: a problem of the whole file (unreadable, too large), which has no line
        if self.line <= 0:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}: {self.message}"


#: problems a parser reports before it stops reading a file: a file with more is not a typo
#: away from valid, and a bound keeps the check's work (suggestions included) small
MAX_DIAGNOSTICS = 100


def too_many(diagnostics: list[Diagnostic], file: str, line: int) -> bool:
    """True (after adding a closing note) once ``diagnostics`` exceeds ``MAX_DIAGNOSTICS``."""
    if len(diagnostics) < MAX_DIAGNOSTICS:
        return False
    diagnostics.append(Diagnostic(file, line, f"more than {MAX_DIAGNOSTICS} problems: "
                                              "stopped reading here"))
    return True


#: similarity a candidate needs to be suggested (difflib's ratio, 0..1)
CUTOFF = 0.5


def nearest(word: str, candidates: Iterable[str]) -> str | None:
    """The valid word a designer most likely meant, or None when nothing is close.

    Why the length filter: difflib's ratio is 2*M/(len(a)+len(b)) with M <= the shorter
    length, so a word more than three times as long as a candidate can never reach the cutoff,
    and comparing it anyway costs time quadratic in the word's length. Skipping those keeps a
    suggestion for a 100,000-character typo as cheap as for a short one.
    """
    pool = list(dict.fromkeys(candidates))
    folded = {c.casefold(): c for c in pool}
    key = word.casefold()
    near = [c for c in folded if 3 * len(c) >= len(key) and 3 * len(key) >= len(c)]
    if not near:
        return None
    hit = difflib.get_close_matches(key, near, n=1, cutoff=CUTOFF)
    return folded[hit[0]] if hit else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """A ``(did you mean 'x'?)`` suffix, empty when no candidate is close."""
    best = nearest(word, candidates)
    return f" (did you mean '{best}'?)" if best else ""
