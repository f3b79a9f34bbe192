"""Issue 17's broken inputs, planted one by one: each gets a clear answer, never a traceback.

Every kind of bad input the issue found by hand is here as a regression test, through the
route a user takes (the command line where there is one), so the same message is checked
wherever the file comes in.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bounded import play_on, within
from cardtable.cli.app import app
from cardtable.core import (
    CardFileError,
    GameRecord,
    IllegalActionError,
    OptionError,
    RecordError,
    list_games,
    load_game,
    make_record,
    replay,
)

runner = CliRunner()
WIDE = {"COLUMNS": "300"}
GAMES = tuple(g.id for g in list_games() if g.playable)
#: a deck line each game reads (a name in its shipped pool)
DECK_LINE = {"draws-troidal": "4 火竜", "dice-and-monsters": "■闇の帝王「ベロブル」■",
             "sarasvati": "4 第零の司書・サラ", "culdcept": "4 サラマンダー"}


def run(*args: str):
    result = runner.invoke(app, list(args), env=WIDE)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{args}: {result.exception!r}"
    assert "Traceback" not in result.output
    return result


def finished(game_id: str, seed: int = 3):
    return play_on(load_game(game_id).new_game(seed), seed, 100_000)


# -- files that are not UTF-8 ----------
BROKEN_BYTES = {
    "shift-jis": ("4 火竜\n".encode("shift_jis"), "looks like Shift-JIS"),
    "truncated": ("4 火竜".encode()[:-1], "ends in the middle of a character"),
    "random": (bytes(range(0x80, 0x100)), "not UTF-8"),
    "nul": (b"4 x\n\x00\n", "NUL byte"),
}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", sorted(BROKEN_BYTES))
def test_a_file_that_is_not_utf8_gets_the_same_message_on_every_route(
        tmp_path: Path, game_id: str, kind: str) -> None:
    data, words = BROKEN_BYTES[kind]
    path = tmp_path / "deck.txt"
    path.write_bytes(data)
    check = run("cards", "check", game_id, str(path))
    simulate = run("simulate", game_id, "-n", "1", "--deck", str(path))
    play = runner.invoke(app, ["play", game_id, "--deck", str(path), "--seed", "1"], input="q\n",
                         env=WIDE)
    assert play.exception is None or isinstance(play.exception, SystemExit)
    line = next(x for x in check.output.splitlines() if words in x)
    assert line.startswith(f"{path}:")
    for result in (simulate, play):
        assert result.exit_code == 2
        assert line in " ".join(result.output.split()) or line in result.output


# -- numbers ----------
def test_a_huge_deck_count_is_a_range_error_not_an_overflow(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("99999999999999999999 第零の司書・サラ\n", "utf-8")
    check = run("cards", "check", "sarasvati", str(path))
    assert check.exit_code == 1 and f"{path}:1: a deck line's count must be from 0 to 99" \
        in check.output
    simulate = run("simulate", "sarasvati", "-n", "1", "--deck", str(path))
    assert simulate.exit_code == 2 and "count must be from 0 to 99" in simulate.output


@pytest.mark.parametrize("value", ["²", "①", "9" * 900])
def test_a_stat_written_with_an_odd_digit_is_a_message(tmp_path: Path, value: str) -> None:
    path = tmp_path / "cards.txt"
    path.write_text(f"◆ 火竜 / Fire Drake\n属性: 火 パワー: {value} リスク: 1 ガード: 0\n",
                    "utf-8")
    result = run("cards", "check", "draws-troidal", str(path))
    assert result.exit_code == 1 and "power must be" in result.output


# -- long lines ----------
#: lines at the length limit that made a pattern try every split (quadratic) before the fix
SHAPES = {"word": "a" * 1000, "brackets": "【" * 1000, "words": "x " * 500, "colons": "a:" * 500,
          "deck-line-spaces": "1 a" + " " * 996 + "x", "deck-line-blank": "1" + " " * 999,
          "header-brackets": "◇" + "[" * 999, "header-brackets-2": "◇a" + "[a" * 499,
          "pairs": "a: b " * 200}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_long_lines_are_read_in_bounded_time(tmp_path: Path, game_id: str, shape: str) -> None:
    path = tmp_path / "cards.txt"
    path.write_text("\n".join([SHAPES[shape]] * 1000) + "\n", "utf-8")  # 1 MB: the limit
    with within(20):
        result = run("cards", "check", game_id, str(path))
    assert result.exit_code == 1


def test_a_file_with_too_many_problems_stops_at_a_bound(tmp_path: Path) -> None:
    path = tmp_path / "cards.txt"
    path.write_text("nonsense\n" * 5000, "utf-8")
    result = run("cards", "check", "draws-troidal", str(path))
    assert f"{path}:101: more than 100 problems: stopped reading here" in result.output


def test_a_600_kb_line_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "cards.txt"
    path.write_text("x" * 600_000, "utf-8")
    with within(10):
        result = run("cards", "check", "draws-troidal", str(path))
        simulate = run("simulate", "draws-troidal", "-n", "1", "--deck", str(path))
    message = f"{path}:1: line is 600,000 characters long; the limit is 1,000"
    assert message in result.output and message in simulate.output


# -- cards the rules core could not play ----------
SARA = "◇第零の司書・サラ [サラ]\n4:3000/3000(キャラクター/アクション)\n"


def test_sarasvati_reports_a_card_defined_twice_in_one_file(tmp_path: Path) -> None:
    path = tmp_path / "cards.txt"
    path.write_text(SARA + "\n" + SARA.replace("3000/3000", "2000/2000"), "utf-8")
    result = run("cards", "check", "sarasvati", str(path))
    assert result.exit_code == 1
    assert f"{path}:4: card '第零の司書・サラ' is defined twice (first at line 1)" in result.output


SHIFT = """■七の目■
【英名:Seventh Face】
ラウンドロールで1の目が出た場合に発動する。
その目を{face}に変える。
"""


@pytest.mark.parametrize("face", [0, 7, 9])
def test_dice_a_roll_the_battle_cannot_meet_is_refused_by_cards_check(
        tmp_path: Path, face: int) -> None:
    path = tmp_path / "cards.txt"
    path.write_text(SHIFT.format(face=face), "utf-8")
    result = run("cards", "check", "dice-and-monsters", str(path))
    assert result.exit_code == 1
    assert f"{path}:4: a die face must be 1 to 6, got {face}" in result.output


def test_dice_a_square_beyond_the_field_is_refused() -> None:
    from cardtable.games.dice_and_monsters.cards import parse_document

    text = ("■無効■\n1ラウンド目の開始時に発動する。\n"
            "お互いの【5】のマスにいるユニットの特性はゲーム中無効となる。\n")
    doc = parse_document(text, "c.txt")
    assert [str(d) for d in doc.diagnostics] == ["c.txt:3: a square must be 1 to 4, got 5 in "
                                                "this wording"]


# -- the contract ----------
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("bad", [True, False, 1.0, 0.0, "1", None])
def test_only_an_integer_code_may_be_applied(game_id: str, bad: object) -> None:
    state = load_game(game_id).new_game(2)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="integer code"):
        state.apply(bad)  # type: ignore[arg-type]
    assert state.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_a_float_code_never_reaches_the_history_of_a_record(game_id: str) -> None:
    state = load_game(game_id).new_game(2)
    code = state.legal_actions()[0]
    with pytest.raises(IllegalActionError):
        state.apply(float(code))  # type: ignore[arg-type]
    state.apply(code)
    assert all(type(a) is int for a in make_record(state).actions)


def test_dice_final_summary_is_not_shared_with_a_snapshot() -> None:
    state = finished("dice-and-monsters")
    snap = state.to_json()
    assert snap["final"] is not None
    snap["final"]["units"] = "edited"
    assert state.to_json()["final"] != snap["final"]


@pytest.mark.parametrize("game_id", GAMES)
def test_state_from_json_keeps_nothing_of_the_callers_dict(game_id: str) -> None:
    game = load_game(game_id)
    data = game.new_game(4).to_json()
    state = game.state_from_json(data)
    expected = state.to_json()
    data["history"].append(99)
    data["log"][0]["type"] = "edited"
    data["options"].clear()
    assert state.to_json() == expected


# -- records ----------
@pytest.fixture(scope="module")
def record_data() -> dict:
    return make_record(finished("draws-troidal"), players=["random", "random"]).to_json()


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), "utf-8")
    return path


@pytest.mark.parametrize(("field", "value", "words"), [
    ("format", 99, "field 'format' is 99"),
    ("format", "one", "field 'format' must be an integer, got a string"),
    ("players", 3, "field 'players' must be a list, got an integer"),
    ("engine_version", None, "field 'engine_version' must be a string, got null"),
    ("rules_version", [1], "field 'rules_version' must be a string, got a list"),
    ("seed", True, "field 'seed' must be an integer, got true or false"),
    ("actions", [1.5], "field 'actions' item 1 must be a whole number"),
    ("digests", [], "one digest per action"),
    ("result", {"winner": "x"}, "field 'result' needs"),
])
def test_a_record_field_of_the_wrong_kind_is_named(
        tmp_path: Path, record_data: dict, field: str, value: object, words: str) -> None:
    path = write(tmp_path, {**record_data, field: value})
    with pytest.raises(RecordError, match=words):
        GameRecord.load(path)
    result = run("replay", str(path))
    assert result.exit_code == 1 and words in " ".join(result.output.split())


@pytest.mark.parametrize("field", ["format", "players", "engine_version", "rules_version",
                                   "digests"])
def test_a_record_missing_a_field_names_it(tmp_path: Path, record_data: dict, field: str) -> None:
    data = dict(record_data)
    del data[field]
    result = run("replay", str(write(tmp_path, data)))
    assert result.exit_code == 1 and f"missing field '{field}'" in result.output


def test_a_record_from_another_rules_version_says_so(record_data: dict) -> None:
    record = GameRecord.from_json({**record_data, "rules_version": "beta-2009/0"})
    report = replay(record)
    assert not report.ok
    assert "rules version 'beta-2009/0'" in report.message


def test_a_deeply_nested_record_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, "utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1 and "nested more than 64 levels" in result.output


def test_a_record_with_a_broken_card_names_the_card(tmp_path: Path, record_data: dict) -> None:
    cards = dict(record_data["cards"])
    name = next(iter(cards))
    cards[name] = {"name": name}
    result = run("replay", str(write(tmp_path, {**record_data, "cards": cards})))
    assert result.exit_code == 1 and f"entry '{name}' is not a valid" in result.output


@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_card_stored_under_another_name_is_named(tmp_path: Path, game_id: str) -> None:
    """Decks name their cards by the keys of field 'cards', so a definition whose own name
    differs (or is missing) would put another card in the deck."""
    data = make_record(finished(game_id), players=["random", "random"]).to_json()
    name = next(iter(data["cards"]))
    data["cards"][name] = {**data["cards"][name], "name": None}
    if isinstance(data["cards"][name].get("text"), str):  # Dice and Monsters: source text
        data["cards"][name]["text"] = data["cards"][name]["text"].replace(name, "別名", 1)
    result = run("replay", str(write(tmp_path, data)))
    assert result.exit_code == 1 and f"entry '{name}'" in result.output


# -- options and flags ----------
def test_an_option_out_of_range_names_the_range() -> None:
    with pytest.raises(OptionError, match="'hand_size' must be 1 to 10, got 0"):
        load_game("sarasvati").new_game(1, options={"hand_size": 0})


@pytest.mark.parametrize("game_id", GAMES)
def test_the_defaults_handed_out_are_a_copy(game_id: str) -> None:
    """The core resolves the defaults once per game; a caller that changes its copy must not
    change the next game's options."""
    game = load_game(game_id)
    first = game.resolve_options(None)
    first.clear()
    assert game.resolve_options({}) == game.default_options()


@pytest.mark.parametrize(("game_id", "options", "words"), [
    ("culdcept", {"deck_size": 100, "max_deck_size": 90}, "deck_size must not be above"),
    ("dice-and-monsters", {"min_units": 6, "min_commands": 4, "deck_size": 8},
     "min_units \\+ min_commands must not exceed deck_size"),
])
def test_options_that_do_not_fit_together_are_refused(game_id: str, options: dict,
                                                      words: str) -> None:
    with pytest.raises(OptionError, match=words):
        load_game(game_id).new_game(1, options=options)


def test_more_workers_than_cores_names_the_range() -> None:
    result = run("simulate", "draws-troidal", "-n", "2", "--workers", "1000")
    assert result.exit_code == 2 and "--workers must be 1 to" in result.output


@pytest.mark.parametrize("game_id", [g.id for g in list_games() if g.playable])
def test_every_whole_number_option_has_a_declared_range(game_id: str) -> None:
    """Every game, the new ones too: declare ``option_ranges()`` next to ``default_options()``."""
    game = load_game(game_id)
    numeric = {k for k, v in game.default_options().items()
               if isinstance(v, int) and not isinstance(v, bool)}
    assert numeric == set(game.option_ranges())
    for key, (lo, hi) in game.option_ranges().items():
        assert lo <= game.default_options()[key] <= hi
        with pytest.raises(OptionError, match=f"must be {lo} to {hi}"):
            game.resolve_options({key: hi + 1})


def test_a_card_file_error_is_a_user_file_error() -> None:
    from cardtable.core import UserFileError

    assert issubclass(CardFileError, UserFileError) and issubclass(RecordError, UserFileError)


@pytest.mark.parametrize("kind", sorted(BROKEN_BYTES))
def test_a_scenario_that_is_not_utf8_gets_the_same_message(tmp_path: Path, kind: str) -> None:
    data, words = BROKEN_BYTES[kind]
    path = tmp_path / "position.txt"
    path.write_bytes(b"game: draws-troidal\n" + data)
    play = runner.invoke(app, ["play", "draws-troidal", "--scenario", str(path)], input="q\n",
                         env=WIDE)
    simulate = run("simulate", "draws-troidal", "-n", "1", "--scenario", str(path))
    assert play.exception is None or isinstance(play.exception, SystemExit)
    for result in (play, simulate):
        assert result.exit_code == 2 and f"{path}:" in result.output
        assert words in " ".join(result.output.split())
