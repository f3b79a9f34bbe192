"""Cardguard Dice and Monsters positions as scenario files (layout: ``core/scenario.py``).

Two kinds of position. Before the battle (``phase: deck-building`` or ``team``) each
``[seat N]`` holds::

    pool: ...              # the cards given to the seat, in order (default: deck and leap)
    deck: ...              # the main deck (picked so far, while building)
    leap: ...              # the leap deck (★ units)
    built: yes             # whether the seat has finished building
    team: 火炎剣士「アマリア・カソルラ」, ファイアボール, ..., ...   # an answer already given in
                           # the team step: the cards of squares 【1】 to 【4】

A battle in progress (``phase: battle``) has no decision left in it: the rounds run by
themselves, so the file gives the board and the battle is played out from it when the file is
loaded (the loaded state is the finished game, the battle in its log; ``dice:`` scripts its
rolls). ``[battle]`` has ``round`` (the round about to begin) and ``order`` (the action order
as ``seat.square`` words, e.g. ``1.1, 2.2, 1.3``; decided as at the start of a battle when
left out). Each ``[seat N]``::

    square 1: 火炎剣士「アマリア・カソルラ」 hp=6 status=毒+スタン used=2
    square 2: ファイアボール state=face-down        # the command: face-down, set-again,
                                                     # staying; fired=N times fired so far
    square 3: ...
    leap: ...              # ★ units still in the leap deck
    spent: ファイアボール square=2   # the command, once it has fired and left the field
                           # (square= where it stood, fired= how often; default 1)
    initial-hp: 24         # the team's HP at the start of the battle (the HP-taken
                           # comparison); default: the printed HP of the units on the board

A unit's ``hp`` defaults to its maximum (``max``, default the printed HP), ``status`` lists
statuses in Japanese or English joined by ``+``, ``used`` the faces of once-per-game actions
already used (``trait`` for a once-per-game trait), ``speed`` a changed speed, ``traits=off``
traits lost for the game (ソーマタージトゥー2), ``fog=N`` features lost up to the end of round N
(無明の霧), ``last=yes`` the unit of its side that took the last turn (what 直前 aims at).

``battle_text`` writes such a board from a record: the battle a team answer starts, seen at
the start of a round (``cardtable replay FILE --scenario-at STEP --round R``).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError
from cardtable.core.scenario import (
    CardNames,
    Scenario,
    card_list,
    cards_section,
    header_text,
    int_attr,
    parse_int,
    split_item,
    split_list,
    unknown_attrs,
    written_names,
)
from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters import deckbuilding
from cardtable.games.dice_and_monsters.commands import GONE, HIDDEN, STATE_NAMES, STAY
from cardtable.games.dice_and_monsters.state import BUILD, TEAM, DiceState
from cardtable.games.dice_and_monsters.wording import STATUS_BITS, STATUS_EN

SQUARE_KEYS = tuple(f"square {i}" for i in range(1, 5))
SEAT_KEYS = ("pool", "deck", "leap", "built", "team", "initial-hp", "spent", *SQUARE_KEYS)
PHASES = ("deck-building", "team", "battle")
STATUS_WORDS = {**{k: v for k, v in STATUS_BITS.items()},
                **{STATUS_EN[k]: v for k, v in STATUS_BITS.items()}}
#: Unit.used bit of a once-per-game trait
TRAIT_BIT = 7


class _Names(CardNames):
    """Card names, plus a unit's given name inside 「」 (アマリア・カソルラ)."""

    def __init__(self, cards: Any) -> None:
        super().__init__(cards)
        for c in self.cards:
            given = getattr(c, "given_name", "")
            if given:
                self.by_name.setdefault(given, c)


def read(game: Any, sc: Scenario) -> DiceState:
    opts, names = sc.begin(game, seat=SEAT_KEYS, sections={"battle": ("round", "order")},
                           names=_Names)
    phase = sc.choice(sc.header.get("phase"), "team", PHASES)
    sc.checked_dice(game, "a face of a six-sided die")
    if phase == "battle":
        return _read_battle(game, sc, opts, names)
    return _read_decks(game, sc, opts, names, BUILD if phase == "deck-building" else TEAM)


def _new_state(sc: Scenario, opts: dict[str, Any], cards: tuple[Any, ...]) -> DiceState:
    s = sc.new_state(DiceState, opts, cards)
    s.rounds, s.winner_seat, s.drawn, s.reason, s.final = 0, -1, False, "", None
    s.dice = list(sc.dice)
    s.pending = [-1, -1]
    s._legal = None
    return s


def _table(lists: list[list[Any]]) -> tuple[tuple[Any, ...], dict[str, int]]:
    by = {c.name: c for cards in lists for c in cards}
    cards = tuple(sorted(by.values(), key=lambda c: c.name))
    return cards, {c.name: i for i, c in enumerate(cards)}


def _read_decks(game: Any, sc: Scenario, opts: dict[str, Any], names: _Names,
                phase: int) -> DiceState:
    seats = []
    for p in (0, 1):
        sec = sc.seat(p)
        deck = names.many(sc, sec.get("deck"))
        leap = names.many(sc, sec.get("leap"))
        pool = names.many(sc, sec.get("pool")) if sec.get("pool") else deck + leap
        for key, cards in (("deck", deck), ("leap", leap)):
            e = sec.get(key)
            for c in cards:
                if c not in pool:
                    sc.problem(e.line if e else sec.line, f"'{c.name}' is not in the pool")
                if (key == "leap") != c.star:
                    sc.problem(e.line if e else sec.line,
                               f"'{c.name}' belongs in the {'leap' if c.star else 'main'} deck")
        seats.append((pool, deck, leap))
    cards, idx = _table([x[0] for x in seats])
    s = _new_state(sc, opts, cards)
    s.phase = phase
    s.pool = [[idx[c.name] for c in x[0]] for x in seats]
    s.kinds = [deckbuilding.kinds_of(cards, s.pool[p]) for p in (0, 1)]
    s.deck = [[idx[c.name] for c in x[1]] for x in seats]
    s.leap = [[idx[c.name] for c in x[2]] for x in seats]
    s.decks = tuple(Deck(f"seat {p + 1}", tuple(seats[p][0]), f"seat {p + 1}") for p in (0, 1))
    s.built, s.picked = [], []
    for p in (0, 1):
        main = [c for c in s.pool[p] if not cards[c].star]
        given = len(main) == opts["deck_size"]
        full = len(s.deck[p]) == opts["deck_size"]
        s.built.append(sc.flag(sc.seat(p).get("built"), phase == TEAM or given))
        mask = 0
        if not (given and s.built[p]):  # a deck handed over whole has no picks
            for c in s.deck[p] + s.leap[p]:
                if c in s.pool[p]:  # (a card outside the pool is reported above)
                    mask |= 1 << s.pool[p].index(c)
        s.picked.append(mask)
        if s.built[p] and not full:
            sc.problem(sc.seat(p).line, f"seat {p + 1}'s deck has {len(s.deck[p])} main cards; "
                       f"a built deck has {opts['deck_size']}")
    if phase == BUILD:
        waiting = [p for p in (0, 1) if not s.built[p]]
        if not waiting:
            sc.problem(sc.header.line, "every seat has built its deck: write 'phase: team'")
        s.to_move = waiting[0] if waiting else 0
    else:
        for p in (0, 1):
            if not s.built[p]:
                sc.problem(sc.seat(p).line, "in the team step both decks are built")
        e = sc.seat(0).get("team")
        if e is not None:
            s.pending[0] = _team_code(sc, s, 0, names, e)
        e1 = sc.seat(1).get("team")
        if e1 is not None:
            sc.problem(e1.line, "seat 2 answers last: its answer ends the team step")
        s.to_move = 0 if s.pending[0] < 0 else 1
    tm = sc.header.get("to-move")
    if tm is not None and sc.seat_number(tm, s.to_move) != s.to_move:
        sc.problem(tm.line, f"seat {s.to_move + 1} decides in this position")
    return s


def _team_code(sc: Scenario, s: DiceState, p: int, names: _Names, e: Any) -> int:
    picks = []
    found = names.many(sc, e)
    if len(found) != len(split_list(e.value)) and len(found) < 4:
        return -1
    for card in found:
        ci = s.cards.index(card) if card in s.cards else -1
        if ci not in s.deck[p]:
            sc.problem(e.line, f"'{card.name}' is not in seat {p + 1}'s deck")
            return -1
        picks.append(s.deck[p].index(ci))
    if len(picks) != 4:
        sc.problem(e.line, "team: name the cards of squares 【1】 to 【4】 (three units, one "
                   "command)")
        return -1
    code = act.team_code((picks[0], picks[1], picks[2], picks[3]))
    from cardtable.games.dice_and_monsters.legal import legal_for

    if code not in legal_for(s, p):
        sc.problem(e.line, "team: three different units and one command, please")
        return -1
    return code


def _read_battle(game: Any, sc: Scenario, opts: dict[str, Any], names: _Names) -> DiceState:
    from cardtable.games.dice_and_monsters import flow
    from cardtable.games.dice_and_monsters.battle import Battle
    from cardtable.games.dice_and_monsters.cards import Command

    squares: list[list[Any]] = [[None] * 4, [None] * 4]
    data: list[list[tuple[dict[str, str], int] | None]] = [[None] * 4, [None] * 4]
    leaps = []
    spent: list[Any] = [None, None]
    spent_data: list[dict[str, str]] = [{}, {}]
    for p in (0, 1):
        sec = sc.seat(p)
        for k in ("pool", "deck", "built", "team"):
            wrong = sec.get(k)
            if wrong is not None:
                sc.problem(wrong.line, f"'{k}' is for the steps before a battle")
        for sq, key in enumerate(SQUARE_KEYS):
            e = sec.get(key)
            if e is None or e.value.strip() in ("", "-"):
                continue
            name, attrs = split_item(e.value)
            card = names.find(sc, name, e.line)
            if card is not None:
                if card in squares[p]:
                    sc.problem(e.line, f"'{card.name}' is on seat {p + 1}'s board twice")
                squares[p][sq] = card
                data[p][sq] = (attrs, e.line)
        le = sec.get("leap")
        leap = names.many(sc, le)
        for c in leap:
            if not c.star:
                sc.problem(le.line if le else sec.line, f"'{c.name}' is not a ★ unit")
        leaps.append(leap)
        cmds = [c for c in squares[p] if isinstance(c, Command)]
        se = sec.get("spent")
        if se is not None:
            spent_name, spent_data[p] = split_item(se.value)
            gone = names.find(sc, spent_name, se.line)
            if gone is not None and not isinstance(gone, Command):
                sc.problem(se.line, f"'{gone.name}' is not a command")
            elif gone is not None:
                spent[p] = gone
                cmds.append(gone)
        if len(cmds) != 1:
            sc.problem(sec.line, f"seat {p + 1} has {len(cmds)} commands; a team has one (on "
                       "a square, or 'spent: NAME' once it has fired and left)")
        if not any(c is not None and not isinstance(c, Command) for c in squares[p]):
            sc.problem(sec.line, f"seat {p + 1} has no unit on the board: the battle is over")
    bsec = sc.section("battle")
    first = sc.number(bsec.get("round") if bsec else None, 1, 1, opts["rounds"], "round")
    all_cards = [c for row in squares for c in row if c is not None] + leaps[0] + leaps[1]
    all_cards += [c for c in spent if c is not None]
    cards, idx = _table([all_cards])
    s = _new_state(sc, opts, cards)
    if sc.diagnostics:
        return s
    b = Battle(squares, leaps, s.rng, s.log, opts["rounds"])
    for p in (0, 1):
        for sq in range(4):
            cell = data[p][sq]
            if cell is None:
                continue
            attrs, line = cell
            x = b.board[p][sq]
            if x >= 0:
                _unit_data(sc, b, b.units[x], attrs, line)
            else:
                _command_data(sc, b.cmd[p], attrs, line)
        if spent[p] is not None:
            line = sc.seat(p).get("spent").line  # type: ignore[union-attr]
            square = int_attr(sc, spent_data[p], "square", 1, 1, 4, line)
            fired = int_attr(sc, spent_data[p], "fired", 1, 0, 99, line)
            for k in spent_data[p]:
                sc.problem(line, f"unknown data '{k}' of a spent command; write square= or "
                           "fired=")
            b.cmd[p] = [spent[p], square - 1, GONE, fired]
        e = sc.seat(p).get("initial-hp")
        b.init_hp[p] = sc.number(e, b.init_hp[p], 1, 1 << 20)
    order = None
    oe = bsec.get("order") if bsec else None
    if oe is not None:
        order = []
        for word in split_list(oe.value.replace(" ", ",")):
            seat, dot, sq = word.partition(".")
            ps, qs = parse_int(seat), parse_int(sq)
            if not dot or ps not in (1, 2) or qs is None or not 1 <= qs <= 4 \
                    or b.board[ps - 1][qs - 1] < 0:
                sc.problem(oe.line, f"order: '{word}' is not seat.square of a unit (1.1 .. 2.4)")
                continue
            order.append(b.board[ps - 1][qs - 1])
        on = sorted(u.id for u in b.units if u.on)
        if sorted(order) != on and not sc.diagnostics:
            sc.problem(oe.line, "order: name every unit on the board exactly once")
    if sc.diagnostics:
        return s
    s.phase, s.to_move = TEAM, 1
    # a ★ unit on the board leapt in from the leap deck: it stays a leap-deck card
    s.deck = [[idx[c.name] for c in [*row, spent[p]] if c is not None and not c.star]
              for p, row in enumerate(squares)]
    s.leap = [[idx[c.name] for c in [*row, *leaps[p]] if c is not None and c.star]
              for p, row in enumerate(squares)]
    s.pool = [s.deck[p] + s.leap[p] for p in (0, 1)]
    s.kinds = [deckbuilding.kinds_of(cards, s.pool[p]) for p in (0, 1)]
    s.picked = [0, 0]
    s.built = [True, True]
    s.decks = tuple(Deck(f"seat {p + 1}", tuple(cards[c] for c in s.pool[p]), f"seat {p + 1}")
                    for p in (0, 1))
    s.log.append({"type": "scenario", "round": first})
    b.script = s.dice
    b.run(first, order)
    flow.close(s, b, squares)
    return s


def _unit_data(sc: Scenario, b: Any, u: Any, attrs: dict[str, str], line: int) -> None:
    top = int_attr(sc, attrs, "max", u.card.hp, 1, 999, line)
    u.max_hp = top
    u.hp = int_attr(sc, attrs, "hp", top, 1, top, line)
    u.speed = int_attr(sc, attrs, "speed", u.card.speed, 0, 99, line)
    st = attrs.pop("status", "")
    for word in [w for w in st.replace("+", ",").split(",") if w]:
        bit = STATUS_WORDS.get(word) or STATUS_WORDS.get(word.casefold())
        if bit is None:
            sc.problem(line, f"unknown status '{word}'; statuses: {', '.join(STATUS_BITS)}")
        else:
            u.status |= bit
    used = attrs.pop("used", "")
    for word in [w for w in used.replace("+", ",").split(",") if w]:
        if word.casefold() == "trait":
            u.used |= 1 << TRAIT_BIT
            continue
        face = parse_int(word)
        if face is None or not 1 <= face <= 6:
            sc.problem(line, f"used: '{word}' is not a face 1..6 (or 'trait')")
        else:
            u.used |= 1 << face
    if attrs.pop("last", "no") == "yes":  # the unit of its side that took the last turn
        b.last_actor[u.side] = u.id
    traits = attrs.pop("traits", "on")
    if traits not in ("on", "off"):
        sc.problem(line, "traits must be on or off")
    u.traits_on = traits != "off"
    u.fog_until = int_attr(sc, attrs, "fog", 0, 0, 99, line)
    unknown_attrs(sc, attrs, line, "hp=, max=, status=, used=, speed=, traits=, fog= or last=",
                  "unit")


def _command_data(sc: Scenario, slot: list[Any], attrs: dict[str, str], line: int) -> None:
    st = attrs.pop("state", "face-down")
    choices = [STATE_NAMES[HIDDEN], STATE_NAMES[1], STATE_NAMES[STAY]]
    if st not in choices:
        sc.problem(line, f"command state '{st}' is not one of {', '.join(choices)}")
    else:
        slot[2] = STATE_NAMES.index(st)
    slot[3] = int_attr(sc, attrs, "fired", 0, 0, 99, line)
    unknown_attrs(sc, attrs, line, "state= or fired=", "command")


def write(state: DiceState) -> str:
    s = state
    names = written_names(s, " (a battle in progress is written by hand, 'phase: battle')")
    phase = "deck-building" if s.phase == BUILD else "team"
    lines = header_text(s, phase, (), s.dice)
    for p in (0, 1):
        lines += ["", f"[seat {p + 1}]", f"pool: {card_list(names[c] for c in s.pool[p])}",
                  f"deck: {card_list(names[c] for c in s.deck[p])}",
                  f"leap: {card_list(names[c] for c in s.leap[p])}",
                  f"built: {'yes' if s.built[p] else 'no'}"]
        if s.phase == TEAM and s.pending[p] >= 0:
            team = [names[s.deck[p][i]] for i in act.team_squares(s.pending[p])]
            lines.append(f"team: {', '.join(team)}")
    lines += cards_section(s.game, s.cards)
    return "\n".join(lines) + "\n"


def battle_text(state: DiceState, action: int, first_round: int) -> str:
    """The board at the start of ``first_round`` of the battle that ``action`` (seat 2's team
    answer) starts in ``state``, as a ``phase: battle`` scenario.

    The generator is written as it stands then, so the file plays on with the same chance;
    units are numbered afresh from the board, so a tie settled by dice in a later re-ordering
    may roll in another order than in the record.
    """
    from cardtable.games.dice_and_monsters import flow

    if state.phase != TEAM or state.to_move != 1 or action not in state.legal_actions():
        raise CardtableError("a battle starts with seat 2's team answer: give the step where "
                             "seat 2 answers the team step")
    if not 1 <= first_round <= state.options["rounds"]:
        raise CardtableError(f"--round must be 1 to {state.options['rounds']}")
    seen: list[str] = []
    play = state.clone()
    play.pending[1] = action
    play.history.append(action)
    play.log = []

    def watch(b: Any, r: int) -> None:
        if r == first_round and not seen:
            seen.append(_board_text(play, b, r))

    flow.fight(play, watch)
    if not seen:
        raise CardtableError(f"the battle ended before round {first_round} "
                             f"(after round {play.rounds})")
    return seen[0]


def _board_text(state: DiceState, b: Any, r: int) -> str:
    from cardtable.core.rng import seed_state
    from cardtable.games.dice_and_monsters.commands import GONE as SPENT
    from cardtable.games.dice_and_monsters.damage import STATUS_NAMES

    lines = [f"# {state.game.title}: round {r} of a battle, cut from a record",
             f"game: {state.game.id}", f"seed: {state.seed}"]
    if b.rng != seed_state(state.seed):
        lines.append(f"rng: {b.rng}")
    lines.append("phase: battle")
    defaults = state.game.default_options()
    changed = {k: v for k, v in state.options.items() if defaults.get(k) != v}
    if changed:
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in changed.items()))
    lines += ["", "[battle]", f"round: {r}"]
    if not b.reorder:  # else the order is decided again at this round's start, as in play
        where = {u.id: f"{u.side + 1}.{u.sq + 1}" for u in b.units if u.on}
        lines.append("order: " + ", ".join(where[x] for x in b.order if x in where))
    for p in (0, 1):
        lines += ["", f"[seat {p + 1}]"]
        slot = b.cmd[p]
        for sq in range(4):
            x = b.board[p][sq]
            if x >= 0:
                u = b.units[x]
                status = "+".join(STATUS_NAMES[bit] for bit in STATUS_NAMES if u.status & bit)
                used = "+".join([str(f) for f in range(1, 7) if u.used >> f & 1]
                                + (["trait"] if u.used >> TRAIT_BIT & 1 else []))
                words = [f"hp={u.hp}"]
                if u.max_hp != u.card.hp:
                    words.append(f"max={u.max_hp}")
                if status:
                    words.append(f"status={status}")
                if used:
                    words.append(f"used={used}")
                if u.speed != u.card.speed:
                    words.append(f"speed={u.speed}")
                if not u.traits_on:
                    words.append("traits=off")
                if u.fog_until >= r:
                    words.append(f"fog={u.fog_until}")
                if b.last_actor[p] == u.id:
                    words.append("last=yes")
                lines.append(f"square {sq + 1}: {u.card.name} " + " ".join(words))
            elif slot is not None and slot[1] == sq and slot[2] != SPENT:
                lines.append(f"square {sq + 1}: {slot[0].name} state={STATE_NAMES[slot[2]]}"
                             + (f" fired={slot[3]}" if slot[3] else ""))
        if slot is not None and slot[2] == SPENT:
            lines.append(f"spent: {slot[0].name} square={slot[1] + 1}"
                         + (f" fired={slot[3]}" if slot[3] != 1 else ""))
        if b.leap_deck[p]:
            lines.append(f"leap: {card_list(c.name for c in b.leap_deck[p])}")
        lines.append(f"initial-hp: {b.init_hp[p]}")
    lines += cards_section(state.game, state.cards)
    return "\n".join(lines) + "\n"
