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
    "how_to": ("Type a number and press Enter. 0 ends the turn or passes; ? shows every key.",
               "番号を入力して Enter。0 でターン終了・パス、? でキー一覧。"),
    "so_far": ("So far: {parts}", "ここまで: {parts}"),
    "prompt": ("Choice [1-{n}, {keys}, q = quit]: ", "選択 [1-{n}、{keys}、q = 終了]: "),
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
    "pass_unused": ("{action}: {count} other choice(s) (attacks, cards to play) would go "
                    "unused.",
                    "{action}: まだ {count} 個の選択肢（攻撃・使えるカード）が残っています。"),
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
    "play_again": ("Play again with the same decks? [y/N]: ",
                   "同じデッキでもう一度遊びますか？ [y/N]: "),
    "resumed": ("Resumed from {path} after {steps} decisions.",
                "{path} から再開しました（{steps} 手目の後）。"),
    "resume_hint": ("Continue it later with: {cmd} play --resume {path}",
                    "続きを遊ぶには: {cmd} play --resume {path}"),
    "rules_none": ("No rules summary for the phase '{phase}'.",
                   "フェイズ「{phase}」のルール要約はありません。"),
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
    "record_hint": ("Watch it again with: {cmd} replay {path} --show",
                    "見返すには: {cmd} replay {path} --show"),
    "record_failed": ("could not save the record: {message}",
                      "記録を保存できませんでした: {message}"),
    "your_move": ("Your move.", "あなたの番です。"),
    "thinking": ("{agent} is thinking…", "{agent} が考えています…"),
    # -- rules summaries by game and phase (r at the table) ----------
    "rules_draws-troidal_opening-redo": (
        "Opening: you turned over five cards. Keep them, or return them, shuffle and turn over "
        "five new ones (a limited number of times).\nThe five are then set in lanes A-E.",
        "開始: 5枚をめくりました。この5枚で始めるか、戻してシャッフルし、めくり直します"
        "（回数制限あり）。\nその5枚をレーンA〜Eにセットします。"),
    "rules_draws-troidal_opening-set": (
        "Opening: set your five cards in lanes A-E, one per lane. The opponent sees only their "
        "power until the field opens.",
        "開始: 5枚をレーンA〜Eに1枚ずつセットします。フィールドオープンまで相手にはパワーだけが"
        "見えます。"),
    "rules_draws-troidal_field-set": (
        "② Field set: fill every empty lane from your hand, all at once. New cards show only "
        "their power to the opponent.\nThen ③ shuffle (up to two swaps of neighbours), ④ open, "
        "⑤ battle lane by lane A-E: light vs dark both lose; no power always loses; else the "
        "attribute edge wins; else the higher power (equal: both lose). A loser with guard left "
        "spends one and stays; otherwise it is trashed and its owner loses life equal to its "
        "risk.",
        "② フィールドセット: 空いたレーンすべてに手札から一度にセットします。新しいカードは相手に"
        "パワーだけが見えます。\nその後 ③ シャッフル（隣同士を2回まで入れ替え）、④ オープン、"
        "⑤ レーンA〜Eの順にバトル: 陽と陰は相打ち、パワーなしは必ず負け、次に属性の優劣、"
        "最後にパワー（同じなら両方負け）。負けたカードはガードが残っていれば1消費して残り、"
        "なければ捨て札へ行き、持ち主はリスク分のライフを失います。"),
    "rules_draws-troidal_field-shuffle": (
        "③ Field shuffle: make up to two swaps of horizontally adjacent cards (none is fine). "
        "Then the field opens and the lanes battle A to E.",
        "③ フィールドシャッフル: 隣り合うカードを最大2回入れ替えられます（しなくても可）。"
        "その後フィールドオープンとレーンA〜Eのバトルです。"),
    "rules_dice-and-monsters_deck-building": (
        "Deck building: take 8 cards from your pool, at least 3 units and 1 command; ★ units go "
        "to the leap deck (up to 3). Both decks are revealed when both are done.",
        "デッキ構築: プールから8枚（ユニット3枚以上・コマンド1枚以上）を選びます。★ユニットは"
        "リープデッキへ（3枚まで）。両者の構築後にデッキは公開されます。"),
    "rules_dice-and-monsters_team": (
        "Team: set 3 units and 1 command on your squares [1]-[4] (front [1][2], back "
        "[3][4]), hidden until both have set.\nThen 4 rounds: each round one shared die (the "
        "round roll) picks the line of every unit's action table; units act fastest first. A "
        "command fires on its own condition. The side with units left wins, else more units, "
        "else more HP taken.",
        "チーム: ユニット3体とコマンド1枚を【1】〜【4】（前衛【1】【2】、後衛【3】【4】）に"
        "セットします。両者がそろうまで非公開です。\nその後4ラウンド: 毎ラウンド共通のダイス"
        "（ラウンドロール）1個の目で全ユニットの行動表の行が決まり、速い順に行動します。"
        "コマンドは条件を満たすと発動します。ユニットが残った側の勝ち、次に残りユニット数、"
        "次に削ったHPで決まります。"),
    "rules_sarasvati_charge": (
        "Charge: you may put one hand card into your voltage zone (face up, for good). Each "
        "voltage card pays 1 cost per turn.\nTurn: set · draw · charge · imagine · move · "
        "battle · end.",
        "チャージ: 手札1枚をボルテージゾーンに置けます（表向き、戻せません）。ボルテージ1枚で"
        "毎ターン1コストを払えます。\nターン: セット・ドロー・チャージ・イマジン・ムーブ・"
        "バトル・エンド。"),
    "rules_sarasvati_imagine": (
        "Imagine: pay costs with untapped voltage to summon characters (to either row), evolve, "
        "equip and use supports, in any order. A character summoned this turn cannot attack.",
        "イマジン: 未使用のボルテージでコストを払い、キャラクターの召喚（前列か後列）、進化、"
        "装備、サポートの使用を好きな順で行います。召喚したターンは攻撃できません。"),
    "rules_sarasvati_move": (
        "Move: a ready character may change rows; it becomes exhausted.",
        "ムーブ: 臨戦状態のキャラクターは列を移動できます（無防備状態になります）。"),
    "rules_sarasvati_battle": (
        "Battle: a ready character (not summoned this turn) attacks. While the opponent has a "
        "ready front-row character only the front row can be attacked; otherwise any character "
        "or a forbidden book. Attack vs defense decides; the loser is destroyed. Destroy all "
        "three books (or make the opponent unable to draw) to win.",
        "バトル: 臨戦状態のキャラクター（このターン召喚したものを除く）で攻撃します。相手の前列に"
        "臨戦状態のキャラクターがいる間は前列しか攻撃できず、いなければどのキャラクターでも禁書"
        "でも攻撃できます。攻撃力と防御力で勝敗が決まり、負けた側は破壊されます。禁書3冊を"
        "すべて破壊する（か相手がドローできなくなる）と勝ちです。"),
    "rules_sarasvati_choice": (
        "An effect asks you to choose a character.", "効果の対象となるキャラクターを選びます。"),
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
    "reason_points": ("10 toll points", "通行料10ポイント"),
    "reason_toll-unpaid": ("a toll could not be paid", "通行料が払えない"),
    "reason_turn-limit": ("the turn limit: toll points decide", "ターン上限：通行料ポイントで判定"),
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
    key = f"reason_{reason}"
    return t(key, lang) if key in MESSAGES else reason


def outcome_key(prefix: str, draw: bool, won: bool) -> str:
    """``<prefix>_draw``, ``<prefix>_win`` or ``<prefix>_lose`` from the reader's side."""
    return f"{prefix}_draw" if draw else (f"{prefix}_win" if won else f"{prefix}_lose")
