"""The report a designer opens: PNG plots and one HTML page that holds them inline.

The page needs nothing but a browser: its plots are embedded as base64 PNG and its style is
inline, so it can be mailed or opened offline. The page is a jinja2 template
(``templates/report.html.j2``), autoescaped, so a deck or card name can never break it.
matplotlib is imported here only (the ``balance`` extra); without it the JSON report is still
written and the page says why it has no plots. Plots are drawn with the Agg backend, so no
display is needed. Everything a person reads follows ``lang``; with ``lang="ja"`` the plots use
a font with Japanese glyphs (Noto Sans CJK and the like) when the machine has one, and English
names otherwise, so a plot never shows empty boxes.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

from cardtable.balance.effects import evidence_order
from cardtable.balance.metrics import dumps
from cardtable.balance.text import (
    card_name,
    decided_text,
    deck_names,
    model_text,
    power_text,
    q_text,
    reading,
    reasons_text,
    restricted_text,
    skill_text,
    tr,
    verified_text,
)
from cardtable.core.cost_curve import JA

PLOTS = ("matchups", "decks", "cards", "length")
#: fonts with Japanese glyphs, in order of preference
CJK_FONTS = ("Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "IPAGothic", "TakaoGothic",
             "VL Gothic", "Droid Sans Fallback")


def write_report(report: dict[str, Any], folder: Path, lang: str = "en") -> list[Path]:
    """``report.json``, the PNG plots and ``report.html`` in ``folder``; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / "report.json"]
    written[0].write_text(dumps(report), "utf-8")
    images: dict[str, bytes] = {}
    note = ""
    try:
        images = draw_plots(report, lang)
    except ImportError:
        note = tr("no_plots", lang)
    for name, data in images.items():
        path = folder / f"{name}.png"
        path.write_bytes(data)
        written.append(path)
    page = folder / "report.html"
    page.write_text(render_html(report, images, note, lang), "utf-8")
    written.append(page)
    return written


# -- plots ----------
def cjk_font() -> str | None:
    """A font with Japanese glyphs that matplotlib can use here, or None."""
    from matplotlib import font_manager

    have = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in CJK_FONTS if name in have), None)


def plot_names(report: dict[str, Any], lang: str) -> tuple[str, Any]:
    """The language the plots can show (``ja`` only with a CJK font) and the font to use."""
    font = cjk_font() if lang == "ja" else None
    return ("ja" if font else "en"), font


def draw_plots(report: dict[str, Any], lang: str = "en") -> dict[str, bytes]:
    import io
    import warnings

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown, font = plot_names(report, lang)
    out: dict[str, bytes] = {}

    def save(fig: Any, name: str) -> None:
        buf = io.BytesIO()
        fig.tight_layout()
        fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
        plt.close(fig)
        out[name] = buf.getvalue()

    style = {"font.family": [font, "DejaVu Sans"]} if font else {}
    with warnings.catch_warnings(), plt.rc_context(style):
        warnings.simplefilter("ignore")
        labels = deck_names(report, shown)
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
        ax.set_xlabel(tr("p_opponent", shown))
        ax.set_ylabel(tr("p_deck", shown))
        fig.colorbar(im, ax=ax, fraction=0.046)
        ax.set_title(tr("matchups", shown))
        save(fig, "matchups")

        fig, ax = plt.subplots(figsize=(7, 0.5 * n + 1.5))
        _forest(ax, labels, report["deck_win_rates"], 0.5, tr("win_rate", shown))
        ax.set_title(tr("p_decks", shown))
        save(fig, "decks")

        cards = [c for c in report["cards"] if c.get("effect")]
        cards.sort(key=lambda c: c["effect"]["effect"])
        fig, ax = plt.subplots(figsize=(8, 0.28 * len(cards) + 1.5))
        for y, c in enumerate(cards):
            eff = c["effect"]
            color = ("tab:red" if c["flag"] == "above" else "tab:blue" if c["flag"] == "below"
                     else "0.3")
            ax.plot([100 * v for v in eff["ci95"]], [y, y], color=color, lw=2)
            ax.plot([100 * eff["effect"]], [y], "o", color=color)
        ax.axvline(0, color="0.7", ls="--")
        ax.set_yticks(range(len(cards)), [card_name(c, shown)[0] for c in cards])
        ax.set_xlabel(tr("p_effect", shown))
        ax.set_title(tr("p_cards", shown))
        save(fig, "cards")

        fig, ax = plt.subplots(figsize=(7, 3.5))
        turns = report["game_length"]["turns"]
        ax.bar([int(t) for t in turns], list(turns.values()), color="0.4")
        ax.set_xlabel(tr("p_turns", shown))
        ax.set_ylabel(tr("p_games", shown))
        ax.set_title(tr("p_length", shown, mean=report["game_length"]["mean_turns"]))
        save(fig, "length")
    return out


def _forest(ax: Any, names: list[str], stats: list[dict[str, Any]], ref: float | None,
            xlabel: str) -> None:
    ys = range(len(names))
    for y, s in zip(ys, stats, strict=True):
        ax.plot(s["ci95"], [y, y], color="0.3", lw=2)
        ax.plot([s["rate"]], [y], "o", color="0.3")
    if ref is not None:
        ax.axvline(ref, color="0.7", ls="--")
    ax.set_yticks(list(ys), names)
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)


# -- the page ----------
def game_title(game_id: str, lang: str) -> str:
    """The game's name in ``lang`` (its id when the registry does not know it)."""
    from cardtable.core import game_info
    from cardtable.core.errors import UnknownGameError

    try:
        info = game_info(game_id)
    except UnknownGameError:  # a report of a game no longer registered
        return game_id
    return info.title_ja if lang == "ja" and info.title_ja else info.title


def _environment() -> Any:
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(loader=PackageLoader("cardtable.balance", "templates"),
                      autoescape=select_autoescape(["html", "j2"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True)
    env.filters["pct"] = lambda x: "—" if x is None else f"{100 * x:.1f}%"
    env.filters["pts"] = lambda x: "—" if x is None else f"{100 * x:+.1f}"
    return env


def render_template(template: str, **context: Any) -> str:
    return _environment().get_template(template).render(**context)


def render_html(report: dict[str, Any], images: dict[str, bytes], note: str = "",
                lang: str = "en") -> str:
    from markupsafe import Markup, escape

    def t(key: str, **kw: Any) -> Markup:
        # the sentence is escaped, and so is each value unless it is already markup (a rate)
        text = escape(tr(key, lang))
        return Markup(text).format(**kw) if kw else Markup(text)

    flagged = [c for c in report["cards"] if c["flag"]]
    flagged.sort(key=lambda c: evidence_order(c["effect"]))
    model = report.get("card_model") or {}
    label = dict(zip(report["decks"], deck_names(report, lang), strict=True))
    return render_template(
        "report.html.j2", r=report, t=t, lang=lang, note=note,
        images={k: base64.b64encode(v).decode() for k, v in images.items()},
        decks=deck_names(report, lang), flagged=flagged, model=model,
        name=lambda c: card_name(c, lang), q_text=q_text,
        reading=lambda e: reading(e, lang),
        model_text=lambda m: model_text(m, lang),
        reasons_text=lambda r: reasons_text(r, lang),
        decided_text=lambda d: decided_text(d, lang), power_text=lambda p: power_text(p, lang),
        verified_text=lambda v: verified_text(v, lang),
        restricted_text=lambda r: restricted_text(r, lang),
        skill_text=lambda s: skill_text(s, lang),
        word=lambda w: JA.get(w, w) if lang == "ja" else w, title=game_title(report["game"], lang),
        deck_list=lambda names: ", ".join(label.get(n, n) for n in names))
