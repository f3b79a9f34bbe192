"""The report a designer opens: PNG plots and one HTML page that holds them inline.

The page needs nothing but a browser: its plots are embedded as base64 PNG and its style is
inline, so it can be mailed or opened offline. matplotlib is imported here only (the
``balance`` extra); without it the JSON report is still written and the page says why it has
no plots. Plots are drawn with the Agg backend, so no display is needed.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any

from cardtable.balance.metrics import dumps

PLOTS = ("matchups", "decks", "cards", "length")


def write_report(report: dict[str, Any], folder: Path) -> list[Path]:
    """``report.json``, the PNG plots and ``report.html`` in ``folder``; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / "report.json"]
    written[0].write_text(dumps(report), "utf-8")
    images: dict[str, bytes] = {}
    note = ""
    try:
        images = draw_plots(report)
    except ImportError:
        note = "matplotlib is not installed (pip install 'cardtable[balance]'): no plots."
    for name, data in images.items():
        path = folder / f"{name}.png"
        path.write_bytes(data)
        written.append(path)
    page = folder / "report.html"
    page.write_text(render_html(report, images, note), "utf-8")
    written.append(page)
    return written


# -- plots ----------
def _font(plt: Any) -> None:
    """Prefer a font with Japanese glyphs when the machine has one (card names are Japanese)."""
    from matplotlib import font_manager

    have = {f.name for f in font_manager.fontManager.ttflist}
    for name in ("Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "IPAGothic", "TakaoGothic",
                 "VL Gothic", "Droid Sans Fallback"):
        if name in have:
            plt.rcParams["font.family"] = [name, "DejaVu Sans"]
            return


def draw_plots(report: dict[str, Any]) -> dict[str, bytes]:
    import io
    import warnings

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    _font(plt)
    out: dict[str, bytes] = {}

    def save(fig: Any, name: str) -> None:
        buf = io.BytesIO()
        fig.tight_layout()
        fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
        plt.close(fig)
        out[name] = buf.getvalue()

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # missing glyphs for card names are not an error
        labels = report["decks_en"]  # English: the machine may lack Japanese glyphs
        n = len(labels)
        fig, ax = plt.subplots(figsize=(1.4 * n + 3, 1.1 * n + 2))
        grid = [[float("nan") if c is None else c["rate"] for c in row]
                for row in report["matchups"]]
        im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
        for i, row in enumerate(report["matchups"]):
            for j, cell in enumerate(row):
                if cell is not None:
                    ax.text(j, i, f"{100 * cell['rate']:.0f}%\nn={cell['n']}", ha="center",
                            va="center", fontsize=8)
        ax.set_xticks(range(n), labels, rotation=30, ha="right")
        ax.set_yticks(range(n), labels)
        ax.set_xlabel("opponent deck")
        ax.set_ylabel("deck (its win rate)")
        fig.colorbar(im, ax=ax, fraction=0.046)
        ax.set_title("Matchups")
        save(fig, "matchups")

        decks = report["deck_win_rates"]
        fig, ax = plt.subplots(figsize=(7, 0.5 * n + 1.5))
        _forest(ax, labels, decks, 0.5)
        ax.set_title("Deck win rates (95% interval)")
        save(fig, "decks")

        cards = [c for c in report["cards"] if c["vs_rest"] is not None]
        cards.sort(key=lambda c: c["vs_rest"]["diff"])
        fig, ax = plt.subplots(figsize=(8, 0.28 * len(cards) + 1.5))
        for y, c in enumerate(cards):
            vs = c["vs_rest"]
            color = ("tab:red" if c["flag"] == "above" else "tab:blue" if c["flag"] == "below"
                     else "0.3")
            ax.plot([100 * v for v in vs["interval"]], [y, y], color=color, lw=2)
            ax.plot([100 * vs["diff"]], [y], "o", color=color)
        ax.axvline(0, color="0.7", ls="--")
        ax.set_yticks(range(len(cards)), [c["card_en"] for c in cards])
        ax.set_xlabel("within-deck contrast minus the other cards' (points)")
        ax.set_title("Cards against the rest (joint 95% intervals; red/blue: flagged)")
        save(fig, "cards")

        fig, ax = plt.subplots(figsize=(7, 3.5))
        turns = report["game_length"]["turns"]
        ax.bar([int(t) for t in turns], list(turns.values()), color="0.4")
        ax.set_xlabel("turns")
        ax.set_ylabel("games")
        ax.set_title(f"Game length (mean {report['game_length']['mean_turns']:.1f} turns)")
        save(fig, "length")
    return out


def _forest(ax: Any, names: list[str], stats: list[dict[str, Any]], ref: float | None,
            colors: list[str] | None = None) -> None:
    ys = range(len(names))
    for y, s in zip(ys, stats, strict=True):
        color = colors[y] if colors else "0.3"
        ax.plot(s["ci95"], [y, y], color=color, lw=2)
        ax.plot([s["rate"]], [y], "o", color=color)
    if ref is not None:
        ax.axvline(ref, color="0.7", ls="--")
    ax.set_yticks(list(ys), names)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate")


# -- the page ----------
def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rate(s: dict[str, Any] | None) -> str:
    if s is None:
        return "—"
    if s["n"] == 0:
        return "— (n=0)"
    lo, hi = s["ci95"]
    return f"{_pct(s['rate'])} <small>[{_pct(lo)}, {_pct(hi)}] n={s['n']}</small>"


def _diff(d: dict[str, Any] | None) -> str:
    if d is None:
        return "—"
    lo, hi = d.get("ci95") or d["interval"]
    return f"{100 * d['diff']:+.1f} <small>[{100 * lo:+.1f}, {100 * hi:+.1f}]</small>"


def _within(w: dict[str, Any] | None) -> str:
    return "—" if w is None else f"{_diff(w)} <small>{w['basis']}</small>"


STYLE = """body{font-family:sans-serif;margin:2em;max-width:1200px}table{border-collapse:collapse;
margin:1em 0}td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}th{background:#eee}
td:first-child{text-align:left}small{color:#666}.above{background:#fdd}.below{background:#ddf}
img{max-width:100%}"""


def render_html(report: dict[str, Any], images: dict[str, bytes], note: str = "") -> str:
    e = html.escape
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>cardtable balance: "
             f"{e(report['game'])}</title><style>{STYLE}</style></head><body>",
             f"<h1>Balance study: {e(report['game'])}</h1>",
             f"<p>{report['games']} games ({report['games_per_pairing']} per pairing, seats and "
             f"decks traded), agents {e(' vs '.join(report['agents']))}, seed "
             f"{report['seed']}{'' if report['complete'] else ' — <b>incomplete</b>'}. "
             "Rates carry 95% intervals (Wilson; Newcombe for differences) and sample sizes.</p>"]
    if note:
        parts.append(f"<p><b>{e(note)}</b></p>")

    def img(name: str) -> None:
        if name in images:
            data = base64.b64encode(images[name]).decode()
            parts.append(f"<p><img alt='{name}' src='data:image/png;base64,{data}'></p>")

    parts.append("<h2>Matchups</h2><p>Row deck's win rate against the column deck.</p>")
    img("matchups")
    labels = report["decks"]
    rows = ["<table><tr><th></th>" + "".join(f"<th>{e(d)}</th>" for d in labels) + "</tr>"]
    for d, row in zip(labels, report["matchups"], strict=True):
        rows.append(f"<tr><td>{e(d)}</td>" + "".join(f"<td>{_rate(c)}</td>" for c in row)
                    + "</tr>")
    parts.append("".join(rows) + "</table>")
    parts.append("<h2>Decks</h2>")
    img("decks")
    parts.append("<table><tr><th>deck</th><th>win rate</th><th>draws</th></tr>" + "".join(
        f"<tr><td>{e(d['deck'])}</td><td>{_rate(d)}</td><td>{d['draws']}</td></tr>"
        for d in report["deck_win_rates"]) + "</table>")
    fp = report["first_player"]
    parts.append("<h2>First player and game length</h2><p>The first player (the one with the "
                 f"first turn or initiative) won {_rate(fp['first_player_wins'])}; among "
                 f"decided games {_rate(fp['among_decided'])}; draws {fp['draws']}. Seat 1 won "
                 f"{_rate(fp['seat_1_wins'])}.</p>")
    gl = report["game_length"]
    reasons = ", ".join(f"{k or '-'} {v}" for k, v in gl["end_reasons"].items())
    parts.append(f"<p>Turns: mean {gl['mean_turns']:.1f}, median {gl['median_turns']}, 10–90% "
                 f"{gl['p10_turns']}–{gl['p90_turns']}; end reasons: "
                 f"{e(reasons)}.</p>")
    img("length")
    flagged = [c for c in report["cards"] if c["flag"]]
    parts.append("<h2>Cards</h2>")
    if not report["card_facts"]:
        parts.append("<p>This game does not report card facts yet (Game.card_facts): no "
                     "per-card figures.</p>")
    elif flagged:
        parts.append("<p>Flagged (win rate clearly above or below the rest): " + ", ".join(
            f"<b>{e(c['card'])}</b> ({c['flag']})" for c in flagged) + "</p>")
    else:
        parts.append("<p>No card's win rate lies clearly above or below the rest.</p>")
    img("cards")
    head = ("card", "decks", "in deck", "seen", "played", "WR seen (GIH)", "WR not seen",
            "IWD (pts)", "WR played", "WR not played", "played − not (pts)",
            "within deck (pts)", "vs rest (pts)")
    rows = ["<table><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    for c in report["cards"]:
        cls = f" class='{c['flag']}'" if c["flag"] else ""
        rows.append(
            f"<tr{cls}><td>{e(c['card'])}<br><small>{e(c['card_en'])}</small></td>"
            f"<td>{e(', '.join(c['decks']))}</td>"
            f"<td>{c['games_in_deck']}</td><td>{_rate(c['seen_rate'])}</td>"
            f"<td>{_rate(c['played_rate'])}</td><td>{_rate(c['win_rate_seen'])}</td>"
            f"<td>{_rate(c['win_rate_not_seen'])}</td><td>{_diff(c['iwd'])}</td>"
            f"<td>{_rate(c['win_rate_played'])}</td><td>{_rate(c['win_rate_not_played'])}</td>"
            f"<td>{_diff(c['played_diff'])}</td><td>{_within(c['within_deck'])}</td>"
            f"<td>{_diff(c['vs_rest'])}</td></tr>")
    parts.append("".join(rows) + "</table>")
    parts.append("<p><small>Rates are over games in which the card was in its owner's deck. "
                 "IWD: win rate when seen minus when in the deck but not seen (pooled, as "
                 "17lands). Within deck: win rate when played minus not played (seen minus "
                 "not seen for a card always or never played), taken inside each deck. A card "
                 "is flagged when the interval of its within-deck contrast, at a "
                 "Bonferroni-corrected 95% level, lies wholly above or below the other cards' "
                 "mean. A flag is a candidate to look at: it also reflects when the agents "
                 "play the card.</small></p></body></html>")
    return "\n".join(parts) + "\n"
