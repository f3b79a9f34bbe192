"""``cardtable play`` driven through standard input, as a pipe would drive it."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import GameRecord, load_game, replay

runner = CliRunner()
WIDE = {"COLUMNS": "300"}  # no wrapping: names and phrases stay whole in the output
ENOUGH = "1\n" * 3000  # more answers than any game needs


def play(tmp_path: Path, answers: str, *extra: str):
    args = ["play", "draws-troidal", "--vs", "random", "--seed", "1",
            "--record-dir", str(tmp_path), *extra]
    result = runner.invoke(app, args, input=answers, env=WIDE)
    assert "Traceback" not in result.output
    assert result.exit_code == 0, result.output
    return result


def records(tmp_path: Path) -> list[Path]:
    return sorted(tmp_path.glob("*.json"))


def test_whole_game_finishes_and_its_record_replays(tmp_path: Path) -> None:
    result = play(tmp_path, ENOUGH)
    out = result.output
    assert "Seed: 1" in out
    assert any(w in out for w in ("You win!", "You lose.", "Draw."))
    assert "Lane A:" in out and "Life: you" in out  # battles were explained
    [path] = records(tmp_path)
    assert "unfinished" not in path.name and str(path) in out
    record = GameRecord.load(path)
    assert record.result is not None and record.players == ["human", "random"]
    assert replay(record).ok
    check = runner.invoke(app, ["replay", str(path)], env=WIDE)
    assert check.exit_code == 0 and "reproduced" in check.output


def test_end_of_input_stops_cleanly_and_saves_the_partial_record(tmp_path: Path) -> None:
    result = play(tmp_path, "1\n")  # keep the opening five, then input ends
    assert "End of input" in result.output
    assert "unfinished" in result.output
    [path] = records(tmp_path)
    assert "unfinished" in path.name
    record = GameRecord.load(path)
    assert record.result is None and record.actions[0] == 0  # 0: keep
    assert replay(record).ok


def test_quit_saves_and_exits_zero(tmp_path: Path) -> None:
    result = play(tmp_path, "1\nq\n")
    assert "You left the game" in result.output
    assert len(records(tmp_path)) == 1


def test_invalid_input_reprompts(tmp_path: Path) -> None:
    result = play(tmp_path, "abc\n9\n0\n\nb\n²\n①\n٣\n1\n")
    out = result.output
    assert "'abc' is not a choice" in out
    assert "'9' is not a choice" in out
    assert "'' is not a choice" in out
    assert "0 ends the turn or passes, which is not possible here." in out
    assert "Nothing to go back to." in out
    for odd in ("²", "①", "٣"):  # digits to Python, not to a player
        assert f"'{odd}' is not a choice" in out
    assert out.count("Choice [1-2") == 9  # the keep/redo question asked until answered
    assert GameRecord.load(records(tmp_path)[0]).actions[0] == 0


def test_back_undoes_the_last_part_of_a_placement(tmp_path: Path) -> None:
    # keep; put the first card in lane A; go back; put the second card there instead; then
    # answer 1 to whatever follows until input ends
    result = play(tmp_path, "1\n1\nb\n2\n" + "1\n" * 4)
    assert "Back: choose again." in result.output
    record = GameRecord.load(records(tmp_path)[0])
    game = load_game("draws-troidal")
    state = game.new_game(record.seed, game.default_decks())
    five = state.view(0)["you"]["revealed"]
    for action in record.actions:
        state.apply(action)
        if state.turn >= 1:  # the opening placement has just been resolved
            break
    field = state.view(0)["you"]["field"]
    assert "card" in field[0]
    assert field[0]["card"] == next(n for n in five if n != five[0])  # the second option


def test_japanese_table(tmp_path: Path) -> None:
    result = play(tmp_path, "1\n", "--lang", "ja", "--seat", "2")
    assert "シード: 1" in result.output
    assert "あなたはプレイヤー2" in result.output
    assert "入力が終わった" in result.output


def test_bad_options_are_clean_errors(tmp_path: Path, unbuilt_game: str) -> None:
    for args in (["play", unbuilt_game], ["play", "nope"],
                 ["play", "draws-troidal", "--vs", "nobody"],
                 ["play", "draws-troidal", "--deck", "no-such-deck"],
                 ["play", "draws-troidal", "--lang", "fr"]):
        result = runner.invoke(app, [*args, "--record-dir", str(tmp_path)], input="", env=WIDE)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output
    assert records(tmp_path) == []


# -- hidden information ----------
ATTRS = "水火金木土陽陰無"


def secret_deck(tmp_path: Path) -> tuple[Path, list[str]]:
    """A legal 60-card deck whose 15 cards exist nowhere else, so any leak is unmistakable."""
    lines = ["デッキ: 秘密 / Secrets"]
    names: list[str] = []
    for i in range(1, 16):
        ja, en = f"秘密の札{i:02d}", f"Secret Card {i:02d}"
        names += [ja, en]
        power = i % 10
        lines += [f"◆ {ja} / {en}",
                  f"属性: {ATTRS[i % 8]}  パワー: {power}  リスク: {(power + 1) // 2}  ガード: 0"]
    lines += [f"4 秘密の札{i:02d}" for i in range(1, 16)]
    path = tmp_path / "secret.txt"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path, names


def test_opponent_cards_stay_hidden_until_the_field_opens(tmp_path: Path) -> None:
    deck, names = secret_deck(tmp_path)
    result = play(tmp_path / "records", ENOUGH, "--opponent-deck", str(deck))
    before, marker, after = result.output.partition("The field opens.")
    assert marker, "the field never opened"
    # in the opponent's hand, opening five or face down on the field: never named
    assert not [n for n in names if n in before]
    # once opened they are named, so the check above could have failed
    assert [n for n in names if n in after]


def test_opponent_hand_is_not_shown_after_the_opening(tmp_path: Path) -> None:
    deck, names = secret_deck(tmp_path)
    record_dir = tmp_path / "records"
    result = play(record_dir, "1\n", "--opponent-deck", str(deck))  # keep, then input ends
    record = GameRecord.load(records(record_dir)[0])
    game = load_game("draws-troidal")
    state = game.new_game(record.seed, [game.default_decks()[0], game.load_deck(str(deck))])
    hidden = list(state.view(1)["you"]["revealed"])
    for action in record.actions:
        state.apply(action)
    opponent = state.view(1)["you"]
    hidden += opponent["revealed"] + opponent["hand"]
    assert hidden  # the opponent holds cards the human must not see
    assert not [n for n in hidden if n in result.output]
    assert not [n for n in names if n in result.output]
    assert "The opponent turns over five cards." in result.output


# -- battle explanations ----------
def explain(reason: str, cards: list[str], lost: list[bool], guarded: list[bool],
            lang: str = "en") -> str:
    from cardtable.table import log_lines

    view = {"cards": [
        {"name": "陽", "name_en": "Sun", "attribute": "light", "power": 3, "risk": 2, "guard": 0},
        {"name": "陰", "name_en": "Moon", "attribute": "dark", "power": 5, "risk": 3, "guard": 0},
        {"name": "水", "name_en": "Wave", "attribute": "water", "power": 2, "risk": 1, "guard": 1},
        {"name": "火", "name_en": "Blaze", "attribute": "fire", "power": 7, "risk": 4, "guard": 0},
        {"name": "壁", "name_en": "Wall", "attribute": "none", "power": None, "risk": 1,
         "guard": 1},
    ], "options": {"win_limit": 5}}
    damage = [0 if g or not lost_ else 3 for lost_, g in zip(lost, guarded, strict=True)]
    event = {"type": "battle", "lane": "C", "cards": cards, "lost": lost, "reason": reason,
             "guarded": guarded, "damage": damage, "life": [47, 50]}
    return "\n".join(log_lines("draws-troidal", [event], view, 0, lang))


def test_every_battle_reason_is_explained() -> None:
    text = explain("light-dark", ["陽", "陰"], [True, True], [False, False])
    assert "Lane C" in text and "Light and dark destroy each other" in text
    assert "you take 3 damage" in text and "the opponent takes 3 damage" in text
    text = explain("powerless", ["壁", "火"], [True, False], [True, False])
    assert "Your Wall has no power" in text and "spends a guard point" in text
    text = explain("attribute", ["水", "火"], [False, True], [False, False])
    assert "Water overcomes fire" in text and "your Wave wins whatever the power" in text
    text = explain("tie", ["陰", "陰"], [True, True], [False, False])
    assert "Equal power (5)" in text
    text = explain("power", ["陽", "陰"], [True, False], [False, False])
    assert "power decides: 5 beats 3" in text and "Life: you 47, the opponent 50" in text
    text = explain("attribute", ["水", "火"], [False, True], [False, False], lang="ja")
    assert "水は火に克つ" in text


def test_a_whole_game_against_the_search_agent(tmp_path: Path) -> None:
    result = play(tmp_path, ENOUGH, "--vs", "mcts:iters=5")
    assert any(w in result.output for w in ("You win!", "You lose.", "Draw."))
    [path] = records(tmp_path)
    assert GameRecord.load(path).players == ["human", "mcts:iters=5"]
