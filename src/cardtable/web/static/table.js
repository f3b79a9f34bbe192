// The table page: draws any game from the server's projection and sends action codes.
// It knows no game: zones, cards, counters and the choice menu all come from the server.
"use strict";

const UI = {
  en: { you: "You", opponent: "Opponent", player: "Player {n}", spectator: "Spectator",
        yours: "Your decision", waiting: "Player {n} decides", thinking: "The opponent is thinking…",
        win: "You win! ({reason})", lose: "You lose. ({reason})", draw: "Draw. ({reason})",
        won: "Player {n} wins ({reason})", turn: "turn {n}", undo: "Undo", record: "Download record",
        back: "← back", finish: "(finish here)", log: "Log", choice: "Your choice", other: "日本語",
        reconnect: "Connection lost: reconnecting…", deck: "{n} cards", nochoice: "Nothing to choose now.",
        seatname: "Seat {n}", watching: "Watching" },
  ja: { you: "あなた", opponent: "相手", player: "プレイヤー{n}", spectator: "観戦者",
        yours: "あなたの番です", waiting: "プレイヤー{n}が選択中", thinking: "相手が考えています…",
        win: "あなたの勝ちです！（{reason}）", lose: "あなたの負けです。（{reason}）",
        draw: "引き分けです。（{reason}）", won: "プレイヤー{n}の勝ち（{reason}）", turn: "ターン{n}",
        undo: "取り消す", record: "記録をダウンロード", back: "← 戻る", finish: "（ここで確定）",
        log: "ログ", choice: "選択", other: "English", reconnect: "接続が切れました。再接続中…",
        deck: "{n}枚", nochoice: "今は選ぶものがありません。", seatname: "席{n}", watching: "観戦中" },
};
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("k") || "";
let lang = localStorage.getItem("cardtable-lang") || "en";
let ws = null, last = null, prefix = [], pending = false, retry = 500, fatal = false;

const $ = (id) => document.getElementById(id);
const tr = (key, vars = {}) => UI[lang][key].replace(/\{(\w+)\}/g, (_, k) => vars[k]);
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(tableId)}`);
  ws.onopen = () => { retry = 500; ws.send(JSON.stringify({ token, lang })); };
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = () => {
    if (fatal) return;
    banner(tr("reconnect"));
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 4000);
  };
}

function banner(text) {
  $("banner").textContent = text || "";
  $("banner").className = text ? "show" : "";
}

function receive(msg) {
  if (msg.type === "error") {
    banner(msg.message);
    if (msg.fatal) fatal = true;
    pending = false;
    if (last) drawChoices();
    return;
  }
  banner("");
  if (msg.reset) $("log").replaceChildren();
  for (const line of msg.log) $("log").append(el("li", "", line));
  $("log").scrollTop = $("log").scrollHeight;
  if (!last || msg.n !== last.n || msg.reset) prefix = [];
  last = msg;
  pending = false;
  draw();
}

function ownerName(owner) {
  if (owner === null || owner === undefined) return "";
  if (last.seat === null) return tr("player", { n: owner + 1 });
  return owner === last.seat ? tr("you") : tr("opponent");
}

function cardEl(card, owner) {
  if (card === null) return el("div", "card empty");
  const e = el("div", "card" + (card.face_up ? "" : " back") + (card.kind ? " " + card.kind : ""));
  if (card.face_up) {
    e.append(el("div", "name", card.name));
    e.dataset.key = card.key || card.name;
    e.dataset.name = card.name;
    if (owner === null || owner === last.seat) e.dataset.mine = "1";
    e.title = card.text || card.name;
    e.addEventListener("click", () => cardClicked(card));
  }
  if (card.stats && card.stats.length)
    e.append(el("div", "stats", card.stats.map(([k, v]) => `${k} ${v}`).join(" · ")));
  for (const m of card.markers || []) e.append(el("span", "marker", m));
  return e;
}

function draw() {
  const t = last.table;
  document.documentElement.lang = lang;
  $("lang").textContent = tr("other");
  $("title").textContent = last.title || t.game;
  document.title = `${last.title || t.game} · cardtable`;
  $("phase").textContent = `${t.phase} · ${tr("turn", { n: t.turn })}`;
  $("seatname").textContent = last.seat === null ? tr("watching") : tr("seatname", { n: last.seat + 1 });
  $("log-title").textContent = tr("log");
  $("choices-title").textContent = tr("choice");
  const status = $("status");
  status.className = "";
  if (last.result) {
    const r = last.result, reason = r.reason || "";
    status.className = "over";
    if (r.draw) status.textContent = tr("draw", { reason });
    else if (last.seat === null) status.textContent = tr("won", { n: r.winner + 1, reason });
    else status.textContent = tr(r.winner === last.seat ? "win" : "lose", { reason });
  } else if (last.yours) {
    status.className = "yours";
    status.textContent = tr("yours");
  } else if (last.seat !== null && last.seats[last.to_move] !== "human") {
    status.textContent = tr("thinking");
  } else {
    status.textContent = tr("waiting", { n: last.to_move + 1 });
  }
  const counters = $("counters");
  counters.replaceChildren();
  for (const c of t.counters) {
    const cls = c.owner === null ? "" : (c.owner === last.seat ? " mine" : " theirs");
    const who = ownerName(c.owner);
    const value = c.max === null || c.max === undefined ? c.value : `${c.value}/${c.max}`;
    counters.append(el("span", "counter" + cls, `${who ? who + " · " : ""}${c.label}: ${value}`));
  }
  const grid = $("grid");
  grid.replaceChildren();
  const cols = Math.max(1, ...t.zones.map((z) => z.col + z.width));
  grid.style.gridTemplateColumns = `repeat(${cols}, minmax(0, 1fr))`;
  const zones = [...t.zones].sort((a, b) => a.row - b.row || a.col - b.col);
  for (const z of zones) {
    const own = z.owner === null ? "" : (z.owner === last.seat || (last.seat === null && z.owner === 0) ? " mine" : " theirs");
    const zone = el("div", "zone" + own + (z.slots ? " slots" : ""));
    zone.dataset.zone = z.id;
    zone.style.gridRow = String(z.row + 1);
    zone.style.gridColumn = `${z.col + 1} / span ${z.width}`;
    const who = ownerName(z.owner);
    const count = z.count !== null && z.count !== undefined ? z.count : z.cards.length;
    zone.append(el("h3", "", `${who ? who + " · " : ""}${z.label} (${count})`));
    const cards = el("div", "cards");
    if (z.count !== null && z.count !== undefined && !z.cards.length) {
      cards.append(el("div", "card back pile", tr("deck", { n: z.count })));
    }
    z.cards.forEach((card, i) => {
      if (z.slots) {
        const slot = el("div", "slot");
        if (z.slot_labels[i]) slot.append(el("div", "slot-label", z.slot_labels[i]));
        slot.append(cardEl(card, z.owner));
        cards.append(slot);
      } else cards.append(cardEl(card, z.owner));
    });
    zone.append(cards);
    grid.append(zone);
  }
  const notes = $("notes");
  notes.replaceChildren(...t.notes.map((n) => el("li", "", n)));
  $("undo").hidden = !(last.undo && !last.result && last.n > 0);
  $("undo").textContent = tr("undo");
  const rec = $("record");
  rec.hidden = !last.result;
  rec.textContent = tr("record");
  rec.href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("question").textContent = last.question || "";
  drawChoices();
}

// The menu asks one part of an action's path at a time, as the terminal does.
function level() {
  const depth = prefix.length;
  const matching = last.choices.filter((c) => prefix.every((p, i) => c.path[i] === p));
  const finished = matching.filter((c) => c.path.length === depth);
  const options = [];
  for (const c of matching) {
    if (c.path.length > depth && !options.includes(c.path[depth])) options.push(c.path[depth]);
  }
  return { matching, finished, options };
}

function pick(option) {
  if (option === null) return send(level().finished[0].code);
  prefix.push(option);
  let l = level();
  while (l.finished.length === l.matching.length || (l.options.length === 1 && !l.finished.length)) {
    if (l.finished.length === l.matching.length) return send(l.finished[0].code);
    prefix.push(l.options[0]);
    l = level();
  }
  drawChoices();
}

function send(code) {
  pending = true;
  prefix = [];
  ws.send(JSON.stringify({ move: code, n: last.n }));
  drawChoices();
}

function drawChoices() {
  const box = $("choices");
  box.replaceChildren();
  for (const c of document.querySelectorAll(".card.clickable")) c.classList.remove("clickable");
  $("sofar").textContent = prefix.join(" / ");
  if (!last.choices.length) {
    if (!last.result && last.yours === false) box.append(el("div", "pile", tr("nochoice")));
    return;
  }
  const { finished, options } = level();
  if (prefix.length) {
    const b = el("button", "back", tr("back"));
    b.type = "button";
    b.disabled = pending;
    b.addEventListener("click", () => { prefix = []; drawChoices(); });
    box.append(b);
  }
  const all = finished.length ? [null, ...options] : options;
  for (const option of all) {
    const b = el("button", "choice", option === null ? tr("finish") : option);
    b.type = "button";
    b.disabled = pending;
    b.addEventListener("click", () => pick(option));
    box.append(b);
  }
  if (pending) return;
  for (const card of document.querySelectorAll(".card[data-mine]")) {
    if (options.some((o) => o.includes(card.dataset.key) || o.includes(card.dataset.name)))
      card.classList.add("clickable");
  }
}

function cardClicked(card) {
  const detail = $("detail");
  detail.textContent = card.text || card.name;
  detail.className = "panel show";
  if (!last || pending || !last.choices.length) return;
  const hits = level().options.filter((o) => o.includes(card.key) || o.includes(card.name));
  if (hits.length === 1) return pick(hits[0]);
  for (const b of document.querySelectorAll("#choices button.choice")) {
    b.classList.toggle("primary", hits.includes(b.textContent));
  }
}

$("lang").addEventListener("click", () => {
  lang = lang === "en" ? "ja" : "en";
  localStorage.setItem("cardtable-lang", lang);
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ lang }));
});
$("undo").addEventListener("click", () => ws.send(JSON.stringify({ undo: true })));
connect();
