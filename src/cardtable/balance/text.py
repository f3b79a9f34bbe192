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
    "flagged": ("Flagged (Benjamini–Hochberg, false discovery rate {fdr}), strongest evidence "
                "first:", "検出されたカード（Benjamini–Hochberg、偽発見率 {fdr}）、"
                "証拠の強い順:"),
    "none_flagged": ("No card is flagged: none lies clearly above or below the average card "
                     "of its deck (false discovery rate {fdr}).",
                     "検出されたカードはありません: デッキの平均的なカードより明らかに強い・"
                     "弱いカードはありません（偽発見率 {fdr}）。"),
    "read_early": ("early copy, margin", "序盤の1枚・点差"),
    "read_hand": ("in hand, win", "手札・勝敗"),
    "read_played": ("played, win", "使用・勝敗"),
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
        "Sorted by effect. Effect: each card read two ways, each with seat, first-player and "
        "deck-pair terms and against the average card of its deck: its copies among a seat's "
        "first cards (half a typical game's draws) in a least-squares fit of the final score "
        "margin, and its presence in hand (played, for a card always in hand whenever its deck "
        "plays) in a logistic fit of the win; the reading with the stronger evidence is shown, "
        "as win-rate points at an even game with its 95% interval; q: its Benjamini–Hochberg "
        "adjusted p-value over both readings of every card. Rates are over games in which the "
        "card was in its owner's deck; the small figure beside each is its difference from "
        "the deck's own win rate in those games. OH: in the opening hand; GD: drawn after "
        "the opening; GIH: in hand at all; IWD: GIH WR minus the win rate when not in hand. "
        "A flag is a candidate to look at: it also reflects when the agents play the card.",
        "効果の順。効果: 各カードを二通りに読みます（どちらも席・先手・デッキの組の項を入れ、"
        "同じデッキの平均的なカードと比べる）。一つは試合の前半に引いた枚数（典型的な試合で"
        "引く枚数の半分まで）で最終スコアの点差を説明する最小二乗、もう一つは手札への登場"
        "（デッキが出る試合で必ず手札に来るカードは使用）で勝敗を説明するロジスティック回帰。"
        "証拠の強い方を、五分の試合での勝率の点差（95% 区間付き）で示します。q: 全カードの"
        "両方の読みをまとめて Benjamini–Hochberg で補正した p 値。率はその"
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
    "yes": ("yes", "あり"),
}


def tr(key: str, lang: str, **kw: Any) -> str:
    en, ja = STRINGS[key]
    text = ja if lang == "ja" else en
    return text.format(**kw) if kw else text


def deck_names(report: dict[str, Any], lang: str) -> list[str]:
    return list(report["decks"] if lang == "ja" else report["decks_en"])


def card_name(card: dict[str, Any], lang: str) -> tuple[str, str]:
    """(the leading name, the other one or '') in ``lang``."""
    ja, en = card["card"], card.get("card_en") or card["card"]
    if en == ja:
        return ja, ""
    return (ja, en) if lang == "ja" else (en, ja)


def q_text(q: float, label: bool = False) -> str:
    """A q-value as a designer reads it: three places, or "<0.001" rather than "0.000"
    (with ``label``: "q<0.001", "q=0.012")."""
    if q < 0.0005:
        return "q<0.001" if label else "<0.001"
    return f"q={q:.3f}" if label else f"{q:.3f}"


def reading(effect: dict[str, Any], lang: str) -> str:
    """How a card's effect was read: per early copy on the margin, or in hand on the win."""
    return tr(f"read_{effect.get('basis', 'hand')}", lang)
