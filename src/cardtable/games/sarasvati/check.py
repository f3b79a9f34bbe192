"""Is a loaded state a legal サラスヴァティTCG position? Every failure names its field.

Run by ``state_from_json`` and the scenario loader. Why each rule holds:

* each seat's cards (deck, hand, graveyard, voltage, books, characters, their equipment and
  the bases beneath evolutions) are exactly its dealt deck;
* the ten places are parallel lists: an empty place has no equipment, no identity, nothing
  beneath it and is neither ready nor sick; a character has a unique identity below
  ``next_uid`` (what a stat change refers to);
* only characters stand in places, only equipment is equipped, only books are books, and no
  book is in the deck, hand or voltage zone;
* the hand is kept in card order (the action codes count its distinct cards in that order);
* a running game has no winner and a seat to move with a legal action.
"""

from __future__ import annotations

from cardtable.core import checks as ck
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.state import CHOICE, OVER, SarasvatiState

_DURATIONS = (fx.TURN, fx.NEXT_TURN, fx.BATTLE, fx.PERMANENT, fx.CONTINUOUS)


def check(state: SarasvatiState) -> None:
    s = state
    names = ck.match_head(s, 2)
    cards = s.cards
    n = len(cards)
    if s.phase == CHOICE:
        ck.fail("phase", "'choice' is not a phase a turn stops in (a choice is 'choice')")
    ck.int_in(s.active, "active", 0, 1)
    ck.int_in(s.first, "first", 0, 1)
    ck.int_in(s.turn_no, "turn", 0, 1 << 31)
    ck.int_in(s.next_uid, "next_uid", 0, 1 << 31)
    for name in ("deck", "hand", "grave", "voltage"):
        ck.per_seat(getattr(s, name), name, lambda x, f: ck.int_list(x, f, 0, n - 1))
    ck.per_seat(s.books, "books", lambda x, f: ck.int_list(x, f, -1, n - 1, act.BOOKS))
    ck.per_seat(s.bstate, "bstate", lambda x, f: ck.int_list(x, f, 0, 2, act.BOOKS))
    ck.per_seat(s.field, "field", lambda x, f: ck.int_list(x, f, -1, n - 1, act.PLACES))
    ck.per_seat(s.equip, "equip", lambda x, f: ck.int_list(x, f, -1, n - 1, act.PLACES))
    ck.per_seat(s.uid, "uid", lambda x, f: ck.int_list(x, f, -1, s.next_uid - 1, act.PLACES))
    ck.per_seat(s.ready, "ready", lambda x, f: ck.bool_list(x, f, act.PLACES))
    ck.per_seat(s.sick, "sick", lambda x, f: ck.bool_list(x, f, act.PLACES))
    ck.per_seat(s.tapped, "tapped", lambda x, f: ck.int_in(x, f, 0, 1 << 20))

    def under_row(x: object, f: str) -> None:
        if not isinstance(x, list) or len(x) != act.PLACES:
            ck.fail(f, f"expected {act.PLACES} places")
        for i, t in enumerate(x):  # type: ignore[arg-type]
            if not isinstance(t, tuple):
                ck.fail(f"{f}[{i}]", "expected a list of cards")
            ck.int_list(list(t), f"{f}[{i}]", 0, n - 1)

    ck.per_seat(s.under, "under", under_row)
    index = {c: i for i, c in enumerate(names)}
    uids: set[int] = set()
    for p in (0, 1):
        if s.tapped[p] > len(s.voltage[p]):
            ck.fail(f"tapped[{p}]", f"{s.tapped[p]} tapped of {len(s.voltage[p])} voltage cards")
        if s.hand[p] != sorted(s.hand[p]):
            ck.fail(f"hand[{p}]", "the hand is kept in card order")
        for zone in ("deck", "hand", "voltage"):
            for c in getattr(s, zone)[p]:
                if cards[c].kind == "book":
                    ck.fail(f"{zone}[{p}]", f"'{cards[c].name}' is a forbidden book")
        for i, b in enumerate(s.books[p]):
            if b < 0:  # an empty place: its book was destroyed and went elsewhere
                if s.bstate[p][i] != 2:
                    ck.fail(f"books[{p}][{i}]", "only a destroyed book's place may be empty")
                continue
            if cards[b].kind != "book":
                ck.fail(f"books[{p}][{i}]", f"'{cards[b].name}' is not a forbidden book")
        for i in range(act.PLACES):
            c, e, u = s.field[p][i], s.equip[p][i], s.uid[p][i]
            where = f"[{p}][{i}]"
            if c < 0:
                if e >= 0 or u >= 0 or s.under[p][i] or s.ready[p][i] or s.sick[p][i]:
                    ck.fail(f"field{where}", "an empty place holds equipment, an identity, "
                            "cards beneath, or is ready or sick")
                continue
            if cards[c].kind != "character":
                ck.fail(f"field{where}", f"'{cards[c].name}' is not a character")
            if e >= 0 and cards[e].kind != "equipment":
                ck.fail(f"equip{where}", f"'{cards[e].name}' is not equipment")
            if u < 0 or u in uids:
                ck.fail(f"uid{where}", "every character has its own identity")
            uids.add(u)
        dealt = [index.get(c.name, -1) for c in s.decks[p].cards]
        if -1 in dealt:
            ck.fail(f"decks[{p}]", "names a card missing from the card table")
        zones = (s.deck[p] + s.hand[p] + s.grave[p] + s.voltage[p]
                 + [b for b in s.books[p] if b >= 0]
                 + [c for c in s.field[p] if c >= 0] + [c for c in s.equip[p] if c >= 0]
                 + [x for t in s.under[p] for x in t])
        ck.conserved(f"seat {p + 1}", zones, dealt, names)
    for i, m in enumerate(s.mods):
        if (not isinstance(m, tuple) or len(m) != 5 or not all(ck.is_int(x) for x in m[:3])
                or m[3] not in _DURATIONS or m[4] not in (0, 1)):
            ck.fail(f"mods[{i}]", "expected [uid, attack, defense, duration, seat]")
    for i, q in enumerate(s.queue):
        if (not isinstance(q, tuple) or len(q) != 4 or not all(ck.is_int(x) for x in q)
                or not 0 <= q[0] <= 1 or not 0 <= q[1] < n
                or not 0 <= q[2] < len(cards[q[1]].effects)):
            ck.fail(f"queue[{i}]", "expected [seat, card, effect number, subject]")
    if s.phase == OVER:
        ck.int_in(s.winner_seat, "winner", -1, 1)
        return
    if s.winner_seat != -1 or s.reason:
        ck.fail("winner", "a running game has no winner or end reason")
    if s.turn_no < 1:
        ck.fail("turn", "a running game is in turn 1 or later")
    _not_decided(s)
    if s.choice is not None:
        _check_choice(s)
    from cardtable.games.sarasvati.legal import legal_for

    if not legal_for(s):
        ck.fail("phase", "the seat to move has no legal action")


def _not_decided(s: SarasvatiState) -> None:
    """A running position the rules have already decided is refused, saying so: a seat whose
    three forbidden books are all destroyed has lost, and a character whose defense is below
    0 is destroyed at once (the seed's Q&A). The engine checks both as they happen, so a
    position written past them would play on as if they had not."""
    from cardtable.games.sarasvati.state import DESTROYED
    from cardtable.games.sarasvati.stats import auras, stats

    for p in (0, 1):
        if s.bstate[p] and all(b == DESTROYED for b in s.bstate[p]):
            ck.fail(f"books[{p}]", f"seat {p + 1}'s forbidden books are all destroyed, so it "
                    "has lost: the game is already over, no position to play from")
    if s.choice is not None:
        return  # an effect is still resolving; its defenses are checked when it ends
    wide = auras(s)
    for p in (0, 1):
        for i, c in enumerate(s.field[p]):
            if c >= 0:
                defense = stats(s, p, i, wide)[1]
                if defense < 0:
                    ck.fail(f"field[{p}][{i}]", f"seat {p + 1}'s {s.cards[c].name} has defense "
                            f"{defense}, below 0, so the rules have already destroyed it")


def _check_choice(s: SarasvatiState) -> None:
    ch = s.choice
    assert ch is not None
    n = len(s.cards)
    ok = isinstance(ch, tuple) and len(ch) == 5 and ch[0] == "keep" and all(
        ck.is_int(x) for x in ch[1:]) and 0 <= ch[2] < n and all(
        0 <= x < act.PLACES for x in ch[3:])
    if not ok and isinstance(ch, tuple) and len(ch) == 4 and ch[0] == "choose":
        item, cands = ch[2], ch[3]
        ok = (ck.is_int(ch[1]) and isinstance(item, tuple) and len(item) == 4
              and all(ck.is_int(x) for x in item) and 0 <= item[1] < n
              and 0 <= item[2] < len(s.cards[item[1]].effects)
              and isinstance(cands, tuple) and len(cands) > 0
              and all(isinstance(t, tuple) and len(t) == 2 and t[0] in (0, 1)
                      and ck.is_int(t[1]) and 0 <= t[1] < act.PLACES
                      and s.field[t[0]][t[1]] >= 0 for t in cands))
    if not ok:
        ck.fail("choice", "not a choice the engine can wait for")
