"""A sixth game is its folder and one registry line: nothing else in the project changes.

The test writes a toy card game (ハイカード: each seat plays one card a round from a hand of
three, the higher card scores) as a package of its own in a temporary folder, adds its record
to the registry with one line, and asks every reader of games for it: the terminal and the
browser table, the agents (random, the greedy policy the toy declares, the search), ``simulate``
(the command and its JSON), the balance lab, the three research adapters, and the compiled
build's module list. None of them is told about the toy in any other way.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from cardtable.core import registry

TOY_ID = "toy-high-card"
PACKAGE = "toy_high_card"

TOY = {
    "__init__.py": '''
        """ハイカード, a toy card game written by a test: the package holds its record."""
    ''',
    "record.py": '''
        """Everything the toy offers, declared once."""

        from cardtable.core.options import Option
        from cardtable.core.parts import GameParts

        PARTS = GameParts(
            id="toy-high-card",
            title="High Card",
            title_ja="ハイカード",
            package=__package__,
            tagline=("Play one card a round; the higher card scores.",
                     "毎ラウンド1枚ずつ出し、大きいカードが得点する。"),
            options=(
                Option("rounds", 3, (1, 4), en=("Rounds", "Rounds in a game."),
                       ja=("ラウンド数", "1ゲームのラウンド数。")),
            ),
            rules="game",
            policy="greedy",
            projection="projection",
            sentences="sentences",
            encoding="encoding",
            max_length=20,
            hot=("game", "greedy"),
        )
    ''',
    "game.py": '''
        """The rules: six cards a deck, a hand of three, one card a seat a round."""

        from __future__ import annotations

        from dataclasses import dataclass
        from typing import Any

        from cardtable.core import rng
        from cardtable.core.contract import TERMINAL, Game, State
        from cardtable.core.deck import Deck
        from toy_high_card.record import PARTS

        HAND = 3


        @dataclass(frozen=True)
        class Card:
            name: str
            rank: int

            def to_json(self) -> dict[str, Any]:
                return {"name": self.name, "rank": self.rank}


        POOL = {str(r): Card(str(r), r) for r in range(1, 7)}


        class ToyState(State):
            def __init__(self, seed: int, decks: tuple[Deck, ...], options: dict[str, Any],
                         generator: int, piles: list[list[str]]) -> None:
                self.seed, self.decks, self.options = seed, decks, options
                self.rng = generator
                self.history: list[int] = []
                self.log: list[dict[str, Any]] = []
                self.piles = piles
                self.hands: list[list[str]] = [[], []]
                self.played: list[str | None] = [None, None]
                self.points = [0, 0]
                self.used: list[list[str]] = [[], []]
                self.round = 1
                self.to_move = 0
                for seat in (0, 1):
                    self._draw(seat, HAND)

            def _draw(self, seat: int, n: int) -> None:
                for _ in range(min(n, len(self.piles[seat]))):
                    card = self.piles[seat].pop()
                    self.hands[seat].append(card)
                    self.log.append({"type": "draw", "player": seat,
                                     "private": [seat, {"card": card}]})

            def current_player(self) -> int:
                return self.to_move

            def winner(self) -> int | None:
                if self.to_move != TERMINAL or self.points[0] == self.points[1]:
                    return None
                return 0 if self.points[0] > self.points[1] else 1

            def is_draw(self) -> bool:
                return self.to_move == TERMINAL and self.points[0] == self.points[1]

            @property
            def turn(self) -> int:
                return self.round

            def legal_actions(self) -> list[int]:
                if self.to_move == TERMINAL:
                    return []
                return list(range(len(self.hands[self.to_move])))

            def apply(self, action: int) -> None:
                self.check_legal(action)
                seat = self.to_move
                card = self.hands[seat].pop(action)
                self.played[seat] = card
                self.used[seat].append(card)
                self.history.append(action)
                self.log.append({"type": "play", "player": seat, "card": card})
                if seat == 0:
                    self.to_move = 1
                    return
                a, b = (POOL[c].rank for c in self.played)  # type: ignore[index]
                scorer = 0 if a > b else 1 if b > a else None
                if scorer is not None:
                    self.points[scorer] += 1
                self.log.append({"type": "round", "winner": scorer, "points": list(self.points)})
                self.played = [None, None]
                if self.round >= self.options["rounds"]:
                    self.to_move = TERMINAL
                    return
                self.round += 1
                self.to_move = 0
                for s in (0, 1):
                    self._draw(s, 1)

            def action_label(self, action: int, lang: str = "en") -> str:
                card = self.hands[self.to_move][action]
                return f"{card}を出す" if lang == "ja" else f"Play {card}"

            def describe_action(self, action: int) -> dict[str, Any]:
                return {"code": action, "kind": "play", "card": self.hands[self.to_move][action]}

            def view(self, player: int) -> dict[str, Any]:
                return {"game": self.game.id, "player": player, "phase": "play",
                        "turn": self.round, "to_move": self.to_move,
                        "hand": list(self.hands[player]),
                        "opponent_hand": len(self.hands[1 - player]),
                        "played": list(self.played), "points": list(self.points),
                        "piles": [len(p) for p in self.piles], "used": [list(u) for u in self.used],
                        "deck_names": [d.name for d in self.decks],
                        "decklists": [sorted(c.name for c in d.cards) for d in self.decks],
                        "rounds": self.options["rounds"]}

            def clone(self) -> ToyState:
                return ToyState.from_json(self.to_json())

            def to_json(self) -> dict[str, Any]:
                return {"game": self.game.id, "seed": self.seed, "options": self.options,
                        "decks": [d.to_json() for d in self.decks], "rng": self.rng,
                        "history": self.history, "log": self.log, "piles": self.piles,
                        "hands": self.hands, "played": self.played, "points": self.points,
                        "used": self.used, "round": self.round, "to_move": self.to_move}

            @classmethod
            def from_json(cls, data: dict[str, Any]) -> ToyState:
                state = cls.__new__(cls)
                state.seed, state.options, state.rng = data["seed"], data["options"], data["rng"]
                state.decks = tuple(Deck(d["name"], tuple(POOL[c] for c in d["cards"]),
                                         d["name_en"]) for d in data["decks"])
                for key in ("history", "log", "piles", "hands", "played", "points", "used",
                            "round", "to_move"):
                    setattr(state, key, data[key])
                return state


        class ToyGame(Game):
            parts = PARTS
            num_actions = HAND
            rules_version = "1"
            state_class = ToyState

            def deck_names(self) -> list[str]:
                return ["low", "high"]

            def load_deck(self, name_or_path: Any) -> Deck:
                ranks = (1, 2, 3, 4, 5, 6) if name_or_path == "low" else (2, 3, 4, 5, 6, 6)
                return Deck(str(name_or_path), tuple(POOL[str(r)] for r in ranks))

            def default_decks(self) -> tuple[Deck, Deck]:
                return self.load_deck("low"), self.load_deck("high")

            def card_from_json(self, data: dict[str, Any]) -> Card:
                return Card(data["name"], data["rank"])

            def check_file(self, path: Any) -> list[Any]:
                return []

            def new_game(self, seed: int, decks: Any = None, options: Any = None) -> ToyState:
                decks = tuple(decks or self.default_decks())
                generator = rng.seed_state(seed)
                piles = []
                for deck in decks:
                    pile = [c.name for c in deck.cards]
                    generator = rng.shuffle(generator, pile)
                    piles.append(pile)
                return ToyState(seed, decks, self.resolve_options(options), generator, piles)

            def sample_state(self, view: dict[str, Any], seed: int, answer: Any = None) -> ToyState:
                """The cards the seat has not seen dealt again: the opponent's hand, both piles."""
                generator = rng.seed_state(seed)
                hands, piles = [], []
                for seat, listed in enumerate(view["decklists"]):
                    rest = list(listed)
                    for card in view["used"][seat] + (view["hand"] if seat == view["player"]
                                                      else []):
                        rest.remove(card)
                    generator = rng.shuffle(generator, rest)
                    n = len(view["hand"]) if seat == view["player"] else view["opponent_hand"]
                    hands.append(list(view["hand"]) if seat == view["player"] else rest[:n])
                    piles.append(rest if seat == view["player"] else rest[n:])
                return ToyState.from_json({
                    "game": self.id, "seed": seed, "options": {"rounds": view["rounds"]},
                    "decks": [{"name": name, "name_en": name, "cards": cards}
                              for name, cards in zip(view["deck_names"], view["decklists"])],
                    "rng": generator, "history": [], "log": [], "piles": piles, "hands": hands,
                    "played": list(view["played"]), "points": list(view["points"]),
                    "used": [list(u) for u in view["used"]], "round": view["turn"],
                    "to_move": view["to_move"]})


        ToyState.game = GAME = ToyGame()
    ''',
    "greedy.py": '''
        """The toy's policy: play the highest card, and score each card by its rank."""

        from toy_high_card.game import POOL


        def scores(game, view, legal):
            return [float(POOL[view["hand"][a]].rank) for a in legal]


        def choose(game, view, legal):
            ranked = scores(game, view, legal)
            return legal[ranked.index(max(ranked))]
    ''',
    "projection.py": '''
        """The toy's table: both hands, the cards in play, the points."""

        from cardtable.core.projection import Card, Counter, Table, Zone, back


        def project(view, lang):
            seat, other = view["player"], 1 - view["player"]
            played = [None if c is None else Card(name=c, key=c) for c in view["played"]]
            return Table(
                game=view["game"], seat=seat, phase=view["phase"], turn=view["turn"],
                to_move=view["to_move"],
                zones=[Zone(f"hand.{other}", "手札" if lang == "ja" else "Hand", other, 0,
                            cards=[back() for _ in range(view["opponent_hand"])]),
                       Zone("played", "場" if lang == "ja" else "In play", None, 1,
                            cards=played, slots=True, slot_labels=["1", "2"]),
                       Zone(f"hand.{seat}", "手札" if lang == "ja" else "Hand", seat, 2,
                            cards=[Card(name=c, key=c) for c in view["hand"]])],
                counters=[Counter(f"points.{p}", "得点" if lang == "ja" else "Points", p,
                                  view["points"][p]) for p in (0, 1)])
    ''',
    "sentences.py": '''
        """The toy's events and question in words."""

        HOW_TO_PLAY = {
            "en": {"win": "Score more rounds than your opponent.",
                   "turn": ["Each seat plays one card.", "The higher card scores."],
                   "zones": [["Hand", "your cards"]]},
            "ja": {"win": "相手より多くのラウンドで得点する。",
                   "turn": ["各自1枚出す。", "大きいカードが得点する。"],
                   "zones": [["手札", "自分のカード"]]},
        }


        def lines(events, view, voice):
            out = []
            for e in events:
                if e["type"] == "play":
                    out.append(("", f"{voice.who(e['player'])}: {e['card']}"))
                elif e["type"] == "round":
                    out.append(("strong", f"{e['points'][0]}-{e['points'][1]}"))
            return out


        def question(view, lang):
            return "出すカードは？" if lang == "ja" else "Which card do you play?"
    ''',
    "encoding.py": '''
        """The toy's observation: the own hand's ranks and the points."""

        from cardtable.core.encoding import Layout

        LAYOUT = Layout("toy-high-card", [str(r) for r in range(1, 7)])
        LAYOUT.counts_field("hand", "own hand")
        LAYOUT.add("points", "scalar", "own points / 4")
        LAYOUT.add("opponent_points", "scalar", "the opponent's points / 4")


        def encode(view):
            me = view["player"]
            return (LAYOUT.counts(view["hand"])
                    + [view["points"][me] / 4, view["points"][1 - me] / 4])
    ''',
}


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The toy package on the path and its one registry line."""
    folder = tmp_path / PACKAGE
    folder.mkdir()
    for name, text in TOY.items():
        (folder / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry.GAMES, TOY_ID, f"{PACKAGE}.record")  # the one line
    yield TOY_ID
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]


def test_the_registry_lists_it_with_its_record(toy: str) -> None:
    assert toy in [g.id for g in registry.list_games()]
    game = registry.load_game(toy)
    assert (game.title, game.title_ja) == ("High Card", "ハイカード")
    assert game.default_options() == {"rounds": 3}
    assert game.option_ranges() == {"rounds": (1, 4)}
    assert game.option_help("ja") == {"rounds": ("ラウンド数", "1ゲームのラウンド数。")}
    assert game.tagline("ja").startswith("毎ラウンド")


def test_the_terminal_draws_it(toy: str) -> None:
    from cardtable.cli.render import renderer_for
    from cardtable.table.board import board_lines

    game = registry.load_game(toy)
    state = game.new_game(1)
    view = state.view(0)
    text = "\n".join(board_lines(game.project(view, "en"), 0, "en"))
    assert all(card in text for card in view["hand"])
    renderer = renderer_for(toy)
    assert renderer.question(view, "ja") == "出すカードは？"
    state.apply(0)
    assert renderer.events(state.events(0), state.view(0), 0, "en")


def test_the_terminal_plays_it_to_the_end(toy: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cardtable.cli.app import app
    from cardtable.core import GameRecord

    result = CliRunner().invoke(app, ["play", toy, "--vs", "greedy", "--seed", "3",
                                      "--record-dir", str(tmp_path)], input="1\n" * 12 + "n\n")
    assert result.exit_code == 0, result.output
    [saved] = tmp_path.glob("*.json")
    assert GameRecord.load(saved).result is not None


def test_the_browser_table_draws_it(toy: str) -> None:
    from cardtable.web.payload import table_payload

    game = registry.load_game(toy)
    state = game.new_game(2)
    payload = table_payload(state, 0, "en")
    text = json.dumps(payload)
    assert "Which card do you play?" in text
    assert all(f'"key": "{card}"' in text for card in state.view(0)["hand"])
    assert [c["refs"] for c in payload["choices"]] == [
        [f"hand.0#{card}"] for card in state.view(0)["hand"]]


@pytest.mark.parametrize("agents", [("random", "greedy"), ("mcts:iters=30", "greedy")])
def test_the_agents_and_simulate_play_it(toy: str, agents: tuple[str, str],
                                         tmp_path: Path) -> None:
    from cardtable.sim.simulate import simulate

    summary = simulate(toy, games=4, seed=1, agents=list(agents), save_dir=tmp_path)
    assert summary["games"] == 4
    assert len(list(tmp_path.glob("*.json"))) == 4


def test_the_search_takes_the_policy_as_its_prior(toy: str) -> None:
    from cardtable.agents.greedy import policy_scores, settled_phases

    game = registry.load_game(toy)
    view = game.new_game(4).view(0)
    assert policy_scores(toy)(game, view, [0, 1, 2]) == [float(c) for c in view["hand"]]
    assert settled_phases(toy) == frozenset()


def test_simulate_json_from_the_command_line(toy: str) -> None:
    from typer.testing import CliRunner

    from cardtable.cli.app import app

    result = CliRunner().invoke(app, ["simulate", toy, "--games", "6", "--seed", "2",
                                      "--agents", "random", "greedy", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.splitlines()[-1])["games"] == 6  # after the progress line


def test_the_balance_lab_studies_it(toy: str, tmp_path: Path) -> None:
    from cardtable.balance.study import make_study, run_study

    study = make_study(toy, None, ["greedy"], games=4, seed=1)
    results = run_study(study, tmp_path / "study")
    assert len(results) == 4
    assert all(r["score"] is not None for r in results)  # read from the toy's projection


def test_the_research_adapters_offer_it(toy: str) -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from cardtable.rl import GAME_IDS, aec_env, gym_env

    assert toy in GAME_IDS
    env = aec_env(toy)
    env.reset(seed=1)
    assert env.observation_space(env.agents[0])["observation"].shape == (9,)
    gym = gym_env(toy, opponent="greedy")
    obs, info = gym.reset(seed=2)
    assert len(obs) == 9
    done = False
    while not done:
        action = int(info["action_mask"].nonzero()[0][0])
        obs, _reward, done, _trunc, info = gym.step(action)


def test_open_spiel_offers_it_with_its_length_bound(toy: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from cardtable.rl import register_open_spiel

    assert "cardtable_toy_high_card" in register_open_spiel()
    game = pyspiel.load_game("cardtable_toy_high_card")
    assert game.max_game_length() == 20


def test_the_compiled_build_lists_its_hot_modules(toy: str) -> None:
    from cardtable.accel_build import hot_modules

    assert {"toy_high_card.game", "toy_high_card.greedy"} <= set(hot_modules())
