"""Before and after: the change of every rate between two reports, and whether it is noise.

Both studies play the same seeds (the edited deck keeps its place in the deck list), so a
change comes from the edit and from the games it changed, not from new luck everywhere. The
interval of a change is Newcombe's for two independent rates, which is conservative for such
paired studies: a change called "beyond noise" is one whose 95% interval excludes zero.
"""

from __future__ import annotations

import html
from typing import Any

from cardtable.balance.metrics import difference

#: per-card rates compared, in report order
CARD_RATES = ("win_rate_in_deck", "seen_rate", "played_rate", "win_rate_seen",
              "win_rate_played")


def _change(name: str, old: dict[str, Any] | None, new: dict[str, Any] | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"figure": name,
                             "old": None if old is None else old["rate"],
                             "new": None if new is None else new["rate"],
                             "old_n": 0 if old is None else old["n"],
                             "new_n": 0 if new is None else new["n"]}
    d = None if old is None or new is None else difference(new["wins"], new["n"],
                                                           old["wins"], old["n"])
    entry["change"] = None if d is None else d["diff"]
    entry["ci95"] = None if d is None else d["ci95"]
    entry["beyond_noise"] = bool(d is not None and (d["ci95"][0] > 0 or d["ci95"][1] < 0))
    return entry


def compare_reports(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Every rate of both reports, paired by deck position and card name."""
    figures: list[dict[str, Any]] = []
    n = min(len(old["decks"]), len(new["decks"]))

    def label(report: dict[str, Any], i: int) -> str:
        return report["decks"][i]

    for i in range(n):
        name = label(new, i) if label(new, i) == label(old, i) else \
            f"{label(old, i)} -> {label(new, i)}"
        figures.append(_change(f"deck {name}: win rate", old["deck_win_rates"][i],
                               new["deck_win_rates"][i]))
    for i in range(n):
        for j in range(n):
            if i != j:
                figures.append(_change(f"matchup {label(new, i)} vs {label(new, j)}",
                                       old["matchups"][i][j], new["matchups"][i][j]))
    figures.append(_change("first player wins", old["first_player"]["first_player_wins"],
                           new["first_player"]["first_player_wins"]))
    old_cards = {c["card"]: c for c in old["cards"]}
    new_cards = {c["card"]: c for c in new["cards"]}
    for card in sorted(set(old_cards) | set(new_cards)):
        a, b = old_cards.get(card), new_cards.get(card)
        for rate_name in CARD_RATES:
            figures.append(_change(f"card {card}: {rate_name}",
                                   None if a is None else a[rate_name],
                                   None if b is None else b[rate_name]))
    return {
        "game": new["game"],
        "old_decks": old["decks"], "new_decks": new["decks"],
        "games": [old["games"], new["games"]],
        "mean_turns": [old["game_length"]["mean_turns"], new["game_length"]["mean_turns"]],
        "flags": {"old": {c["card"]: c["flag"] for c in old["cards"] if c["flag"]},
                  "new": {c["card"]: c["flag"] for c in new["cards"] if c["flag"]}},
        "figures": figures,
        "beyond_noise": [f["figure"] for f in figures if f["beyond_noise"]],
    }


def render_compare_html(cmp: dict[str, Any]) -> str:
    e = html.escape

    def pct(x: float | None) -> str:
        return "—" if x is None else f"{100 * x:.1f}%"

    rows = []
    for f in cmp["figures"]:
        ch = "—" if f["change"] is None else (
            f"{100 * f['change']:+.1f} <small>[{100 * f['ci95'][0]:+.1f}, "
            f"{100 * f['ci95'][1]:+.1f}]</small>")
        cls = " style='background:#ffd'" if f["beyond_noise"] else ""
        rows.append(f"<tr{cls}><td>{e(f['figure'])}</td><td>{pct(f['old'])} "
                    f"<small>n={f['old_n']}</small></td><td>{pct(f['new'])} "
                    f"<small>n={f['new_n']}</small></td><td>{ch}</td>"
                    f"<td>{'yes' if f['beyond_noise'] else ''}</td></tr>")
    return ("<!doctype html><html><head><meta charset='utf-8'><title>cardtable balance: "
            f"compare</title><style>body{{font-family:sans-serif;margin:2em}}table"
            "{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 6px}"
            "small{color:#666}</style></head><body>"
            f"<h1>Before and after: {e(cmp['game'])}</h1><p>{cmp['games'][0]} games before, "
            f"{cmp['games'][1]} after, on the same seeds. Changes in percentage points with "
            "95% intervals; highlighted rows exceed the noise.</p><table><tr><th>figure</th>"
            "<th>before</th><th>after</th><th>change (pts)</th><th>beyond noise</th></tr>"
            + "".join(rows) + "</table></body></html>\n")
