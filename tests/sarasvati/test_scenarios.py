"""Rules shown from positions: each test loads a scenario file (tests/sarasvati/scenarios)
with the smallest table the rule needs, plays the action and reads the table."""

from __future__ import annotations

from pathlib import Path

from cardtable.core.scenario import load_scenario
from cardtable.games.sarasvati import GAME
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.state import DESTROYED, FACE_DOWN, MOVE, OPEN, SarasvatiState

HERE = Path(__file__).parent / "scenarios"
F1, F2, B1 = 0, 1, 5


def load(name: str) -> SarasvatiState:
    state = load_scenario(GAME, HERE / name)
    assert isinstance(state, SarasvatiState)
    return state


def attack(attacker: int, target: int) -> int:
    return act.ATTACK + attacker * act.TARGETS + target


def book(i: int) -> int:
    return act.PLACES + i


def targets_of(state: SarasvatiState, attacker: int) -> list[int]:
    base = attack(attacker, 0)
    return [a - base for a in state.legal_actions() if base <= a < base + act.TARGETS]


def test_a_ready_defender_strikes_back_at_the_same_time() -> None:
    s = load("strike-back.txt")
    s.apply(attack(F1, F1))
    battle = [e for e in s.log if e["type"] == "battle"][-1]
    assert battle["destroyed"] == [True, True]
    assert s.field[0][F1] < 0 and s.field[1][F1] < 0


def test_an_exhausted_defender_does_not_strike_back() -> None:
    s = load("exhausted-defender.txt")
    s.apply(attack(F1, F1))
    assert s.field[1][F1] < 0
    assert s.cards[s.field[0][F1]].name == "転校生" and not s.ready[0][F1]


def test_a_ready_front_character_walls_the_back_row_and_the_books() -> None:
    s = load("front-row-wall.txt")
    assert targets_of(s, F1) == [F1, F2]


def test_a_destroyed_book_is_no_target_and_an_open_book_is_destroyed_by_an_attack() -> None:
    s = load("books.txt")
    assert targets_of(s, F1) == [book(1), book(2)]
    s.apply(attack(F1, book(1)))
    assert s.bstate[1] == [DESTROYED, DESTROYED, FACE_DOWN]


def test_attacking_a_face_down_book_opens_it() -> None:
    s = load("books.txt")
    s.apply(attack(F1, book(2)))
    assert s.bstate[1] == [DESTROYED, OPEN, OPEN]


def test_destroying_the_last_book_wins() -> None:
    s = load("last-book.txt")
    s.apply(attack(F1, book(1)))
    assert s.is_terminal() and s.winner() == 0 and s.end_reason() == "books"


def test_a_seat_that_must_draw_from_an_empty_deck_loses() -> None:
    s = load("deck-out.txt")
    s.apply(act.END)  # nothing left to decide this turn: the opponent's turn begins
    assert s.is_terminal() and s.winner() == 0 and s.end_reason() == "deck-out"


def test_a_summoned_character_pays_its_cost_and_cannot_attack_this_turn() -> None:
    s = load("summon.txt")
    summon = next(a for a in s.legal_actions() if act.PLAY <= a < act.USE)
    s.apply(summon)
    place = s.field[0].index(s.cards.index(GAME.pool()["転校生"]))
    assert s.tapped[0] == 2 and s.sick[0][place] and s.ready[0][place]
    assert s.phase == MOVE  # nothing more to pay with: imagine passed; it could still move
    s.apply(act.END)  # -> battle: with no attacker the phase passes and the turn ends
    assert s.active == 1


def test_charge_puts_one_hand_card_untapped_in_the_voltage_zone() -> None:
    s = load("charge.txt")
    s.apply(act.CHARGE + 1)  # the second distinct hand card: 転校生 sorts after 喧嘩屋タケル
    assert [s.cards[c].name for c in s.voltage[0]] == ["転校生", "転校生"]
    assert [s.cards[c].name for c in s.hand[0]] == ["喧嘩屋タケル"] and s.tapped[0] == 0


def test_a_card_costing_more_than_the_untapped_voltage_cannot_be_played() -> None:
    s = load("too-expensive.txt")
    assert s.legal_actions() == [act.END]


def test_a_ready_character_moves_to_the_leftmost_empty_place_of_the_other_row() -> None:
    s = load("move.txt")
    assert s.legal_actions() == [act.END, act.MOVE + F1 * act.PLACES + 6]  # to B2: B1 is taken
    s.apply(act.MOVE + F1 * act.PLACES + 6)
    assert s.field[0][F1] < 0 and s.cards[s.field[0][6]].name == "転校生"
    assert not s.ready[0][6]
