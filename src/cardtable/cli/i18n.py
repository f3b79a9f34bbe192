"""Every sentence the terminal shows, in English and Japanese, looked up by key.

One table keeps the two languages side by side so a missing translation is visible at a glance,
and renderers stay free of language conditionals.
"""

from __future__ import annotations

from typing import Any

LANGS = ("en", "ja")

#: key -> (English, Japanese); placeholders use ``str.format`` names
MESSAGES: dict[str, tuple[str, str]] = {
    # -- shared ----------
    "error": ("error: {message}", "エラー: {message}"),
    "bad_lang": ("unknown language '{lang}'; use en or ja",
                 "言語 '{lang}' はありません。en か ja を指定してください"),
    "you": ("you", "あなた"),
    "list_sep": (", ", "、"),
    "list_sep_long": ("; ", "、"),
    "opponent": ("opponent", "相手"),
    # -- games ----------
    "games_title": ("Games", "ゲーム一覧"),
    "col_id": ("id", "ID"),
    "col_title": ("title", "タイトル"),
    "col_title_ja": ("Japanese title", "日本語タイトル"),
    "col_status": ("status", "状態"),
    "playable": ("playable", "プレイ可能"),
    "not_playable": ("not yet playable", "未対応"),
    # -- play: session ----------
    "seed": ("Seed: {seed}", "シード: {seed}"),
    "seating": ("You are player {seat} with {deck}; the opponent ({agent}) plays {opp_deck}.",
                "あなたはプレイヤー{seat}（{deck}）、相手（{agent}）は {opp_deck} です。"),
    "how_to": ("Type the number of your choice and press Enter; q quits.",
               "番号を入力して Enter。q で終了します。"),
    "so_far": ("So far: {parts}", "ここまで: {parts}"),
    "prompt": ("Choice [1-{n}{back}, q = quit]: ", "選択 [1-{n}{back}、q = 終了]: "),
    "prompt_back": (", 0 = back", "、0 = 戻る"),
    "finish_here": ("(no more: finish here)", "（ここで確定）"),
    "invalid": ("'{text}' is not a choice: type a number from 1 to {n}{back}, or q to quit.",
                "'{text}' は選べません。1〜{n} の番号{back}、または q を入力してください。"),
    "invalid_back": (" (0 = back)", "（0 = 戻る）"),
    "nothing_back": ("Nothing to go back to.", "戻る選択はありません。"),
    "went_back": ("Back: choose again.", "戻りました。選び直してください。"),
    "auto": ("Only one choice: {choice} (chosen automatically)",
             "選択肢が1つだけなので自動で選びました: {choice}"),
    "chosen": ("You chose: {choice}", "選択: {choice}"),
    "eof": ("End of input: the game stops here.", "入力が終わったので、ゲームを中断します。"),
    "quit": ("You left the game.", "ゲームを終了しました。"),
    "interrupted": ("Interrupted: the game stops here.", "中断しました。"),
    "result_win": ("You win! ({reason}, turn {turns})",
                   "あなたの勝ちです！（{reason}、{turns}ターン）"),
    "result_lose": ("You lose. ({reason}, turn {turns})",
                    "あなたの負けです。（{reason}、{turns}ターン）"),
    "result_draw": ("Draw. ({reason}, turn {turns})", "引き分けです。（{reason}、{turns}ターン）"),
    "result_unfinished": ("The game is unfinished (turn {turns}).",
                          "ゲームは途中で終わりました（{turns}ターン）。"),
    "record_saved": ("Record saved: {path}", "記録を保存しました: {path}"),
    "record_hint": ("Check it with: cardtable replay {path}",
                    "確認するには: cardtable replay {path}"),
    "record_failed": ("could not save the record: {message}",
                      "記録を保存できませんでした: {message}"),
    "your_move": ("Your move.", "あなたの番です。"),
    "thinking": ("{agent} is thinking…", "{agent} が考えています…"),
    # -- replay ----------
    "replay_ok": ("{path}: {message}", "{path}: 再現できました（{message}）"),
    "replay_bad": ("{path}: does not reproduce: {message}", "{path}: 再現できません: {message}"),
    "replay_unreadable": ("{path}: not a valid game record: {message}",
                          "{path}: ゲーム記録として読めません: {message}"),
    # -- cards ----------
    "no_file": ("{path}: no such file", "{path}: ファイルがありません"),
    "check_ok": ("{path}: ok, no problems found", "{path}: 問題はありません"),
    "check_bad": ("{count} problem(s) found", "{count} 件の問題があります"),
    "decks_title": ("Decks of {game}", "{game} のデッキ"),
    "col_deck": ("deck", "デッキ"),
    "col_name": ("name", "名前"),
    "col_cards": ("cards", "枚数"),
    # -- DRAWS-◎-TROIDAL: board ----------
    "dt_title": ("DRAWS-◎-TROIDAL · turn {turn} · {phase}",
                 "DRAWS-◎-TROIDAL・{turn}ターン目・{phase}"),
    "dt_phase_opening-redo": ("opening: keep or redo", "開始: 5枚を確定かめくり直し"),
    "dt_phase_opening-set": ("opening: set five", "開始: 5枚をセット"),
    "dt_phase_field-set": ("② field set", "② フィールドセット"),
    "dt_phase_field-shuffle": ("③ field shuffle", "③ フィールドシャッフル"),
    "dt_phase_over": ("game over", "ゲーム終了"),
    "dt_initiative": ("initiative: {who}", "イニシアチブ: {who}"),
    "dt_initiative_none": ("not decided yet", "未決定"),
    "dt_side": ("{who}: life {life} · deck {deck} · hand {hand} · trash {trash}",
                "{who}: ライフ {life}・デッキ {deck}・手札 {hand}・捨て札 {trash}"),
    "dt_redos": ("opening redos used {used}/{limit}", "めくり直し {used}/{limit}"),
    "dt_opp_answered": ("the opponent has answered (hidden until both have)",
                        "相手は回答済み（両者がそろうまで非公開）"),
    "dt_opp_thinking": ("the opponent answers after you", "相手はあなたの後に回答します"),
    "dt_col_lane": ("lane", "レーン"),
    "dt_col_opp": ("opponent", "相手"),
    "dt_col_you": ("you", "あなた"),
    "dt_empty": ("(empty)", "（空き）"),
    "dt_face_down": ("face down", "裏向き"),
    "dt_guard_wins": ("guard {guard}/{max_guard} · wins {wins}/{limit}",
                      "ガード {guard}/{max_guard}・勝ち {wins}/{limit}"),
    "dt_fresh": ("new · opponent sees power", "新規（相手にはパワーのみ）"),
    "dt_hand": ("Your hand", "あなたの手札"),
    "dt_revealed": ("Your opening five", "あなたの最初の5枚"),
    "dt_opp_revealed": ("The opponent's opening five: {count} cards, hidden",
                        "相手の最初の5枚: {count}枚（非公開）"),
    "dt_col_card": ("card", "カード"),
    "dt_col_attr": ("attribute", "属性"),
    "dt_col_power": ("power", "パワー"),
    "dt_col_risk": ("risk", "リスク"),
    "dt_col_guard": ("guard", "ガード"),
    "dt_power": ("power {power}", "パワー{power}"),
    "dt_no_power": ("no power", "パワーなし"),
    "dt_stats": ("{attr} · power {power} · risk {risk}", "{attr}・パワー{power}・リスク{risk}"),
    "dt_card_short": ("{name} ({attr}, {power})", "{name}（{attr}・{power}）"),
    # -- DRAWS-◎-TROIDAL: questions ----------
    "dt_q_opening-redo": ("Keep your opening five, or return them and turn over five new cards?",
                          "この5枚で始めますか、それとも戻してめくり直しますか？"),
    "dt_q_opening-set": ("Set your opening five in lanes A to E, lane by lane.",
                         "最初の5枚をレーンAからEへ1枚ずつセットしてください。"),
    "dt_q_field-set": ("Fill your empty lanes from your hand, lane by lane.",
                       "空いているレーンに手札からカードをセットしてください。"),
    "dt_q_field-shuffle": ("Rearrange your field: up to {swaps} swaps of adjacent cards.",
                           "フィールドの並べ替え: 隣り合うカードを最大{swaps}回入れ替えられます。"),
    # -- DRAWS-◎-TROIDAL: events ----------
    "ev_game_start": ("Decks: you play {mine}, the opponent plays {theirs}.",
                      "デッキ: あなた {mine}、相手 {theirs}"),
    "ev_five_own": ("You turn over five: {cards}", "あなたは5枚をめくりました: {cards}"),
    "ev_five_opp": ("The opponent turns over five cards.", "相手は5枚をめくりました。"),
    "ev_redo_own": ("You return your five, shuffle, and turn over five new cards.",
                    "あなたは5枚を戻してシャッフルし、めくり直しました。"),
    "ev_redo_opp": ("The opponent returns their five, shuffles, and turns over five new cards.",
                    "相手は5枚を戻してシャッフルし、めくり直しました。"),
    "ev_redo_none": ("Both players keep their opening five.", "両者とも最初の5枚で始めます。"),
    "ev_set_own": ("You set: {cards}", "あなたのセット: {cards}"),
    "ev_set_opp": ("The opponent sets face down: {cards}", "相手のセット（裏向き）: {cards}"),
    "ev_set_none_own": ("You set nothing.", "あなたは何もセットしませんでした。"),
    "ev_set_none_opp": ("The opponent sets nothing.", "相手は何もセットしませんでした。"),
    "ev_draw_own": ("You draw {count}: {cards}", "あなたは{count}枚引きました: {cards}"),
    "ev_draw_opp": ("The opponent draws {count} card(s).", "相手は{count}枚引きました。"),
    "ev_deck_out_own": ("You must draw but your deck is empty: you cannot draw.",
                        "あなたのデッキが尽きて、引けませんでした。"),
    "ev_deck_out_opp": ("The opponent must draw but their deck is empty.",
                        "相手のデッキが尽きて、引けませんでした。"),
    "ev_initiative": ("Initiative goes to {who} (chosen at random).",
                      "イニシアチブは{who}に決まりました（ランダム）。"),
    "ev_turn": ("Turn {turn} · initiative: {who}", "{turn}ターン目・イニシアチブ: {who}"),
    "ev_shuffle_own": ("You swap {swaps}.", "あなたは {swaps} を入れ替えました。"),
    "ev_shuffle_opp": ("The opponent swaps {swaps}.", "相手は {swaps} を入れ替えました。"),
    "ev_then": (", then ", "、"),
    "ev_open": ("The field opens.", "フィールドオープン。"),
    "ev_open_opp": ("  The opponent's new cards: {cards}", "  相手の新しいカード: {cards}"),
    "ev_win_limit": ("Lane {lane}: {card} has {limit} wins and goes to the trash (no damage).",
                     "レーン{lane}の{card}は{limit}勝に達したので捨て札へ（ダメージなし）。"),
    "ev_end_win": ("Game over: you win ({reason}). Life: you {mine}, opponent {theirs}.",
                   "ゲーム終了: あなたの勝ち（{reason}）。ライフ: あなた {mine}、相手 {theirs}"),
    "ev_end_lose": ("Game over: the opponent wins ({reason}). Life: you {mine}, opponent {theirs}.",
                    "ゲーム終了: 相手の勝ち（{reason}）。ライフ: あなた {mine}、相手 {theirs}"),
    "ev_end_draw": ("Game over: a draw ({reason}). Life: you {mine}, opponent {theirs}.",
                    "ゲーム終了: 引き分け（{reason}）。ライフ: あなた {mine}、相手 {theirs}"),
    "reason_life": ("life reached 0", "ライフが0以下"),
    "reason_deck-out": ("a deck ran out", "デッキ切れ"),
    "reason_books": ("all three forbidden books destroyed", "禁書がすべて破壊された"),
    "reason_wipeout": ("a side has no unit left", "ユニット全滅"),
    "reason_units": ("more units after the last round", "残りユニット数"),
    "reason_hp-taken": ("more HP taken", "削ったHP"),
    "reason_tie": ("units and HP taken equal", "同数・同HP"),
    "own_card": ("your {name}", "あなたの{name}"),
    "opp_card": ("the opponent's {name}", "相手の{name}"),
    # -- DRAWS-◎-TROIDAL: battles ----------
    "bt_head": ("Lane {lane}: {mine} vs {theirs}", "レーン{lane}: {mine} 対 {theirs}"),
    "bt_light-dark": ("Light and dark destroy each other: both cards lose.",
                      "陽と陰は相打ち: 両方とも負け。"),
    "bt_powerless_both": ("Neither card has power: both lose.",
                          "どちらもパワーなし: 両方とも負け。"),
    "bt_powerless_one": ("{card} has no power, and a card without power always loses.",
                         "{card}はパワーなし。パワーのないカードは必ず負けます。"),
    "bt_attribute": ("{win_attr} overcomes {lose_attr}: {card} wins whatever the power.",
                     "{win_attr}は{lose_attr}に克つ: パワーに関係なく{card}の勝ち。"),
    "bt_tie": ("Equal power ({power}) and no attribute edge: both cards lose.",
               "パワーが同じ（{power}）で属性の優劣なし: 両方とも負け。"),
    "bt_power": ("No attribute edge, so power decides: {high} beats {low}; {card} wins.",
                 "属性の優劣なし、パワーで決着: {high} が {low} に勝ち、{card}の勝ち。"),
    "bt_guard": ("  - {card} loses but spends a guard point and stays (no damage).",
                 "  - {card}は負けたがガードを1消費して場に残る（ダメージなし）。"),
    "bt_trash_own": ("  - {card} loses and goes to the trash: you take {damage} damage.",
                     "  - {card}は負けて捨て札へ: あなたに{damage}ダメージ。"),
    "bt_trash_opp": ("  - {card} loses and goes to the trash: the opponent takes {damage} damage.",
                     "  - {card}は負けて捨て札へ: 相手に{damage}ダメージ。"),
    "bt_life": ("  Life: you {mine}, opponent {theirs}.", "  ライフ: あなた {mine}、相手 {theirs}"),
}


def t(key: str, lang: str = "en", /, **kw: Any) -> str:
    """The message ``key`` in ``lang`` (English for unknown languages), filled from ``kw``."""
    en, ja = MESSAGES[key]
    text = ja if lang == "ja" else en
    return text.format(**kw) if kw else text


def reason_text(reason: str, lang: str = "en") -> str:
    """Why a game ended, in words; an unknown reason code is shown as it is."""
    key = f"reason_{reason}"
    return t(key, lang) if key in MESSAGES else reason


def outcome_key(prefix: str, draw: bool, won: bool) -> str:
    """``<prefix>_draw``, ``<prefix>_win`` or ``<prefix>_lose`` from the reader's side."""
    return f"{prefix}_draw" if draw else (f"{prefix}_win" if won else f"{prefix}_lose")
