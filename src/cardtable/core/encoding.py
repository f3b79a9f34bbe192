"""Observation encodings: a seat's view as a fixed-length list of floats, for learning agents.

Each game writes its encoding once, in ``games/<id>/encoding.py``, from ``view(player)``
alone, so an encoding can never show what the seat cannot see. The module offers ``LAYOUT``
(a ``Layout``: every field with its offset, size, kind and meaning) and ``encode(view)``; it
may also offer ``observe(state, player)``, a faster route to the same numbers (from a view
without its card table), which the tests hold to ``encode(state.view(player))``.

Card identity is an index into the game's published card pool (the shipped card file, in file
order), never a position in some zone, so one embedding table serves every zone:

* ``0``: no card (an empty place);
* ``1 .. P``: the pool's cards, in the order of the game's card file;
* ``P + 1``: a card outside the published pool (a designer's own card);
* ``P + 2``: a card the seat cannot see (face down, in a closed place).

A zone of many cards is a ``counts`` field: ``P + 1`` floats, the copies of each pool card
(index ``i`` at position ``i - 1``) and, last, the copies of cards outside the pool.

The encoding is *defined* as ``encode(view(player))``. For the adapters' speed a game may also
offer ``observe_into(state, player, out)``, writing the same numbers straight from the state
into a zero-filled buffer (``Game.observe_into``); it is a fast path, not a second definition,
and the tests hold it equal to ``encode(view(player))`` over random positions and hidden twins.

Plain lists keep the cores free of NumPy; the RL adapters (``cardtable.rl``) turn them into
arrays.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: the kinds of field a layout holds
KINDS = {
    "flag": "0 or 1",
    "scalar": "a number divided by the scale the description names",
    "onehot": "1 at the position of the value, 0 elsewhere",
    "card": "a card index (0 none, 1..P pool, P+1 outside the pool, P+2 unseen)",
    "counts": "copies of each pool card (P floats) and of cards outside the pool (1 float)",
}


@dataclass(frozen=True)
class Field:
    """One named run of the observation: where it starts, how long it is, what it means."""

    name: str
    offset: int
    size: int
    kind: str
    doc: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "offset": self.offset, "size": self.size,
                "kind": self.kind, "doc": self.doc}


_SEAT_FLAGS = {"active": "1 when it is this seat's turn", "first": "1 when this seat played first"}


class Layout:
    """The fields of one game's observation, in order, and the card pool its indices use."""

    def __init__(self, game_id: str, pool: Sequence[str]) -> None:
        self.game_id = game_id
        self.pool: tuple[str, ...] = tuple(pool)
        #: card name -> index (1..P); a name not in the pool is ``outside``
        self.index: dict[str, int] = {n: i + 1 for i, n in enumerate(self.pool)}
        self.outside = len(self.pool) + 1
        self.unseen = len(self.pool) + 2
        #: the width of a ``counts`` field
        self.width = len(self.pool) + 1
        self.fields: list[Field] = []
        self.size = 0
        self._fixed: dict[tuple[str, ...], list[float]] = {}
        self._groups: dict[int, tuple[str, tuple[str, ...], tuple[Any, ...], int]] = {}
        self._tables: dict[int, tuple[Sequence[Any], list[int]]] = {}
        self._blocks: dict[tuple[int, str], tuple[object, array[float]]] = {}

    # -- declaring fields ----------
    def add(self, name: str, kind: str, doc: str, size: int = 1) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown field kind {kind!r}")
        if any(f.name == name for f in self.fields):
            raise ValueError(f"field {name!r} declared twice")
        self.fields.append(Field(name, self.size, size, kind, doc))
        self.size += size

    def repeat(self, prefix: str, labels: Sequence[str],
               block: Sequence[tuple[str, str, str, int]]) -> None:
        """The same fields once per place (a lane, a slot, a unit): each is named
        ``<prefix><label>_<suffix>``; the documents print the block once."""
        start = self.size
        for label in labels:
            for suffix, kind, doc, size in block:
                self.add(f"{prefix}{label}_{suffix}", kind, doc, size)
        stride = sum(b[3] for b in block)
        self._groups[start] = (prefix, tuple(labels), tuple(block), stride)

    def opening_fields(self, phases: Sequence[str], *flags: str) -> None:
        """What every game's observation opens with: the phase, one-hot over ``phases``,
        whether this seat decides now, then the turn's flags named in ``flags`` (``active``:
        it is this seat's turn; ``first``: this seat played first)."""
        self.add("phase", "onehot", "the phase: " + ", ".join(phases), len(phases))
        self.add("deciding", "flag", "1 when this seat decides now")
        for name in flags:
            self.add(name, "flag", _SEAT_FLAGS[name])

    def hand_or_size(self, side: str, kinds: int = 0) -> None:
        """The hand of one side of a ``("", "opp_")`` loop: the own hand as counts (and its
        first ``kinds`` distinct cards, ``hand_fields``), the opponent's as its size / 10."""
        if side:
            self.add(f"{side}hand", "scalar", "opponent's hand size / 10")
        elif kinds:
            self.hand_fields(kinds)
        else:
            self.counts_field("hand", "own hand")

    def counts_field(self, name: str, doc: str) -> None:
        self.add(name, "counts", doc, self.width)

    def hand_fields(self, kinds: int) -> None:
        """The own hand as counts, then its first ``kinds`` distinct cards in the order the
        hand holds them: the card a code's ``hand_kind`` k names (``hand`` encodes them)."""
        self.counts_field("hand", "own hand")
        self.repeat("hand_kind", [str(k) for k in range(kinds)], (
            ("card", "card", "the k-th distinct card of the hand, the card a code's "
             f"`hand_kind` k names (0: none; kinds past the {kinds}th are left out)", 1),))

    def decklist_fields(self, own_doc: str = "own decklist") -> None:
        """Both decklists as counts, the opponent's behind a flag (``decklists`` encodes them):
        the opponent's list is private unless the ``open_decklists`` option shows it."""
        self.counts_field("decklist", own_doc)
        self.add("opp_decklist_open", "flag",
                 "the opponent's decklist is shown (`open_decklists`)")
        self.counts_field("opp_decklist", "opponent's decklist when open, else zeros")

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    # -- encoding helpers ----------
    def card(self, name: str | None) -> float:
        """The embedding index of a card named in a view (None: no card)."""
        if name is None:
            return 0.0
        return float(self.index.get(name, self.outside))

    def counts(self, names: Iterable[str]) -> list[float]:
        out = [0.0] * self.width
        index, last = self.index, self.width
        for n in names:
            out[index.get(n, last) - 1] += 1.0
        return out

    def hand(self, hand: Sequence[str], kinds: int) -> list[float]:
        """The ``hand_fields`` of a hand of card names."""
        out = self.counts(hand)
        distinct = list(dict.fromkeys(hand))[:kinds]
        card = self.card
        out += [card(n) for n in distinct]
        out += [0.0] * (kinds - len(distinct))
        return out

    def decklists(self, lists: Sequence[Sequence[str] | None], player: int) -> list[float]:
        """The ``decklist_fields`` of a view's ``decklists`` (None: a list not shown)."""
        theirs = lists[1 - player]
        out = self.fixed_counts(lists[player] or ())[:]
        out.append(0.0 if theirs is None else 1.0)
        out += self.fixed_counts(theirs or ())
        return out

    def fixed_counts(self, names: Sequence[str]) -> list[float]:
        """``counts`` for a list that stays the same all match (a decklist), remembered."""
        key = tuple(names)
        hit = self._fixed.get(key)
        if hit is None:
            if len(self._fixed) >= 256:
                self._fixed.clear()
            hit = self._fixed[key] = self.counts(key)
        return hit

    # -- fast-path helpers (a game's ``observe_into``) ----------
    def table_indices(self, cards: Sequence[Any]) -> list[int]:
        """The embedding index of each card of a match's card table (definitions with a
        ``name``, shared and immutable), in table order; remembered per table, so a fast
        path turns a state's card number into an index with one list look-up."""
        hit = self._tables.get(id(cards))
        if hit is None or hit[0] is not cards:
            if len(self._tables) >= 64:
                self._tables.clear()
            index, outside = self.index, self.outside
            hit = self._tables[id(cards)] = (cards, [index.get(c.name, outside) for c in cards])
        return hit[1]

    def counts_block(self, key: object, names: Callable[[], Iterable[str]],
                     typecode: str = "f") -> array[float]:
        """``counts(names())`` as an ``array`` (float32, or ``"d"``: doubles, for a compiled
        writer's scratch), remembered per ``key``, an object that stays the same all match (a
        deck's ``sorted_names``, a pool list): a fast path slices it into its buffer in one step
        (``out[at:at + width] = block``)."""
        hit = self._blocks.get((id(key), typecode))
        if hit is None or hit[0] is not key:
            if len(self._blocks) >= 256:
                self._blocks.clear()
            hit = self._blocks[id(key), typecode] = (key, array(typecode, self.counts(names())))
        return hit[1]

    def describe(self) -> list[dict[str, Any]]:
        return [f.to_json() for f in self.fields]

    def markdown(self) -> str:
        """The layout as a Markdown table (the rules documents print it)."""
        rows = ["| Offset | Size | Field | Kind | Meaning |", "|---|---|---|---|---|"]
        skip_to = 0
        for f in self.fields:
            if f.offset < skip_to:
                continue
            group = self._groups.get(f.offset)
            if group is None:
                rows.append(f"| {f.offset} | {f.size} | `{f.name}` | {f.kind} | {f.doc} |")
                continue
            prefix, labels, block, stride = group
            at = f.offset
            each = f"{labels[0]}..{labels[-1]}" if len(labels) > 1 else labels[0]
            for suffix, kind, doc, size in block:
                rows.append(f"| {at} + {stride}·k | {size} | `{prefix}{{{each}}}_{suffix}` | "
                            f"{kind} | {doc} |")
                at += size
            skip_to = f.offset + stride * len(labels)
        return "\n".join(rows)


def onehot(value: int, size: int) -> list[float]:
    """``size`` floats with a 1 at ``value`` (none when ``value`` is outside the range)."""
    out = [0.0] * size
    if 0 <= value < size:
        out[value] = 1.0
    return out


def check_length(layout: Layout, out: list[float]) -> list[float]:
    if len(out) != layout.size:
        raise AssertionError(f"{layout.game_id} encoding has {len(out)} floats; "
                             f"its layout declares {layout.size}")
    return out
