"""Readable action labels in English and Japanese, built from the current position."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.cards import Card
from cardtable.games.draws_troidal.state import PLACE, DrawsState

#: a card and its numbers, worded for each of tens of choices: per (the card object, lang),
#: with the card kept beside its text so the object is the one asked about (a frozen card's
#: own hash walks all its fields, tens of thousands of times a minute on a busy server)
_WORDED: dict[tuple[int, str], tuple[Card, str]] = {}


def card_text(card: Card, lang: str) -> str:
    known = _WORDED.get((id(card), lang))
    if known is not None and known[0] is card:
        return known[1]
    text = _card_text(card, lang)
    if len(_WORDED) >= 4096:
        _WORDED.clear()
    _WORDED[(id(card), lang)] = (card, text)
    return text


@lru_cache(maxsize=4096)
def _card_text(card: Card, lang: str) -> str:
    if lang == "ja":
        return f"{card.name} [{card.stats('ja')}]"
    return f"{card.name_en or card.name} [{card.stats('en')}]"  # one language at a time


class Placing(NamedTuple):
    """What every placement code of one decision shares: the mover's empty lanes and the
    cards it places from (the hand, or the opening five), with each lane's step worded."""

    empties: tuple[int, ...]
    source: tuple[int, ...]
    #: per empty lane (in order) and card of ``source``: "B ← card [numbers]"
    steps: tuple[tuple[str, ...], ...]


#: per language, the last placement decision worded, known by the state object, its history's
#: length and the lanes and cards it places (tens of codes of one decision ask for it)
_PLACING: dict[str, tuple[DrawsState, int, int, tuple[int, ...], Placing]] = {}


def placing(state: DrawsState, lang: str) -> Placing:
    """The decision's ``Placing``, worked out once for all its codes: each code's path is a
    few of its steps (``_placement_parts``)."""
    p = state.to_move
    source = state.revealed[p] if state.phase == PLACE else state.hand[p]
    field = state.field[p]
    known = _PLACING.get(lang)
    if (known is not None and known[0] is state and known[1] == len(state.history)
            and known[2] == p and known[4].source == tuple(source)
            and known[3] == tuple(field)):
        return known[4]
    empties = tuple(i for i, c in enumerate(field) if c < 0)
    texts = [card_text(state.cards[c], lang) for c in source]
    made = Placing(empties, tuple(source),
                   tuple(tuple(f"{act.LANE_NAMES[lane]} ← {text}" for text in texts)
                         for lane in empties))
    _PLACING[lang] = (state, len(state.history), p, tuple(field), made)
    return made


def _placement_parts(state: DrawsState, code: int, lang: str) -> tuple[str, ...]:
    steps = placing(state, lang).steps
    picks = act.SET_TUPLES[code - act.SET_BASE]
    return tuple(lane[pick] for lane, pick in zip(steps, picks, strict=False))


def _arrangement(state: DrawsState, code: int, lang: str) -> str:
    perm = act.ARRANGEMENTS[code - act.ARRANGE_BASE]
    swaps = act.swap_path(perm, state.options["max_swaps"]) or ()
    if not swaps:
        return "並びを変えない" if lang == "ja" else "Keep the order"
    swap_names = [f"{act.LANE_NAMES[i]}↔{act.LANE_NAMES[i + 1]}" for i in swaps]
    p = state.to_move
    field = state.field[p]
    ja = lang == "ja"
    names = [(state.cards[c].name if ja or not state.cards[c].name_en else state.cards[c].name_en)
             if c >= 0 else "-" for c in field]
    # Copies of one card that differ in guard left or wins are different choices: mark them.
    marks = {(names[i], state.guard[p][i], state.wins[p][i]) for i in range(len(names))}
    if len(marks) > len({n for n, _, _ in marks}):
        names = [f"{n}(G{state.guard[p][i]}W{state.wins[p][i]})"
                 if sum(m[0] == n for m in marks) > 1 else n for i, n in enumerate(names)]
    order = (" " if ja else " · ").join(names[i] for i in perm)
    if lang == "ja":
        return f"{'、'.join(swap_names)} を入れ替え → {order}"
    return f"Swap {', then '.join(swap_names)} → {order}"


def label(state: DrawsState, code: int, lang: str = "en") -> str:
    if code == act.KEEP:
        return "この5枚で始める" if lang == "ja" else "Keep these five"
    if code == act.REDO:
        return ("5枚をデッキに戻してシャッフルし、めくり直す" if lang == "ja"
                else "Return the five, shuffle, turn over five new cards")
    if act.SET_BASE <= code < act.ARRANGE_BASE:
        parts = _placement_parts(state, code, lang)
        if not parts:
            return "セットしない" if lang == "ja" else "Set nothing"
        return ("セット: " + "、".join(parts)) if lang == "ja" else "Set " + ", ".join(parts)
    if act.ARRANGE_BASE <= code < act.NUM_ACTIONS:
        return _arrangement(state, code, lang)
    return f"#{code}"


def path(state: DrawsState, code: int, lang: str = "en") -> tuple[str, ...]:
    """Placements are asked lane by lane; everything else is one choice."""
    if act.SET_BASE <= code < act.ARRANGE_BASE:
        parts = _placement_parts(state, code, lang)
        if parts:
            return parts
    return (label(state, code, lang),)
