"""The Tabletop Simulator export: sheets within its limits, and a saved object whose card ids
are the deck's cards."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest
from PIL import Image
from tests.printing.helpers import shipped_text

from cardtable.core.registry import load_game
from cardtable.printing import tts as tts_module
from cardtable.printing import tts_export

GAME, DECK = "culdcept", "fire-and-wind"


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    return tts_export(GAME, shipped_text(GAME, DECK), lang="ja", url_base="file:///x/")


def saved_deck(files: dict[str, bytes]) -> dict:
    return json.loads(files["deck.json"])["ObjectStates"][0]


def test_the_files_are_the_sheets_the_back_and_the_json(files: dict[str, bytes]) -> None:
    assert set(files) == {"faces-1.png", "back.png", "deck.json", "setup-1.png",
                          "setup-back.png"}


def test_a_sheet_is_at_most_ten_by_seven_and_under_4096_pixels(files: dict[str, bytes]) -> None:
    obj = saved_deck(files)
    for key, sheet in obj["CustomDeck"].items():
        image = Image.open(io.BytesIO(files[f"faces-{key}.png"]))
        assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
        assert image.width < 4096 and image.height < 4096
        cell = tts_module.cell_size((63.0, 88.0))
        assert image.size == (sheet["NumWidth"] * cell[0], sheet["NumHeight"] * cell[1])
    back = Image.open(io.BytesIO(files["back.png"]))
    assert back.size == tts_module.cell_size((63.0, 88.0))


def test_the_deck_ids_are_the_deck_card_for_card(files: dict[str, bytes]) -> None:
    deck = load_game(GAME).load_deck(DECK)
    obj = saved_deck(files)
    assert obj["Name"] == "DeckCustom" and len(obj["DeckIDs"]) == len(deck)
    by_id = {}
    for card, definition in zip(obj["ContainedObjects"], deck.cards, strict=True):
        assert card["Nickname"] == definition.name  # Japanese, as asked
        by_id.setdefault(card["CardID"], definition.name)
        assert by_id[card["CardID"]] == definition.name  # one id, one card
    assert [c["CardID"] for c in obj["ContainedObjects"]] == obj["DeckIDs"]
    assert Counter(by_id[i] for i in obj["DeckIDs"]) == deck.counts()


def test_no_card_takes_the_hidden_card_s_cell(files: dict[str, bytes]) -> None:
    obj = saved_deck(files)
    for card_id in obj["DeckIDs"]:
        sheet = obj["CustomDeck"][str(card_id // 100)]
        assert card_id % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1


def test_the_images_are_named_from_the_address_given(files: dict[str, bytes]) -> None:
    sheet = saved_deck(files)["CustomDeck"]["1"]
    assert sheet["FaceURL"] == "file:///x/faces-1.png"
    assert sheet["BackURL"] == "file:///x/back.png" and sheet["BackIsHidden"] is True


def test_more_than_69_different_cards_take_a_second_sheet(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from cardtable.core.deck import Deck
    from cardtable.core.projection import Card

    monkeypatch.setattr(tts_module, "cell_size", lambda card: (12, 17))  # small, quick
    monkeypatch.setattr(tts_module, "SUPERSAMPLE", 1)

    class Named:
        def __init__(self, name: str) -> None:
            self.name = name

    names = [f"card {i}" for i in range(75)]
    deck = Deck("many", tuple(Named(n) for n in names))
    faces = [Card(name=n, text=n) for n in names]
    files = tts_module.export(deck, faces, (63.0, 88.0), "Test")
    obj = saved_deck(files)
    assert sorted(obj["CustomDeck"]) == ["1", "2"]
    assert obj["CustomDeck"]["1"]["NumWidth"] * obj["CustomDeck"]["1"]["NumHeight"] == 70
    assert obj["DeckIDs"][68] == 168 and obj["DeckIDs"][69] == 200
    assert len(set(obj["DeckIDs"])) == 75


def test_culdcept_s_starting_lands_are_a_pile_of_their_own(files: dict[str, bytes]) -> None:
    """The seed: six starting lands a player, with a back unlike the other cards'."""
    deck, lands = json.loads(files["deck.json"])["ObjectStates"]
    assert lands["Nickname"] == "開始土地" and len(lands["DeckIDs"]) == 6
    assert set(lands["CustomDeck"]) == {"2"} and set(deck["CustomDeck"]) == {"1"}
    assert lands["CustomDeck"]["2"]["BackURL"] == "file:///x/setup-back.png"
    assert [c["Nickname"] for c in lands["ContainedObjects"]] == [
        "火山", "草原", "湖", "森林", "都市", "廃虚"]
    assert files["setup-back.png"] != files["back.png"]


def test_without_setup_only_the_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tts_module, "cell_size", lambda card: (12, 17))  # small, quick
    monkeypatch.setattr(tts_module, "SUPERSAMPLE", 1)
    files = tts_export(GAME, shipped_text(GAME, DECK), setup=False)
    assert len(json.loads(files["deck.json"])["ObjectStates"]) == 1
    assert "setup-1.png" not in files
