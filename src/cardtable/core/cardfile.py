"""Checking a file that is either a card pool or a deck, the same way in every game.

Each game reads its own template, but what ``cardtable cards check`` does with a file is
common: read it with the bounded reader, tell a deck (it has deck lines or a deck name) from a
card pool, check the pool's cards against each other, and say so when a file holds neither.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from cardtable.core.deck import Deck
from cardtable.core.diagnostics import Diagnostic, did_you_mean, too_many
from cardtable.core.errors import CardFileError, CardtableError, NumberError
from cardtable.core.userfile import clip, parse_count, read_source, read_text


class CardDocument(Protocol):
    """What a game's card-file parser returns: its cards, deck lines and problems so far."""

    cards: Any
    #: each card's header line, by name
    card_lines: dict[str, int]
    entries: Any
    deck_name: str
    diagnostics: list[Diagnostic]


@dataclass
class Document:
    """What one card or deck file says, in any game's template: card definitions and, if it
    is a deck, its entries, with every problem found so far (parsers collect, never stop)."""

    cards: list[Any] = field(default_factory=list)
    #: each card's header line, by name
    card_lines: dict[str, int] = field(default_factory=dict)
    deck_name: str = ""
    deck_name_en: str = ""
    #: (line, count, card name) of each deck line
    entries: list[tuple[int, int, str]] = field(default_factory=list)
    #: cards defined in the file whose definition has errors (already reported)
    broken: set[str] = field(default_factory=set)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def add_deck_line(doc: Document, lineno: int, entry: tuple[str, str], max_count: int,
                  report: Callable[[int, str], None]) -> None:
    """A deck line's ``(count digits, card name)`` (``userfile.deck_entry``) added to
    ``doc.entries``, or, for a count outside 0 to ``max_count``, reported at its line: the same
    in every game whose decks count their cards."""
    try:
        count = parse_count(entry[0], 0, max_count, "a deck line's count")
    except NumberError as exc:
        report(lineno, str(exc))
        return
    doc.entries.append((lineno, count, entry[1]))


def split_key(line: str) -> tuple[str, bool, str]:
    """``key: value`` split at the first colon (half or full width): (key, had a colon, value)."""
    parts = re.split(r"[:：]", line, maxsplit=1)
    if len(parts) == 1:
        return line.strip(), False, ""
    return parts[0].strip(), True, parts[1].strip()


def check_card_or_deck_file(
    path: Path,
    parse_document: Callable[[str, str], CardDocument],
    check_deck: Callable[[Path], list[Diagnostic]],
    check_pool: Callable[[Any, str], Any] | None,
    card_mark: str,
) -> list[Diagnostic]:
    """Every problem in ``path`` read as a deck or as a card pool; empty when it is valid.

    ``card_mark`` is how the template opens a card (``◇カード名``), named when a file holds
    no card at all so the author sees what the parser looked for.
    """
    text, unreadable = read_source(path)
    if unreadable:
        return unreadable
    doc = parse_document(text, str(path))
    if doc.entries or doc.deck_name:
        return check_deck(path)
    if check_pool is not None:
        check_pool(doc, str(path))
    if not doc.cards and not doc.diagnostics:
        doc.diagnostics.append(Diagnostic(str(path), 1, f"no cards ('{card_mark}') found"))
    return doc.diagnostics


def cards_in_file(path: Path,
                  parse_document: Callable[[str, str], CardDocument]) -> list[tuple[int, Any]]:
    """The cards ``path`` defines, as ``(header line, card JSON)`` (none when it cannot be
    read): what ``Game.file_cards`` gives ``english_gaps``."""
    text, unreadable = read_source(path)
    if unreadable:
        return []
    doc = parse_document(text, str(path))
    return [(doc.card_lines[c.name], c.to_json()) for c in doc.cards]


def deck_text_from_names(names: Sequence[str], counted: bool = True) -> str:
    """The text of a deck file listing ``names`` (a list of card names, one entry a copy),
    for ``load_deck`` from memory: ``N name`` lines in first-seen order, or (``counted``
    false, Dice and Monsters' layout) one line a card."""
    if isinstance(names, str) or not all(isinstance(n, str) for n in names):
        raise CardtableError("a deck in memory is a list of card names")
    if not counted:
        lines = [n.strip() for n in names]
    else:
        counts: dict[str, int] = {}
        for n in names:
            counts[n.strip()] = counts.get(n.strip(), 0) + 1
        lines = [f"{k} {n}" for n, k in counts.items()]
    return "デッキ: deck / deck\n" + "".join(f"{line}\n" for line in lines)


def deck_from_document(
    doc: Document,
    path: Path,
    pool: dict[str, Any],
    resolve: Callable[[Document, dict[str, Any]], list[Any]],
    shipped_dir: Path | None = None,
) -> tuple[Deck, list[Diagnostic]]:
    """A parsed deck file as a ``Deck`` and its problems, the same way in every game.

    A deck file may define cards of its own beside the shipped ``pool``, but not a card of the
    pool's name with other text (two cards of one name would be told apart by nothing); decks
    shipped in ``shipped_dir`` are the pool's own and may repeat it. ``resolve`` turns the deck
    lines into cards under the game's deck rules.
    """
    merged = dict(pool)
    for card in doc.cards:
        if card.name in merged and merged[card.name] != card and path.parent != shipped_dir:
            doc.diagnostics.append(Diagnostic(
                str(path), doc.card_lines[card.name],
                f"card '{card.name}' redefines a shipped card; give it a new name"))
        merged[card.name] = card
    if not doc.entries:
        doc.diagnostics.append(Diagnostic(str(path), 1, "no deck lines ('4 カード名') found"))
    cards = resolve(doc, merged)
    name = doc.deck_name or path.stem
    return Deck(name, tuple(cards), doc.deck_name_en or path.stem), doc.diagnostics


def read_pool(paths: Sequence[Path], parse: Callable[[str, str], Any],
              check: Callable[[Any, str], None] | None = None) -> dict[str, Any]:
    """A game's shipped card files as one pool by name (the game caches it); any problem in
    them, ``check``'s included, is a ``CardFileError``: a shipped file must be clean."""
    pool: dict[str, Any] = {}
    problems: list[Diagnostic] = []
    for path in paths:
        doc = parse(read_text(path), str(path))
        if check is not None:
            check(doc, str(path))
        problems.extend(doc.diagnostics)
        for card in doc.cards:
            pool[card.name] = card
    if problems:
        raise CardFileError(problems)
    return pool


class ShippedCards:
    """A game's shipped card files and deck folder, in the ``data`` folder beside ``module``
    (a ``__file__``), and the pool they make, read once (``read_pool``)."""

    def __init__(self, module: str, parse: Callable[[str, str], Any],
                 check: Callable[[Any, str], None] | None = None,
                 files: tuple[str, ...] = ("cards.txt",)) -> None:
        self.data = Path(module).parent / "data"
        self.files = tuple(self.data / name for name in files)
        self.deck_dir = self.data / "decks"
        self._parse, self._check = parse, check
        self._pool: dict[str, Any] | None = None

    def pool(self) -> dict[str, Any]:
        """Every shipped card by name (the same dict every call)."""
        if self._pool is None:
            self._pool = read_pool(self.files, self._parse, self._check)
        return self._pool


def load_any_deck(game: Any, name_or_path: str | Sequence[str], counted: bool = True) -> Deck:
    """``Game.load_deck``: a shipped deck by name, a deck file by path, a deck file's text
    (several lines) or a list of card names, one entry a copy (written as ``1 name`` lines, or
    bare names where ``counted`` is off); any problem is a ``CardFileError`` naming the line."""
    if not isinstance(name_or_path, str):
        name_or_path = deck_text_from_names(name_or_path, counted)
    if "\n" in name_or_path:
        deck, problems = game.read_deck_text(name_or_path, Path("<deck>"))
    else:
        deck, problems = game.read_deck(game.deck_file(name_or_path))
    if problems:
        raise CardFileError(problems)
    return deck  # type: ignore[no-any-return]


def name_lookup(pool: dict[str, Any], short: bool = False) -> dict[str, Any]:
    """Every way a deck line may name a card of ``pool``: its name, its English name (any
    case) and, with ``short``, its short name; a name wins over another card's other names."""
    by: dict[str, Any] = {}
    for c in pool.values():
        by.setdefault(c.name_en.casefold(), c)
        if short and c.short:
            by.setdefault(c.short, c)
    for c in pool.values():
        by[c.name] = c
    return by


def resolve_deck_entries(doc: Document, pool: dict[str, Any], filename: str,
                         problems: Callable[[list[Any]], list[str]], short: bool = False,
                         not_a_card: Callable[[str], str | None] | None = None) -> list[Any]:
    """A deck's lines as cards in file order, the same way in the games that read decks so:
    a diagnostic for each unknown name (``not_a_card(name)``, if given, may say why it is none;
    a name whose definition was broken is reported already), and each of the deck rule's
    ``problems(cards)`` at the first line of the card it names (else the last line)."""
    by = name_lookup(pool, short)
    cards: list[Any] = []
    first_line: dict[str, int] = {}
    for lineno, count, name in doc.entries:
        if too_many(doc.diagnostics, filename, lineno):
            return cards
        card = by.get(name) or by.get(name.casefold())
        if card is None and name in doc.broken:
            continue
        if card is None:
            why = not_a_card(name) if not_a_card is not None else None
            if why is None:
                names = [c.name for c in pool.values()] + [c.name_en for c in pool.values()]
                why = f"unknown card '{clip(name)}'{did_you_mean(name, names)}"
            doc.diagnostics.append(Diagnostic(filename, lineno, why))
            continue
        first_line.setdefault(card.name, lineno)
        cards.extend([card] * count)
    last = doc.entries[-1][0] if doc.entries else 1
    for problem in problems(cards):
        line = next((first_line[n] for n in first_line if f"'{n}'" in problem), last)
        doc.diagnostics.append(Diagnostic(filename, line, problem))
    return cards


def report_name_clashes(doc: Document, filename: str, labels: Callable[[Any], set[str]],
                        seen: dict[str, str] | None = None) -> None:
    """A diagnostic at each card one of whose ``labels`` (its name, English name folded, a
    short name: whatever a deck line may call it by) another card already goes by.

    ``seen`` maps labels taken before the file's cards (Culdcept's starting lands) to the
    card that holds them.
    """
    taken = dict(seen or {})
    for card in doc.cards:
        for label in labels(card) - {""}:
            if label in taken and taken[label] != card.name:
                doc.diagnostics.append(Diagnostic(
                    filename, doc.card_lines[card.name],
                    f"card name '{label}' is already used by '{taken[label]}'"))
            else:
                taken[label] = card.name


class TextCardFiles:
    """The card-file half of a ``Game`` whose cards and decks are text in its own template.

    Reading a deck (cards it defines beside the shipped pool, its lines resolved under the
    game's deck rules), loading one by name or path, listing a file's cards and checking a file
    were the same in every such game, and four had copied them; a game mixes this in before
    ``Game`` and says only what is its own: the parser, the check of names inside one file, the
    header a card starts with, its shipped pool, its card class and how deck lines become cards
    (``deck_resolver``). The ``Game`` supplies ``resolve_options`` and ``deck_file``/``deck_dir``.
    """

    #: ``(text, filename) -> Document``: the game's template (wrap in ``staticmethod``)
    card_parser: Callable[[str, str], Any]
    #: names used twice inside one file, reported into the document (``staticmethod``)
    name_check: Callable[[Any, str], None] | None = None
    #: how the template opens a card, named when a file holds no card at all
    card_header = "◇カード名"
    #: the shipped pool by name, read once (``staticmethod``; ``ShippedCards.pool``)
    shipped: Callable[[], dict[str, Any]]
    #: ``(doc, pool, filename, options) -> cards``: the deck rules (``staticmethod``)
    deck_resolver: Callable[[Any, dict[str, Any], str, dict[str, Any]], list[Any]]
    #: the game's card class, rebuilt from a record by its ``from_json``
    card_class: Any

    def pool(self) -> dict[str, Any]:
        return self.shipped()

    def card_from_json(self, data: dict[str, Any]) -> Any:
        return self.card_class.from_json(data)

    def resolve_deck_lines(self, doc: Any, pool: dict[str, Any], filename: str,
                           options: dict[str, Any]) -> list[Any]:
        """The deck's cards in file order, with diagnostics for unknown names and broken
        deck rules added to ``doc``."""
        return self.deck_resolver(doc, pool, filename, options)

    def read_deck(self, path: Path, options: dict[str, Any] | None = None
                  ) -> tuple[Deck, list[Diagnostic]]:
        """A deck file and every problem in it (an unreadable file is one of them)."""
        text, unreadable = read_source(path)
        if unreadable:
            return Deck(path.stem, ()), unreadable
        return self.read_deck_text(text, path, options)

    def read_deck_text(self, text: str, path: Path, options: dict[str, Any] | None = None
                       ) -> tuple[Deck, list[Diagnostic]]:
        """A deck file's text, held in memory (``path`` names it in the diagnostics)."""
        game: Any = self
        opts = game.resolve_options(options)
        doc = self.card_parser(text, str(path))
        if self.name_check is not None:
            self.name_check(doc, str(path))
        return deck_from_document(
            doc, path, game.pool(),
            lambda d, pool: self.resolve_deck_lines(d, pool, str(path), opts), game.deck_dir)

    def load_deck(self, name_or_path: str | Sequence[str]) -> Deck:
        """A shipped deck by name, a deck file by path, a deck file's text (several lines) or
        a list of card names (Japanese or English, one entry a copy); any problem is an
        error that names the line."""
        return load_any_deck(self, name_or_path)

    def file_cards(self, path: Path) -> list[tuple[int, Any]]:
        return cards_in_file(path, self.card_parser)

    def check_file(self, path: Path) -> list[Diagnostic]:
        return check_card_or_deck_file(path, self.card_parser, lambda p: self.read_deck(p)[1],
                                       self.name_check, self.card_header)
