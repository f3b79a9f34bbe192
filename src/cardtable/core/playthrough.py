"""Playthroughs: one fixed game written out step by step, as a regression file.

A playthrough records, for every decision of a game played with seeded random choices, who
decides, every legal action with its label, the choice, what the deciding player sees and the
events of the step. A test regenerates it and compares: any change to the rules, the labels,
the views or the random stream shows up as a readable diff. When a change is intended, write
the file again (``python -m cardtable.core.playthrough GAME --seed N --out FILE``) and, if old
records no longer replay, bump the game's ``rules_version``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from cardtable.core import rng
from cardtable.core.registry import load_game


def _dump(data: object) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def render(game_id: str, seed: int) -> str:
    """The playthrough text of the game with ``seed``, choices drawn from the same seed."""
    game = load_game(game_id)
    state = game.new_game(seed)
    chooser = rng.seed_state(seed ^ 0x5DEECE66D)
    lines = [f"game: {game.id}", f"rules_version: {game.rules_version}", f"seed: {seed}",
             f"num_actions: {game.num_actions}", ""]
    static = ("cards", "decklists")  # the same at every step: written once, here
    firsts = [state.view(p) for p in range(game.num_players)]
    for key in static:
        if key not in firsts[0]:
            continue
        if all(f.get(key) == firsts[0][key] for f in firsts):
            lines.append(f"{key}: {_dump(firsts[0][key])}")
        else:  # private decklists: each seat's own
            lines += [f"{key} (player {p + 1}): {_dump(f[key])}" for p, f in enumerate(firsts)]
    lines.append("")
    since = 0
    step = 0
    while True:
        events = state.events(None, since)
        since = len(state.log)
        for event in events:
            lines.append(f"  event {_dump(event)}")
        player = state.current_player()
        if player < 0:
            break
        step += 1
        legal = state.legal_actions()
        chooser, k = rng.randbelow(chooser, len(legal))
        lines.append(f"step {step}: player {player + 1}, {len(legal)} legal")
        # a static part is written again only where it changed since the start
        view = {k: v for k, v in state.view(player).items()
                if k not in static or v != firsts[player][k]}
        lines.append(f"  view {_dump(view)}")
        for action in legal:
            mark = "*" if action == legal[k] else " "
            lines.append(f"  {mark} {action}: {state.action_label(action)}")
        state.apply(legal[k])
    lines.append(f"result: {_dump(state.result())}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="file to write (default: standard output)")
    args = parser.parse_args()
    text = render(args.game, args.seed)
    if args.out:
        args.out.write_text(text, "utf-8")
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
