"""The table layer both front ends draw from: every game's events read as sentences, in the
reader's language, from the reader's side, and a spectator reads them neutrally."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.core import list_games, load_game
from cardtable.core.events import public_events
from cardtable.table import how_to_play, log_lines, question, toned_lines

PLAYABLE = [g.id for g in list_games() if g.playable]
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e【】「」《》『』]")
#: what the old spectator lines looked like: an event's raw kind and fields in brackets
RAW = re.compile(r"\((?:\w+ [^;)]*; )+\w+ [^)]*\)|\bprivate\b|\{'")


def _random_game(game_id: str, seed: int, steps: int = 400):
    game = load_game(game_id)
    state = game.new_game(seed, game.default_decks())
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_event_reads_as_a_sentence_in_english_from_every_side(game_id: str) -> None:
    game, state = _random_game(game_id, 7)
    for seat in (0, 1, None):
        events = public_events(state.log) if seat is None else state.events(seat)
        lines = toned_lines(game, events, state.view(0 if seat is None else seat), seat, "en")
        assert lines, f"{game_id}: no log for seat {seat}"
        for tone, line in lines:
            assert not CJK.search(line), f"{game_id} seat {seat}: Japanese in {line!r}"
            assert not RAW.search(line), f"{game_id} seat {seat}: raw fields in {line!r}"
            if seat is None and tone != "note":  # a quoted card text says "your" of its owner
                assert not re.search(r"\b(you|your|You|Your)\b", line), line
                assert "opponent" not in line.casefold(), line


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_japanese_sentences_name_sides_in_japanese(game_id: str) -> None:
    game, state = _random_game(game_id, 8)
    lines = log_lines(game, state.events(0), state.view(0), 0, "ja")
    assert any("あなた" in line or "相手" in line for line in lines)
    spectator = log_lines(game, public_events(state.log), state.view(0), None, "ja")
    assert not any("あなた" in line for line in spectator)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_how_to_play_says_how_you_win_and_the_turn_in_five_lines(game_id: str) -> None:
    for lang in ("en", "ja"):
        rules = how_to_play(game_id, lang)
        assert rules["win"] and 1 <= len(rules["turn"]) <= 5 and rules["zones"]
        if lang == "en":
            text = " ".join([rules["win"], *rules["turn"], *(" ".join(z) for z in rules["zones"])])
            assert not CJK.search(text)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_question_is_asked_in_the_language_chosen(game_id: str) -> None:
    game = load_game(game_id)
    state = game.new_game(1, game.default_decks())
    seat = state.current_player()
    english = question(game, state.view(seat), "en")
    assert english and not CJK.search(english)
    assert CJK.search(question(game, state.view(seat), "ja"))


def test_culdcept_names_each_land_with_its_owner() -> None:
    game, state = _random_game("culdcept", 3, 300)
    mine = log_lines(game, state.events(0), state.view(0), 0, "en")
    text = "\n".join(mine)
    assert "your land" in text.casefold() and "their land" in text.casefold()
    assert not re.search(r"(?<!your )(?<!their )(?<!Your )(?<!Their )\bland \d", text)
    spectator = "\n".join(log_lines(game, public_events(state.log), state.view(0), None, "en"))
    assert "Player 1's land" in spectator and "Player 2's land" in spectator


def test_dreadnought_names_the_unit_a_bp_change_lands_on() -> None:
    game, state = _random_game("dreadnought", 1, 600)
    lines = log_lines(game, state.events(0), state.view(0), 0, "en")
    bp = [line for line in lines if " BP until" in line or "BP until" in line]
    assert bp and all(not line.strip().startswith("A unit") for line in bp)
    assert not any(re.search(r"\b(Opponent|The opponent) (open|draw|pay|pass)\b", line)
                   for line in lines)
    assert not any("You faster" in line for line in lines)


def test_dice_and_monsters_pool_while_building_holds_only_the_cards_left_to_take() -> None:
    state = load_game("dice-and-monsters").new_game(3)
    before = state.game.project(state.view(0), "en")
    state.apply(state.legal_actions()[0])  # take the first card
    after = state.game.project(state.view(0), "en")

    def pool(table: dict) -> list[str]:
        [zone] = [z for z in table["zones"] if z["id"] == "pool.0"]
        return [c["key"] or c["name"] for c in zone["cards"]]

    taken = state.view(0)["you"]["deck"][0]
    assert len(pool(after)) == len(pool(before)) - 1
    assert pool(after).count(taken) == pool(before).count(taken) - 1


def test_a_card_name_ending_in_a_bang_ends_the_sentence_without_a_second_stop() -> None:
    game = load_game("sarasvati")
    state = game.new_game(3)
    seen = []
    for _ in range(300):
        if state.is_terminal():
            break
        before = len(state.events(0))
        legal = state.legal_actions()
        charge = [c for c in legal if "Who Needs Brains!" in state.action_label(c, "en")]
        state.apply(charge[0] if charge else legal[0])
        seen += log_lines(game, state.events(0)[before:], state.view(0), 0, "en")
    assert any("Who Needs Brains!" in line for line in seen)
    assert not [line for line in seen if line.endswith(("!.", "?."))]


def test_dice_and_monsters_tie_roll_line_fits_one_terminal_row() -> None:
    game = load_game("dice-and-monsters")
    ev = {"type": "die", "for": "order", "value": 4, "owner": 0}
    state = game.new_game(3)
    for lang in ("en", "ja"):
        [line] = log_lines(game, [ev], state.view(0), 0, lang)
        assert line.endswith(": 4") and "（速度が同じ）" not in line and "settle" not in line
        assert "You rolls" not in line


def test_culdcept_words_the_events_of_a_battle_from_inside_it() -> None:
    """Issue 44: events worded from inside a battle (after its battle-start, as a page that
    joins mid-battle or asks for the latest events) raised IndexError on the battle's end."""
    game, state = _random_game("culdcept", 3, 300)
    ends = [e for e in state.log if e["type"] == "battle-end"]
    assert {e["winner"] == e["player"] for e in ends} == {True, False}  # both kinds of end
    for seat in (0, 1, None):
        events = public_events(state.log) if seat is None else state.events(seat)
        view = state.view(0 if seat is None else seat)
        for at in [i for i, e in enumerate(events) if e["type"] == "battle-end"]:
            lines = log_lines(game, events[at:], view, seat, "en")
            assert lines and not any(CJK.search(line) for line in lines)


@pytest.mark.parametrize("game_id", ["culdcept", "dice-and-monsters", "draws-troidal"])
def test_a_phases_rules_come_from_the_games_rules_table_when_it_writes_no_rules_of_its_own(
        game_id: str) -> None:
    from cardtable.table.sentences import phase_rules, sentences_module

    module = sentences_module(game_id)
    assert not hasattr(module, "rules")
    phase, (en, ja) = next(iter(module.RULES.items()))
    assert phase_rules(game_id, {"phase": phase}, "en") == en.split("\n")
    assert phase_rules(game_id, {"phase": phase}, "ja") == ja.split("\n")
    assert phase_rules(game_id, {"phase": "no such phase"}, "en") == \
        how_to_play(game_id, "en")["turn"]
