"""Every game is one folder and one record: the record names modules that exist, the game's
class reads its identity and options from it, each option is declared whole, and no module
outside the game folders is named after a game."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from cardtable.core import registry
from cardtable.core.options import Option, read_options
from cardtable.core.parts import MODULE_SLOTS

IDS = list(registry.GAMES)
SRC = Path(registry.__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", IDS)
def test_the_record_names_only_modules_that_exist(game_id: str) -> None:
    parts = registry.parts(game_id)
    for slot in MODULE_SLOTS:
        name = parts.module_name(slot)
        assert name is None or importlib.util.find_spec(name) is not None, (slot, name)
    for name in parts.hot_modules():
        assert importlib.util.find_spec(name) is not None, name


@pytest.mark.parametrize("game_id", IDS)
def test_the_game_reads_its_identity_and_options_from_its_record(game_id: str) -> None:
    parts = registry.parts(game_id)
    game = registry.load_game(game_id)
    assert game.parts is parts
    assert (game.id, game.title, game.title_ja) == (parts.id, parts.title, parts.title_ja)
    assert list(game.default_options()) == [o.name for o in parts.options]
    assert all(parts.tagline), "a tagline in English and in Japanese"


@pytest.mark.parametrize("game_id", IDS)
def test_every_option_has_its_label_and_help_in_both_languages(game_id: str) -> None:
    for option in registry.parts(game_id).options:
        assert all(option.en) and all(option.ja), option.name


def test_a_whole_number_option_without_its_range_is_refused_where_it_is_declared() -> None:
    with pytest.raises(ValueError, match="declare its range"):
        Option("rounds", 3, en=("Rounds", "Rounds in a game."))
    with pytest.raises(ValueError, match="outside 1 to 2"):
        Option("rounds", 3, (1, 2))
    assert Option("open", False).range is None  # a flag is checked by its type alone


def _options_file(tmp_path: Path, text: str) -> str:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "options.toml").write_text(text, "utf-8")
    return str(tmp_path / "options.py")


def test_an_option_file_declares_each_option_whole_and_may_bound_it_by_a_rules_constant(
        tmp_path: Path) -> None:
    module = _options_file(tmp_path, '[deck_size]\ndefault = 8\nrange = [4, "DECK_MAX"]\n'
                                     'en = ["Deck", "Cards."]\nja = ["デッキ", "枚数。"]\n')
    assert read_options(module, DECK_MAX=8) == (
        Option("deck_size", 8, (4, 8), en=("Deck", "Cards."), ja=("デッキ", "枚数。")),)
    with pytest.raises(ValueError, match="bounded by DECK_MAX"):
        read_options(module)


def test_an_option_file_refuses_what_an_option_does_not_say(tmp_path: Path) -> None:
    module = _options_file(tmp_path, "[rounds]\ndefault = 3\nrange = [1, 9]\nlabel = 'R'\n")
    with pytest.raises(ValueError, match="option 'rounds' says 'label'"):
        read_options(module)


def _outside_the_games() -> list[Path]:
    modules = [p for p in (SRC / "cardtable").rglob("*.py")
               if p.relative_to(SRC).parts[1] != "games"]
    assert len(modules) > 50  # the walk found the package
    return modules


def test_no_module_outside_the_game_folders_is_named_after_a_game() -> None:
    packages = {registry.parts(g).package.rsplit(".", 1)[-1] for g in IDS}
    outside = [p for p in _outside_the_games() if any(pkg in p.stem for pkg in packages)]
    assert outside == []


def test_no_module_outside_the_game_folders_names_a_game_package() -> None:
    """The registry's one line a game aside, a game's modules are reached through its record."""
    packages = [registry.parts(g).package for g in IDS]
    naming = [str(p.relative_to(SRC)) for p in _outside_the_games()
              if p.name != "registry.py"
              and any(pkg in p.read_text(encoding="utf-8") for pkg in packages)]
    assert naming == []


def test_the_weights_folder_is_inside_the_game_folder() -> None:
    parts = registry.parts("draws-troidal")
    assert parts.weights_dir().parent == SRC / "cardtable" / "games" / "draws_troidal"


def test_an_unknown_part_is_refused_by_name() -> None:
    with pytest.raises(KeyError, match="no part 'polcy'"):
        registry.parts("culdcept").module_name("polcy")
