"""What the balance reports say, in English and Japanese (``--lang``), and names by language.

The figures (``report.json``) are the same in both languages; only what a person reads is
translated: headings, column names, notes, and deck and card names. Card names keep both
forms as the project's rule says (Japanese with an English name): in English the English name
leads, in Japanese the Japanese one.
"""

from __future__ import annotations

from typing import Any

LANGS = ("en", "ja")

STRINGS: dict[str, tuple[str, str]] = {
    "title": ("Balance study: {game}", "バランス検証: {game}"),
    "intro": ("{games} games ({per} per pairing, seats and decks traded), agents {agents}, "
              "seed {seed}.", "{games} 試合（組み合わせごとに {per} 試合、席とデッキを交代）、"
              "エージェント {agents}、シード {seed}。"),
    "incomplete": ("incomplete", "未完了"),
    "intervals": ("Rates carry 95% intervals (Wilson; Newcombe for differences) and sample "
                  "sizes.", "率には 95% 区間（Wilson、差は Newcombe）と標本数を付けています。"),
    "matchups": ("Matchups", "対戦成績"),
    "matchups_note": ("Row deck's win rate against the column deck.",
                      "行のデッキの、列のデッキに対する勝率。"),
    "decks": ("Decks", "デッキ"),
    "deck": ("deck", "デッキ"),
    "win_rate": ("win rate", "勝率"),
    "draws": ("draws", "引き分け"),
    "first_length": ("First player and game length", "先手と試合の長さ"),
    "first_text": ("The first player (the one with the first turn or initiative) won {first}; "
                   "among decided games {decided}; draws {draws}. Seat 1 won {seat1}.",
                   "先手（最初の手番またはイニシアチブ）の勝率 {first}、決着した試合では "
                   "{decided}、引き分け {draws}。席 1 の勝率 {seat1}。"),
    "length_text": ("Turns: mean {mean}, median {median}, 10–90% {p10}–{p90}; end reasons: "
                    "{reasons}.", "ターン数: 平均 {mean}、中央値 {median}、10–90% "
                    "{p10}–{p90}。終了理由: {reasons}。"),
    "cards": ("Cards", "カード"),
    "no_facts": ("This game does not report card facts yet (Game.card_facts): no per-card "
                 "figures.", "このゲームはまだカードの記録（Game.card_facts）を出さないため、"
                 "カード別の数字はありません。"),
    "flagged": ("Flagged (clearly off the average card of its deck, by more than {min} in "
                "win-rate points: Benjamini–Hochberg, false discovery rate {fdr}), strongest "
                "evidence first:",
                "検出されたカード（デッキの平均的なカードから明らかに {min} 点を超えて離れている: "
                "Benjamini–Hochberg、偽発見率 {fdr}）、証拠の強い順:"),
    "none_flagged": ("No card is flagged: none lies clearly above or below the average card "
                     "of its deck by more than {min} in win-rate points (false discovery rate "
                     "{fdr}).",
                     "検出されたカードはありません: デッキの平均的なカードより明らかに {min} 点を"
                     "超えて強い・弱いカードはありません（偽発見率 {fdr}）。"),
    "undecided_cards": ("Undecided (the interval reaches beyond ±{smallest} points and the "
                        "evidence does not flag it; more games decide, --until-decided): {n}. "
                        "In line (within ±{smallest}): {k}.",
                        "未決（区間が ±{smallest} 点を超えて広がり、検出もされないカード。試合を"
                        "増やせば決まる: --until-decided）: {n} 枚。許容範囲内（±{smallest} 点"
                        "以内）: {k} 枚。"),
    "at_budget": ("first flagged at the budget's look, under its looser level: more games "
                  "confirm it",
                  "上限の確認で初めて検出（基準が緩い最後の確認）: 試合を増やして確かめる"),
    "why": ("Why, and what to change", "理由と直し方"),
    "why_curve": ("On the cost curve: pays {cost_name} {cost}; the shipped cards pay {lo}–{hi} "
                  "for these numbers (fit on {n} cards).",
                  "コスト曲線: {cost_name} {cost} を払う。付属カードは同じ数値に {lo}–{hi} を"
                  "払う（{n} 枚で当てはめ）。"),
    "why_no_curve": ("The cost curve does not price this card (its text is what it pays for): "
                     "no number is suggested; change its text and verify with --compare.",
                     "このカードはコスト曲線で値付けできません（払うのは効果）: 数値の提案は"
                     "ありません。効果を直して --compare で確かめてください。"),
    "why_fixes": ("Changes that would bring it in line (one is enough):",
                  "釣り合わせる変更（どれか一つ）:"),
    "why_on_curve": ("Its cost is on the curve, yet it plays {flag} it: one step of cost is a "
                     "first try; --verify-fix measures it.",
                     "コストは曲線どおりですが実戦では{flag}: まずコスト1段階を試し、"
                     "--verify-fix で測ります。"),
    "read_early": ("early copy, margin", "序盤の1枚・点差"),
    "read_hand": ("in hand, win", "手札・勝敗"),
    "read_played": ("played, win", "使用・勝敗"),
    "read_restricted": ("barred from play, win", "使用禁止・勝敗"),
    "above": ("above", "強い"),
    "below": ("below", "弱い"),
    "method": ("Card effects: {model}; each card against {reference}; fit: {method}.",
               "カードの効果: {model}。各カードをそのデッキの平均的なカードと比べています。"
               "推定: {method}。"),
    "c_card": ("card", "カード"),
    "c_decks": ("decks", "デッキ"),
    "c_effect": ("effect (pts)", "効果（点）"),
    "c_q": ("q (BH)", "q 値 (BH)"),
    "c_in_deck": ("in deck", "デッキに"),
    "c_baseline": ("deck WR", "デッキ勝率"),
    "c_oh": ("OH WR", "初手勝率"),
    "c_gd": ("GD WR", "後引き勝率"),
    "c_gih": ("GIH WR", "手札勝率"),
    "c_iwd": ("IWD (pts)", "IWD（点）"),
    "c_play": ("play rate", "使用率"),
    "c_played": ("WR played", "使用時勝率"),
    "c_vs_rest": ("within deck vs rest (pts)", "デッキ内対比 − 他（点）"),
    "cards_note": (
        "Flagged cards first, then by effect. Effect: each card read two ways, each with "
        "seat, first-player and deck-pair terms and against the average card of its deck: "
        "its copies among a seat's "
        "first cards (half a typical game's draws) in a least-squares fit of the final score "
        "margin, and its presence in hand (played, for a card always in hand whenever its deck "
        "plays) in a logistic fit of the win; the reading with the stronger evidence is shown, "
        "as win-rate points at an even game with its 95% interval; q: the card's "
        "Benjamini–Hochberg adjusted p-value over the cards, of one test that combines both "
        "readings' evidence that the effect lies beyond the flag's minimum effect. Rates are "
        "over games in which the card was in its owner's deck; the small figure beside each "
        "is its difference from the deck's own win rate in those games. OH: in the opening "
        "hand; GD: drawn after the opening; GIH: in hand at all; IWD: GIH WR minus the win "
        "rate when not in hand. "
        "A flag is a candidate to look at: it also reflects when the agents play the card.",
        "検出されたカードが先、残りは効果の順。効果: 各カードを二通りに読みます（どちらも"
        "席・先手・デッキの組の項を入れ、"
        "同じデッキの平均的なカードと比べる）。一つは試合の前半に引いた枚数（典型的な試合で"
        "引く枚数の半分まで）で最終スコアの点差を説明する最小二乗、もう一つは手札への登場"
        "（デッキが出る試合で必ず手札に来るカードは使用）で勝敗を説明するロジスティック回帰。"
        "証拠の強い方を、五分の試合での勝率の点差（95% 区間付き）で示します。q: 二つの読みの"
        "証拠（効果が検出の最小効果を超えること）を一つにまとめた検定の、全カードについて "
        "Benjamini–Hochberg で補正した p 値。率はその"
        "カードがデッキに入っていた試合についてで、横の小さな数字はその試合でのデッキ自身の"
        "勝率との差。初手: 最初の手札に、後引き: 最初の手札の後に引いた、手札: どこかで手札"
        "に、IWD: 手札勝率 − 手札に来なかった試合の勝率。検出は調べるべき候補で、エージェント"
        "がいつそのカードを使うかも映します。"),
    "no_plots": ("matplotlib is not installed (pip install 'cardtable[balance]'): no plots.",
                 "matplotlib が入っていないため図はありません（pip install "
                 "'cardtable[balance]'）。"),
    # plots
    "p_opponent": ("opponent deck", "相手のデッキ"),
    "p_deck": ("deck (its win rate)", "デッキ（その勝率）"),
    "p_decks": ("Deck win rates (95% interval)", "デッキの勝率（95% 区間）"),
    "p_cards": ("Card effects (95% intervals; red/blue: flagged)",
                "カードの効果（95% 区間、赤・青: 検出）"),
    "p_effect": ("effect on the win rate at an even game (points)",
                 "五分の試合での勝率への効果（点）"),
    "p_turns": ("turns", "ターン"),
    "p_games": ("games", "試合"),
    "p_length": ("Game length (mean {mean:.1f} turns)", "試合の長さ（平均 {mean:.1f} ターン）"),
    # compare
    "cmp_title": ("Before and after: {game}", "変更の前後: {game}"),
    "cmp_intro": ("{old} games before, {new} after, on the same seeds: each change is paired "
                  "game by game. Changes in percentage points with 95% intervals; flagged "
                  "rows pass Benjamini–Hochberg control at false discovery rate {fdr}.",
                  "変更前 {old} 試合、変更後 {new} 試合、同じシード: 変化は試合ごとに対に"
                  "して比べています。変化は点差と 95% 区間。検出は Benjamini–Hochberg（偽発見率 "
                  "{fdr}）を通ったもの。"),
    "cmp_added": ("Added cards", "追加されたカード"),
    "cmp_removed": ("Removed cards", "外されたカード"),
    "cmp_none": ("none", "なし"),
    "cmp_flags": ("Flags before → after", "検出の前 → 後"),
    "cmp_figure": ("figure", "項目"),
    "cmp_before": ("before", "前"),
    "cmp_after": ("after", "後"),
    "cmp_change": ("change (pts)", "変化（点）"),
    "cmp_flag": ("flagged", "検出"),
    "cmp_beyond": ("beyond game length (pts)", "試合の長さを除いた変化（点）"),
    "cmp_deck": ("The edited deck", "変更したデッキ"),
    "cmp_length": ("Games last {old} turns before and {new} after; a card's in-hand and play "
                   "rates are tested on what that change of length does not explain.",
                   "試合の長さは変更前 {old} ターン、変更後 {new} ターン。カードの手札率・"
                   "使用率は、この長さの変化で説明できない分だけを検定しています。"),
    "cmp_moved": ("What moved beyond chance and game length", "偶然と試合の長さを超えて動いたもの"),
    "cmp_all": ("Every figure", "すべての項目"),
    "yes": ("yes", "あり"),
}


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
