"""Every sentence the terminal shows, in English and Japanese, looked up by key.

One table keeps the two languages side by side so a missing translation is visible at a glance,
and renderers stay free of language conditionals.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import end_reasons

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
                "あなたはプレイヤー{seat}（{deck}）、相手（{agent}）は「{opp_deck}」です。"),
    "how_to": ("Type a number and press Enter. 0 ends the turn or passes; ? shows every key.",
               "番号を入力して Enter。0 でターン終了・パス、? でキー一覧。"),
    "by_auto": (" (auto)", "（自動）"),
    "so_far": ("So far: {parts}", "ここまで: {parts}"),
    "prompt": ("Choice [{n}, {keys}, q = quit]: ", "選択 [{n}、{keys}、q = 終了]: "),
    "key_pass": ("0 = end/pass", "0 = 終了・パス"),
    "key_back": ("b = back", "b = 戻る"),
    "key_undo": ("u = undo", "u = 取り消し"),
    "key_page": ("Enter = more", "Enter = 次のページ"),
    "key_help": ("? = help", "? = ヘルプ"),
    "page": ("(page {page} of {pages}: Enter or > for more, < back)",
             "（{page}/{pages}ページ: Enter か > で次、< で前）"),
    "finish_here": ("(no more: finish here)", "（ここで確定）"),
    "invalid": ("'{text}' is not a choice: type a number from 1 to {n}, or ? for help.",
                "'{text}' は選べません。1〜{n} の番号か、? でヘルプを入力してください。"),
    "no_pass": ("0 ends the turn or passes, which is not possible here.",
                "0（終了・パス）はここでは選べません。"),
    "pass_unused": ("{action}: {count} other {choices} would go unused, such as “{example}”.",
                    "{action}: まだ {count} 個の選択肢が残っています（例:「{example}」）。"),
    # the question stands on its own short line, so it fits 80 columns whatever the action
    "pass_confirm": ("Really? [y/N]: ", "本当に終えますか？ [y/N]: "),
    "pass_cancelled": ("Not ended: choose again.", "取り消しました。選び直してください。"),
    "quit_confirm": ("Leave the game? It is saved and can be resumed. [y/N]: ",
                     "ゲームを終了しますか？ 記録は保存され、再開できます。 [y/N]: "),
    "quit_cancelled": ("Going on.", "続けます。"),
    "undo_none": ("Nothing to undo: undo takes back only your own decisions of this turn, and "
                  "not past a card drawn, a die rolled or an answer of the opponent.",
                  "取り消せる選択はありません（このターンの自分の選択だけで、カードを引いた・"
                  "ダイスを振った・相手が答えた後は戻せません）。"),
    "skipped": ("Passed by themselves (nothing to decide): {phases}.",
                "選ぶことがないため自動で進んだフェイズ: {phases}。"),
    "undone": ("Undone: {choice}", "取り消しました: {choice}"),
    "help_keys": ("Keys: a number chooses · 0 ends the turn or passes (it never moves) · "
                  "b goes back one part of a choice · u undoes your last decision · "
                  "c lists the cards you can read, c N shows card N in full · "
                  "l shows the public piles · r the rules of this phase · v the whole table · "
                  "Enter or > next page, < previous · q quits (the game is saved).",
                  "キー: 番号で選択・0 でターン終了／パス（番号は固定）・b で一段戻る・"
                  "u で直前の選択を取り消す・c で読めるカード一覧、c 番号 で全文・"
                  "l で公開情報（捨て札など）・r でこのフェイズのルール・v で盤面全体・"
                  "Enter か > で次のページ、< で前・q で終了（記録は保存）。"),
    "help_win": ("How you win: {win}", "勝利条件: {win}"),
    "cards_visible": ("Cards you can read (c N shows one in full):",
                      "読めるカード（c 番号 で全文を表示）:"),
    "piles_none": ("No public piles yet.", "公開されている山はまだありません。"),
    "pile_trash": ("trash", "捨て札"),
    "pile_grave": ("graveyard", "墓地"),
    "pile_graveyard": ("graveyard", "墓地"),
    "pile_voltage": ("voltage", "ボルテージ"),
    "pile_deck": ("deck", "デッキ"),
    "pile_discard": ("discard pile", "捨札パイル"),
    "pile_tolls": ("toll pile", "通行料パイル"),
    "pile_leap": ("leap deck", "リープデッキ"),
    "pace_prompt": ("-- Enter: next round · a: all the rest · q: quit -- ",
                    "-- Enter: 次のラウンド・a: 残りをすべて表示・q: 終了 -- "),
    "pace_more": ("-- Enter: more · a: all the rest · q: quit -- ",
                  "-- Enter: 続き・a: 残りをすべて表示・q: 終了 -- "),
    "pace_table": ("-- Enter: to the table · q: quit -- ", "-- Enter: 盤面へ・q: 終了 -- "),
    "play_again": ("Play again with the same decks? [y/N]: ",
                   "同じデッキでもう一度遊びますか？ [y/N]: "),
    "play_again_level": ("Play again with the same decks? y = same level, h = a bit harder "
                         "({harder}), e = a bit easier ({easier}) [y/h/e/N]: ",
                         "同じデッキでもう一度遊びますか？ y = 同じ強さ、h = 少し強く（{harder}）、"
                         "e = 少し弱く（{easier}） [y/h/e/N]: "),
    "level_line": ("Opponent level: {line}", "相手の強さ — {line}"),
    "level_next": ("Next time, a bit harder: --vs {harder}; a bit easier: --vs {easier}",
                   "次回、少し強く: --vs {harder}、少し弱く: --vs {easier}"),
    "resumed": ("Resumed from {path} after {steps} decisions.",
                "{path} から再開しました（{steps} 手目の後）。"),
    "resume_hint": ("Continue it later with: {cmd} play --resume {path}",
                    "続きを遊ぶには: {cmd} play --resume {path}"),
    "nothing_back": ("Nothing to go back to.", "戻る選択はありません。"),
    "went_back": ("Back: choose again.", "戻りました。選び直してください。"),
    "auto": ("Only one choice: {choice} (chosen automatically)",
             "選択肢が1つだけなので自動で選びました: {choice}"),
    "chosen": ("You chose: {choice}", "選択: {choice}"),
    "tutorial_head": ("Tutorial: {title} (step {n} of {of})",
                      "チュートリアル：{title}（{n}/{of}）"),
    "tutorial_move": ("Play: {choice}", "次の手: {choice}"),
    "tutorial_prompt": ("Enter plays it, m shows every choice, q quits: ",
                        "Enterで実行、mで全ての選択肢、qで終了: "),
    "tutorial_left": ("You left the tutorial's script: the game goes on as any other.",
                      "チュートリアルの手順から外れました。このまま通常の対戦として続きます。"),
    "tutorial_done": ("The tutorial is over.", "チュートリアルはここまでです。"),
    "by_tutorial": (" (tutorial)", "（チュートリアル）"),
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
    "record_hint": ("Watch it again with: {cmd} replay {path} --show",
                    "見返すには: {cmd} replay {path} --show"),
    "record_failed": ("could not save the record: {message}",
                      "記録を保存できませんでした: {message}"),
    "your_move": ("Your move.", "あなたの番です。"),
    "thinking": ("{agent} is thinking…", "{agent} が考えています…"),
    # -- replay ----------
    "replay_ok": ("{path}: {message}", "{path}: {steps} 手すべて再現できました"),
    "replay_bad": ("{path}: does not reproduce: {message}", "{path}: 再現できません: {message}"),
    "replay_unreadable": ("{path}: not a valid game record: {message}",
                          "{path}: ゲーム記録として読めません: {message}"),
    "show_head": ("{game}, seed {seed}: {steps} decisions, seen by {who}.",
                  "{game}（シード {seed}）: {steps} 手、{who}から見た記録"),
    "show_referee": ("the referee (everything)", "審判（すべて公開）"),
    "show_seat": ("player {seat}", "プレイヤー{seat}"),
    "show_step": ("{step}. Player {player}: {choice}", "{step}. プレイヤー{player}: {choice}"),
    "show_prompt": ("-- Enter: next · a: all the rest · q: stop -- ",
                    "-- Enter: 次へ・a: 残りすべて・q: 終了 -- "),
    "show_winner": ("Player {player} wins ({reason}, turn {turns}).",
                    "プレイヤー{player}の勝ち（{reason}、{turns}ターン）。"),
    "show_draw": ("A draw ({reason}, turn {turns}).", "引き分け（{reason}、{turns}ターン）。"),
    # -- cards ----------
    "no_file": ("{path}: no such file", "{path}: ファイルがありません"),
    "check_ok": ("{path}: ok, no problems found", "{path}: 問題はありません"),
    "check_bad": ("{count} problem(s) found", "{count} 件の問題があります"),
    "check_gaps": ("{count} card(s) show Japanese in English mode (warnings above)",
                   "{count} 枚のカードは英語表示に日本語が残ります（上の警告）"),
    "check_curve": ("{count} card(s) lie far off the shipped cost curve (warnings above)",
                    "{count} 枚のカードは付属カードのコスト曲線から大きく外れています（上の警告）"),
    "decks_title": ("Decks of {game}", "{game} のデッキ"),
    "col_deck": ("deck", "デッキ"),
    "col_name": ("name", "名前"),
    "col_cards": ("cards", "枚数"),
}


def t(key: str, lang: str = "en", /, **kw: Any) -> str:
    """The message ``key`` in ``lang`` (English for unknown languages), filled from ``kw``."""
    en, ja = MESSAGES[key]
    text = ja if lang == "ja" else en
    return text.format(**kw) if kw else text


def command_name() -> str:
    """How to type ``cardtable`` in this shell: the bare name when the shell finds it, else the
    path it was started by (``.venv/bin/cardtable`` without an activated environment)."""
    import shutil
    import sys
    from pathlib import Path

    prog = Path(sys.argv[0]) if sys.argv and sys.argv[0] else Path("cardtable")
    if prog.name != "cardtable" or shutil.which("cardtable") is not None:
        return "cardtable"
    return str(prog)


def reason_text(reason: str, lang: str = "en") -> str:
    """Why a game ended, in words; an unknown reason code is shown as it is."""
    return end_reasons.reason_text(reason, lang)


def outcome_key(prefix: str, draw: bool, won: bool) -> str:
    """``<prefix>_draw``, ``<prefix>_win`` or ``<prefix>_lose`` from the reader's side."""
    return f"{prefix}_draw" if draw else (f"{prefix}_win" if won else f"{prefix}_lose")
