"""A block is chosen on the table: its description names the attacked area, and its pick is
the caster or unit of that area that blocks (the browser lets the defender click it)."""

from __future__ import annotations

import random

from cardtable.core.picks import picks
from cardtable.core.registry import load_game

GAME = load_game("dreadnought")


def test_a_block_points_at_the_blocker_in_the_attacked_area() -> None:
    checked = 0
    for seed in range(4):
        state, rng = GAME.new_game(seed), random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            blocks = [a for a in state.legal_actions()
                      if state.describe_action(a)["kind"] == "block"]
            if blocks:
                table = GAME.project(state.view(seat), "en")
                zones = {z["id"]: z for z in table["zones"]}
                for code in blocks:
                    d = state.describe_action(code)
                    assert d["area"] in (0, 1)
                    [pick] = picks(GAME, d, table, seat)
                    zone_id, index = pick.split("/")
                    assert zone_id == f"area{d['area']}.{seat}"
                    card = zones[zone_id]["cards"][int(index)]
                    assert card is not None and card["name"].split(" (")[0] in \
                        state.action_label(code, "en")
                    checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked
