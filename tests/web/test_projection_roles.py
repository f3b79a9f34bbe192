"""The projection is typed: a stat says its role, a card its colour, a zone its kind; front ends
lay out by those alone. Renaming every label and every zone id leaves the terminal's board the
same shape (the browser's card faces are checked the same way in ``tests/js``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.cells import cell_len

from cardtable.core import list_games, load_game
from cardtable.core.projection import ROLES, ZONE_KINDS, Card, Stat, Zone
from cardtable.table.board import board_lines, full_lines

PLAYABLE = [g.id for g in list_games() if g.playable]
JSON = dict[str, Any]


def tables_of(game_id: str, lang: str, seed: int = 5, steps: int = 400) -> list[JSON]:
    """Seat 0's table at every position of one random game."""
    game = load_game(game_id)
    state = game.new_game(seed)
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        out.append(game.project(state.view(0), lang))
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return out


def same_width(text: str, n: int) -> str:
    """A stand-in that no game uses, each character as wide as the one it replaces (x or q, Ｘ
    or Ｑ), so a layout that reads no label is drawn to the same widths."""
    narrow, wide = ("x", "Ｘ") if n % 2 else ("q", "Ｑ")
    return "".join(wide if cell_len(c) == 2 else narrow for c in text)


def renamed(table: JSON) -> JSON:
    """Every stat label and zone label another word of the same width, every zone id opaque."""
    out = {**table, "zones": []}
    for i, zone in enumerate(table["zones"]):
        cards = []
        for card in zone["cards"]:
            if card is not None and card.get("stats"):
                card = {**card, "stats": [[same_width(s[0], j), *s[1:]]
                                          for j, s in enumerate(card["stats"])]}
            cards.append(card)
        out["zones"].append({**zone, "id": f"z{i}.{zone['owner']}",
                             "label": same_width(zone["label"], i), "cards": cards})
    return out


def shape(lines: list[str]) -> list[int]:
    return [cell_len(line) for line in lines]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_stat_has_a_role_and_every_zone_a_kind(game_id):
    for lang in ("en", "ja"):
        for table in tables_of(game_id, lang, steps=60):
            for zone in table["zones"]:
                assert zone["kind"] in ZONE_KINDS and isinstance(zone["held"], bool)
                for card in zone["cards"]:
                    for stat in (card or {}).get("stats", []):
                        assert len(stat) == 3 and stat[2] in ROLES, (zone["id"], stat)
                    if card and card["face_up"]:
                        assert card["colour"].isascii(), card  # English whatever the language


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_renaming_every_label_and_zone_id_leaves_the_terminal_board_the_same_shape(game_id):
    for lang in ("en", "ja"):
        for table in tables_of(game_id, lang, steps=120)[::3]:
            other = renamed(table)
            assert shape(board_lines(other, 0, lang)) == shape(board_lines(table, 0, lang))
            assert shape(board_lines(other, 0, lang, budget=20)) == \
                shape(board_lines(table, 0, lang, budget=20))
            assert shape(full_lines(other, 0, lang)) == shape(full_lines(table, 0, lang))


def test_an_attribute_shows_by_its_value_whatever_its_label():
    from cardtable.table.board import card_text

    card = Card(name="Imp", stats=[Stat("Element", "fire", "attribute"), Stat("Might", "3",
                                                                                 "attack")])
    assert card_text(card.to_json(), "en") == "Imp fire M3"


def test_a_stat_without_a_role_or_a_zone_of_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="Stat"):
        Card(name="Imp", stats=[("ATK", "3")])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="kind"):
        Zone("x.0", "X", 0, 0, kind="heap")  # type: ignore[arg-type]
    assert Zone("x.0", "X", 0, 0, slots=True).kind == "slots"
    assert Zone("hand.0", "Hand", 0, 0, kind="hand").held
