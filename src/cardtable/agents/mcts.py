"""Information-set Monte Carlo tree search (single observer), written once for every game.

Why this shape (Cowling, Powley and Whitehouse 2012, SO-ISMCTS): the searching player cannot
see the opponent's hand, deck order or pending answers, so every iteration starts from a
*determinization*, a full state drawn by ``Game.sample_state`` from the player's view alone,
with a generator of its own. The tree is shared by all determinizations: a node is the sequence
of action codes taken from the decision at hand, and an action's statistics are compared only
against the iterations in which it was legal (``avail``), because different samples allow
different actions.

The agent sees what every other agent sees (``act(game, view, legal)``), so it cannot cheat:
it never holds the true state, and chance (dice, shuffles) is whatever the sample's own
generator produces, never the real game's future.

Budgets: ``iters`` (iterations per move, reproducible for a fixed seed on any machine) and
``ms`` (wall-clock milliseconds per move; the number of iterations then depends on the machine,
so results are reproducible only with ``iters``). With both, the search stops at whichever
comes first.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from functools import cache
from typing import Any

from cardtable.agents.base import Agent
from cardtable.core.contract import Answerer, Game, State
from cardtable.core.errors import CardtableError
from cardtable.core.registry import part

ROLLOUTS = ("random", "greedy")
PRIORS = ("greedy", "none")
#: the largest search budgets a spec may ask for (a day of thinking is a typo, not a plan)
MAX_ITERS = 10_000_000
MAX_MS = 3_600_000


class Node:
    """Statistics of one action sequence from the root, seen from the player who moved."""

    __slots__ = ("avail", "children", "hidden", "legal", "player", "prior", "reward", "shared",
                 "stats", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat that chose the action leading here (-1 at the root)
        self.visits = 0
        self.reward = 0.0  # sum of that seat's rewards in [0, 1]
        self.avail = 0  # iterations in which the action leading here was legal
        self.children: dict[int, Node] = {}
        #: whether the choice made here is hidden from the next player (None: not checked yet)
        self.hidden: bool | None = None
        #: the next player's statistics, shared by all children when the choice here is hidden
        self.shared: dict[int, Node] | None = None
        #: where this node's chooser keeps its statistics when it cannot see the choice that
        #: led here (the parent's ``shared``); None: in ``children`` as usual
        self.stats: dict[int, Node] | None = None
        #: the heuristic's weight per action chosen here (None: not asked; empty: no heuristic)
        self.prior: dict[int, float] | None = None
        #: the legal codes last met here and the same as a set (None: not needed yet)
        self.legal: tuple[list[int], frozenset[int]] | None = None


class MCTSAgent(Agent):
    name = "mcts"

    def __init__(
        self,
        iters: int | None = None,
        ms: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        prior: str | None = None,
        bias: float = 1.0,
        widen: float = 2.0,
        cutoff: int | None = None,
        deep: int = 0,
        model: float | None = None,
        halving: int = 0,
        follow: bool = True,
        clock: Callable[[], float] = time.perf_counter,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        if iters is None and ms is None:
            iters = 1000
        if iters is not None and (not isinstance(iters, int) or isinstance(iters, bool)
                                  or not 1 <= iters <= MAX_ITERS):
            raise ValueError(f"iters must be a whole number from 1 to {MAX_ITERS:,}, "
                             f"got {iters!r}")
        if ms is not None and (not isinstance(ms, int | float) or isinstance(ms, bool)
                               or not 0 < ms <= MAX_MS):
            raise ValueError(f"ms must be more than 0 and at most {MAX_MS:,} milliseconds, "
                             f"got {ms!r}")
        if not isinstance(c, int | float) or not 0 <= c < math.inf:
            raise ValueError(f"c must be a non-negative number, got {c!r}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        self.iters = iters
        self.ms = ms
        self.c = float(c)
        if prior is None:
            # a heuristic may itself take longer than a time budget (Dice and Monsters' greedy
            # simulates hundreds of battles per line-up), so timed searches go without one
            prior = "greedy" if ms is None else "none"
        if prior not in PRIORS:
            raise ValueError(f"prior must be one of {', '.join(PRIORS)}, got {prior!r}")
        if not isinstance(bias, int | float) or not 0 <= bias < math.inf:
            raise ValueError(f"bias must be a non-negative number, got {bias!r}")
        if not isinstance(widen, int | float) or not 0 <= widen < math.inf:
            raise ValueError(f"widen must be a non-negative number (0: off), got {widen!r}")
        if cutoff is not None and (
                not isinstance(cutoff, int) or isinstance(cutoff, bool) or cutoff < 0):
            raise ValueError(f"cutoff must be a whole number of rollout steps (0: play to the "
                             f"end), got {cutoff!r}")
        if not isinstance(deep, int) or isinstance(deep, bool) or deep < 0:
            raise ValueError(f"deep must be a whole number of visits (0: the root alone), "
                             f"got {deep!r}")
        if model is None:
            # the model asks the greedy policy, which can outlast a time budget as the prior can
            model = 0.5 if ms is None else 0.0
        if (not isinstance(model, int | float) or isinstance(model, bool)
                or not 0 <= model <= 1):
            raise ValueError(f"model must be a chance between 0 and 1, got {model!r}")
        if not isinstance(halving, int) or isinstance(halving, bool) or halving < 0:
            raise ValueError(f"halving must be a whole number of root candidates (0: off), "
                             f"got {halving!r}")
        if halving and iters is None:
            raise ValueError("halving plans its rounds on an iteration budget: give iters too")
        if not isinstance(follow, bool):
            raise ValueError(f"follow must be true or false, got {follow!r}")
        self.halving = halving
        self.follow = follow
        self.rollout = rollout
        self.model = float(model)
        self.cutoff = cutoff
        self.deep = deep
        self.widen = float(widen)
        self.prior = prior
        self.bias = float(bias)
        self._clock = clock
        self._rng = random.Random(0)
        self._greedy: Any = None
        #: heuristic weights of the decoupled tables of this search, by the table's identity
        self._shared_priors: dict[int, dict[int, float]] = {}
        #: the modelled reply to the move at hand: None (not met yet), the replier's view and
        #: the policy's answer (None until a second sample confirms the view), or False (the
        #: replier's view differs between samples)
        self._reply: tuple[dict[str, Any], int | None] | bool | None = None
        #: what the last search did, for tests, benchmarks and curious players
        self.last_iterations = 0
        self.last_root: Node | None = None

    def spec(self) -> str:
        parts = []
        if self.iters is not None:
            parts.append(f"iters={self.iters}")
        if self.ms is not None:
            parts.append(f"ms={self.ms:g}")
        if self.c != 0.7:
            parts.append(f"c={self.c:g}")
        if self.rollout != "random":
            parts.append(f"rollout={self.rollout}")
        if self.prior != ("greedy" if self.ms is None else "none"):
            parts.append(f"prior={self.prior}")
        if self.bias != 1.0:
            parts.append(f"bias={self.bias:g}")
        if self.widen != 2.0:
            parts.append(f"widen={self.widen:g}")
        if self.cutoff is not None:
            parts.append(f"cutoff={self.cutoff}")
        if self.deep:
            parts.append(f"deep={self.deep}")
        if self.model != (0.5 if self.ms is None else 0.0):
            parts.append(f"model={self.model:g}")
        if self.halving:
            parts.append(f"halving={self.halving}")
        if not self.follow:
            parts.append("follow=false")
        return self.name + (":" + ",".join(parts) if parts else "")

    def reset(self, seed: int) -> None:
        self._rng = random.Random(seed)

    # -- the search ----------
    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        if view is None:
            raise CardtableError("mcts needs the player's view")
        if len(legal) == 1:
            self.last_iterations, self.last_root = 0, None
            return legal[0]
        if self.follow:
            settled = self._settled_move(game, view, legal)
            if settled is not None:
                self.last_iterations, self.last_root = 0, None
                return settled
        root = Node(-1)
        start = self._clock() if self.ms is not None else 0.0
        longest = 0.0
        deadline = None if self.ms is None else start + self.ms / 1000.0
        root.prior = self._prior(game, view, legal)  # inside the time budget
        self._shared_priors = {}
        self._reply = None
        # a model asked once per sample costs more than an iteration: not in the tree search
        answer = (self._answerer(game)
                  if self.model > 0 and not game.answer_model_per_sample else None)
        value, cutoff = self._evaluation(game)
        judge = self._judge(game, value)
        rand = self._rng
        limit = self.iters if self.iters is not None else 1 << 62
        schedule = (_Halving(self._candidates(root.prior, legal), limit, root)
                    if self.halving and self.iters is not None else None)
        done = 0
        while done < limit:
            state = game.sample_state(view, rand.getrandbits(63), answer)
            state.quiet()  # a sample's events are never read: skip building them
            if state.legal_actions() != legal:
                raise CardtableError(
                    f"{game.id}: a sampled state does not offer the legal actions of the view")
            first = schedule.next() if schedule is not None else None
            self._iterate(game, root, state, judge, cutoff, first)
            done += 1
            if deadline is not None:
                # stop when one more iteration as long as the longest so far would overrun
                # the budget, so the answer comes within it rather than just after it
                now = self._clock()
                longest = max(longest, now - start)
                start = now
                if now + longest >= deadline:
                    break
        self.last_iterations, self.last_root = done, root
        if schedule is not None:
            return schedule.best()
        return max(legal, key=lambda a: _visits(root, a))

    def _settled_move(self, game: Game, view: dict[str, Any], legal: list[int]) -> int | None:
        """The greedy policy's move where the game's policy marks the decision as settled
        (``SETTLED_PHASES``), else None.

        Why: some decisions show their worth only through a later one the rollouts play at
        random. A Dice and Monsters deck is worth the line-up a careful player takes from it;
        judged by random line-ups, three units (no choice to make) look better than six, and
        the search built three-unit decks and won 82.3% against random, against 89% with the
        policy's deck (docs/performance.md). The policy reads the same view, so this cannot
        cheat either.
        """
        from cardtable.agents.greedy import settled_phases

        if view.get("phase") not in settled_phases(game.id):
            return None
        return self._policy_answer(game, view, legal)

    def _candidates(self, prior: dict[int, float] | None, legal: list[int]) -> list[int]:
        """The root actions a halving search compares: the ``halving`` best by the prior
        (ties in code order), or drawn at random without one."""
        if prior:
            ranked = sorted(legal, key=lambda a: -prior.get(a, 0.0))
        else:
            ranked = list(legal)
            self._rng.shuffle(ranked)
        return ranked[:self.halving]

    def _prior(self, game: Game, view: dict[str, Any], legal: list[int]) -> dict[int, float]:
        """The greedy policy's preference among the root's actions: weight ``1 / (1 + rank)``.

        Why: with a thousand noisy random endings, actions at the root are hard to tell apart;
        a progressive bias of ``bias · weight / (1 + visits)`` lets the search start from the
        cheap heuristic's choices and leave them only when the endings say so, and the widening
        tries the root's actions in the heuristic's order, so a decision with hundreds of codes
        spends its iterations on the promising ones. A game whose policy scores every code gives
        a full ranking; one whose policy only names its move gives that move alone. It costs one
        greedy call per decision, and greedy reads the view alone, so the prior cannot cheat.
        """
        if self.prior == "none" or self.bias == 0:
            return {}
        from cardtable.agents.greedy import GreedyAgent, policy_scores

        try:
            scorer = policy_scores(game.id)
            if scorer is not None:
                values = scorer(game, view, legal)
                # rank: how many codes score strictly higher (equal scores share a weight)
                ordered = sorted(values, reverse=True)
                first: dict[float, int] = {}
                for rank, v in enumerate(ordered):
                    first.setdefault(v, rank)
                return {a: 1.0 / (1 + first[v]) for a, v in zip(legal, values, strict=True)}
            if self._greedy is None:
                self._greedy = GreedyAgent()
            return {self._greedy.act(game, view, legal): 1.0}
        except CardtableError:  # a game without a greedy policy: search without a prior
            return {}

    def _policy_answer(self, game: Game, view: dict[str, Any], legal: list[int]) -> int | None:
        """What the greedy policy would answer from ``view``; None for a game without one."""
        from cardtable.agents.greedy import GreedyAgent

        if self._greedy is None:
            self._greedy = GreedyAgent()
        try:
            return self._greedy.act(game, view, legal)
        except CardtableError:
            return None

    def _answerer(self, game: Game) -> Answerer:
        """The opponent model for answers already given in secret (``Game.sample_state``).

        Why a model: drawn uniformly, the opponent's hidden line-up makes the search answer a
        random player, and against anyone who chose with care that answer is no better than
        the greedy policy's own. With chance ``model`` the answer is the greedy policy's from
        the answerer's view (asked once per view), otherwise a uniformly drawn legal one, so
        the search prepares for a careful opponent without betting everything on it.
        """
        rand = self._rng
        chance = self.model
        memo: list[Any] = [None, None, None]  # view, legal codes, answer

        def answer(view: dict[str, Any], legal: list[int]) -> int:
            if rand.random() < chance:
                if memo[0] != view or memo[1] != legal:
                    memo[:] = [view, list(legal), self._policy_answer(game, view, legal)]
                if memo[2] is not None:
                    return int(memo[2])
            return legal[rand.randrange(len(legal))]

        return answer

    def _modelled_reply(self, game: Game, state: State, seat: int, legal: list[int]
                        ) -> int | None:
        """The opponent model for the secret answer to the move at hand (the decoupled table
        just below the root): with chance ``model``, the greedy policy's answer.

        The model holds only where the replier's view is the same in every sample, that is
        where the searcher knows all the replier knows (Dice and Monsters' line-up, both decks
        shown). The first sample's view is kept; a second sample that shows the replier the
        same asks the policy, once for the move, and one that shows it something else (a hand
        drawn differently) turns the model off, since asking the policy once per sample would
        cost more than the search. So a game whose replier holds hidden cards is searched
        exactly as without a model.
        """
        reply = self._reply
        if reply is False:
            return None
        seen = state.view(seat)
        if reply is None:
            self._reply = (seen, None)
            return None
        assert isinstance(reply, tuple)
        if reply[0] != seen:
            self._reply = False
            return None
        answer = reply[1]
        if answer is None:
            answer = self._policy_answer(game, seen, legal)
            if answer is None:
                self._reply = False
                return None
            self._reply = (seen, answer)
        if answer not in legal or self._rng.random() >= self.model:
            return None
        return answer

    def _evaluation(self, game: Game) -> tuple[Callable[[dict[str, Any]], float] | None, int]:
        """The game's value function and the rollout steps before it takes over: the agent's
        ``cutoff`` if given, else the value module's own ``CUTOFF`` (about a turn of that
        game's play, so every rollout sees one round of battles before it is judged)."""
        value = self._value_function(game)
        if value is None:
            return None, 0
        cutoff = self.cutoff
        if cutoff is None:
            cutoff = self._value_module(game).CUTOFF
        return (value, cutoff) if cutoff > 0 else (None, 0)

    @staticmethod
    def _judge(game: Game, value: Callable[[dict[str, Any]], float] | None
               ) -> Callable[[State], float] | None:
        """What a rollout's cut-off asks: the value of seat 0's brief view, or, where the
        game's value module offers ``value_state(state, seat)`` (the same number read from the
        state's public parts without building the view), that."""
        if value is None:
            return None
        module = MCTSAgent._value_module(game)
        direct = getattr(module, "value_state", None)
        if direct is not None and module.value is value:
            return lambda state: direct(state, 0)
        return lambda state: value(state.brief_view(0))

    @staticmethod
    def _value_module(game: Game) -> Any:
        """The game's record's ``value`` part (``games/<id>/value.py``), or None."""
        return _value_module(game.id)

    @staticmethod
    def _value_function(game: Game) -> Callable[[dict[str, Any]], float] | None:
        """The game's position evaluation, ``value(view) -> chance that view's player wins``."""
        module = MCTSAgent._value_module(game)
        return None if module is None else module.value

    def _iterate(self, game: Game, root: Node, state: State,
                 value: Callable[[State], float] | None = None, cutoff: int = 0,
                 first: int | None = None) -> None:
        rand = self._rng
        c = self.c
        widen = self.widen
        deep = self.deep
        shared_priors = self._shared_priors
        model = self.model > 0 and self._reply is not False
        node = root
        path = [root]
        # Selection: descend while every legal action already has a child.
        while True:
            seat = state.current_player()
            if seat < 0:
                break
            legal = state.legal_actions()
            children = node.children
            # A player answering a simultaneous step cannot see the answer given just before
            # it: its choice is one bandit shared by every hidden answer (decoupled, as in
            # simultaneous-move search), so the tree does not let it react to what it cannot see.
            table = children if node.stats is None else node.stats
            # The heuristic below the root: asked once a node has proved worth it (``deep``
            # visits), from the view of the player choosing there in this sample.
            prior = node.prior
            if prior is None and deep and node.visits >= deep and len(legal) > 1:
                # a player who cannot see the answer before it has one view for all its
                # siblings, so they share one heuristic call as they share their statistics
                prior = None if table is children else shared_priors.get(id(table))
                if prior is None:
                    prior = self._prior(game, state.view(seat), legal)
                    if table is not children:
                        shared_priors[id(table)] = prior
                node.prior = prior
            # Count availability and find the untried actions. A node with far fewer entries
            # than legal codes (hundreds of line-ups, a few dozen admitted by the widening)
            # walks its entries against the legal codes as a set, kept per node for as long
            # as the samples offer the same list, instead of walking every code.
            tried: list[int] | None
            untried: list[int] | None
            if len(table) * 4 < len(legal):
                known = node.legal
                if known is None or (known[0] is not legal and known[0] != legal):
                    known = node.legal = (legal, frozenset(legal))
                members = known[1]
                tried = [a for a in table if a in members]
                for a in tried:
                    table[a].avail += 1
                n_untried = len(legal) - len(tried)
                untried = None  # listed only if one is expanded
            else:
                tried = None
                untried = _untried(table, legal)
                n_untried = len(untried)
            # The secret answer to the move at hand comes, now and then, from the opponent
            # model rather than from the replier's own statistics.
            action: int | None = None
            expand = False
            if first is not None and node is root:
                action, expand = first, first not in table
            elif model and node.stats is not None and node.stats is root.shared:
                action = self._modelled_reply(game, state, seat, legal)
                expand = action is not None and action not in table
            # Progressive widening: a node visited n times considers about widen·√n of its
            # actions, so a decision with hundreds of codes (a team line-up) gets a few actions
            # estimated well rather than every action tried once.
            if action is None and n_untried and (
                    widen <= 0 or n_untried == len(legal)
                    or len(legal) - n_untried < widen * math.sqrt(node.visits + 1)):
                if untried is None:  # in legal order, as the full walk lists them
                    untried = [a for a in legal if a not in table]
                if prior:
                    # the heuristic's order; unranked codes (weight 0) in random order
                    action = max(untried, key=lambda a: prior.get(a, 0.0))
                    if prior.get(action, 0.0) <= 0.0:
                        action = untried[rand.randrange(len(untried))]
                else:
                    action = untried[rand.randrange(len(untried))]
                expand = True
            if expand:
                assert action is not None
                # untried in the table means untried here too: expand it
                stat = table[action] = Node(seat)
                stat.avail = 1
                child = stat if table is children else Node(seat)
                children[action] = child
                before = state.clone() if node.hidden is None and len(legal) > 1 else None
                state.apply(action)
                if stat is not child:
                    path.append(stat)
                path.append(child)
                self._link(node, child, state, before, legal, action)
                break
            if action is None:
                # the admitted actions in legal order (codes ascend), so ties break alike
                action = _select(table, legal if tried is None else sorted(tried), c,
                                 self.bias, prior, rand)
            stat = table[action]
            child = children.get(action)
            if child is None:
                # tried by a sibling sharing these statistics, new below this node
                child = children[action] = Node(seat)
                state.apply(action)
                path.append(stat)
                path.append(child)
                self._link(node, child, state, None, legal, action)
                break
            state.apply(action)
            if stat is not child:
                path.append(stat)
            path.append(child)
            node = child
        # Rollout to the end of the game, or to the cut-off and the game's evaluation.
        _backup(path, self._playout(game, state, value, cutoff))

    @staticmethod
    def _link(node: Node, child: Node, state: State, before: State | None,
              legal: list[int], action: int) -> None:
        """Decide once per node whether its chooser's answers are hidden from the next player
        (two different answers leave that player's view the same), and if so point the new
        child at the shared statistics."""
        nxt = state.current_player()
        if nxt < 0 or nxt == child.player:
            return
        if node.hidden is None:
            if before is None:
                return
            other = legal[0] if legal[0] != action else legal[-1]
            before.apply(other)
            if before.current_player() != nxt:
                node.hidden = False
            elif state.has_brief_view() and before.brief_view(nxt) != state.brief_view(nxt):
                # views without their card tables already differ (``brief_view`` is the view
                # less ``cards``, and far cheaper where a game offers it): so do the views
                node.hidden = False
            else:
                node.hidden = before.view(nxt) == state.view(nxt)
        if node.hidden:
            if node.shared is None:
                node.shared = {}
            child.stats = node.shared

    def _playout(self, game: Game, state: State,
                 value: Callable[[State], float] | None = None, cutoff: int = 0
                 ) -> list[float]:
        """Play on and return each seat's reward in [0, 1]: the result, or at the cut-off the
        evaluation of seat 0's view (a long random ending is mostly noise; a few steps of it
        then a fitted estimate of who is ahead tells the tree more, and costs less).
        ``value`` is the cut-off's judge (``_judge``): it reads seat 0's value of a state."""
        steps = cutoff if value is not None else -1
        if self.rollout == "greedy":
            if self._greedy is None:
                from cardtable.agents.greedy import GreedyAgent

                self._greedy = GreedyAgent()
            greedy = self._greedy
            while (seat := state.current_player()) >= 0 and steps != 0:
                state.apply(greedy.act(game, state.view(seat), state.legal_actions()))
                steps -= 1
        else:
            # ``Random.randrange(n)`` written out (the bits it draws and the rejections it
            # makes, exactly): the argument checks around it cost as much as the draw
            getrandbits = self._rng.getrandbits
            while state.current_player() >= 0 and steps != 0:
                legal = state.legal_actions()
                n = len(legal)
                k = n.bit_length()
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                state.apply(legal[r])
                steps -= 1
        if state.current_player() < 0 or value is None:
            return [(r + 1.0) / 2.0 for r in state.returns()]
        v = value(state)  # a value function reads zones and counts, not cards
        return [v, 1.0 - v]


@cache
def _value_module(game_id: str) -> Any:
    """Looked up once per game: the search asks at every decision."""
    return part(game_id, "value")


def _untried(table: dict[int, Node], legal: list[int]) -> list[int]:
    """One pass over the legal codes: count the availability of those tried, list the rest."""
    untried = []
    for a in legal:
        stat = table.get(a)
        if stat is None:
            untried.append(a)
        else:
            stat.avail += 1
    return untried


def _select(table: dict[int, Node], actions: list[int], c: float, bias: float,
            prior: dict[int, float] | None, rand: random.Random) -> int:
    """The admitted action of ``actions`` with the best UCB score (plus the heuristic's
    progressive bias); a tie is broken at random."""
    best_score = -1.0
    best: list[int] = []
    log = math.log
    sqrt = math.sqrt
    for a in actions:
        ch = table.get(a)
        if ch is None:  # not admitted yet by the widening
            continue
        score = ch.reward / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
        if prior:
            score += bias * prior.get(a, 0.0) / (1 + ch.visits)
        if score > best_score:
            best_score, best = score, [a]
        elif score == best_score:
            best.append(a)
    return best[0] if len(best) == 1 else best[rand.randrange(len(best))]


def _backup(path: list[Node], rewards: list[float]) -> None:
    """Count the iteration and its reward for the player who moved, along the path."""
    for n in path:
        n.visits += 1
        if n.player >= 0:
            n.reward += rewards[n.player]


def _visits(root: Node, action: int) -> tuple[int, float]:
    child = root.children.get(action)
    if child is None or child.visits == 0:
        return (0, 0.0)
    return (child.visits, child.reward / child.visits)


class _Halving:
    """Sequential halving at the root (Karnin, Koren and Somekh 2013): the candidates share
    the budget in rounds, each survivor tried equally often within a round, and after each
    round the better half by mean reward goes on; the last round takes what is left.

    Why: the move played is a single choice (simple regret), not a sum of rewards; UCB spreads
    a thousand noisy endings over every admitted action, where halving spends most of them on
    the few that survive the early rounds, so those are told apart more sharply.
    """

    def __init__(self, candidates: list[int], budget: int, root: Node) -> None:
        self.alive = candidates
        self.root = root
        self.rounds = max(1, math.ceil(math.log2(len(candidates))))
        self.played = 0
        self.left = budget
        self.queue: list[int] = []

    def next(self) -> int:
        """The root action of the next iteration."""
        if not self.queue:
            self._plan()
        self.left -= 1
        return self.queue.pop()

    def _plan(self) -> None:
        alive = self.alive
        if self.played and len(alive) > 1 and self.played < self.rounds:
            ranked = sorted(alive, key=lambda a: -_visits(self.root, a)[1])  # stable: prior order
            alive = self.alive = ranked[:math.ceil(len(ranked) / 2)]
        if self.played >= self.rounds - 1:
            per = -(-self.left // len(alive))  # the last round takes the rest of the budget
        else:
            per = max(1, self.left // (self.rounds - self.played) // len(alive))
        self.played += 1
        self.queue = [a for _ in range(per) for a in alive][::-1]

    def best(self) -> int:
        """The survivor with the best mean, more visits breaking a tie."""
        return max(self.alive, key=lambda a: _visits(self.root, a)[::-1])

