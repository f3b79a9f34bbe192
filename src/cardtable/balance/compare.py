"""Before and after an edit: paired, game by game, with multiple-comparison control.

Both studies play the same schedule on the same seeds: the edited deck is the first deck of
both and the other decks are the same decks in the same order, so game ``k`` of a pairing has
the same seed before and after. A change is therefore measured **paired**: for every game that
both studies hold, the difference of the outcome (won 1, else 0) after minus before, and the
change is the mean of those differences with a t interval (statsmodels' ``DescrStatsW``).
Games the edit did not touch give a difference of exactly 0, so an unchanged matchup reads
"+0.0 [+0.0, +0.0]" and does not dilute the rest; an independent-samples interval would be
several times wider.

Figures: each deck's win rate and each matchup (decks matched by name), the first player's
rate, and, per card of the edited deck, its in-hand rate and its play rate (each a per-game
indicator, paired the same way), with its regression effect (``effects.py``) before and after
for reading only (two fits are not a paired difference; a card's win rate would only repeat
its deck's change). Every paired figure has a p-value (a paired t test), and the figures
flagged are those that pass Benjamini–Hochberg control of the false discovery rate at
``COMPARE_FDR`` over all of them, so two hundred figures do not turn up a dozen "changes" by chance.

Cards added to or removed from the edited deck, and cards whose copies or definition changed,
are listed first: they are what the designer did.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.balance.study import Result, Study
from cardtable.core.facts import DRAWN, PLAYED, SEEN
from cardtable.sim.stats import rounded

#: the false discovery rate of a compare's figures (Benjamini–Hochberg over all of them): the
#: rate its "one four-copy edit" figures in docs/balance.md were measured at; the card flags
#: of each study have their own (``effects.FDR``)
COMPARE_FDR = 0.10


def paired_change(old: Sequence[float], new: Sequence[float]) -> dict[str, Any]:
    """Mean of ``new − old`` over paired games, its 95% t interval and a paired t-test p."""
    diffs = [b - a for a, b in zip(old, new, strict=True)]
    n = len(diffs)
    entry: dict[str, Any] = {"n": n, "old": rounded(sum(old) / n) if n else None,
                             "new": rounded(sum(new) / n) if n else None}
    if n == 0:
        return {**entry, "change": None, "ci95": None, "p": None}
    mean = sum(diffs) / n
    if n < 2 or all(d == diffs[0] for d in diffs):
        # no spread: the games agree exactly (unchanged) or there is only one
        return {**entry, "change": rounded(mean), "ci95": [rounded(mean), rounded(mean)],
                "p": 1.0 if mean == 0 or n < 2 else 0.0}
    from statsmodels.stats.weightstats import DescrStatsW

    stats = DescrStatsW(diffs)
    low, high = stats.tconfint_mean(alpha=0.05)
    _, p, _ = stats.ttest_mean(0.0)
    return {**entry, "change": rounded(mean), "ci95": [rounded(float(low)), rounded(float(high))],
            "p": rounded(float(p)) if math.isfinite(p) else 1.0}


def _in_hand(facts: dict[str, list[str]]) -> set[str]:
    return set(facts.get(DRAWN, ())) | set(facts.get(SEEN, ())) | set(facts.get(PLAYED, ()))


def deck_changes(old: Any, new: Any) -> dict[str, list[dict[str, Any]]]:
    """What the designer changed: cards added, removed, with other copies, redefined."""
    oc, nc = old.counts(), new.counts()
    od, nd = old.definitions(), new.definitions()

    def en(defs: dict[str, Any], name: str) -> str:
        return str(defs.get(name, {}).get("name_en") or name)

    return {
        "added": [{"card": n, "card_en": en(nd, n), "copies": nc[n]}
                  for n in sorted(set(nc) - set(oc))],
        "removed": [{"card": n, "card_en": en(od, n), "copies": oc[n]}
                    for n in sorted(set(oc) - set(nc))],
        "copies": [{"card": n, "card_en": en(nd, n), "old": oc[n], "new": nc[n]}
                   for n in sorted(set(oc) & set(nc)) if oc[n] != nc[n]],
        "redefined": [{"card": n, "card_en": en(nd, n), "old": od[n], "new": nd[n]}
                      for n in sorted(set(od) & set(nd)) if od[n] != nd[n]],
    }


def compare_studies(old_study: Study, old_results: Sequence[Result], old_report: dict[str, Any],
                    new_study: Study, new_results: Sequence[Result],
                    new_report: dict[str, Any]) -> dict[str, Any]:
    """Every paired change between two studies of one schedule (see the module docstring)."""
    from statsmodels.stats.multitest import multipletests

    before = {r["index"]: r for r in old_results}
    after = {r["index"]: r for r in new_results}
    common = sorted(set(before) & set(after))
    old_names = old_study.deck_labels()
    new_names = new_study.deck_labels()
    # decks by name; the edited deck (first in both) is matched whatever it is called
    new_of_old = {0: 0, **{i: new_names.index(n) for i, n in enumerate(old_names)
                           if i > 0 and n in new_names}}
    figures: list[dict[str, Any]] = []

    def add(kind: str, label: dict[str, str], won: Callable[[Result, Result], tuple[
            list[float], list[float]]]) -> None:
        olds: list[float] = []
        news: list[float] = []
        for k in common:
            a, b = won(before[k], after[k])
            olds += a
            news += b
        figures.append({"kind": kind, **label, **paired_change(olds, news)})

    def seat_of(r: Result, deck: int) -> list[int]:
        return [s for s, d in enumerate(r["decks"]) if d == deck]

    en_of = dict(zip(new_names, new_report["decks_en"], strict=True))
    en_of.update({n: e for n, e in zip(old_names, old_report["decks_en"], strict=True)})

    def deck_label(i: int) -> dict[str, str]:
        name = new_names[new_of_old[i]]
        was = old_names[i]
        return {"deck": name, "deck_en": en_of.get(name, name),
                **({"was": was} if was != name else {})}

    for i in new_of_old:
        j = new_of_old[i]
        add("deck", deck_label(i), lambda a, b, i=i, j=j: (
            [float(a["winner"] == s) for s in seat_of(a, i)],
            [float(b["winner"] == s) for s in seat_of(b, j)]))
    for i in new_of_old:
        for i2 in new_of_old:
            if i2 <= i:
                continue
            j, j2 = new_of_old[i], new_of_old[i2]

            def pair(a: Result, b: Result, i: int = i, i2: int = i2, j: int = j,
                     j2: int = j2) -> tuple[list[float], list[float]]:
                if set(a["decks"]) != {i, i2} or set(b["decks"]) != {j, j2}:
                    return [], []
                return ([float(a["winner"] == s) for s in seat_of(a, i)],
                        [float(b["winner"] == s) for s in seat_of(b, j)])

            add("matchup", {**deck_label(i), "opponent": deck_label(i2)["deck"],
                            "opponent_en": deck_label(i2)["deck_en"]}, pair)
    add("first player", {}, lambda a, b: ([float(a["winner"] == a["first"])],
                                          [float(b["winner"] == b["first"])]))
    changes = deck_changes(old_study.decks[0], new_study.decks[0])
    old_cards = set(old_study.decks[0].counts())
    new_cards = set(new_study.decks[0].counts())
    english = {c["card"]: c["card_en"] for c in old_report["cards"] + new_report["cards"]}
    effects_old = {c["card"]: c.get("effect") for c in old_report["cards"]}
    effects_new = {c["card"]: c.get("effect") for c in new_report["cards"]}
    for card in sorted(old_cards & new_cards):
        label = {"card": card, "card_en": english.get(card, card)}

        def rate(test: Callable[[Result, int], float], card: str = card) -> Callable[
                [Result, Result], tuple[list[float], list[float]]]:
            def both(a: Result, b: Result) -> tuple[list[float], list[float]]:
                sa, sb = seat_of(a, 0), seat_of(b, 0)
                if not sa or not sb:
                    return [], []
                return [test(a, sa[0])], [test(b, sb[0])]
            return both

        add("card in hand", label, rate(lambda r, s, c=card: float(c in _in_hand(
            r["cards"][s]))))
        _beyond_length(figures[-1], before, after, common, lambda r, s, c=card: float(
            c in _in_hand(r["cards"][s])))
        add("card played", label, rate(lambda r, s, c=card: float(c in set(
            r["cards"][s].get(PLAYED, ())))))
        _beyond_length(figures[-1], before, after, common, lambda r, s, c=card: float(
            c in set(r["cards"][s].get(PLAYED, ()))))
        figures[-1]["effect_old"] = effects_old.get(card)  # for reading: two fits
        figures[-1]["effect_new"] = effects_new.get(card)
    # a card figure is tested on what the game's length does not explain (see
    # _beyond_length); the deck, matchup and first-player figures as they are
    tested = [f for f in figures if f["p"] is not None]
    if tested:
        reject, qvals, _, _ = multipletests(
            [f["beyond_length"]["p"] if f.get("beyond_length") else f["p"] for f in tested],
            alpha=COMPARE_FDR, method="fdr_bh")
        for f, q, rej in zip(tested, qvals, reject, strict=True):
            f["q"] = rounded(float(q))
            f["flagged"] = bool(rej)
    for f in figures:
        f.setdefault("q", None)
        f.setdefault("flagged", False)
    return {
        "game": new_report["game"],
        "paired_games": len(common),
        "games": [old_report["games"], new_report["games"]],
        "fdr": COMPARE_FDR,
        "edited_deck": {"old": old_names[0], "new": new_names[0],
                        "old_en": old_report["decks_en"][0],
                        "new_en": new_report["decks_en"][0]},
        "changes": changes,
        "old_decks": old_names, "new_decks": new_names,
        "mean_turns": [old_report["game_length"]["mean_turns"],
                       new_report["game_length"]["mean_turns"]],
        "flags": {"old": {c["card"]: c["flag"] for c in old_report["cards"] if c["flag"]},
                  "new": {c["card"]: c["flag"] for c in new_report["cards"] if c["flag"]}},
        "card_en": english,
        "figures": figures,
        "flagged": [figure_name(f, "en") for f in figures if f["flagged"]],
    }


#: games a bin of the length model holds at least (``_beyond_length``)
LENGTH_BIN = 30


def _length_curve(points: list[tuple[int, float]]) -> Callable[[int], float]:
    """The mean of a per-game figure at each game length, from bins of at least
    ``LENGTH_BIN`` games in order of length (a length is never split between bins): the rate
    a card would have in a game of that length whatever the edit did."""
    ordered = sorted(points)
    bins: list[list[float]] = []  # [longest length of the bin, sum, games]
    total, count = 0.0, 0
    for k, (t, y) in enumerate(ordered):
        total, count = total + y, count + 1
        if (k + 1 == len(ordered) or ordered[k + 1][0] != t) and count >= LENGTH_BIN:
            bins.append([t, total, count])
            total, count = 0.0, 0
    if count:  # the longest games join the last bin
        if bins:
            bins[-1] = [ordered[-1][0], bins[-1][1] + total, bins[-1][2] + count]
        else:
            bins.append([ordered[-1][0], total, count])

    def curve(t: int) -> float:
        _, y, n = next((b for b in bins if t <= b[0]), bins[-1])
        return y / n

    return curve


def _exposure(r: Result, seat: int) -> int:
    """How much of its deck a seat got to see: the number of cards it drew or saw where the
    game keeps that order (a card's in-hand rate is first of all this number's doing), else
    the game's length in turns."""
    order = r.get("order")
    return len(order[seat]) if order else int(r["turns"])


def _beyond_length(figure: dict[str, Any], before: dict[int, Result],
                   after: dict[int, Result], common: Sequence[int],
                   test: Callable[[Result, int], float]) -> None:
    """The change of a card figure beyond what the change of game length explains (length
    read as the cards the edited deck's seat drew or saw, ``_exposure``).

    Why: an edit that makes the edited deck win faster shortens its games, and in a shorter
    game every card is drawn and played less; tested as they are, 33 of 43 figures moved
    for a single four-copy edit in サラスヴァティ, burying the change. Each game's figure is
    taken against the rate a game of its length has (``_length_curve``, fitted on the games
    of both studies together, so neither is favoured), and the paired change of those
    residuals is what is tested: the part of the change that game length alone explains
    (``length_explained``) is shown but never flagged."""
    pairs = []
    for k in common:
        a, b = before[k], after[k]
        sa = [s for s, d in enumerate(a["decks"]) if d == 0]
        sb = [s for s, d in enumerate(b["decks"]) if d == 0]
        if sa and sb:
            pairs.append((_exposure(a, sa[0]), test(a, sa[0]), _exposure(b, sb[0]),
                          test(b, sb[0])))
    if len(pairs) < 2 * LENGTH_BIN or figure.get("change") is None:
        return
    curve = _length_curve([(t, y) for t, y, _, _ in pairs] + [(t, y) for _, _, t, y in pairs])
    adjusted = paired_change([y - curve(t) for t, y, _, _ in pairs],
                             [y - curve(t) for _, _, t, y in pairs])
    figure["beyond_length"] = {k: adjusted[k] for k in ("change", "ci95", "p")}
    figure["length_explained"] = rounded(figure["change"] - (adjusted["change"] or 0.0))


#: the order figures are listed in: what the edit did to decks first
KIND_ORDER = ("deck", "matchup", "first player", "card in hand", "card played")


def by_size(figures: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flagged first, then by kind, then by the size of the change."""
    return sorted(figures, key=lambda f: (not f["flagged"], KIND_ORDER.index(f["kind"]),
                                          -abs(f["change"] or 0)))


def figure_name(f: dict[str, Any], lang: str) -> str:
    """A figure's name in ``lang`` (deck and card names follow the language too)."""
    ja = lang == "ja"

    def deck(key: str) -> str:
        return str(f[key] if ja else f[f"{key}_en"])

    def card() -> str:
        return str(f["card"] if ja else f["card_en"] or f["card"])

    kind = f["kind"]
    if kind == "deck":
        return f"{deck('deck')}: 勝率" if ja else f"deck {deck('deck')}: win rate"
    if kind == "matchup":
        return (f"{deck('deck')} 対 {deck('opponent')}" if ja
                else f"matchup {deck('deck')} vs {deck('opponent')}")
    if kind == "first player":
        return "先手の勝率" if ja else "first player's win rate"
    what = {"card in hand": ("in-hand rate", "手札率"),
            "card played": ("play rate", "使用率")}[kind]
    return f"{card()}: {what[1] if ja else what[0]}"



def render_compare_html(cmp: dict[str, Any], lang: str = "en") -> str:
    """``compare.html``: what changed in the deck first, then every figure by size of change."""
    from markupsafe import Markup, escape

    from cardtable.balance.report import render_template
    from cardtable.balance.text import tr

    def t(key: str, **kw: Any) -> Markup:
        text = Markup(escape(tr(key, lang)))
        return text.format(**kw) if kw else text

    def name(entry: dict[str, Any]) -> str:
        return str(entry["card"] if lang == "ja" else entry.get("card_en") or entry["card"])

    rows = by_size(cmp["figures"])
    from cardtable.balance.report import game_title

    return render_template("compare.html.j2", c=cmp, t=t, lang=lang, name=name,
                           title=game_title(cmp["game"], lang),
                           rows=[(figure_name(f, lang), f) for f in rows])
