"""The table's facts and the moves of cards every phase shares.

A land's element is its top land card's, else its starting land's, unless a lasting spell on
it says otherwise; its level is 1 + its level cards; its toll is its level plus any lasting
toll change. Costs and tolls are paid from the top of the deck; a toll that cannot be paid in
full loses the game at once, and 10 toll points win it.
"""

from __future__ import annotations

from bisect import insort

from cardtable.core.event_log import QUIET
from cardtable.games.culdcept.cards import START_LANDS
from cardtable.games.culdcept.state import OVER, CuldceptState

MAX_LEVEL_CARDS = 3


def element(state: CuldceptState, seat: int, slot: int) -> int:
    sp = state.lspell[seat][slot]
    if sp >= 0:
        card = state.cards[sp]
        for e in card.effects:
            for k, v in e.ops:
                if k == "terrain":
                    return v
    top = state.lands[seat][slot]
    if top:
        return state.cards[top[-1]].element
    return START_LANDS[state.base[seat][slot]][2]


def level(state: CuldceptState, seat: int, slot: int) -> int:
    return 1 + len(state.levels[seat][slot])


def toll(state: CuldceptState, seat: int, slot: int) -> int:
    """The toll of a land: its level, plus a lasting spell's change (never below 1)."""
    n = 1 + len(state.levels[seat][slot])
    sp = state.lspell[seat][slot]
    if sp >= 0:
        n += state.cards[sp].effects[0].value("toll")
    return max(1, n)


def condition_met(state: CuldceptState, seat: int, condition: tuple[int, ...],
                  skip: int = -1) -> bool:
    """Whether the lands holding ``seat``'s creatures (leaving out slot ``skip``) show the
    elements of ``condition``, one land per element listed."""
    if not condition:
        return True
    return meets(held(state, seat, skip), condition)


def held(state: CuldceptState, seat: int, skip: int = -1) -> list[int]:
    """The elements of the lands holding ``seat``'s creatures (leaving out slot ``skip``)."""
    return [element(state, seat, i) for i, c in enumerate(state.creature[seat])
            if c >= 0 and i != skip]


def meets(have: list[int], condition: tuple[int, ...]) -> bool:
    """Whether ``have`` covers ``condition``, one land per element listed."""
    if not condition:
        return True
    if len(condition) == 1:
        return condition[0] in have
    have = list(have)
    for e in condition:
        if e in have:
            have.remove(e)
        else:
            return False
    return True


def can_pay(state: CuldceptState, seat: int, cost: int) -> bool:
    return len(state.deck[seat]) >= cost


def pay_cost(state: CuldceptState, seat: int, cost: int, card: int) -> None:
    """Pay a card's cost: ``cost`` cards from the top of the deck to the discard pile."""
    if not cost:
        return
    deck, pile = state.deck[seat], state.discard[seat]
    paid = [deck.pop() for _ in range(cost)]
    pile.extend(paid)
    if state.log is not QUIET:
        state.log.append({"type": "cost", "player": seat, "card": state.cards[card].name,
                          "count": cost, "paid": [state.cards[c].name for c in paid]})


def pay_toll_from_deck(state: CuldceptState, payer: int, n: int, why: str) -> bool:
    """``n`` cards from the payer's deck to the other player's toll pile; False (and the game
    is lost) when the deck cannot pay in full."""
    deck = state.deck[payer]
    receiver = 1 - payer
    if len(deck) < n:
        state.log.append({"type": "toll-unpaid", "player": payer, "amount": n,
                          "deck": len(deck), "why": why})
        finish(state, receiver, "toll-unpaid")
        return False
    paid = [deck.pop() for _ in range(n)]
    state.tolls[receiver].extend(paid)
    if state.log is not QUIET:
        state.log.append({"type": "toll", "player": payer, "to": receiver, "amount": n,
                          "from": "deck", "why": why, "cards": [state.cards[c].name for c in paid],
                          "points": len(state.tolls[receiver])})
    check_points(state, receiver)
    return state.phase != OVER


def level_kinds(state: CuldceptState, seat: int, slot: int) -> list[int]:
    """The distinct cards among a land's level cards, in card order (the choice codes)."""
    return distinct(state.levels[seat][slot])


def take_level_card(state: CuldceptState, seat: int, slot: int, card: int) -> None:
    cards = list(state.levels[seat][slot])
    cards.remove(card)
    state.levels[seat][slot] = tuple(cards)


def pay_level_card(state: CuldceptState, seat: int, slot: int, card: int, why: str) -> None:
    """A level card of the owner's choice goes to the opponent's toll pile (the land drops a
    level); the card is shown as it lands on the toll pile, which is face up."""
    take_level_card(state, seat, slot, card)
    receiver = 1 - seat
    state.tolls[receiver].append(card)
    if state.log is not QUIET:
        state.log.append({"type": "toll", "player": seat, "to": receiver, "amount": 1,
                          "from": "level", "slot": slot, "why": why,
                          "cards": [state.cards[card].name], "points": len(state.tolls[receiver])})
    check_points(state, receiver)


def check_points(state: CuldceptState, seat: int) -> None:
    if len(state.tolls[seat]) >= state.options["points_to_win"]:
        finish(state, seat, "points")


def finish(state: CuldceptState, winner: int, reason: str) -> None:
    """End the game; ``winner`` -1 is a draw."""
    if state.phase == OVER:
        return
    state.phase = OVER
    state.winner_seat = winner
    state.reason = reason
    state.pending = None
    state.log.append({"type": "game-end", "winner": winner, "draw": winner < 0,
                      "reason": reason, "points": [len(state.tolls[0]), len(state.tolls[1])]})


def draw(state: CuldceptState, seat: int, n: int) -> None:
    """Draw up to ``n`` cards; an empty deck is skipped, as the seed says (no deck-out)."""
    deck, hand = state.deck[seat], state.hand[seat]
    if n == 1 and deck:  # the draw phase: one card, the common case
        c = deck.pop()
        insort(hand, c)
        if state.log is not QUIET:
            state.log.append({"type": "draw", "player": seat, "count": 1,
                              "private": [seat, {"cards": [state.cards[c].name]}]})
        return
    got = []
    for _ in range(n):
        if not deck:
            break
        c = deck.pop()
        insort(hand, c)
        got.append(c)
    # in the order they happen: the cards drawn, then the skip
    if got:
        state.log.append({"type": "draw", "player": seat, "count": len(got),
                          "private": [seat, {"cards": [state.cards[c].name for c in got]}]})
    if len(got) < n:
        state.log.append({"type": "draw-skipped", "player": seat})


def remove_creature(state: CuldceptState, seat: int, slot: int) -> int:
    """Take the creature off its land: its damage goes, its lasting spell to the caster's
    discard pile (the spell lost its target). Returns the creature's card."""
    c = state.creature[seat][slot]
    state.creature[seat][slot] = -1
    state.damage[seat][slot] = 0
    sp = state.cspell[seat][slot]
    if sp >= 0:
        by = state.cspell_by[seat][slot]
        state.discard[by].append(sp)
        state.cspell[seat][slot] = -1
        state.cspell_by[seat][slot] = -1
        state.log.append({"type": "spell-ends", "player": by, "card": state.cards[sp].name,
                          "why": "target-lost"})
    return c


def destroy(state: CuldceptState, seat: int, slot: int, why: str, by: str | None) -> None:
    """The creature goes to its owner's discard pile; ``by`` names the card that did it."""
    c = remove_creature(state, seat, slot)
    state.discard[seat].append(c)
    state.log.append({"type": "destroyed", "player": seat, "slot": slot,
                      "card": state.cards[c].name, "why": why, "by": by})


def return_to_hand(state: CuldceptState, seat: int, slot: int, why: str) -> None:
    c = remove_creature(state, seat, slot)
    insort(state.hand[seat], c)
    state.log.append({"type": "returned", "player": seat, "slot": slot,
                      "card": state.cards[c].name, "why": why})


def hand_kinds(hand: list[int]) -> list[int]:
    """The distinct cards of a sorted hand, in order: the k of the hand-card codes."""
    return distinct(hand)


def distinct(cards: list[int] | tuple[int, ...]) -> list[int]:
    """The distinct cards of a sorted hand or level stack (the state keeps both sorted, and
    ``checks`` refuses a snapshot that is not), in order: ``sorted(set(cards))`` without the
    set or the sort (half its time for a hand of eight, and a C loop in the compiled build)."""
    out = []
    prev = -1  # cards are indices, never negative
    for c in cards:
        if c != prev:
            out.append(c)
            prev = c
    return out


def max_hp(state: CuldceptState, seat: int, slot: int) -> int:
    """A creature's HP outside battle: printed, plus a lasting spell's change."""
    c = state.cards[state.creature[seat][slot]]
    hp = c.hp
    sp = state.cspell[seat][slot]
    if sp >= 0:
        hp += state.cards[sp].effects[0].value("hp")
    return hp


def give_level(state: CuldceptState, seat: int, slot: int, card: int) -> None:
    state.levels[seat][slot] = tuple(sorted(state.levels[seat][slot] + (card,)))


def take_from_hand(state: CuldceptState, seat: int, card: int) -> None:
    state.hand[seat].remove(card)


def to_hand(state: CuldceptState, seat: int, card: int) -> None:
    insort(state.hand[seat], card)
