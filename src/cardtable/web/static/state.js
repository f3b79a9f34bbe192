// What the page knows: the server's last message, the choice being built, the language and
// pace, the connection's retry delay. One object, made by createState, passed to every module,
// instead of bindings scattered at module level; the functions here touch no DOM, so node's
// test runner checks them as they are.

export const UI = {
  en: { you: "You", opponent: "Opponent", player: "Player {n}",
        yours: "Your turn", waiting: "Player {n} decides", theirs: "The opponent decides",
        thinking: "The opponent is thinking…",
        win: "You win!", lose: "You lose.", draw: "Draw.", won: "Player {n} wins",
        turn: "Turn {n}", undo: "Undo", record: "Download record", back: "↶ Take back",
        log: "Log", table: "Table", other: "日本語", hand: "Your hand", handof: "Hand",
        reconnect: "Connection lost: reconnecting…", cards: "{n} cards", pace: "Pace",
        instant: "Instant", normal: "Normal", slow: "Slow", watching: "Watching",
        seatname: "Seat {n}", pick_next: "Now choose where: the highlighted places.",
        pick_first: "Click a highlighted card or place on the table, or a button below.",
        pick_first_touch: "Tap a highlighted card or place on the table, or a button below.",
        pick_first_drag: "Click a highlighted card or place on the table (or drag a card to where it goes), or a button below.",
        or: "or", rematch: "Rematch", lobby: "Lobby", close: "Close", how: "How to play",
        chosen: "Chosen: {what}", waitq: "Waiting for {who}.", over: "The game is over.",
        ok: "OK", why: "Not now: {why}", autopass: "Auto",
        autopass_help: "A choice with only one option is made for you, and so is one under a stop you have turned off",
        tutorial_step: "{title} · step {n} of {of}", tutorial_over: "{title} · the tutorial is over",
        stops: "Stops", stops_help: "Where you want to be asked; elsewhere you pass (or pay) at once",
        end_turn: "End turn", end_turn_help: "Pass now and for the rest of this turn; you are still asked to block, to choose a target, and when the opponent plays something you can answer",
        end_turns: "Turns", end_side: "{who}", end_look: "Look at the table", skip: "Skip »",
        replay: "Watch the replay", over_time: "Over the game" },
  ja: { you: "あなた", opponent: "相手", player: "プレイヤー{n}",
        yours: "あなたの番", waiting: "プレイヤー{n}が選択中", theirs: "相手が選択中",
        thinking: "相手が考えています…",
        win: "あなたの勝ち！", lose: "あなたの負け。", draw: "引き分け。", won: "プレイヤー{n}の勝ち",
        turn: "ターン{n}", undo: "取り消す", record: "記録をダウンロード", back: "↶ 一つ戻す",
        log: "ログ", table: "テーブル", other: "English", hand: "あなたの手札", handof: "手札",
        reconnect: "接続が切れました。再接続中…", cards: "{n}枚", pace: "速さ",
        instant: "即時", normal: "ふつう", slow: "ゆっくり", watching: "観戦中",
        seatname: "席{n}", pick_next: "次に置く場所・対象を選んでください（光っている所）。",
        pick_first: "光っているカードや場所をクリック、または下のボタンを選んでください。",
        pick_first_touch: "光っているカードや場所をタップ、または下のボタンを選んでください。",
        pick_first_drag: "光っているカードや場所をクリック（カードは置き場所へドラッグも可）、または下のボタンを選んでください。",
        or: "または", rematch: "再戦", lobby: "ロビー", close: "閉じる", how: "遊び方",
        chosen: "選択中: {what}", waitq: "{who}を待っています。", over: "ゲーム終了です。",
        ok: "決定", why: "今は使えません: {why}", autopass: "自動",
        autopass_help: "選択肢が一つしかない時と、ストップを外した場面では自動で選びます",
        tutorial_step: "{title}・{n}/{of}", tutorial_over: "{title}・チュートリアル終了",
        stops: "ストップ", stops_help: "聞いてほしい場面。それ以外はすぐにパス（または支払い）します",
        end_turn: "ターン終了", end_turn_help: "このターンの残りはパスします。ブロック、対象の選択、対応できる相手のプレイの時は聞きます",
        end_turns: "ターン数", end_side: "{who}", end_look: "盤面を見る", skip: "スキップ »",
        replay: "リプレイを見る", over_time: "ゲームの推移" },
};
export const PACE_MS = { instant: 0, normal: 450, slow: 1200 };

// storage: localStorage or a stand-in; where: { pathname, hash, search }
export function createState(storage, where) {
  const params = new URLSearchParams(where.search || "");
  const asked = params.get("lang");
  if (asked === "en" || asked === "ja") storage.setItem("cardtable-lang", asked);
  return {
    tableId: decodeURIComponent(where.pathname.split("/").pop()),
    token: new URLSearchParams((where.hash || "").slice(1)).get("k") || "",
    lang: storage.getItem("cardtable-lang") || "en",
    pace: storage.getItem("cardtable-pace") || "normal",
    last: null, pending: false, fatal: false,
    // the choice being built: things clicked on the table (picks), then buttons (path prefix)
    sel: [], prefix: [],
  };
}

export function tr(state, key, vars = {}) {
  return UI[state.lang][key].replace(/\{(\w+)\}/g, (_, k) => vars[k]);
}

// a message from the server: an error keeps the table; an update replaces it, and a new move
// (or a reset) drops the half-built choice. Returns what the page must do with the log.
export function receive(state, msg) {
  if (msg.type === "error") {
    if (msg.fatal) state.fatal = true;
    state.pending = false;
    return { error: msg.message, log: [], reset: false };
  }
  if (!state.last || msg.n !== state.last.n || msg.reset) { state.sel = []; state.prefix = []; }
  state.last = msg;
  state.pending = false;
  return { error: "", log: msg.log || [], reset: !!msg.reset };
}

// the seat drawn at the bottom: one's own, or the first for a spectator
export function bottomSeat(state) { return state.last.seat === null ? 0 : state.last.seat; }

// a seat as its reader calls it: "You" and "Opponent" at a seat, "Player 2" for a spectator
export function ownerName(state, owner) {
  if (owner === null || owner === undefined) return "";
  if (state.last.seat === null) return tr(state, "player", { n: owner + 1 });
  return owner === state.last.seat ? tr(state, "you") : tr(state, "opponent");
}

// the status pill: the result, whose turn, or who is deciding, in the reader's voice
export function statusText(state) {
  const last = state.last;
  if (last.result) {
    const r = last.result;
    if (r.draw) return tr(state, "draw");
    if (last.seat === null) return tr(state, "won", { n: r.winner + 1 });
    return tr(state, r.winner === last.seat ? "win" : "lose");
  }
  if (last.yours) return tr(state, "yours");
  if (last.seat === null) return tr(state, "waiting", { n: last.to_move + 1 });
  if (last.seats && last.seats[last.to_move] !== "human") return tr(state, "thinking");
  return tr(state, "theirs");
}

// the unfinished tables this browser sits at, newest first (the lobby lists them)
export function remembered(list, state, over, now) {
  const last = state.last;
  const rest = list.filter((t) => t.id !== state.tableId);
  rest.unshift({ id: state.tableId, link: `/t/${encodeURIComponent(state.tableId)}#k=${state.token}`,
                 game: last.table.game, title: last.title, over: !!over, turn: last.table.turn,
                 at: now });
  return rest.slice(0, 20);
}

// the end screen: who won, how (the story's own closing lines, the strongest first), and a
// short table of the numbers that decided it, each seat in a column (the reader's first)
export function endSummary(state, lines) {
  const last = state.last, t = last.table, r = last.result;
  const head = statusText(state);
  const strong = lines.filter(([tone]) => tone === "strong").map(([, text]) => text);
  const how = strong.length ? strong.slice(-1) : lines.slice(-1).map(([, text]) => text);
  const first = last.seat === null ? 0 : last.seat;
  const seats = [first, 1 - first];
  const groups = new Map();
  for (const c of t.counters) {
    if (c.owner === null || c.owner === undefined) continue;
    const kind = String(c.id).split(".")[0];
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(c);
  }
  const rows = [[tr(state, "end_turns"), String(r.turns ?? t.turn), ""]];
  for (const group of groups.values()) {
    const label = group.length === 1 || new Set(group.map((c) => c.label)).size === 1
      ? group[0].label : String(group[0].id).split(".")[0].toUpperCase();
    const cell = (seat) => group.filter((c) => c.owner === seat)
      .map((c) => (c.max === null || c.max === undefined ? `${c.value}` : `${c.value}/${c.max}`)).join(" + ");
    rows.push([label, cell(seats[0]), cell(seats[1])]);
  }
  return { head, how, seats: seats.map((s) => ownerName(state, s)), rows };
}

// the end screen's small chart: each counter's values over the game as a polyline's points in
// a w x h box, all on one scale (the largest value seen at the top)
export function chartLines(series, w, h, pad = 4) {
  const top = Math.max(1, ...series.flatMap((s) => s.values));
  return series.map((s) => {
    const n = s.values.length;
    const pts = s.values.map((v, i) => {
      const x = pad + (n <= 1 ? 0 : (i * (w - 2 * pad)) / (n - 1));
      const y = h - pad - (Math.max(0, v) * (h - 2 * pad)) / top;
      return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
    });
    return { id: s.id, owner: s.owner, label: s.label, points: pts.join(" "), last: s.values[n - 1] };
  });
}
