"""The battle: four rounds of one shared round roll each, unit turns in action order, the end.

Once both teams are set the game has no decision left, so the whole battle runs inside one
``apply``. It is written as a small object over plain lists so the greedy agent can run it as a
pure function of two line-ups and a generator state (``simulate``), with the log switched off.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core import rng as core_rng
from cardtable.core.event_log import QUIET, QuietLog
from cardtable.games.dice_and_monsters import commands, damage, leap, order
from cardtable.games.dice_and_monsters.board import COMMAND, EMPTY, advance
from cardtable.games.dice_and_monsters.cards import Card, Command
from cardtable.games.dice_and_monsters.cards import Unit as UnitCard
from cardtable.games.dice_and_monsters.damage import POISON, SLEEP, STATUS_NAMES, STUN
from cardtable.games.dice_and_monsters.phrases import KINDS, PLAIN
from cardtable.games.dice_and_monsters.targeting import SELECT
from cardtable.games.dice_and_monsters.wording import STATUS_BITS


class Unit:
    """One unit card on the field (or gone from it), with everything that changes in play."""

    __slots__ = ("_traits_on", "acted", "card", "chained", "fog_until", "gone", "hp", "id",
                 "leap_hp", "max_hp", "on", "pending", "ref", "side", "speed", "sq", "status", "tk",
                 "used")

    def __init__(self, uid: int, card: UnitCard, side: int, sq: int) -> None:
        self.id = uid
        self.card = card
        self.side = side
        self.sq = sq
        #: how events name it, [side, square 1-4, name, id]: the id stays while the unit is
        #: on the field, however it moves; replaced (never mutated) on a move, so events
        #: already logged keep the square they happened on
        self.ref = [side, sq + 1, card.name, uid]
        self.hp = self.max_hp = card.hp
        self.speed = card.speed
        self.status = 0
        self.used = 0          # bit f: action 【f】 (1回制限) used; bit 7: once-per-game trait
        self.on = True         # on the field
        self.gone = ""         # "down" or "leap" once off the field
        self.acted = 0         # the round of its last turn
        self._traits_on = True
        self.fog_until = 0     # features lost up to the end of this round
        self.pending = 0       # statuses to take when its turn ends (氷結)
        self.chained = False
        self.tk = card.trait_params  # shared by every unit of the card: only read
        self.leap_hp = 0       # HP at or below which a leap card may replace it (leap.threshold)

    def trait(self, kind: str) -> tuple | None:
        """The parameters of an active trait of this kind, or None. (``tk`` holds the active
        traits only: the inner loop reads ``tk.get(kind)`` itself.)"""
        return self.tk.get(kind)

    @property
    def traits_on(self) -> bool:
        """Whether its traits work (a command's traits-off effect, a scenario's
        ``traits=off``); ``tk`` empties with it, so the inner loop reads ``tk`` alone."""
        return self._traits_on

    @traits_on.setter
    def traits_on(self, on: bool) -> None:
        self._traits_on = on
        # a new dict when off: the card's own, shared by its units, stays as it is
        self.tk = self.card.trait_params if on else {}


class Battle:
    """Two line-ups in play. ``log`` ``QUIET`` (``core.event_log``) drops every event (for
    simulation and a quiet state)."""

    def __init__(self, squares: Sequence[Sequence[Card | None]],
                 leap_decks: Sequence[Sequence[UnitCard]], rng: int,
                 log: list[dict[str, Any]] | QuietLog, rounds: int = 4) -> None:
        self.units: list[Unit] = []
        self.board = [[EMPTY] * 4, [EMPTY] * 4]
        self.leap_deck = [tuple(leap_decks[0]), tuple(leap_decks[1])]
        self.cmd: list[list[Any] | None] = [None, None]
        for p in (0, 1):
            for sq, card in enumerate(squares[p]):
                if card is None:
                    continue
                if isinstance(card, Command):
                    self.board[p][sq] = COMMAND
                    self.cmd[p] = [card, sq, commands.HIDDEN, 0]
                else:
                    self.add_unit(card, p, sq)
        self.init_hp = [0, 0]
        for u in self.units:
            self.init_hp[u.side] += u.card.hp
        cards = [u.card for u in self.units] + list(leap_decks[0]) + list(leap_decks[1])
        #: whether any card in this battle can take its turn first (【先制】) or change the roll;
        #: most battles have neither, and the round loop skips both scans then
        self.any_preempt = any([c.preempts for c in cards])
        self.roll_traits = any([c.changes_roll for c in cards])
        #: the highest HP any leap condition of each side waits for (a quick filter)
        self.leap_hp = [max([c.leap.hp for c in d if c.leap], default=0) for d in self.leap_deck]
        self.rng = rng
        #: scripted die values taken before the generator (a scenario's ``dice:``)
        self.script: list[int] = []
        #: called with the battle at the start of each round, before anything happens in it
        #: (a scenario cut from a record watches for its round); None in normal play
        self.watch: Any = None
        self.log = log
        self.rounds = rounds
        self.round = 0
        self.roll = 0
        self.order: list[int] = []
        self.seq: list[int] = []
        self.seq_i = 0
        self.last_actor = [-1, -1]
        self.reorder = False
        self.hurt = False      # some HP went down since the last settle (leap conditions)
        self.downed = False    # some unit reached 0 HP since the last settle
        self.over = False
        self.winner = -1
        self.reason = ""
        self.taken = [0, 0]

    # -- small services ----------
    def add_unit(self, card: UnitCard, side: int, sq: int) -> Unit:
        u = Unit(len(self.units), card, side, sq)
        if self.leap_deck[side]:
            u.leap_hp = leap.threshold(self, u)
        self.units.append(u)
        self.board[side][sq] = u.id
        return u

    def die(self, purpose: str, uid: int = -1) -> int:
        """One six-sided die from the game's generator (``core.rng.roll``, a C call in the
        compiled build), a scripted value first if any, logged."""
        if self.script:  # a scenario's scripted value
            self.rng, value = core_rng.roll(self.rng, self.script, 6)
        else:  # rng.roll without a script, one call less: the die is the battle's inner loop
            self.rng, value = core_rng.randbelow(self.rng, 6)
            value += 1
        if self.log is not QUIET:
            event: dict[str, Any] = {"type": "die", "for": purpose, "value": value}
            if uid >= 0:
                event["unit"] = self.units[uid].ref
            self.log.append(event)
        return value

    def move(self, u: Unit, sq: int) -> None:
        u.sq = sq
        u.ref = [u.side, sq + 1, u.card.name, u.id]

    def features(self, u: Unit) -> tuple[str, ...]:
        return () if u.fog_until >= self.round else u.card.features

    def place(self, uid: int) -> int:
        return self.order.index(uid)

    def sides(self) -> tuple[int, int]:
        """Sides in the order their triggers resolve: the side whose unit acts first leads."""
        for uid in self.order:
            u = self.units[uid]
            if u.on:
                return (0, 1) if u.side == 0 else (1, 0)
        return (0, 1)

    def next_enemy(self, u: Unit) -> int:
        """The enemy that takes the next turn: later this round, else first in the order."""
        units, order, rnd = self.units, self.order, self.round
        for k in range(self.seq_i + 1, len(self.seq)):
            t = units[order[self.seq[k]]]
            if t.on and t.side != u.side and t.acted != rnd:
                return t.id
        for uid in order:
            t = units[uid]
            if t.on and t.side != u.side:
                return uid
        return -1

    def snapshot(self) -> list[list[dict[str, Any] | None]]:
        """Both fields as public data (a face-down command shows no name)."""
        out: list[list[dict[str, Any] | None]] = []
        for p in (0, 1):
            row: list[dict[str, Any] | None] = []
            for x in self.board[p]:
                if x >= 0:
                    u = self.units[x]
                    st = u.status
                    status = [STATUS_NAMES[b] for b in STATUS_NAMES if st & b] if st else []
                    row.append({"unit": u.card.name, "hp": u.hp, "max": u.max_hp,
                                "status": status})
                elif x == COMMAND:
                    slot = self.cmd[p]
                    assert slot is not None
                    cell: dict[str, Any] = {"command": commands.STATE_NAMES[slot[2]]}
                    if slot[2] != commands.HIDDEN:
                        cell["card"] = slot[0].name
                    row.append(cell)
                else:
                    row.append(None)
            out.append(row)
        return out

    # -- the game ----------
    def run(self, first_round: int = 1, fixed_order: list[int] | None = None) -> Battle:
        """Play from the start of ``first_round`` (a scenario may begin a battle in progress,
        with the action order it had then) to the end."""
        self.order = fixed_order if fixed_order is not None else order.decide(self)
        if self.log is not QUIET:
            self.log.append({"type": "order",
                             "units": [self.units[x].ref for x in self.order]})
        for r in range(first_round, self.rounds + 1):
            self.play_round(r)
            if self.over:
                return self
        self.compare()
        return self

    def play_round(self, r: int) -> None:
        if self.watch is not None:
            self.watch(self, r)
        self.round = r
        if self.reorder:
            self.reorder = False
            self.order = order.decide(self)
            if self.log is not QUIET:  # a list over the line-ups: built only to be kept
                self.log.append({"type": "order", "again": True,
                                 "units": [self.units[x].ref for x in self.order if
                                           self.units[x].on]})
        if self.log is not QUIET:
            self.log.append({"type": "round", "round": r, "board": self.snapshot()})
        commands.round_start(self)
        if self.over:
            return
        face = self.roll = self.die("round-roll")
        commands.on_roll(self, face)
        if self.over:
            return
        if self.log is not QUIET:
            self.log.append({"type": "roll", "round": r, "value": self.roll})
        units, roll = self.units, self.roll
        if self.any_preempt:
            first = [i for i, x in enumerate(self.order)
                     if units[x].on and units[x].card.actions[roll - 1].preempt]
            self.seq = first + [i for i in range(len(self.order)) if i not in first]
        else:
            self.seq = list(range(len(self.order)))
        for k, slot in enumerate(self.seq):
            self.seq_i = k
            u = units[self.order[slot]]
            if not u.on or u.acted == r:
                continue
            self.turn(u)
            if self.over:
                return

    def turn(self, u: Unit) -> None:
        u.acted = self.round
        u.chained = False
        self.last_actor[u.side] = u.id
        log = self.log
        if log is not QUIET:
            log.append({"type": "turn", "unit": u.ref, "hp": u.hp})
        awake = True
        if u.status & SLEEP:
            if self.die("sleep", u.id) >= 4:
                damage.cure(self, u, SLEEP)
            else:
                awake = False
                if log is not QUIET:
                    log.append({"type": "asleep", "unit": u.ref})
        if awake:
            self.act(u, u.card.actions[self.roll - 1], True)
            if self.over:
                return
        if not u.on:
            return
        if u.status & POISON:
            # no source, no bonus, named by the status (positional: a C call in the build)
            damage.deal(self, None, u, 1, PLAIN, None, {"status": "poison"})
            if self.downed or self.hurt:  # settle's own first test, without the call
                self.settle()
            if self.over or not u.on:
                return
        if u.status & STUN:
            damage.cure(self, u, STUN)
        if u.pending:
            for bit in STATUS_NAMES:
                if u.pending & bit:
                    damage.inflict(self, u, bit)
            u.pending = 0

    def act(self, u: Unit, action: Any, first: bool) -> None:
        log = self.log
        ops = action.ops  # the action's fields, each read once (the inner loop of a battle)
        if not ops:
            if log is not QUIET:
                log.append({"type": "action", "unit": u.ref, "face": action.face,
                            "name": action.name, "none": True})
            return
        bit = 1 << action.face
        once = action.once
        if once and u.used & bit:
            if log is not QUIET:
                log.append({"type": "action", "unit": u.ref, "face": action.face,
                            "name": action.name, "used_up": True})
            return
        if first and u.status & STUN and self.die("stun", u.id) <= 3:
            if log is not QUIET:
                log.append({"type": "action", "unit": u.ref, "face": action.face,
                            "name": action.name, "stunned": True})
            return
        melee = action.melee
        if melee and u.sq >= 2:
            if log is not QUIET:
                log.append({"type": "action", "unit": u.ref, "face": action.face,
                            "name": action.name, "back_row": True})
            return
        target = action.target
        targets = SELECT[target](self, u, action)
        if target and not targets:
            if log is not QUIET:
                log.append({"type": "action", "unit": u.ref, "face": action.face,
                            "name": action.name, "no_target": True})
            return
        if once:
            u.used |= bit
        units = self.units
        if log is not QUIET:
            log.append({"type": "action", "unit": u.ref, "face": action.face,
                        "name": action.name, "target": target,
                        "targets": [units[t].ref for t in targets]})
        dealt = 0
        for op in ops:
            kind = op[0]
            if kind == "dmg" or kind == "special-highest-hp":
                amount = op[1]
                if amount == "X":
                    amount = self.round
                elif amount == "1D6":
                    amount = self.die("amount", u.id)
                dkind = op[2] if kind == "dmg" else KINDS[op[2]]
                bonus = op[3] if kind == "dmg" else None
                for t in targets:
                    tu = units[t]
                    if tu.on and tu.hp > 0:
                        dealt += damage.deal(self, u, tu, amount, dkind, bonus)
            elif kind == "heal":
                amount = op[1] if op[1] != "1D6" else self.die("amount", u.id)
                damage.heal(self, u, amount)
            elif kind == "self-status":
                damage.inflict(self, u, op[1])
            elif kind == "status":
                for t in targets:
                    tu = units[t]
                    if tu.on and tu.hp > 0:
                        damage.inflict(self, tu, op[1])
            elif kind == "set-max-hp-enemies":
                for x in self.board[1 - u.side]:
                    if x >= 0:
                        tu = units[x]
                        tu.max_hp = op[1]
                        if tu.hp > op[1]:
                            tu.hp = op[1]
                            self.hurt = True
                        if log is not QUIET:
                            log.append({"type": "max-hp", "unit": tu.ref, "max": op[1],
                                        "hp": tu.hp})
        if self.downed or self.hurt:  # settle's own first test, without the call
            self.settle()
        if self.over:
            return
        if melee and u.on:
            for t in targets:
                tu = units[t]
                retort = tu.tk.get("melee-retort") if tu.on and tu.tk else None
                if retort is not None and self.die("retort", u.id) <= retort[0]:
                    u.pending |= STATUS_BITS[retort[1]]
        if dealt > 0 and u.on and not u.chained and u.tk.get("chain") is not None:
            u.chained = True
            face = self.die("chain", u.id)
            self.act(u, u.card.actions[face - 1], False)

    def settle(self) -> None:
        """Units at 0 HP go down (奇跡 may answer), back rows advance, leaps, the end."""
        if not self.downed and not self.hurt:
            return
        units = self.units
        downs = [u for u in units if u.on and u.hp <= 0] if self.downed else None
        self.downed = False
        if downs:
            for p in self.sides():
                mine = [u for u in downs if u.side == p]
                if not mine:
                    continue
                for u in mine:
                    self.board[p][u.sq] = EMPTY
                    if self.log is not QUIET:
                        self.log.append({"type": "down", "unit": u.ref})
                revived = commands.on_down(self, p, mine)
                for u in mine:
                    if u.id not in revived:
                        u.on = False
                        u.gone = "down"
            for p in (0, 1):
                moved = advance(self.board[p])
                if moved is not None:
                    mover = units[self.board[p][moved[1]]]
                    self.move(mover, moved[1])
                    if self.log is not QUIET:
                        self.log.append({"type": "advance", "player": p,
                                         "from": moved[0] + 1, "to": moved[1] + 1,
                                         "unit": mover.card.name, "id": mover.id})
        if self.hurt:
            self.hurt = False
            if self.leap_hp[0] or self.leap_hp[1]:
                leap.check(self)
        if downs:
            # a side has a unit left when some square holds one (ids >= 0; EMPTY and COMMAND
            # are negative)
            left = [max(self.board[0]) >= 0, max(self.board[1]) >= 0]
            if not left[0] or not left[1]:
                self.end(1 if left[1] else 0 if left[0] else -1, "wipeout")

    def end(self, winner: int, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.reason = reason
        for p in (0, 1):
            self.taken[p] = self.init_hp[1 - p] - sum(
                self.units[x].hp for x in self.board[1 - p] if x >= 0)
        if self.log is not QUIET:
            self.log.append({"type": "game-end", "winner": winner, "draw": winner < 0,
                             "reason": reason, "round": self.round,
                             "units": [sum(x >= 0 for x in self.board[p]) for p in (0, 1)],
                             "taken": list(self.taken), "initial_hp": list(self.init_hp)})

    def compare(self) -> None:
        """After the last round: more units wins, then more HP taken, else a draw."""
        counts = [sum(x >= 0 for x in self.board[p]) for p in (0, 1)]
        if counts[0] != counts[1]:
            self.end(0 if counts[0] > counts[1] else 1, "units")
            return
        taken = [self.init_hp[1 - p] - sum(self.units[x].hp for x in self.board[1 - p]
                                           if x >= 0) for p in (0, 1)]
        if taken[0] != taken[1]:
            self.end(0 if taken[0] > taken[1] else 1, "hp-taken")
        else:
            self.end(-1, "tie")


def simulate(squares: Sequence[Sequence[Card | None]], leap_decks: Sequence[Sequence[UnitCard]],
             seed: int, rounds: int = 4) -> Battle:
    """A whole battle without a log: the greedy agent's rollout."""
    return Battle(squares, leap_decks, core_rng.seed_state(seed), QUIET, rounds).run()
