"""Option values written as text (``life=30``, ``mcts:iters=2000``), typed the way they read.

Agent specs and game options on the command line share this reading, so ``true``, ``40`` and
``0.5`` mean the same wherever a player writes them.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def typed_value(text: str) -> Any:
    """``true``/``false`` are booleans, then whole numbers, then decimals, else the text."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


@dataclass(frozen=True)
class Option:
    """One game option, declared once: its default, the inclusive range of a whole number, and
    its label and one-line help in both languages.

    A game lists its options in one table (``games/<id>/data/options.toml``, read by
    ``read_options``); ``Game`` derives from it
    the defaults ``new_game`` starts from, the ranges ``resolve_options`` checks, and the labels
    and help a lobby or ``--help`` shows, so no option can be half declared.
    """

    name: str
    default: bool | int | str
    #: inclusive bounds of a whole-number option (None: a flag or text, checked by type alone)
    range: tuple[int, int] | None = None
    #: (label, help) in English and in Japanese
    en: tuple[str, str] = field(default=("", ""), kw_only=True)
    ja: tuple[str, str] = field(default=("", ""), kw_only=True)

    def __post_init__(self) -> None:
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            if self.range is None:
                raise ValueError(f"option '{self.name}' is a whole number: declare its range")
            lo, hi = self.range
            if not lo <= self.default <= hi:
                raise ValueError(f"option '{self.name}': default {self.default} is outside "
                                 f"{lo} to {hi}")

    def words(self, lang: str) -> tuple[str, str]:
        """(label, help) in ``lang``; an option without words is shown by its name."""
        label, text = self.ja if lang == "ja" else self.en
        return (label or self.name, text)


#: every game that keeps decklists private offers to open them, in the same words (each view
#: then names the opponent's decklist, as a tournament that opens decklists does)
OPEN_DECKLISTS = Option("open_decklists", False,
                        en=("Open decklists", "Each player may see the other's decklist."),
                        ja=("デッキリスト公開", "互いのデッキリストを見られる。"))


#: what a table of ``data/options.toml`` may say of its option
_OPTION_KEYS = {"default", "range", "en", "ja"}


def read_options(module: str, **bounds: int) -> tuple[Option, ...]:
    """The options declared in ``data/options.toml`` beside ``module`` (a ``__file__``), in
    the file's order.

    Each option is a table: its ``default``, the ``range`` of a whole number, and ``en`` and
    ``ja``, each ``[label, help]``. A bound of a range may name one of ``bounds`` (the
    constant of the rules it is, such as ``DECK_MAX``), so the number stands in the rules alone.
    Options are data like the games' other wording, and every game read them alike: this one
    reader replaces the five games' tuples of ``Option(...)`` written out by hand.
    """
    path = Path(module).resolve().parent / "data" / "options.toml"
    table = tomllib.loads(path.read_text("utf-8"))
    out = []
    for name, spec in table.items():
        unknown = set(spec) - _OPTION_KEYS
        if unknown:
            raise ValueError(f"{path}: option '{name}' says {sorted(unknown)[0]!r}; "
                             f"an option says {', '.join(sorted(_OPTION_KEYS))}")
        span = spec.get("range")
        if span is not None:
            missing = [b for b in span if isinstance(b, str) and b not in bounds]
            if missing:
                raise ValueError(f"{path}: option '{name}' is bounded by {missing[0]}, "
                                 "which its game does not give")
            span = tuple(bounds[b] if isinstance(b, str) else b for b in span)
        out.append(Option(name, spec["default"], span,
                          en=tuple(spec.get("en", ("", ""))),
                          ja=tuple(spec.get("ja", ("", "")))))
    return tuple(out)
