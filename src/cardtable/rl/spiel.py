"""The OpenSpiel adapter: each game registered as a Python game, ``cardtable_<id>``.

Chance stays inside the state: shuffles and dice come from the match's own seeded generator,
so there are no chance nodes and the game type says ``SAMPLED_STOCHASTIC``. Each
``new_initial_state()`` is the next match of the game's seed sequence (parameter ``seed``),
dealt differently each time and the same in every run. (OpenSpiel's C++ side also makes an
initial state of its own each time it sizes a tensor, and that one takes the next seed too: a
run repeats exactly, but which match the k-th ``new_initial_state()`` deals depends on the
calls made before it. From Python, ``observation_tensor()`` and ``information_state_tensor()``
are answered by the state itself and deal nothing. Clones deal nothing.) Parameters: ``seed`` (int),
``options`` (the game's options as a JSON object, ``""`` for the defaults) and ``decks``
(two deck names or paths, comma-separated, ``""`` for the defaults).

Observations (``make_py_observer``): the tensor is the game's observation encoding
(``encode(view)``, docs/rules/<id>.md, written by ``Game.observe_into``, its tested fast
path); the observation string is the seat's view as JSON (without the card table, which never
changes within a match). The information-state string has perfect recall: the seat's filtered
event log and the codes it played. In a match from ``resample_from_infostate(p)`` seat p keeps
its own; the other seat's starts from its view in the sample (``"dealt"``), so it follows the
cards dealt. The information-state tensor is the observation encoding, which holds the present
position, not the past (a deliberate simplification: the views already carry what the
rules let a seat remember, such as piles and counts).
"""

from __future__ import annotations

import json
import sys
import warnings
from array import array
from typing import Any

import numpy as np
import pyspiel

from cardtable.core import State, load_game
from cardtable.core.registry import parts
from cardtable.core.seeding import derive_seed
from cardtable.rl.games import game_ids
from cardtable.rl.match import resolve_decks


class TrueStateSearchWarning(UserWarning):
    """OpenSpiel's ``MCTSBot`` is searching clones of the true match (the opponent's hand,
    the future draws): use ``cardtable.rl.spiel_bots.ISMCTSBot`` or ``AgentBot`` instead."""


#: OpenSpiel's perfect-information MCTS clones the state it searches in this function
_MCTS_FRAME = ("open_spiel.python.algorithms.mcts", "_apply_tree_policy")


def _warn_if_searched_by_mcts(game: Any) -> None:
    """Warn once per game when a clone is made by ``MCTSBot``'s tree walk (a few frames up:
    a walk of a handful of frames, once per clone, until it has warned)."""
    frame = sys._getframe(2)
    for depth in range(8):
        if frame is None:
            return
        if (frame.f_globals.get("__name__"), frame.f_code.co_name) == _MCTS_FRAME:
            game.warned_mcts = True
            warnings.warn("OpenSpiel's MCTSBot searches the true match (clones carry the "
                          "opponent's hand and future draws); use "
                          "cardtable.rl.spiel_bots.ISMCTSBot or AgentBot",
                          TrueStateSearchWarning, stacklevel=3 + depth)
            return
        frame = frame.f_back


def short_name(game_id: str) -> str:
    return "cardtable_" + game_id.replace("-", "_")


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class _Held:
    """The cardtable match inside an OpenSpiel state, dealt when first needed.

    OpenSpiel clones a Python state by making a new initial state and deep-copying the
    attributes into it; this holder makes that copy the engine's own ``clone()`` (plain data,
    cheap) and lets the new initial state it throws away deal nothing.
    """

    __slots__ = ("game", "state")

    def __init__(self, game: Any, state: State | None = None) -> None:
        self.game, self.state = game, state

    def get(self) -> State:
        if self.state is None:
            self.state = self.game.next_match()
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        if not self.game.warned_mcts:
            _warn_if_searched_by_mcts(self.game)
        return _Held(self.game, self.get().clone())


class _Past:
    """What each seat knew when its match was resampled, and where the sample's own log took
    over. The resampling seat keeps its real past (its events and codes); the other seat's
    past is the sample's invention, so it starts from what that seat sees in the sample (its
    view, with the hand the sample dealt it): two samples that dealt it different cards give it
    different information states, as they must, since its legal codes differ. Read-only, so
    clones share it."""

    __slots__ = ("dealt_text", "player", "prefix", "since", "text")

    def __init__(self, player: int, prefix: tuple[Any, Any, Any], since: int,
                 text: str) -> None:
        self.player, self.prefix, self.since = player, prefix, since
        #: the resampling seat's past events as JSON (``CardtableSpielState.events_text``)
        #: and the other seat's view in the sample, made once: every node of a search that
        #: reads an information state would otherwise write the whole past again
        self.text, self.dealt_text = text, _json(prefix[2])

    def __deepcopy__(self, memo: dict[int, Any]) -> _Past:
        return self


class _Moves(list):  # type: ignore[type-arg]
    """The (seat, code) pairs played, copied shallowly by a clone: OpenSpiel deep-copies a
    state's attributes, and a deep copy of a long game's pairs is most of a clone's cost."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Moves:
        return _Moves(self)


class _Texts:
    """A state's cache of its seats' event texts, by the log's length (a log only grows).
    Not carried over to a clone: OpenSpiel deep-copies a state's attributes one by one."""

    __slots__ = ("by_seat", "view")

    def __init__(self) -> None:
        self.by_seat: list[tuple[int, str] | None] = [None, None]
        #: the last view a resample read: (seat, decisions so far, view)
        self.view: tuple[int, int, Any] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Texts:
        return _Texts()


class CardtableSpielState(pyspiel.State):  # type: ignore[misc]
    """One match; every decision is a player's (no chance nodes)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._game = game
        self._held = _Held(game)
        self._moves: list[tuple[int, int]] = _Moves()
        self._past: _Past | None = None
        self._past_moves = 0
        self._texts = _Texts()

    def seat_events(self, player: int) -> list[Any]:
        """The seat's event log; in a resampled match, what it knew at the sample and then the
        sample's events."""
        s, past = self.match, self._past
        if past is None:
            return s.events(player)
        return list(past.prefix[player]) + s.events(player, past.since)

    def events_text(self, player: int) -> str:
        """``seat_events`` as JSON items joined by commas (the inside of its list), as
        ``information_state_string`` writes them; kept while the log does not grow."""
        s, past = self.match, self._past
        n = len(s.log)
        hit = self._texts.by_seat[player]
        if hit is not None and hit[0] == n:
            return hit[1]
        since = past.since if past else 0
        if hit is not None:  # the log grew: only its new events are written (a seat's
            since, text = max(since, hit[0]), hit[1]  # filtered event never changes)
        elif past is not None and past.player == player:
            text = past.text
        else:
            text = ""
        more = ",".join(_json(e) for e in s.events(player, since))
        if more:
            text = text + "," + more if text else more
        self._texts.by_seat[player] = (n, text)
        return text

    def information_state_text(self, player: int) -> str:
        """``information_state(player)`` as OpenSpiel's string (the same JSON, written from
        the cached pieces)."""
        past = self._past
        moves = _json(self.own_moves(player))
        events = self.events_text(player)
        if past is not None and past.player != player:
            return f'{{"dealt":{past.dealt_text},"events":[{events}],"moves":{moves}}}'
        return f'{{"events":[{events}],"moves":{moves}}}'

    def information_state(self, player: int) -> dict[str, Any]:
        """The seat's perfect-recall information state: its events and the codes it played;
        in a resampled match the other seat's begins with its view in the sample (``dealt``)."""
        past = self._past
        if past is not None and past.player != player:
            return {"dealt": past.prefix[2], "events": self.match.events(player, past.since),
                    "moves": self.own_moves(player)}
        return {"events": self.seat_events(player), "moves": self.own_moves(player)}

    @property
    def match(self) -> State:
        """The cardtable ``State`` (read by the observer; a policy should not look)."""
        return self._held.get()

    @match.setter
    def match(self, state: State) -> None:
        self._held = _Held(self._game, state)
        self._texts = _Texts()

    def current_player(self) -> int:
        s = self.match
        return pyspiel.PlayerId.TERMINAL if s.is_terminal() else s.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        s = self.match
        if s.is_terminal() or player != s.current_player():
            return []
        return list(s.legal_actions())

    def _apply_action(self, action: int) -> None:
        s = self.match
        self._moves.append((s.current_player(), int(action)))
        s.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        s = self.match
        if not s.is_terminal() and action in s.legal_actions():
            return f"{action}: {s.action_label(action)}"
        return f"{action}: {_json(s.game.describe_action(action))}"

    def is_terminal(self) -> bool:
        return self.match.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.match.returns()]

    def __str__(self) -> str:
        s = self.match
        return f"{s.game.id} seed {s.seed} moves {s.history}"

    def __deepcopy__(self, memo: dict[int, Any]) -> CardtableSpielState:
        copy = CardtableSpielState(self._game)
        copy.match = self.match.clone()
        copy._moves = _Moves(self._moves)
        copy._past = self._past
        copy._past_moves = self._past_moves
        return copy

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A full match consistent with what ``player_id`` knows (``Game.sample_state``, from
        the seat's view alone, with a fresh generator), for OpenSpiel's information-set
        searches (``ISMCTSBot``). The seat's information state carries over (its past events
        and codes); the other seat's starts from its view in the sample, so it follows the
        cards the sample dealt (the real past of that seat is unknown to the searcher)."""
        s = self.match
        seed = int(probability_sampler() * (1 << 62))
        copy = CardtableSpielState(self._game)
        # a search resamples the same position again and again: its view is read once
        held = self._texts.view
        if held is None or held[:2] != (player_id, len(s.history)):
            held = self._texts.view = (player_id, len(s.history), s.view(player_id))
        sample = s.game.sample_state(held[2], seed)
        copy.match = sample
        other = 1 - player_id
        copy._moves = _Moves((p, a) for p, a in self._moves if p == player_id)
        dealt = dict(sample.brief_view(other))  # the view less its card table
        dealt.pop("cards", None)
        prefix: list[Any] = [(), (), dealt]
        prefix[player_id] = tuple(self.seat_events(player_id))
        copy._past = _Past(player_id, tuple(prefix), len(sample.log),
                           self.events_text(player_id))
        copy._past_moves = len(copy._moves)
        return copy

    def own_moves(self, player: int) -> list[int]:
        """The codes the seat played (the other seat of a resampled match: since the sample)."""
        moves = self._moves
        past = self._past
        if past is not None and past.player != player:
            moves = moves[self._past_moves:]
        return [a for p, a in moves if p == player]

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation, answered here for Python callers: OpenSpiel's own route
        sizes the tensor on every call by making and observing a throwaway initial state
        (which deals a match), several times the cost of the observation itself. The same
        numbers; C++ callers still take OpenSpiel's route."""
        if player is None:
            player = self.current_player()
        if player not in (0, 1):
            raise ValueError(f"observation_tensor: player must be 0 or 1, not {player!r}")
        obs = self._game.default_py_observer()
        obs.set_from(self, player)
        return obs.tensor.tolist()  # type: ignore[no-any-return]

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The observation encoding (see the module's note), by the same route."""
        return self.observation_tensor(player)


class CardtableObserver:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``,
    ``string_from``."""

    def __init__(self, game: Any, iig_obs_type: Any) -> None:
        if iig_obs_type is not None and \
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("cardtable games observe one seat's view only "
                             "(private_info=SINGLE_PLAYER)")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.game = game.cardtable
        # the tensor is a NumPy view of an array('f'), which Game.observe_into writes fastest
        self._zero = array("f", bytes(4 * self.game.observation_size))
        self._buf = self._zero[:]
        self.tensor = np.frombuffer(self._buf, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardtableSpielState, player: int) -> None:
        buf = self._buf
        buf[:] = self._zero
        self.game.observe_into(state.match, player, buf)

    def string_from(self, state: CardtableSpielState, player: int) -> str:
        s = state.match
        if self.perfect_recall:
            return state.information_state_text(player)
        view = dict(s.brief_view(player))  # the view less its card table, which it skips
        view.pop("cards", None)
        return _json(view)


def _game_class(game_id: str) -> tuple[Any, type]:
    game = load_game(game_id)
    game_type = pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"cardtable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0, "options": "", "decks": ""},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=game.num_actions,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=parts(game_id).max_length,
    )

    class CardtableSpielGame(pyspiel.Game):  # type: ignore[misc]
        cardtable = game

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, game_info, params or {})
            p = self.get_parameters()
            self.seed = int(p.get("seed", 0))
            text = str(p.get("options", "") or "")
            self.options = game.resolve_options(json.loads(text)) if text else None
            names = [d for d in str(p.get("decks", "") or "").split(",") if d]
            self.decks = resolve_decks(game, names) if names else None
            self.count = 0
            #: whether MCTSBot's search of the true match has been warned about
            self.warned_mcts = False

        def __deepcopy__(self, memo: dict[int, Any]) -> Any:
            """The game itself: it holds no position, only its parameters and where its seed
            sequence has got to (OpenSpiel's own copy would ask for a C++ generator's state,
            which a Python game with its generator inside the state does not have)."""
            return self

        def next_match(self) -> State:
            seed = derive_seed(self.seed, "open_spiel", self.count)
            self.count += 1
            return game.new_game(seed, decks=self.decks, options=self.options)

        def new_initial_state(self) -> CardtableSpielState:
            return CardtableSpielState(self)

        def make_py_observer(self, iig_obs_type: Any = None,
                             params: Any = None) -> CardtableObserver:
            return CardtableObserver(self, iig_obs_type)

        def default_py_observer(self) -> CardtableObserver:
            """One observer for the states' own ``observation_tensor``, made once."""
            obs = self.__dict__.get("_py_observer")
            if obs is None:
                obs = self.__dict__["_py_observer"] = CardtableObserver(self, None)
            return obs

    CardtableSpielGame.__name__ = f"Cardtable_{game_id.replace('-', '_')}"
    return game_type, CardtableSpielGame


_registered: list[str] = []


def register() -> list[str]:
    """Register every game once per process (OpenSpiel refuses a name twice); a game
    registered with cardtable since the last call is added."""
    for game_id in game_ids():
        if short_name(game_id) not in _registered:
            game_type, cls = _game_class(game_id)
            pyspiel.register_game(game_type, cls)
            _registered.append(short_name(game_id))
    return list(_registered)
