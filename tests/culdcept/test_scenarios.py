"""Rules shown as scenario files: a position a person can read, loaded and played."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core.scenario import ScenarioError, load_scenario, state_from_text
from cardtable.games.culdcept import GAME
from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.state import CHOOSE, TERRITORY

HERE = Path(__file__).parent / "scenarios"


def test_terrain_bonus_scenario_the_defender_survives_on_its_levelled_lake() -> None:
    s = load_scenario(GAME, HERE / "terrain-bonus.txt")
    s.apply(act.INVADE_LAND)
    s.apply(act.END)
    s.apply(act.END)
    start = next(e for e in s.log if e["type"] == "battle-start")
    assert start["terrain_bonus"] == 30 and start["field"] == "水"
    end = next(e for e in s.log if e["type"] == "battle-end")
    assert end["defender_alive"] and s.points(1) == 3  # the invader paid the level-3 toll


def test_undefended_level_toll_scenario_the_owner_picks_the_card() -> None:
    s = load_scenario(GAME, HERE / "undefended-level-toll.txt")
    assert s.current_player() == 1 and len(s.legal_actions()) == 2
    s.apply(s.legal_actions()[0])
    assert s.points(0) == 1 and s.phase == TERRITORY


def test_a_scenario_names_a_missing_starting_land_and_an_unknown_card_by_line() -> None:
    text = "game: culdcept\nphase: spell\n[seat 1]\nland 2: 火山\nhand: 存在しない\n"
    try:
        state_from_text(GAME, text, "bad.txt")
    except Exception as exc:
        message = str(exc)
    else:
        raise AssertionError("a broken scenario loaded")
    assert "bad.txt:5: unknown card '存在しない'" in message
    assert "each starting land once" in message


def test_a_written_position_reads_back() -> None:
    s = GAME.new_game(9)
    again = state_from_text(GAME, GAME.scenario_text(s))
    assert again.legal_actions() == s.legal_actions() and again.view(0)["you"] == s.view(0)["you"]


def test_two_alike_level_cards_still_ask_their_owner_for_the_toll() -> None:
    """Issue 25 #1: level cards are face down, so two or more always ask, whatever they are."""
    for name in ("alike-level-cards-toll.txt", "different-level-cards-toll.txt"):
        s = load_scenario(GAME, HERE / name)
        s.apply(act.END)  # no spell; the scripted die names land 4
        assert s.phase == CHOOSE and s.current_player() == 1, name
        assert s.pending == ("toll", 1, 3)
        assert s.pending_decision() == {"player": 1, "kind": "choose-level", "mover": 0,
                                        "reason": "toll", "land": 4}
        s.apply(s.legal_actions()[0])
        assert s.points(0) == 1 and s.phase == TERRITORY


def test_two_alike_level_cards_still_ask_their_owner_after_a_lost_battle() -> None:
    s = load_scenario(GAME, HERE / "alike-level-cards-battle.txt")
    s.apply(act.INVADE_LAND)
    s.apply(act.END)  # no battle card, invader
    s.apply(act.END)  # no battle card, defender
    assert s.phase == CHOOSE and s.current_player() == 1 and s.pending == ("battle", 1, 3)
    assert s.legal_actions() == [act.CHOOSE_LEVEL]
    s.apply(act.CHOOSE_LEVEL)
    assert s.points(0) == 1 and len(s.levels[1][3]) == 1


@pytest.mark.parametrize(("name", "words"), [
    ("refused/already-won.txt", "the game is already over"),
    ("refused/dead-creature.txt", "the rules have already destroyed it"),
])
def test_a_position_the_rules_have_already_decided_is_refused(name: str, words: str) -> None:
    """Issue 25 #3, #4: 10 toll points win at once; damage at or above HP destroys."""
    with pytest.raises(ScenarioError, match=words):
        load_scenario(GAME, HERE / name)


def test_one_point_short_and_one_damage_short_still_load() -> None:
    for name, old, new in (("refused/already-won.txt", "10x 神殿", "9x 神殿"),
                           ("refused/dead-creature.txt", "damage=20", "damage=10")):
        text = (HERE / name).read_text("utf-8").replace(old, new)
        assert not state_from_text(GAME, text).is_terminal()


def test_a_hand_of_more_different_cards_than_the_codes_name_is_refused() -> None:
    """The codes count a hand's distinct cards up to 20; a hand past that would hide some of
    its cards from the legal actions, so a position holding one is refused, saying why."""
    names = list(GAME.pool())
    text = "game: culdcept\nphase: discard\nto-move: 1\nturn: 3\n[seat 1]\nhand: {}\n"
    assert len(state_from_text(GAME, text.format(", ".join(names[:20]))).legal_actions()) == 20
    with pytest.raises(ScenarioError, match="action codes name at most 20"):
        state_from_text(GAME, text.format(", ".join(names[:21])))


def test_a_spell_is_offered_only_where_it_acts_once_its_cost_is_paid() -> None:
    """Issue 39 #6: with one card in the deck, 土地強化's cost would take the card it lays and
    知恵の泉's the card it draws, so neither is offered; with two, both are."""
    text = (HERE / "spell-offered-only-where-it-acts.txt").read_text("utf-8")
    s = state_from_text(GAME, text)
    assert s.legal_actions() == [act.END]
    s = state_from_text(GAME, text.replace("deck: 神殿\n", "deck: 神殿, 神殿\n"))
    kinds = [s.describe_action(a) for a in s.legal_actions()]
    assert [d["land"] for d in kinds if d.get("card") == "土地強化"] == [1, 2, 3, 4, 5, 6]
    assert [d["kind"] for d in kinds if d.get("card") == "知恵の泉"] == ["cast"]


def test_a_two_card_draw_that_runs_out_logs_the_draw_then_the_skip() -> None:
    s = load_scenario(GAME, HERE / "two-card-draw-runs-out.txt")
    start = len(s.log)
    s.apply(s.find_action(kind="cast", card="知恵の泉"))
    kinds = [e["type"] for e in s.log[start:]]
    assert kinds[:4] == ["cost", "spell", "draw", "draw-skipped"]
    assert s.log[start + 2]["count"] == 1 and not s.deck[0]


def test_terrain_the_latest_change_wins_and_the_terrain_spell_leaves_play() -> None:
    """Issue 39 #7 (「以後この地形は、重ねた土地カードの地形であると見なす」)."""
    from cardtable.games.culdcept import effects as fx
    from cardtable.games.culdcept.board import element

    s = load_scenario(GAME, HERE / "terrain-latest-change-wins.txt")
    assert element(s, 0, 4) == fx.FIRE
    s.apply(s.find_action(kind="terrain", card="海岸"))
    assert element(s, 0, 4) == fx.WATER
    assert s.lspell[0][4] == -1 and s.cards[s.discard[0][-1]].name == "溶岩化"
    ends = [e for e in s.log if e["type"] == "spell-ends"]
    assert ends[-1] == {"type": "spell-ends", "player": 0, "card": "溶岩化", "why": "terrain"}


@pytest.mark.parametrize(("name", "words"), [
    ("refused/holy-ward-on-the-opponents-creature.txt", "names its caster's own only"),
    ("refused/enfeeble-on-ones-own-creature.txt", "names the caster's opponent's only"),
    ("refused/tollgate-on-the-opponents-land.txt", "names its caster's own only"),
    ("refused/damage-in-the-spell-phase.txt", "is on a creature in the spell phase"),
    ("refused/discard-with-an-empty-hand.txt", "within the hand limit"),
])
def test_a_position_the_rules_cannot_reach_is_refused(name: str, words: str) -> None:
    """Issue 39 #8: a lasting spell on a side its text forbids, damage carried into a spell
    phase, a discard step with a hand within the limit."""
    with pytest.raises(ScenarioError, match=words):
        load_scenario(GAME, HERE / name)


def test_a_discard_step_with_a_hand_within_the_limit_is_refused_and_above_it_loads() -> None:
    text = (HERE / "refused/discard-with-an-empty-hand.txt").read_text("utf-8")
    two = text.replace("[seat 1]\n", "[seat 1]\nhand: 神殿, スケルトン\n")
    with pytest.raises(ScenarioError, match="holds 2 cards, within the hand limit 10"):
        state_from_text(GAME, two)
    eleven = text.replace("[seat 1]\n", "[seat 1]\nhand: 11x 神殿\n")
    s = state_from_text(GAME, eleven)
    assert s.legal_actions() == [act.DISCARD]


def test_lasting_spells_on_the_sides_their_texts_name_still_load() -> None:
    for name, old, new in (
            ("refused/holy-ward-on-the-opponents-creature.txt", "by=2", "by=1"),
            ("refused/enfeeble-on-ones-own-creature.txt", "by=1", "by=2"),
            ("refused/tollgate-on-the-opponents-land.txt", "by=2", "by=1"),
            ("refused/damage-in-the-spell-phase.txt", "damage=10", "damage=0")):
        text = (HERE / name).read_text("utf-8").replace(old, new)
        assert not state_from_text(GAME, text).is_terminal(), name
