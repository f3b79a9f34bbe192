"""What a printed face draws: every game's cards through its projection, in fonts that hold
every character they use."""

from __future__ import annotations

import pytest

from cardtable.core import list_games
from cardtable.core.projection import card_face
from cardtable.core.registry import load_game, part, parts
from cardtable.printing import face
from cardtable.printing.emblems import emblem_paths, flatten
from cardtable.printing.fonts import fonts

GAMES = [g.id for g in list_games() if g.playable]


def shipped_faces(game_id: str, lang: str):
    game = load_game(game_id)
    module = part(game_id, "projection")
    return [card_face(module, card.to_json(), lang) for card in game.pool().values()]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_fonts_hold_every_character_of_every_shipped_card(game_id: str) -> None:
    game = load_game(game_id)
    texts = [parts(game_id).title, parts(game_id).title_ja]
    for lang in ("en", "ja"):
        for card in shipped_faces(game_id, lang):
            texts += [card.name, card.text, *card.markers]
            texts += [f"{label} {value}" for label, value, _ in card.stats]
    for name in game.deck_names():
        deck = game.load_deck(name)
        texts += [deck.name, deck.name_en]
    missing = set().union(*(fonts().missing(t) for t in texts))
    assert not missing, f"no glyph for {sorted(missing)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_card_face_is_the_card_alone_in_either_language(game_id: str) -> None:
    game = load_game(game_id)
    card = next(iter(game.pool().values())).to_json()
    module = part(game_id, "projection")
    ja, en = card_face(module, card, "ja"), card_face(module, card, "en")
    assert ja.name == card["name"] and ja.key == en.key == card["name"]
    assert en.name == (card.get("name_en") or card["name"])
    assert ja.face_up and ja.text.splitlines()[0] == card["name"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_shipped_face_lays_out_inside_its_card(game_id: str) -> None:
    from cardtable.printing.draw import Box, Label

    for card in shipped_faces(game_id, "ja")[:40]:
        items = face.front(card, (63.0, 88.0))
        assert isinstance(items[0], Box) and (items[0].w, items[0].h) == (63.0, 88.0)
        for item in items:
            if isinstance(item, Label):
                assert 0 < item.y < 88 and 0 <= item.x <= 63, (card.name, item)
        drawn = "".join(i.text for i in items if isinstance(i, Label))
        assert card.name.replace(" ", "")[:4] in drawn.replace(" ", "")


def test_wrapping_breaks_japanese_between_characters_but_never_before_a_closing_mark() -> None:
    lines = face.wrap("このユニットは状態異常を受けない。", 2.6, 14.0)
    assert len(lines) > 1 and "".join(lines) == "このユニットは状態異常を受けない。"
    assert not any(line.startswith(("。", "、", "」")) for line in lines)


def test_wrapping_keeps_english_words_whole() -> None:
    text = "When summoned: put the top card of your deck into your voltage zone."
    lines = face.wrap(text, 2.6, 30.0)
    assert " ".join(lines) == text


def test_the_colours_and_emblems_are_the_browser_s() -> None:
    colours = face.palette()
    assert colours["fire"] == ("#d4552b", "#8c2a10", "#fbe3d6")  # as cardface.js writes them
    assert {"fire", "water", "unit", "command", "none"} <= set(colours)
    for name, d in emblem_paths().items():
        points = [p for pts, _ in flatten(d) for p in pts]
        assert points, name
        assert all(-0.5 <= x <= 24.5 and -0.5 <= y <= 24.5 for x, y in points), name


def test_a_ring_emblem_keeps_its_hole() -> None:
    """``none`` is a ring: two outlines, filled even-odd, so its centre stays open."""
    outlines = flatten(emblem_paths()["none"])
    assert len(outlines) == 2 and all(closed for _, closed in outlines)


def test_a_game_without_card_face_still_prints_the_name_and_the_text() -> None:
    card = {"name": "試作", "name_en": "Prototype", "kind": "unit", "power": 3}
    ja, en = card_face(None, card, "ja"), card_face(None, card, "en")
    assert (ja.name, en.name) == ("試作", "Prototype")
    assert en.text.splitlines() == ["Prototype", "kind: unit", "power: 3"]
