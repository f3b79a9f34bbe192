"""What one player may know: the only way information leaves the rules core.

Hidden from both players (the seed's クローズ cards that came from the deck unseen): the deck's
order and contents, every HP card, every burst. Hidden from the opponent only (closed cards
their owner placed from hand): the hand, a gear-change speed card until it opens, a dummy's
card, a face-down enchantment (card and BP) and an enhancement on the chain, the casters until
both mulligans are done (the seed places them closed and reveals them at the start), and the
decklist, unless the option ``open_decklists`` opens it (docs/rules/dreadnought.md). Every
pile's size is public. Card references are numbers into ``cards``, the match's card table:
the shipped pool plus any card of either deck outside it, so for decks built from the pool it
is the pool, whatever the opponent plays; -1 is a closed card the player cannot see.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.match_state import plain
from cardtable.games.dreadnought.board import bp
from cardtable.games.dreadnought.state import PHASE_NAMES, DreadnoughtState

_tables: dict[int, tuple[Any, list[dict[str, Any]], list[list[int]]]] = {}


def public_tables(s: DreadnoughtState) -> tuple[list[dict[str, Any]], list[list[int]]]:
    """The card table as JSON and both decklists as sorted card numbers, once per table."""
    key = id(s.decks[0]) ^ (id(s.decks[1]) << 1) ^ id(s.cards)
    hit = _tables.get(key)
    if hit is None or hit[0][0] is not s.decks[0] or hit[0][1] is not s.decks[1] \
            or hit[0][2] is not s.cards:
        idx = {c.name: i for i, c in enumerate(s.cards)}
        lists = [sorted(idx[c.name] for c in d.cards) for d in s.decks]
        if len(_tables) >= 64:
            _tables.clear()
        hit = _tables[key] = ((s.decks[0], s.decks[1], s.cards),
                              [c.to_json() for c in s.cards], lists)
    return hit[1], hit[2]


def view(s: DreadnoughtState, p: int, cards_table: bool = True) -> dict[str, Any]:
    """``p``'s view; without ``cards_table`` its ``cards`` is empty (``State.brief_view``)."""
    shared_cards, shared_lists = public_tables(s)
    # copies: a front end may keep and edit what it was shown (the tables are cached)
    cards = [{k: list(v) if isinstance(v, list) else v for k, v in c.items()}
             for c in shared_cards] if cards_table else []
    decklists: list[list[int] | None] = [list(x) for x in shared_lists]
    if not s.options["open_decklists"]:
        decklists[1 - p] = None

    def side(seat: int) -> dict[str, Any]:
        closed = s.sclosed[seat] and seat != p
        out: dict[str, Any] = {
            "casters": s.casters[2 * seat: 2 * seat + 2] if s.started or seat == p
            else [-1, -1],
            "checked": s.cchk[2 * seat: 2 * seat + 2],
            "hp": [len(s.hp[2 * seat]), len(s.hp[2 * seat + 1])],
            "deck": len(s.deck[seat]),
            "discard": list(s.discard[seat]),
            "bursts": list(s.bchk[seat]),
            "speed": -1 if closed else s.speed[seat],
            "speed_closed": s.sclosed[seat],
            "gear": s.gear[seat],
            "out": s.out[seat],
            "mulled": s.mulled[seat],
        }
        if seat == p:
            out["hand"] = list(s.hand[seat])
        else:
            out["hand_count"] = len(s.hand[seat])
        return out

    units = [[u.uid, u.seat, u.area, u.card if not u.dummy or u.seat == p else -1, u.checked,
              u.dummy, bp(s, u, p)] for u in s.units]
    # an enchantment shows (uid, owner, card, open, amount); a closed one hides its card and BP
    enchants = [[e.uid, e.owner, e.card, 1, e.amount] if e.is_open else
                ([e.uid, e.owner, e.card, 0, e.amount] if e.owner == p else
                 [e.uid, e.owner, -1, 0, -1])
                for e in s.enchants]
    chain = [list(i) if i.kind != "enh" or i.seat == p else ["enh", i.seat, -1, i.uid, -1]
             for i in s.chain]
    return {
        "game": "dreadnought",
        "player": p,
        "phase": PHASE_NAMES[s.phase],
        "to_move": s.current_player(),
        "turn": s.turn_no,
        "first": s.first,
        "options": dict(s.options),
        "result": s.result(),
        "cards": cards,
        "decklists": decklists,
        "you": side(p),
        "opponent": side(1 - p),
        "units": units,
        "enchants": enchants,
        "mods": plain(s.mods),
        "chain": plain(chain),
        "ops": plain(s.ops),
        "ask": plain(s.ask),
        "building": plain(s.building),
        "attack": plain(s.attack),
        "used": list(s.used),
        "started": s.started,
        "next_uid": s.next_uid,
    }
