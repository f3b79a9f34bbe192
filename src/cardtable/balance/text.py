"""What the balance reports say, in English and Japanese (``--lang``), and names by language.

The figures (``report.json``) are the same in both languages; only what a person reads is
translated: headings, column names and notes (``data/words.toml``, read by ``core/words``),
and deck and card names. Card names keep both forms as the project's rule says (Japanese
with an English name): in English the English name leads, in Japanese the Japanese one.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.words import words

LANGS = ("en", "ja")

STRINGS: dict[str, tuple[str, str]] = words(__file__, "text.STRINGS")


def tr(key: str, lang: str, **kw: Any) -> str:
    en, ja = STRINGS[key]
    text = ja if lang == "ja" else en
    return text.format(**kw) if kw else text


def deck_names(report: dict[str, Any], lang: str) -> list[str]:
    return list(report["decks"] if lang == "ja" else report["decks_en"])


def card_name(card: dict[str, Any], lang: str) -> tuple[str, str]:
    """(the card's name in ``lang``, '').

    One language at a time: a designer reading the Japanese report reads 津波竜, the English
    one Tsunami Dragon (the project's rule for every page a player reads). The second item
    stays for the templates and the terminal, which show it when it is not empty."""
    ja, en = card["card"], card.get("card_en") or card["card"]
    return (ja if lang == "ja" else en), ""


def reasons_text(reasons: dict[str, int], lang: str) -> str:
    """How games ended, in words: "all three forbidden books destroyed 299, a deck ran out 1"."""
    from cardtable.core.end_reasons import reason_text

    sep = "、" if lang == "ja" else ", "
    return sep.join(f"{reason_text(r, lang)} {n}" for r, n in reasons.items())


#: the card model's words in Japanese (``model_text``); the English is ``card_model.model``
_TERMS_JA = {
    "early": "序盤に引いた {k} 枚のうちの枚数", "hand": "手札への登場（なければ使用）"}
_OUTCOMES_JA = {"margin": "終了時の点差（席1 − 席2）", "win": "席1の勝ちの対数オッズ"}
_METHODS_JA = {
    "least squares, robust (HC1) errors": "最小二乗（頑健な HC1 誤差）",
    "maximum likelihood": "最尤推定",
    "log-F(1,1) penalized (maximum likelihood was unstable)":
        "log-F(1,1) 罰則付き（最尤推定が不安定だったため）",
}


def model_text(model: dict[str, Any], lang: str) -> tuple[str, str]:
    """(the card model, its fit) in ``lang``: ``report.json`` keeps the English."""
    if lang != "ja":
        return str(model.get("model") or ""), str(model.get("method") or "")
    parts = []
    for reading_ in model.get("readings") or ():
        term, how = reading_.split("/")
        card = _TERMS_JA.get(term, term).format(k=model.get("early_draws"))
        parts.append(f"{_OUTCOMES_JA.get(how, how)} ~ 席 + 先手 + デッキの組 + "
                     f"カードの{card}（席1 − 席2）")
    fits = []
    for fit in str(model.get("method") or "").split("; "):
        name, _, how = fit.partition(": ")
        term, _, outcome_ = name.partition("/")
        label = f"{_TERMS_JA.get(term, term).format(k=model.get('early_draws'))}・" \
                f"{_OUTCOMES_JA.get(outcome_, outcome_)}"
        fits.append(f"{label}: {_METHODS_JA.get(how, how)}" if how else fit)
    return "。".join(parts), "、".join(fits)


def q_text(q: float, label: bool = False) -> str:
    """A q-value as a designer reads it: three places, or "<0.001" rather than "0.000"
    (with ``label``: "q<0.001", "q=0.012")."""
    if q < 0.0005:
        return "q<0.001" if label else "<0.001"
    return f"q={q:.3f}" if label else f"{q:.3f}"


def reading(effect: dict[str, Any], lang: str) -> str:
    """How a card's effect was read: per early copy on the margin, or in hand on the win."""
    return tr(f"read_{effect.get('basis', 'hand')}", lang)


def _pts(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:+.1f}"


def _interval(e: dict[str, Any]) -> str:
    lo, hi = e.get("ci95") or (None, None)
    return f"[{_pts(lo)}, {_pts(hi)}]"


def decided_text(d: dict[str, Any], lang: str) -> str:
    """What a sequential study (``--until-decided``) did and why it stopped."""
    looks = ", ".join(str(look["games_per_pairing"]) for look in d["looks"])
    delta = round(100 * d["smallest_effect"])
    near = len(d.get("near_line_cards") or ())
    if lang == "ja":
        why = (f"すべてのカードが検出されたか ±{delta} 点以内と判明" if d["stopped"] == "decided"
               else f"上限に達し、{d['undecided']} 枚が未決"
               + (f"（うち {near} 枚は許容範囲内だが検出の境界付近）" if near else ""))
        return (f"決着まで実行: 組み合わせごと {d['games_per_pairing']} 試合"
                f"（計 {d['games']} 試合、"
                f"上限 {d['max_games']}）で停止。理由: {why}。途中の確認: {looks} 試合。"
                f"偽発見率は確認ごとに分けて使い、合計 {d['spent']:.3f} 以下。")
    why = (f"every card is flagged or shown to lie within ±{delta} points"
           if d["stopped"] == "decided" else
           f"the budget ran out with {d['undecided']} card(s) undecided"
           + (f" ({near} of them in line but near the flag's line)" if near else ""))
    return (f"Until decided: stopped after {d['games_per_pairing']} games a pairing "
            f"({d['games']} in all, at most {d['max_games']} a pairing) because {why}. Looks "
            f"at {looks} games a pairing; the false discovery rate is spent look by look, "
            f"{d['spent']:.3f} in all.")


def power_text(p: dict[str, Any], lang: str) -> str:
    """How large an effect the games could have found: the answer to "nothing flagged"."""
    need = p["games_for"]
    if lang == "ja":
        return (f"この試合数（組み合わせごと {p['games_per_pairing']}）で検出力 "
                f"{round(100 * p['power'])}% で見つかる効果は約 "
                f"±{100 * p['detectable_effect']:.0f} 点"
                f"（中央のカード。範囲 {100 * p['detectable_range'][0]:.0f}–"
                f"{100 * p['detectable_range'][1]:.0f}）。10 点の効果には組み合わせごと約 "
                f"{need['0.10']} 試合、5 点には約 {need['0.05']} 試合が必要です。")
    return (f"These games ({p['games_per_pairing']} a pairing) could find an effect of about "
            f"±{100 * p['detectable_effect']:.0f} points with {round(100 * p['power'])}% power "
            f"(the median card; {100 * p['detectable_range'][0]:.0f}–"
            f"{100 * p['detectable_range'][1]:.0f} over the cards). An effect of 10 points "
            f"needs about {need['0.10']} games a pairing, 5 points about {need['0.05']}.")


def verified_text(v: dict[str, Any], lang: str) -> str:
    """What the follow-up study of a suggested change found (``--verify-fix``)."""
    ch = v["deck_change"]
    e = v.get("effect_after")
    flag = v.get("flag_after")
    if lang == "ja":
        state = "まだ検出" if flag else "検出されなくなった"
        return (f"検証: デッキの勝率 {_pts(ch['change'])} 点 {_interval(ch)}（{ch['n']} 試合を"
                f"対で比較）、カードの効果は {_pts(e['effect']) if e else '—'} 点で{state}。")
    state = f"still flagged {flag}" if flag else "no longer flagged"
    return (f"verified: its deck's win rate {_pts(ch['change'])} points {_interval(ch)} "
            f"({ch['n']} paired games); the card's effect is now "
            f"{_pts(e['effect']) if e else '—'} points, {state}.")


def restricted_text(r: dict[str, Any], lang: str) -> str:
    """Restricted play: what the deck loses when its player may not play the card."""
    ch = r["change"]
    deck = r["deck"] if lang == "ja" else r["deck_en"]
    if ch.get("ci95") == [0, 0] and not ch.get("change"):
        if lang == "ja":
            return (f"制限プレイ: この {ch['n']} 試合で {deck} はこのカードを一度も使わなかった"
                    "ため、禁止しても何も変わりません。")
        return (f"Restricted play: {deck} never played it in these {ch['n']} games, so barring "
                "it changes nothing.")
    if lang == "ja":
        return (f"制限プレイ: このカードを使えないと {deck} の勝率は {_pts(ch['change'])} 点 "
                f"{_interval(ch)}（{ch['n']} 試合を対で比較）。")
    return (f"Restricted play: barred from playing it, {deck} wins {_pts(ch['change'])} points "
            f"{_interval(ch)} ({ch['n']} paired games).")


def skill_text(s: dict[str, Any], lang: str) -> str:
    """Whether the flag holds with agents of another skill."""
    agents = " vs ".join(s["agents"])
    e = s.get("effect")
    eff = f"{_pts(e['effect'])} {_interval(e)}" if e else "—"
    if lang == "ja":
        verdict = "同じく検出" if s.get("holds") else (
            f"{tr(s['flag'], lang)}として検出" if s.get("flag") else "検出されない")
        return f"別の腕前（{agents}）でも: {verdict}、効果 {eff} 点。"
    verdict = "flagged the same way" if s.get("holds") else (
        f"flagged {s['flag']}" if s.get("flag") else "not flagged")
    return f"With agents of another skill ({agents}): {verdict}, effect {eff} points."
