"""The designer's workbench's work: what runs in the work pool, never on the event loop.

Each function here takes plain data and returns plain data (JSON-able dicts), so the work pool
may run it in a thread or in a worker process. A designer's text is written to a fixed name in
a fresh temporary directory and read by the same checker as ``cardtable cards check``; no name
a designer gives (a card's, a deck's) is ever part of a path, and the temporary path is
replaced by a label in every message, so nothing of the server's files shows.
"""

from __future__ import annotations

import math
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardtable.core import CardtableError, load_game
from cardtable.core.cost_curve import JA, Curve, CurvePoint, fit_curves, off_curve
from cardtable.web.limits import MAX_DECK

#: the label a designer's card text carries in its messages (``cards.txt:3: ...``)
CARDS_LABEL = "cards.txt"
DECK_LABEL = "deck.txt"
#: messages one check returns at most
MAX_MESSAGES = 100
#: a deck line: a count then a name (every game but Dice and Monsters, whose lines are names)
COUNT_LINE = re.compile(r"^\s*([0-9０-９]{1,3})\s+(\S.*?)\s*$")
DECK_HEADER = re.compile(r"^\s*(デッキ|deck)\s*[:：]", re.IGNORECASE)
#: characters a deck's name may not hold (it becomes one line of a file)
UNSAFE = re.compile(r"[\x00-\x1f\x7f/\\:：#]")


class DesignError(CardtableError):
    """What the workbench refuses, said so a designer can act on it (a 400)."""


@contextmanager
def written(text: str, label: str) -> Iterator[tuple[Path, Any]]:
    """``text`` as a file of a fixed name in a fresh directory, and a function that replaces
    that file's path by ``label`` in a message."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_DECK:
        raise DesignError(f"{label} is larger than {MAX_DECK // 1024} KB")
    with tempfile.TemporaryDirectory(prefix="cardtable-design-") as tmp:
        path = Path(tmp) / "file.txt"
        path.write_text(text, "utf-8", errors="surrogatepass")

        def clean(message: str) -> str:
            return message.replace(str(path), label).replace(tmp, ".")

        yield path, clean


def _messages(diagnostics: list[Any], clean: Any) -> list[dict[str, Any]]:
    out = [{"line": int(d.line), "message": clean(str(d.message)), "text": clean(str(d))}
           for d in diagnostics[:MAX_MESSAGES]]
    if len(diagnostics) > MAX_MESSAGES:
        out.append({"line": 0, "message": f"{len(diagnostics) - MAX_MESSAGES} more problems "
                                           "not shown; fix these first", "text": ""})
    return out


def face(game: Any, card: dict[str, Any], lang: str) -> dict[str, Any]:
    """A card's face as the table draws it in a hand: the game's projection's ``card_face``
    (``core.projection.card_face``: name and text where a game offers none)."""
    from cardtable.core.projection import card_face

    module = game.parts.module("projection") if game.parts is not None else None
    return dict(card_face(module, card, lang).to_json())


# -- the cost curve -----------------------------------------------------------------------

@lru_cache(maxsize=16)
def _pool_points(game_id: str) -> tuple[tuple[str, CurvePoint], ...]:
    game = load_game(game_id)
    pool = getattr(game, "pool", None)
    if pool is None:
        return ()
    out = []
    for card in pool().values():
        point = game.curve_point(card.to_json())
        if point is not None:
            out.append((str(card.name), point))
    return tuple(out)


@lru_cache(maxsize=16)
def _shipped_curves(game_id: str) -> dict[str, Curve]:
    return fit_curves(p for _, p in _pool_points(game_id))


def _curves(game_id: str, mine: set[str]) -> tuple[dict[str, Curve], list[tuple[str, CurvePoint]]]:
    """The pool's curves without the designer's own names (as ``cards check`` fits them)."""
    points = [(n, p) for n, p in _pool_points(game_id) if n not in mine]
    if len(points) == len(_pool_points(game_id)):
        return _shipped_curves(game_id), points
    return fit_curves(p for _, p in points), points


def curve_plot(game: Any, card: dict[str, Any], curves: dict[str, Curve],
               points: list[tuple[str, CurvePoint]], lang: str) -> dict[str, Any] | None:
    """Where a card sits on its group's curve: the cost the pool pays for its numbers
    (``predicted``, the fit) against the cost it pays, with every pool card of the group the
    same way, and the range within which no warning is given. None: a card the curve does not
    price (a spell, a group too small to fit)."""
    point = game.curve_point(card)
    if point is None:
        return None
    curve = curves.get(point.group)
    if curve is None:
        return None
    low, high = curve.expected(point)
    lo, hi = max(math.floor(low + 1e-9), 0), math.ceil(high - 1e-9)
    half = (high - low) / 2

    def word(w: str) -> str:
        return JA.get(w, w) if lang == "ja" else w

    return {
        "group": word(point.group), "cost_name": word(point.cost_name), "cost": point.cost,
        "predicted": round(curve.predict(point), 3), "low": lo, "high": hi,
        "half": round(half, 3), "size": curve.size,
        "stats": [[word(n), v] for n, v in point.stats],
        "pool": [[round(curve.predict(p), 3), p.cost, n] for n, p in points
                 if p.group == point.group],
        "warning": off_curve(curves, str(card.get("name", "")), point, lang),
    }


# -- the card editor ----------------------------------------------------------------------

def check_cards(game_id: str, text: str, lang: str = "en") -> dict[str, Any]:
    """The designer's card text checked as ``cards check`` checks a card file: every problem
    by line (with the nearest valid phrase the checker names), each valid card's face and its
    place on the cost curve, and the warnings ``cards check`` prints for a valid file."""
    game = load_game(game_id)
    with written(text, CARDS_LABEL) as (path, clean):
        problems = game.check_file(path)
        cards = game.file_cards(path)
        mine = {str(c["name"]) for _, c in cards}
        curves, points = _curves(game_id, mine)
        out_cards = []
        for line, card in cards:
            out_cards.append({"line": line, "name": str(card["name"]),
                              "name_en": str(card.get("name_en", "") or ""),
                              "face": face(game, card, lang),
                              "curve": curve_plot(game, card, curves, points, lang)})
        warnings = [] if problems or not cards else [
            *game.english_gaps(path), *game.curve_warnings(path, lang)]
        return {"ok": not problems and bool(cards), "problems": _messages(problems, clean),
                "warnings": _messages(warnings, clean), "cards": out_cards}


# -- the pool and the shipped decks -------------------------------------------------------

@lru_cache(maxsize=16)
def counted(game_id: str) -> bool:
    """Whether the game's deck lines carry counts (``4 name``): Dice and Monsters' do not."""
    game = load_game(game_id)
    for name in game.deck_names():
        text = game.deck_file(name).read_text("utf-8")
        if any(COUNT_LINE.match(line) for line in text.splitlines()):
            return True
    return False


DECK_RULES = re.compile(r"deck|copies|^min_|leap")


@lru_cache(maxsize=16)
def pool_info(game_id: str, lang: str = "en") -> dict[str, Any]:
    """What the workbench shows of a game before anything is typed: every shipped card with
    its face, the shipped decks as counts, the deck rules (the options that say what a deck
    may hold, at their defaults), and a card to start from."""
    game = load_game(game_id)
    pool = game.pool() if hasattr(game, "pool") else {}
    cards = [{"name": str(c.name), "name_en": str(getattr(c, "name_en", "") or ""),
              "face": face(game, c.to_json(), lang)} for c in pool.values()]
    decks = []
    for name in game.deck_names():
        deck = game.load_deck(name)
        decks.append({"id": name, "name": deck.name, "name_en": deck.name_en,
                      "entries": [[n, k] for n, k in deck.counts().items()]})
    defaults = game.default_options()
    help_ = game.option_help(lang)
    rules = [{"name": k, "label": help_[k][0], "help": help_[k][1], "value": v}
             for k, v in defaults.items()
             if DECK_RULES.search(k) and isinstance(v, int) and not isinstance(v, bool)
             and k in help_]
    return {"game": game.id, "title": game.title, "title_ja": game.title_ja,
            "counted": counted(game_id), "cards": cards, "decks": decks, "rules": rules,
            "starter": starter(game_id)}


def starter(game_id: str) -> str:
    """A new card to start from: the first shipped card of the pool file, renamed (a deck may
    not redefine a shipped card)."""
    game = load_game(game_id)
    module = game.parts.module("projection") if game.parts is not None else None
    if module is None:
        return ""
    path = Path(module.__file__).parent / "data" / "cards.txt"
    if not path.is_file():
        return ""
    cards = game.file_cards(path)
    if not cards:
        return ""
    lines = path.read_text("utf-8").splitlines()
    first = cards[0][0] - 1
    end = cards[1][0] - 1 if len(cards) > 1 else len(lines)
    block = [ln for ln in lines[first:end] if not ln.startswith("#")]
    while (block and not block[-1].strip()) or (block and re.fullmatch(r"[―—\-ー─=＝]{3,}",
                                                                     block[-1].strip())):
        block.pop()
    card = cards[0][1]
    name, name_en = str(card["name"]), str(card.get("name_en", "") or "")
    block[0] = block[0].replace(name, name + "・改", 1)
    if name_en:
        block = [ln.replace(name_en, name_en + " Mk II", 1) for ln in block]
    return "\n".join(block) + "\n"


# -- decks ----------------------------------------------------------------------------------

def clean_deck_name(name: str) -> str:
    name = UNSAFE.sub(" ", name).strip()
    name = re.sub(r"\s+", " ", name)[:60].strip()
    return name or "my deck"


def used_blocks(game: Any, cards: str, used: set[str]) -> list[tuple[int, list[str]]]:
    """The blocks of the designer's text that define the cards a deck uses, each with the
    editor line it starts on: a card being written elsewhere in the editor, or one the deck
    does not use, stays out of the deck file (so a draft never stops the deck from playing).

    A block runs from its card's header to the next card's; where it does not read alone as
    that one card (a broken card lies between them), it is cut before the next line that
    starts like a header, the first cut the checker reads clean."""
    with written(cards, CARDS_LABEL) as (path, _):
        found = sorted(game.file_cards(path), key=lambda pair: pair[0])
    lines = cards.splitlines()
    out = []
    for k, (line, card) in enumerate(found):
        names = {str(card["name"]), str(card.get("name_en", "") or "")}
        if not names & used:
            continue
        end = found[k + 1][0] - 1 if k + 1 < len(found) else len(lines)
        block = lines[line - 1:end]
        out.append((line, _alone(game, block, str(card["name"]))))
    return out


def _alone(game: Any, block: list[str], name: str) -> list[str]:
    def reads(candidate: list[str]) -> bool:
        with written("\n".join(candidate) + "\n", CARDS_LABEL) as (path, _):
            return not game.check_file(path) and [
                str(c["name"]) for _, c in game.file_cards(path)] == [name]

    if reads(block):
        return block
    mark = block[0].lstrip()[:1]
    for cut in range(1, len(block)):
        if mark and block[cut].lstrip().startswith(mark) and reads(block[:cut]):
            return block[:cut]
    return block


def deck_text(game_id: str, name: str, cards: str, entries: list[tuple[str, int]]
              ) -> tuple[str, dict[int, int]]:
    """A deck file the command line reads (its name, the designer's cards it uses, then its
    lines), and the editor line each of the file's card lines came from."""
    game = load_game(game_id)
    named = clean_deck_name(name)
    is_counted = counted(game_id)
    body = []
    for card, count in entries:
        card = card.strip()
        if not card or "\n" in card or "\r" in card:
            raise DesignError(f"a card name must be one line, not {card[:40]!r}")
        if is_counted:
            body.append(f"{count} {card}")
        else:
            body.extend([card] * count)
    head = [f"# made in the cardtable workbench (/design/{game_id})", f"デッキ: {named} / {named}",
            ""]
    origin: dict[int, int] = {}
    out = list(head)
    for start, block in used_blocks(game, cards, {c.strip() for c, _ in entries}):
        for offset, text in enumerate(block):
            out.append(text)
            origin[len(out)] = start + offset
        out.append("")
    return "\n".join([*out, *body]) + "\n", origin


def check_deck(game_id: str, name: str, cards: str, entries: list[tuple[str, int]],
               lang: str = "en") -> dict[str, Any]:
    """The deck built in the page, as the file it downloads, checked against the game's deck
    rules as ``cards check`` checks that file. Each problem says where it belongs: a line of
    the card editor, a deck entry (by card name), or the whole deck."""
    game = load_game(game_id)
    text, origin = deck_text(game_id, name, cards, entries)
    with written(text, DECK_LABEL) as (path, clean):
        problems = game.check_file(path)
        size = None
        if not problems:
            try:
                size = len(game.load_deck(str(path)))
            except CardtableError as exc:
                return {"ok": False, "text": text, "size": None,
                        "problems": [{"where": "deck", "line": 0, "card": "",
                                      "message": clean(str(exc))}]}
        lines = text.splitlines()
        out = []
        for d in problems[:MAX_MESSAGES]:
            item = {"where": "deck", "line": 0, "card": "", "message": clean(str(d.message))}
            if d.line in origin:
                item.update(where="cards", line=origin[d.line])
            elif 0 < d.line <= len(lines):
                m = COUNT_LINE.match(lines[d.line - 1])
                item["card"] = (m.group(2) if m else lines[d.line - 1]).strip()
            out.append(item)
        total = sum(k for _, k in entries)
        return {"ok": not problems, "text": text, "size": size if size is not None else total,
                "problems": out}


def import_deck(game_id: str, text: str) -> dict[str, Any]:
    """An uploaded deck file split back into the page's parts: its name, the cards it defines
    (the text between its header and its deck lines) and its entries. A file the checker
    refuses is refused with its problems."""
    game = load_game(game_id)
    with written(text, DECK_LABEL) as (path, clean):
        problems = game.check_file(path)
        if problems:
            return {"ok": False, "problems": _messages(problems, clean)}
        try:
            deck = game.load_deck(str(path))
        except CardtableError as exc:
            return {"ok": False, "problems": [{"line": 0, "message": clean(str(exc)),
                                               "text": clean(str(exc))}]}
        defined = game.file_cards(path)
    names = set(deck.counts())
    english = {str(getattr(c, "name_en", "") or "").casefold() for c in deck.cards}
    is_counted = counted(game_id)
    keep = []
    starts = {line for line, _ in defined}
    in_cards = False
    for number, line in enumerate(text.splitlines(), start=1):
        if number in starts:
            in_cards = True
        if DECK_HEADER.match(line):
            continue
        stripped = line.strip()
        entry = COUNT_LINE.match(line) if is_counted else None
        if is_counted and entry and number not in starts:
            continue
        if not is_counted and (stripped in names or stripped.casefold() in english) \
                and number not in starts:
            continue
        if not in_cards and (not stripped or stripped.startswith("#")):
            continue
        keep.append(line)
    return {"ok": True, "name": deck.name, "name_en": deck.name_en,
            "cards": "\n".join(keep).strip("\n") + ("\n" if keep else ""),
            "entries": [[n, k] for n, k in deck.counts().items()], "problems": []}


# -- printing (cardtable.printing, another part of the project) -----------------------------

def _printing() -> Any:
    try:
        import cardtable.printing as printing
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("cardtable.printing"):
            raise DesignError("printing is not part of this installation "
                              "(cardtable.printing is missing)") from None
        raise DesignError(f"printing needs a package that is not installed: {exc.name}"
                          ) from None
    return printing


def print_deck(game_id: str, text: str, lang: str, paper: str) -> bytes:
    """The deck as a print-and-play PDF (``cardtable.printing.deck_pdf``)."""
    _checked(game_id, text)
    printing = _printing()
    try:
        return bytes(printing.deck_pdf(game_id, text, lang=lang, paper=paper))
    except ValueError as exc:  # a deck it refuses, a font or a package missing: said so
        raise DesignError(str(exc)) from None


def tts_zip(game_id: str, text: str, lang: str) -> bytes:
    """The deck's Tabletop Simulator export (``cardtable.printing.tts_export``), zipped."""
    import io
    import zipfile

    _checked(game_id, text)
    printing = _printing()
    try:
        files = printing.tts_export(game_id, text, lang=lang)
    except ValueError as exc:
        raise DesignError(str(exc)) from None
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(Path(str(name)).name or "file", data)  # a flat archive, no folders
    return buf.getvalue()


def _checked(game_id: str, text: str) -> None:
    game = load_game(game_id)
    with written(text, DECK_LABEL) as (path, clean):
        problems = game.check_file(path)
        if problems:
            raise DesignError("the deck has problems:\n" + "\n".join(
                clean(str(d)) for d in problems[:10]))


# -- the balance study ----------------------------------------------------------------------

def make_design_study(game_id: str, text: str, games: int, agent: str, seed: int) -> Any:
    """The designer's deck against every shipped deck (``balance.study.make_study``)."""
    from cardtable.balance.study import make_study

    game = load_game(game_id)
    _checked(game_id, text)
    mine = game.load_deck(text)
    mine_names = {mine.name.casefold(), (mine.name_en or mine.name).casefold()}
    shipped = [n for n in game.deck_names()
               if not {game.load_deck(n).name.casefold(),
                       (game.load_deck(n).name_en or "").casefold()} & mine_names]
    if len(shipped) < len(game.deck_names()):
        raise DesignError(f"your deck is named '{mine.name}' like a shipped deck; "
                          "give it a name of its own")
    return make_study(game_id, [text, *shipped], [agent], games, seed)


def play_games(study: Any, indices: list[int]) -> list[dict[str, Any]]:
    """Some games of a study (``Study.play``, the balance lab's own entry point)."""
    return list(study.play(indices))


def study_summary(study: Any, results: list[dict[str, Any]], lang: str) -> dict[str, Any]:
    """The report (``balance.metrics.build_report``) cut to what the page shows: each deck's
    win rate, the flagged cards strongest evidence first, and the report's own note."""
    from cardtable.balance.effects import evidence_order
    from cardtable.balance.metrics import build_report
    from cardtable.balance.text import card_name, deck_names, reading, tr

    report = build_report(study, results)
    decks = [{"name": n, "rate": d["rate"], "ci95": list(d["ci95"]), "n": d["n"]}
             for n, d in zip(deck_names(report, lang), report["deck_win_rates"], strict=True)]
    flagged = sorted((c for c in report["cards"] if c.get("flag")),
                     key=lambda c: evidence_order(c["effect"]))
    flags = []
    for c in flagged:
        first, other = card_name(c, lang)
        e = c["effect"]
        flags.append({"card": first, "other": other, "flag": tr(c["flag"], lang),
                      "kind": c["flag"], "effect": e.get("effect"),
                      "ci95": list(e.get("ci95") or []), "q": e.get("q"),
                      "reading": reading(e, lang)})
    model = report.get("card_model") or {}
    return {"games": report["games"], "decks": decks, "flags": flags,
            "note": str(model.get("error") or ""), "fdr": model.get("fdr")}
