"""Playthroughs: one fixed game written out step by step, as a regression file.

A playthrough records, for every decision of a game played with seeded random choices, who
decides, every legal action with its label, the choice, what the deciding player sees and the
events of the step. A test regenerates it and compares: any change to the rules, the labels,
the views or the random stream shows up as a readable diff. When a change is intended, write
the file again (``python -m cardtable.core.playthrough GAME --seed N --out FILE``) and, if old
records no longer replay, bump the game's ``rules_version``.

Views, the static card lists and the result are JSON spread over lines (keys sorted, a value on
one line when it fits in ``WIDTH`` columns, else one item a line), so a change to one field is a
one-line diff instead of a rewrite of a 20 kB line; :func:`parse` reads a file back.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

from cardtable.core import rng
from cardtable.core.registry import load_game

WIDTH = 100  # a container whose one-line form (after its indent) is longer is spread out


def one_line(data: object) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def spread_lines(data: object, indent: str) -> list[str]:
    """``data`` as JSON lines under ``indent``: the first line carries no indent (it follows a
    label), a closing bracket lines up with the label."""
    flat = one_line(data)
    if len(indent) + len(flat) <= WIDTH or not isinstance(data, (dict, list)) or not data:
        return [flat]
    inner = indent + "  "
    if isinstance(data, dict):
        items = [(f"{one_line(k)}: ", v) for k, v in sorted(data.items())]
        opening, closing = "{", "}"
    else:
        items = [("", v) for v in data]
        opening, closing = "[", "]"
    lines = [opening]
    for i, (head, value) in enumerate(items):
        body = spread_lines(value, inner)
        body[0] = inner + head + body[0]
        if i < len(items) - 1:
            body[-1] += ","
        lines += body
    lines.append(indent + closing)
    return lines


def _block(label: str, data: object, indent: str = "") -> list[str]:
    """``label`` followed by ``data`` spread over lines."""
    body = spread_lines(data, indent)
    body[0] = f"{indent}{label} {body[0]}"
    return body


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
            lines += _block(f"{key}:", firsts[0][key])
        else:  # private decklists: each seat's own
            for p, f in enumerate(firsts):
                lines += _block(f"{key} (player {p + 1}):", f[key])
    lines.append("")
    since = 0
    step = 0
    while True:
        events = state.events(None, since)
        since = len(state.log)
        for event in events:
            lines += _block("event", event, "  ")
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
        lines += _block("view", view, "  ")
        for action in legal:
            mark = "*" if action == legal[k] else " "
            lines.append(f"  {mark} {action}: {state.action_label(action)}")
        state.apply(legal[k])
    lines += _block("result:", state.result())
    return "\n".join(lines) + "\n"


_STEP = re.compile(r"step (\d+): player (\d+), (\d+) legal")
_ACTION = re.compile(r"  ([* ]) (\d+): (.*)")
_CLOSER = {"{": "}", "[": "]"}


def parse(text: str) -> dict[str, Any]:
    """A playthrough's content: ``header`` (name to text), ``static`` (label to data) and
    ``entries``, in order: ``("event", data)``, ``("step", {...})`` and ``("result", data)``.
    Files written on one line a value and spread over lines read the same."""
    lines = text.splitlines()
    out: dict[str, Any] = {"header": {}, "static": {}, "entries": []}
    i = 0

    def value(first: str, indent: str) -> object:
        nonlocal i
        if first not in _CLOSER:
            return json.loads(first)
        end = lines.index(indent + _CLOSER[first], i)
        data = json.loads("\n".join([first, *lines[i:end + 1]]))
        i = end + 1
        return data

    while i < len(lines) and lines[i]:
        name, _, rest = lines[i].partition(": ")
        out["header"][name] = rest
        i += 1
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line:
            continue
        if line.startswith("  event "):
            out["entries"].append(("event", value(line[len("  event "):], "  ")))
        elif line.startswith("  view "):
            out["entries"][-1][1]["view"] = value(line[len("  view "):], "  ")
        elif (step := _STEP.fullmatch(line)):
            out["entries"].append(("step", {
                "step": int(step.group(1)), "player": int(step.group(2)) - 1,
                "legal": int(step.group(3)), "actions": [], "chosen": None}))
        elif (action := _ACTION.fullmatch(line)):
            record = out["entries"][-1][1]
            record["actions"].append((int(action.group(2)), action.group(3)))
            if action.group(1) == "*":
                record["chosen"] = int(action.group(2))
        elif line.startswith("result: "):
            out["entries"].append(("result", value(line[len("result: "):], "")))
        else:
            label, _, rest = line.partition(": ")
            out["static"][label] = value(rest, "")
    return out


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
