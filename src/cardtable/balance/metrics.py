"""``report.json``: every figure of a study, computed from its stored results alone.

The per-card figures follow 17lands' metrics for Magic drafts, adapted through the card facts
(``core/facts.py``). The unit is one seat in one game whose deck holds the card (a "game in
deck"); the seat won or did not (a draw is not a win). For each card:

* ``seen``: its owner drew or otherwise saw it in that game (17lands' "in hand", GIH); the
  rate is over games in deck, and ``win_rate_seen`` is the owner's win rate in those games;
* ``drawn``: drawn into the hand, a subset of seen (games without a draw never have it);
* ``played``: its owner played it; ``win_rate_played`` likewise;
* ``iwd``: win rate when seen minus win rate in games it was in the deck but not seen
  (17lands' "improvement when drawn"), and ``played_diff`` the same for played vs not played;
* ``win_rate_opening`` (OH WR) and ``win_rate_drawn_later`` (GD WR): in the opening hand, or in
  hand only after it (the opening hand is recorded by ``study.play_game``); each rate sits
  beside ``deck_baseline``, the win rate of the card's deck in the same games.

Every rate has its sample size and a 95% interval (Wilson for a rate, Newcombe's hybrid score
interval for a difference of two rates).

A card's **flag** and ``effect`` come from the card-effect regressions (``effects.py``: each
card's early copies on the score margin and its presence on the win, with seat and deck-pair
terms, each card against the average card of its deck, flagged by one test per card that
combines both readings, beyond a 1-point minimum effect, under Benjamini–Hochberg at a 5%
false discovery rate); the cards are listed flagged first (strongest evidence first),
then by effect, largest first. The earlier descriptive contrast stays beside it:
``within_deck`` is the win rate when played minus when in the deck but not played (seen minus
not seen for a card always or never played), taken inside each deck that holds the card and
averaged over those decks (``within_deck()``), and ``vs_rest`` is that contrast minus the
other cards' mean, with a Bonferroni interval on the same shifted scale. Only the regression
flags a card: the descriptive contrast carries no flag of its own, so the file never holds two
verdicts that disagree (it once had a ``within_flag`` beside ``flag``). A flag is a candidate
to look at, not a verdict: what
the agents do with a card (a finisher played only when ahead, a card played to survive an
attack) colours every one of these figures, the same caveat as 17lands'.

Numbers are rounded to six places and keys come in a fixed order, so the same results give the
same file byte for byte.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from statistics import NormalDist
from typing import Any

from cardtable.balance.study import OPENING, Result, Study
from cardtable.core.facts import DRAWN, PLAYED, SEEN
from cardtable.sim.stats import Z95, rate, rounded, wilson

#: the family-wise level of the descriptive contrast's Bonferroni interval (``vs_rest``)
FLAG_LEVEL = 0.05


def interval(wins: int, n: int, z: float = Z95) -> dict[str, Any]:
    low, high = wilson(wins, n, z)
    return {"n": n, "wins": wins, "rate": rounded(rate(wins, n)),
            "ci95": [rounded(low), rounded(high)]}


def difference(a_wins: int, a_n: int, b_wins: int, b_n: int,
               z: float = Z95) -> dict[str, Any] | None:
    """Rate a minus rate b with Newcombe's hybrid score interval; None if either is empty."""
    if a_n == 0 or b_n == 0:
        return None
    p1, p2 = a_wins / a_n, b_wins / b_n
    l1, u1 = wilson(a_wins, a_n, z)
    l2, u2 = wilson(b_wins, b_n, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return {"diff": rounded(d), "ci95": [rounded(low), rounded(high)]}


def _seat_won(r: Result, seat: int) -> bool:
    return r["winner"] == seat


def build_report(study: Study, results: Sequence[Result], fdr: float | None = None,
                 min_effect: float | None = None, smallest: float | None = None
                 ) -> dict[str, Any]:
    """Every figure of the study, as the JSON ``report.json`` holds; ``fdr`` is the false
    discovery rate of the card flags (the lab's unless a sequential look spends less) and
    ``min_effect`` the smallest effect a flag asserts and ``smallest`` the smallest worth
    changing a card for (the lab's ``MIN_EFFECT`` and ``SMALLEST`` unless given)."""
    labels = study.deck_labels()
    n_decks = len(labels)
    report: dict[str, Any] = {
        "game": study.game_id,
        "agents": list(study.agents),
        "decks": labels,
        "decks_en": [d.name_en or d.name for d in study.decks],
        "games_per_pairing": study.games,
        "seed": study.seed,
        "options": dict(study.options or {}),
        "games": len(results),
        "complete": len(results) == study.total,
    }
    # -- decks and matchups ----------
    wins = [[0] * n_decks for _ in range(n_decks)]
    played = [[0] * n_decks for _ in range(n_decks)]
    draws = [[0] * n_decks for _ in range(n_decks)]
    for r in results:
        a, b = r["decks"]
        played[a][b] += 1
        played[b][a] += 1
        if r["winner"] < 0:
            draws[a][b] += 1
            draws[b][a] += 1
        else:
            w = r["decks"][r["winner"]]
            wins[w][a + b - w] += 1
    matrix = []
    for i in range(n_decks):
        row: list[dict[str, Any] | None] = []
        for j in range(n_decks):
            row.append(None if i == j else {**interval(wins[i][j], played[i][j]),
                                            "draws": draws[i][j]})
        matrix.append(row)
    report["matchups"] = matrix
    report["deck_win_rates"] = [
        {"deck": labels[i], **interval(sum(wins[i]), sum(played[i])), "draws": sum(draws[i])}
        for i in range(n_decks)]
    # -- seats and length ----------
    decided = [r for r in results if r["winner"] >= 0]
    first_wins = sum(r["winner"] == r["first"] for r in decided)
    seat0_wins = sum(r["winner"] == 0 for r in results)
    report["first_player"] = {
        "first_player_wins": interval(first_wins, len(results)),
        "second_player_wins": interval(len(decided) - first_wins, len(results)),
        "among_decided": interval(first_wins, len(decided)),
        "seat_1_wins": interval(seat0_wins, len(results)),
        "draws": len(results) - len(decided),
    }
    turns = sorted(r["turns"] for r in results)
    report["game_length"] = {
        "turns": {str(t): c for t, c in sorted(Counter(turns).items())},
        "mean_turns": rounded(sum(turns) / len(turns)) if turns else 0.0,
        "median_turns": _quantile(turns, 0.5),
        "p10_turns": _quantile(turns, 0.1),
        "p90_turns": _quantile(turns, 0.9),
        "mean_steps": rounded(sum(r["steps"] for r in results) / len(results)) if results
        else 0.0,
        "end_reasons": dict(sorted(Counter(r["reason"] for r in results).items())),
    }
    # a game that does not report card facts yet (no table, no override) gets no card figures
    # that look like "never seen": the report says so instead
    report["card_facts"] = any(any(c[k] for c in r["cards"] for k in c) for r in results)
    report["cards"] = card_metrics(study, results) if report["card_facts"] else []
    report["card_model"] = None
    report["power"] = None
    if report["card_facts"]:
        from cardtable.balance.effects import card_effects

        try:
            given: dict[str, float] = {}
            if fdr is not None:
                given["fdr"] = fdr
            if min_effect is not None:
                given["min_effect"] = min_effect
            if smallest is not None:
                given["smallest"] = smallest
            model = card_effects(study, results, **given)
        except ImportError:  # statsmodels is the balance extra
            model = {"method": None, "cards": {},
                     "error": "statsmodels is not installed (pip install 'cardtable[balance]')"}
        by_name = model.pop("cards")
        report["card_model"] = model
        for c in report["cards"]:
            fit = by_name.get(c["card"], {"tested": False})
            c["effect"] = fit if fit.get("tested") else None
            c["flag"] = fit.get("flag") if fit.get("tested") else None
        report["power"] = detectable(report["cards"], study.games, model.get("fdr"))
        count_verdicts(report)
    finish_cards(report, study)
    return report


def count_verdicts(report: dict[str, Any]) -> None:
    """How many tested cards are above, below, in line and undecided (``card_model``'s
    ``verdicts``): again after anything that changes the flags."""
    model = report.get("card_model")
    if not model or "smallest_effect" not in model:
        return
    counts = Counter(c["effect"].get("verdict") for c in report["cards"]
                     if c.get("effect") and c["effect"].get("verdict"))
    model["verdicts"] = {k: counts.get(k, 0) for k in ("above", "below", "in line",
                                                        "undecided")}


def finish_cards(report: dict[str, Any], study: Study) -> None:
    """Sort the cards (flagged first) and say why each flagged card is flagged: again after
    anything that changes the flags (a sequential study's looks)."""
    from cardtable.balance.explain import explain_flags
    from cardtable.core import load_game

    report["cards"].sort(key=_by_effect)
    report["why"] = explain_flags(load_game(study.game_id), study.decks, report["cards"])


#: the power a "could have found" figure is stated at
POWER = 0.8


def detectable(cards: Sequence[dict[str, Any]], per_pairing: int,
               fdr: float | None) -> dict[str, Any] | None:
    """How large an effect these games could have found, and how many games a smaller one
    needs: what a designer asks when nothing is flagged.

    Per tested card, the effect (win-rate points) that a test at the strictest level
    Benjamini–Hochberg can use (``fdr / m``, m tests) finds with probability ``POWER``:
    ``(z(1 − level/2) + z(POWER)) × se``, with the card's standard error in points read off
    its 95% interval. A study's median card is the figure; games scale with the square of
    the standard error, so an effect ``d`` needs about ``n × (found / d)²`` games a
    pairing."""
    widths = [(c["effect"]["ci95"][1] - c["effect"]["ci95"][0])
              for c in cards if c.get("effect")]
    if not widths or not fdr:
        return None
    m = len(widths)  # one combined test a card (effects.flag_cards)
    z = NormalDist().inv_cdf(1 - fdr / m / 2) + NormalDist().inv_cdf(POWER)
    # an effect cannot pass 50 points (an even game won every time): a study too small to find
    # even that says so as 0.5
    found = sorted(min(z * w / (2 * Z95), 0.5) for w in widths)
    median = found[len(found) // 2]
    return {"power": POWER, "level": rounded(fdr / m), "games_per_pairing": per_pairing,
            "detectable_effect": rounded(median),
            "detectable_range": [rounded(found[0]), rounded(found[-1])],
            "games_for": {f"{d:.2f}": math.ceil(per_pairing * (median / d) ** 2)
                          for d in (0.05, 0.10, 0.15)}}


def _by_effect(card: dict[str, Any]) -> tuple[int, float, float, str]:
    """Flagged cards first, strongest evidence first; then the rest by effect, largest first;
    untested cards last (by name): the order a designer scans. Why flagged first: sorted by
    effect alone, an unflagged card with a wide interval sat above the flagged plant."""
    from cardtable.balance.effects import evidence_order

    if card.get("effect") is None:
        return (2, 0.0, 0.0, card["card"])
    if card.get("flag"):
        return (0, *evidence_order(card["effect"]), card["card"])
    return (1, -card["effect"]["effect"], 0.0, card["card"])


def _quantile(sorted_values: Sequence[int], q: float) -> float:
    if not sorted_values:
        return 0.0
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return rounded(sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo))


class _Tally:
    __slots__ = ("drawn", "in_deck", "known", "later", "opening", "played", "seen")

    def __init__(self) -> None:
        # each a [games, wins] pair
        self.in_deck = [0, 0]
        self.seen = [0, 0]
        self.drawn = [0, 0]
        self.played = [0, 0]
        self.known = [0, 0]  # games whose results tell the opening hand apart
        self.opening = [0, 0]
        self.later = [0, 0]  # in hand, not in the opening hand

    def add(self, other: _Tally) -> None:
        for mine, theirs in ((self.in_deck, other.in_deck), (self.seen, other.seen),
                             (self.drawn, other.drawn), (self.played, other.played),
                             (self.known, other.known), (self.opening, other.opening),
                             (self.later, other.later)):
            mine[0] += theirs[0]
            mine[1] += theirs[1]


def within_deck(strata: Sequence[tuple[int, int, int, int]]) -> tuple[float, float] | None:
    """A difference of two win rates stratified by deck: (difference, variance), or None.

    Each stratum is one deck's ``(wins, games)`` with the card and ``(wins, games)`` without;
    decks where either group is empty say nothing and are skipped. Strata are weighted by
    ``n1·n0/(n1+n0)`` (the Cochran–Mantel–Haenszel weights for a risk difference); each
    stratum's variance uses the Agresti–Caffo adjusted rates, so a stratum won 5 of 5 times
    still has a variance. Why stratify: a card seen in every game of one deck and never in
    another would otherwise compare the two decks, not the card.
    """
    num = den = var = 0.0
    for w1, n1, w0, n0 in strata:
        if n1 == 0 or n0 == 0:
            continue
        weight = n1 * n0 / (n1 + n0)
        a1, a0 = (w1 + 1) / (n1 + 2), (w0 + 1) / (n0 + 2)
        num += weight * (w1 / n1 - w0 / n0)
        den += weight
        var += weight * weight * (a1 * (1 - a1) / (n1 + 2) + a0 * (1 - a0) / (n0 + 2))
    if den == 0:
        return None
    return num / den, var / (den * den)


def card_metrics(study: Study, results: Sequence[Result]) -> list[dict[str, Any]]:
    """One entry per card name of any deck, sorted by name (see the module docstring)."""
    deck_cards = [set(d.counts()) for d in study.decks]
    english = {c.name: getattr(c, "name_en", "") or c.name
               for d in study.decks for c in d.cards}
    # one tally per (card, deck): the contrasts are taken within each deck
    tallies: dict[str, dict[int, _Tally]] = {}
    for d, names in enumerate(deck_cards):
        for name in names:
            tallies.setdefault(name, {})[d] = _Tally()
    for r in results:
        for seat, deck in enumerate(r["decks"]):
            won = 1 if _seat_won(r, seat) else 0
            facts = r["cards"][seat]
            seen = set(facts[SEEN]) | set(facts[DRAWN])
            drawn = set(facts[DRAWN])
            play = set(facts[PLAYED])
            opening = facts.get(OPENING)
            hand = set(opening) if opening is not None else None
            for name in deck_cards[deck]:
                t = tallies[name][deck]
                t.in_deck[0] += 1
                t.in_deck[1] += won
                known = hand is not None
                in_opening = known and name in hand  # type: ignore[operator]
                for flag, pair in ((name in seen, t.seen), (name in drawn, t.drawn),
                                   (name in play, t.played), (known, t.known),
                                   (in_opening, t.opening),
                                   (known and name in seen and not in_opening, t.later)):
                    if flag:
                        pair[0] += 1
                        pair[1] += won
    contrasts: dict[str, tuple[str, float, float]] = {}
    for name, by_deck in tallies.items():
        for basis in ("played", "seen"):
            strata = []
            for t in by_deck.values():
                got = t.played if basis == "played" else t.seen
                strata.append((got[1], got[0], t.in_deck[1] - got[1], t.in_deck[0] - got[0]))
            found = within_deck(strata)
            if found is not None:
                contrasts[name] = (basis, *found)
                break
    z_flag = NormalDist().inv_cdf(1 - FLAG_LEVEL / (2 * max(1, len(contrasts))))
    out = []
    for name in sorted(tallies):
        t = _Tally()
        for part in tallies[name].values():
            t.add(part)
        n, w = t.in_deck
        not_seen = (n - t.seen[0], w - t.seen[1])
        not_played = (n - t.played[0], w - t.played[1])
        entry: dict[str, Any] = {
            "card": name,
            "card_en": english[name],
            "decks": sorted(study.decks[d].name for d in tallies[name]),
            "games_in_deck": n,
            "win_rate_in_deck": interval(w, n),
            "seen_rate": interval(t.seen[0], n),
            "drawn_rate": interval(t.drawn[0], n),
            "played_rate": interval(t.played[0], n),
            "win_rate_seen": interval(t.seen[1], t.seen[0]),
            "win_rate_not_seen": interval(not_seen[1], not_seen[0]),
            "iwd": difference(t.seen[1], t.seen[0], not_seen[1], not_seen[0]),
            "win_rate_played": interval(t.played[1], t.played[0]),
            "win_rate_not_played": interval(not_played[1], not_played[0]),
            "played_diff": difference(t.played[1], t.played[0], not_played[1], not_played[0]),
            # 17lands' set: opening hand (OH), drawn after the opening (GD), each beside the
            # win rate of the card's deck in the same games (the baseline)
            "opening_rate": interval(t.opening[0], t.known[0]),
            "win_rate_opening": interval(t.opening[1], t.opening[0]),
            "win_rate_drawn_later": interval(t.later[1], t.later[0]),
            "deck_baseline": interval(w, n),
        }
        within = vs_rest = None
        if name in contrasts:
            basis, diff, var = contrasts[name]
            sd = math.sqrt(var)
            within = {"basis": basis, "diff": rounded(diff),
                      "ci95": [rounded(diff - Z95 * sd), rounded(diff + Z95 * sd)]}
            if len(contrasts) > 1:
                rest = sum(c[1] for k, c in contrasts.items() if k != name) / (
                    len(contrasts) - 1)
                low, high = diff - z_flag * sd, diff + z_flag * sd
                # the difference and its interval on one scale: both minus the rest's mean
                vs_rest = {"basis": basis, "diff": rounded(diff - rest), "rest": rounded(rest),
                           "interval": [rounded(low - rest), rounded(high - rest)],
                           "level": rounded(1 - FLAG_LEVEL / len(contrasts))}
        entry["within_deck"] = within
        entry["vs_rest"] = vs_rest
        entry["flag"] = None  # the regression's flag, set in build_report
        out.append(entry)
    return out


def dumps(report: dict[str, Any]) -> str:
    """The canonical text of a report: the same figures give the same bytes."""
    return json.dumps(report, ensure_ascii=False, indent=1) + "\n"
