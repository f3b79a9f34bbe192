// The table page: draws any game from the server's projection and sends action codes.
// It knows no game: zones, cards, counters, the question and the choices all come from the
// server. A choice is made by clicking what it names on the table (its picks, in order) or,
// for a choice that names nothing there, by a button.
"use strict";

const UI = {
  en: { you: "You", opponent: "Opponent", player: "Player {n}",
        yours: "Your turn", waiting: "Player {n} decides", thinking: "Opponent is thinking…",
        win: "You win!", lose: "You lose.", draw: "Draw.", won: "Player {n} wins",
        turn: "Turn {n}", undo: "Undo", record: "Download record", back: "↶ Take back",
        log: "Log", table: "Table", other: "日本語", hand: "Your hand", handof: "Hand",
        reconnect: "Connection lost: reconnecting…", cards: "{n} cards", pace: "Pace",
        instant: "instant", normal: "normal", slow: "slow", watching: "Watching",
        seatname: "Seat {n}", pick_next: "Now choose where: the highlighted places.",
        pick_first: "Click a highlighted card or place on the table, or a button below.",
        or: "or", rematch: "Rematch", lobby: "Lobby", close: "Close", how: "How to play",
        chosen: "Chosen: {what}", waitq: "Waiting for {who}.", over: "The game is over." },
  ja: { you: "あなた", opponent: "相手", player: "プレイヤー{n}",
        yours: "あなたの番", waiting: "プレイヤー{n}が選択中", thinking: "相手が考えています…",
        win: "あなたの勝ち！", lose: "あなたの負け。", draw: "引き分け。", won: "プレイヤー{n}の勝ち",
        turn: "ターン{n}", undo: "取り消す", record: "記録をダウンロード", back: "↶ 一つ戻す",
        log: "ログ", table: "テーブル", other: "English", hand: "あなたの手札", handof: "手札",
        reconnect: "接続が切れました。再接続中…", cards: "{n}枚", pace: "速さ",
        instant: "即時", normal: "ふつう", slow: "ゆっくり", watching: "観戦中",
        seatname: "席{n}", pick_next: "次に置く場所・対象を選んでください（光っている所）。",
        pick_first: "光っているカードや場所をクリック、または下のボタンを選んでください。",
        or: "または", rematch: "再戦", lobby: "ロビー", close: "閉じる", how: "遊び方",
        chosen: "選択中: {what}", waitq: "{who}を待っています。", over: "ゲーム終了です。" },
};
const PACE_MS = { instant: 0, normal: 450, slow: 1200 };
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("k") || "";
const params = new URLSearchParams(location.search);
if (params.get("lang") === "en" || params.get("lang") === "ja")
  localStorage.setItem("cardtable-lang", params.get("lang"));
let lang = localStorage.getItem("cardtable-lang") || "en";
let pace = localStorage.getItem("cardtable-pace") || "normal";
let ws = null, last = null, retry = 500, fatal = false, pending = false;
// the choice being built: things clicked on the table (picks), then buttons (path prefix)
let sel = [], prefix = [];
const cardsByEl = new WeakMap();
const logQueue = [];
let logTimer = null;

const $ = (id) => document.getElementById(id);
const el = FACE.el;
const tr = (key, vars = {}) => UI[lang][key].replace(/\{(\w+)\}/g, (_, k) => vars[k]);

// -- remembered tables (the lobby lists the unfinished ones of this browser) ----------
function remember(over) {
  if (!token || !last) return;
  let list = [];
  try { list = JSON.parse(localStorage.getItem("cardtable-tables") || "[]"); } catch { list = []; }
  list = list.filter((t) => t.id !== tableId);
  list.unshift({ id: tableId, link: location.pathname + location.hash, game: last.table.game,
                 title: last.title, over: !!over, turn: last.table.turn, at: Date.now() });
  localStorage.setItem("cardtable-tables", JSON.stringify(list.slice(0, 20)));
}

// -- connection ----------
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
  if (msg.reset) { $("log").replaceChildren(); logQueue.length = 0; }
  queueLog(msg.log, msg.reset);
  if (!last || msg.n !== last.n || msg.reset) { sel = []; prefix = []; }
  last = msg;
  pending = false;
  draw();
  remember(!!msg.result);
}

// -- the log, step by step at the chosen pace ----------
function queueLog(lines, instant) {
  const ms = PACE_MS[pace] || 0;
  if (instant || !ms) {
    flushLog();
    for (const line of lines) addLog(line, false);
    return;
  }
  logQueue.push(...lines);
  if (!logTimer) stepLog();
}

function stepLog() {
  logTimer = null;
  const line = logQueue.shift();
  if (line === undefined) { $("ticker").hidden = true; return; }
  addLog(line, true);
  logTimer = setTimeout(stepLog, PACE_MS[pace] || 0);
}

function flushLog() {
  if (logTimer) { clearTimeout(logTimer); logTimer = null; }
  while (logQueue.length) addLog(logQueue.shift(), false);
  const t = $("ticker");
  if (t) t.hidden = true;
}

function addLog(entry, show) {
  const log = $("log");
  for (const old of log.querySelectorAll("li.new")) old.classList.remove("new");
  // [tone, sentence] (tone: head, good, bad, note, dim, strong) or a plain line
  const [tone, line] = Array.isArray(entry) ? entry : ["", entry];
  const li = el("li", tone === "head" ? "turnline" : `new ${tone}`, line);
  log.append(li);
  log.scrollTop = log.scrollHeight;
  if (show && tone !== "head") {
    const t = $("ticker");
    t.textContent = line;
    t.hidden = false;
  }
}

// -- drawing ----------
function bottomSeat() { return last.seat === null ? 0 : last.seat; }
function ownerName(owner) {
  if (owner === null || owner === undefined) return "";
  if (last.seat === null) return tr("player", { n: owner + 1 });
  return owner === last.seat ? tr("you") : tr("opponent");
}

function allRefs() {
  const out = new Set();
  for (const c of last.choices || []) for (const r of c.refs || []) out.add(r.split(/[/#]/)[0]);
  return out;
}

function expanded(z, used) {
  const base = z.id.split(".")[0];
  return z.slots || z.owner === null || used.has(z.id) || base === "pool" || base === "revealed";
}

function cardEl(card, refs) {
  const e = FACE.face(card);
  if (card) cardsByEl.set(e, card);
  if (refs.length) e.dataset.refs = refs.join(" ");
  if (card && card.face_up) {
    e.tabIndex = -1;
    hoverDetail(e, card);
  }
  return e;
}

function zoneCards(z, box) {
  z.cards.forEach((card, i) => {
    const refs = [`${z.id}/${i}`];
    if (card && card.face_up && card.key) refs.push(`${z.id}#${card.key}`);
    if (z.slots) {
      const slot = el("div", "slot");
      slot.dataset.refs = refs.join(" ");
      if (z.slot_labels[i]) slot.append(el("div", "slot-label", z.slot_labels[i]));
      slot.append(cardEl(card, []));
      box.append(slot);
    } else box.append(cardEl(card, refs));
  });
}

function zoneTitle(z) {
  // a row of slots shows its owner by its side of the table and its colour: its name is enough
  const who = z.slots ? "" : ownerName(z.owner);
  const count = z.count !== null && z.count !== undefined ? z.count : z.cards.filter(Boolean).length;
  const h = el("h3", "");
  h.append(el("span", "", `${who ? who + " · " : ""}${z.label}`), el("span", "count", String(count)));
  return h;
}

function pileEl(z) {
  const count = z.count !== null && z.count !== undefined ? z.count : z.cards.length;
  const e = el("button", "pile-zone");
  e.type = "button";
  e.dataset.zone = z.id;
  const top = z.cards.length ? z.cards[z.cards.length - 1] : (count ? { face_up: false } : null);
  const mini = FACE.face(top);
  mini.classList.add("mini");
  if (z.id.startsWith("hand.") && count > 1) {
    const fan = el("div", "fan");
    for (let i = 0; i < Math.min(count, 7); i++) {
      const b = FACE.face({ face_up: false });
      b.classList.add("mini");
      fan.append(b);
    }
    e.append(fan);
  } else e.append(mini);
  const label = el("div", "pile-label");
  label.append(el("span", "pile-name", z.label), el("span", "count", String(count)));
  e.append(label);
  e.title = `${ownerName(z.owner)} · ${z.label}: ${tr("cards", { n: count })}`;
  if (z.cards.length) e.addEventListener("click", () => openDrawer(z));
  else e.disabled = true;
  return e;
}

function sideZone(z) {
  const zone = el("div", "zone side " + (z.owner === bottomSeat() ? "mine" : "theirs"));
  zone.dataset.zone = z.id;
  zone.dataset.refs = z.id;
  zone.append(zoneTitle(z));
  const cards = el("div", "cards");
  zoneCards(z, cards);
  zone.append(cards);
  return zone;
}

function counterEl(c) {
  const value = c.max === null || c.max === undefined ? c.value : `${c.value}/${c.max}`;
  const e = el("span", "counter" + (c.owner === null ? "" : c.owner === bottomSeat() ? " mine" : " theirs"));
  e.append(el("span", "clabel", c.label), el("b", "", String(value)));
  if (typeof c.value === "number" && c.max) {
    const bar = el("span", "bar");
    const fill = el("span", "fill");
    fill.style.width = `${Math.max(0, Math.min(100, (100 * c.value) / c.max))}%`;
    bar.append(fill);
    e.append(bar);
  }
  return e;
}

function draw() {
  const t = last.table;
  document.documentElement.lang = lang;
  document.body.classList.toggle("ja", lang === "ja");
  $("lang").textContent = tr("other");
  $("title").textContent = last.title || t.game;
  document.title = `${last.title || t.game} · cardtable`;
  $("phase").textContent = `${tr("turn", { n: t.turn })} · ${t.phase}`;
  $("log-title").textContent = tr("log");
  $("tab-log").textContent = tr("log");
  $("tab-table").textContent = tr("table");
  $("pace-label").textContent = tr("pace");
  for (const o of $("pace").options) o.textContent = tr(o.value);
  $("pace").value = pace;
  $("hand-title").textContent = last.seat === null ? `${tr("player", { n: 1 })} · ${tr("handof")}` : tr("hand");
  const state = last.result ? "over" : last.yours ? "your-turn" : "waiting";
  document.body.dataset.state = state;
  document.body.dataset.move = String(last.n);  // what tests wait on: a selector, no eval
  document.body.classList.toggle("spectator", last.seat === null);
  const status = $("status");
  status.className = state;
  if (last.result) {
    const r = last.result;
    status.textContent = r.draw ? tr("draw") : last.seat === null ? tr("won", { n: r.winner + 1 })
      : tr(r.winner === last.seat ? "win" : "lose");
  } else if (last.yours) status.textContent = tr("yours");
  else if (last.seat !== null && last.seats[last.to_move] !== "human") status.textContent = tr("thinking");
  else status.textContent = tr("waiting", { n: last.to_move + 1 });

  const bottom = bottomSeat();
  const used = allRefs();
  const opp = $("opp"), grid = $("grid"), mine = $("mypiles"), hand = $("hand");
  opp.replaceChildren(); grid.replaceChildren(); mine.replaceChildren(); hand.replaceChildren();
  const oppCounters = el("div", "counters"), myCounters = el("div", "counters"), shared = el("div", "counters shared");
  for (const c of t.counters) {
    (c.owner === null ? shared : c.owner === bottom ? myCounters : oppCounters).append(counterEl(c));
  }
  opp.append(el("div", "who", ownerName(1 - bottom)), oppCounters);
  const oppPiles = el("div", "piles");
  opp.append(oppPiles);
  mine.append(myCounters);
  const gridZones = [];
  let handZone = null;
  for (const z of t.zones) {
    if (z.owner === bottom && z.id.startsWith("hand.") && !z.slots) { handZone = z; continue; }
    if (z.slots && !z.slot_labels.some(Boolean) && z.owner !== null) {
      // a few fixed places without names (forbidden books): small, beside the piles
      (z.owner === bottom ? mine : oppPiles).append(sideZone(z));
    } else if (expanded(z, used)) gridZones.push(z);
    else (z.owner === bottom ? mine : oppPiles).append(pileEl(z));
  }
  if (shared.childElementCount) oppPiles.append(shared);
  // your piles: beside your hand on a wide screen; on a phone inside the scrolling board, so
  // the dock at the bottom keeps only the question, its choices and your hand
  const phone = window.matchMedia("(max-width: 760px)").matches;
  if (phone && mine.parentElement !== $("board")) $("board").append(mine);
  if (!phone && mine.parentElement !== $("mine")) $("mine").append(mine);
  const rows = [...new Set(gridZones.map((z) => z.row))].sort((a, b) => a - b);
  const cols = Math.max(1, ...gridZones.map((z) => z.col + z.width));
  grid.style.gridTemplateColumns = `repeat(${cols}, minmax(0, 1fr))`;
  grid.style.setProperty("--rows", String(rows.length));
  for (const z of [...gridZones].sort((a, b) => a.row - b.row || a.col - b.col)) {
    const own = z.owner === null ? " shared" : z.owner === bottom ? " mine" : " theirs";
    const zone = el("div", "zone" + own + (z.slots ? " slots" : " spread"));
    zone.dataset.zone = z.id;
    zone.dataset.refs = z.id;
    zone.style.gridRow = String(rows.indexOf(z.row) + 1);
    zone.style.gridColumn = z.slots || z.owner === null ? `${z.col + 1} / span ${z.width}` : "1 / -1";
    zone.append(zoneTitle(z));
    const cards = el("div", "cards");
    if (z.slots) cards.style.gridTemplateColumns = `repeat(${Math.max(1, z.cards.length)}, minmax(0, 1fr))`;
    zoneCards(z, cards);
    zone.append(cards);
    grid.append(zone);
  }
  if (handZone) {
    $("handzone").dataset.refs = handZone.id;
    zoneCards(handZone, hand);
  }
  $("handzone").hidden = !handZone;
  $("notes").replaceChildren(...t.notes.map((n) => el("li", "", n)));
  $("how").href = `/how/${encodeURIComponent(t.game)}?lang=${lang}`;
  $("how").title = tr("how");
  $("how").textContent = `? ${tr("how")}`;
  $("undo").hidden = !(last.undo && !last.result);
  $("undo").textContent = tr("undo");
  const rec = $("record");
  rec.hidden = !last.result;
  rec.textContent = tr("record");
  rec.href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("rematch").hidden = !(last.result && last.seat !== null && token);
  $("rematch").textContent = tr("rematch");
  sizeCards();
  drawChoices();
}

// the board's rows share the height left between the opponent's strip and the hand
function sizeCards() {
  const grid = $("grid");
  const rows = Number(grid.style.getPropertyValue("--rows")) || 1;
  const h = grid.clientHeight;
  const per = Math.floor((h - (rows - 1) * 6) / rows) - 18;
  grid.style.setProperty("--slot-h", `${Math.max(54, Math.min(150, per))}px`);
  FACE.fit(document.body);
}

// -- choosing ----------
function candidates() {
  return (last.choices || []).filter((c) => c.refs.length >= sel.length
    && sel.every((r, i) => c.refs[i] === r));
}

// the choices the buttons ask about: those naming nothing on the table, or, once things are
// clicked, those the clicks have fully named (told apart by their menu path)
function menuSet() {
  const cands = candidates();
  // a choice whose next pick is not drawn anywhere (a pile shown folded) stays a button
  const stuck = cands.filter((c) => c.refs.length > sel.length && !drawn(c.refs[sel.length]));
  return [...(sel.length ? cands.filter((c) => c.refs.length === sel.length)
    : cands.filter((c) => !c.refs.length)), ...stuck];
}

function drawn(ref) {
  return !!document.querySelector(`[data-refs~="${CSS.escape(ref)}"]`);
}

function level(set) {
  const depth = prefix.length;
  const matching = set.filter((c) => prefix.every((p, i) => c.path[i] === p));
  const finished = matching.filter((c) => c.path.length === depth);
  const options = [];
  for (const c of matching) if (c.path.length > depth && !options.includes(c.path[depth])) options.push(c.path[depth]);
  return { matching, finished, options };
}

function pick(option) {
  const set = menuSet();
  if (option === null) return send(level(set).finished[0].code);
  prefix.push(option);
  let l = level(set);
  while (l.finished.length === l.matching.length || (l.options.length === 1 && !l.finished.length)) {
    if (l.finished.length === l.matching.length) return send(l.finished[0].code);
    prefix.push(l.options[0]);
    l = level(set);
  }
  drawChoices();
}

function clickRef(ref) {
  if (pending) return;
  sel.push(ref);
  prefix = [];
  const cands = candidates();
  const done = cands.filter((c) => c.refs.length === sel.length);
  const more = cands.filter((c) => c.refs.length > sel.length);
  if (done.length === 1 && !more.length) return send(done[0].code);
  if (done.length > 1 && !more.length) {
    // told apart only by their path: skip the parts they share
    let l = level(done);
    while (l.options.length === 1 && !l.finished.length) { prefix.push(l.options[0]); l = level(done); }
  }
  drawChoices();
}

function takeBack() {
  if (prefix.length) prefix = [];
  else sel.pop();
  drawChoices();
}

function send(code) {
  pending = true;
  sel = []; prefix = [];
  flushLog();
  ws.send(JSON.stringify({ move: code, n: last.n }));
  drawChoices();
}

function nameOf(ref) {
  const node = document.querySelector(`[data-refs~="${CSS.escape(ref)}"]`);
  const name = node && node.querySelector("[data-testid=card-name]");
  if (name) return name.textContent;
  const label = node && node.querySelector(".slot-label");
  return label ? label.textContent : ref.split(/[/#]/).pop();
}

function drawChoices() {
  const box = $("choices");
  box.replaceChildren();
  for (const e of document.querySelectorAll(".pickable, .picked")) {
    e.classList.remove("pickable", "picked");
    e.removeAttribute("data-testid");
    if (e.tabIndex === 0 && !e.matches("button")) e.tabIndex = -1;
  }
  const prompt = $("prompt");
  const mine = last.yours && !last.result;
  if (last.result) prompt.textContent = tr("over");
  else if (mine) prompt.textContent = last.question || tr("yours");
  else if (last.seat !== null && last.seats[last.to_move] !== "human") prompt.textContent = tr("thinking");
  else prompt.textContent = tr("waiting", { n: last.to_move + 1 });
  $("sofar").textContent = sel.length ? tr("chosen", { what: sel.map(nameOf).join(" → ") }) : "";
  $("promptbox").classList.toggle("active", !!mine);
  if (!mine || !last.choices.length) return;
  if (pending) { box.append(el("div", "hint", "…")); return; }
  const cands = candidates();
  const next = new Set(cands.filter((c) => c.refs.length > sel.length).map((c) => c.refs[sel.length]));
  for (const ref of sel) {
    const node = document.querySelector(`[data-refs~="${CSS.escape(ref)}"]`);
    if (node) node.classList.add("picked");
  }
  const claimed = new Set();
  for (const ref of next) {
    for (const node of document.querySelectorAll(`[data-refs~="${CSS.escape(ref)}"]`)) {
      if (claimed.has(node)) continue;
      claimed.add(node);
      node.classList.add("pickable");
      node.setAttribute("data-testid", "choice");
      node.dataset.pick = ref;
      node.tabIndex = 0;
    }
  }
  const set = menuSet();
  const { finished, options } = level(set);
  if (sel.length || prefix.length) {
    const b = el("button", "back", tr("back"));
    b.type = "button";
    b.dataset.testid = "back";
    b.disabled = pending;
    b.addEventListener("click", takeBack);
    box.append(b);
  }
  if (!sel.length && next.size) box.append(el("div", "hint", tr("pick_first")));
  else if (sel.length && next.size) box.append(el("div", "hint", tr("pick_next")));
  const all = finished.length ? [null, ...options] : options;
  all.forEach((option, i) => {
    const text = option === null ? finished[0].path.slice(prefix.length - 1).join(" · ") || "OK" : option;
    const b = el("button", "choice", text);
    b.type = "button";
    b.setAttribute("data-testid", "choice");
    b.disabled = pending;
    if (i < 9) b.append(el("kbd", "", String(i + 1)));
    b.addEventListener("click", () => pick(option));
    box.append(b);
  });
}

// -- card details: hover, keyboard focus, long press ----------
let pinned = false;
function showDetail(target, card) {
  const d = $("detail");
  d.replaceChildren();
  const big = FACE.face(card);
  big.classList.add("big");
  d.append(big, el("div", "text", card.text || card.name));
  d.hidden = false;
  d.classList.toggle("pinned", pinned);
  const r = target.getBoundingClientRect();
  const w = Math.min(340, window.innerWidth - 16);
  d.style.width = `${w}px`;
  let left = r.right + 8;
  if (left + w > window.innerWidth - 8) left = Math.max(8, r.left - w - 8);
  d.style.left = `${left}px`;
  d.style.top = "8px";
  FACE.fit(d);
  const h = d.offsetHeight;
  d.style.top = `${Math.max(8, Math.min(r.top, window.innerHeight - h - 8))}px`;
}
function hideDetail() { if (!pinned) $("detail").hidden = true; }
function hoverDetail(e, card) {
  e.addEventListener("mouseenter", () => showDetail(e, card));
  e.addEventListener("mouseleave", hideDetail);
  let timer = null;
  e.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "touch") return;
    timer = setTimeout(() => { pinned = true; showDetail(e, card); timer = null; }, 450);
  });
  for (const stop of ["pointerup", "pointercancel", "pointermove"])
    e.addEventListener(stop, () => { if (timer) { clearTimeout(timer); timer = null; } });
  e.addEventListener("contextmenu", (ev) => { ev.preventDefault(); pinned = true; showDetail(e, card); });
}
document.addEventListener("focusin", (ev) => {
  const node = ev.target.closest && ev.target.closest(".card, .slot");
  const card = node && (cardsByEl.get(node) || cardsByEl.get(node.querySelector(".card")));
  if (card && card.face_up) showDetail(node, card);
  else if (!pinned) $("detail").hidden = true;
});
document.addEventListener("pointerdown", (ev) => {
  if (pinned && !ev.target.closest("#detail")) { pinned = false; $("detail").hidden = true; }
});

// -- clicks and keys on the table ----------
document.addEventListener("click", (ev) => {
  const node = ev.target.closest(".pickable");
  if (node && node.dataset.pick && !node.matches("button")) {
    ev.preventDefault();
    clickRef(node.dataset.pick);
  }
});
document.addEventListener("keydown", (ev) => {
  if (ev.target.matches && ev.target.matches("select, input, textarea")) return;
  if ((ev.key === "Enter" || ev.key === " ") && ev.target.classList && ev.target.classList.contains("pickable")) {
    ev.preventDefault();
    clickRef(ev.target.dataset.pick);
  } else if (/^[1-9]$/.test(ev.key)) {
    const b = $("choices").querySelectorAll("button.choice:not([disabled])")[Number(ev.key) - 1];
    if (b) { ev.preventDefault(); b.click(); }
  } else if (ev.key === "Escape" || ev.key === "Backspace") {
    if (!$("drawer").hidden) { $("drawer").hidden = true; return; }
    if (sel.length || prefix.length) { ev.preventDefault(); takeBack(); }
  }
});

function openDrawer(z) {
  $("drawer-title").textContent = `${ownerName(z.owner)} · ${z.label}`;
  const box = $("drawer-cards");
  box.replaceChildren();
  zoneCards(z, box);
  $("drawer").hidden = false;
  FACE.fit(box);
  $("drawer-close").focus();
}
$("drawer-close").addEventListener("click", () => { $("drawer").hidden = true; });

$("lang").addEventListener("click", () => {
  lang = lang === "en" ? "ja" : "en";
  localStorage.setItem("cardtable-lang", lang);
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ lang }));
});
$("pace").addEventListener("change", () => {
  pace = $("pace").value;
  localStorage.setItem("cardtable-pace", pace);
  if (!PACE_MS[pace]) flushLog();
});
$("undo").addEventListener("click", () => ws.send(JSON.stringify({ undo: true, n: last.n })));
$("rematch").addEventListener("click", async () => {
  const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
  const data = await r.json();
  if (!r.ok) { banner(data.error); return; }
  location.href = data.link;
});
for (const b of document.querySelectorAll("#tabs button")) {
  b.addEventListener("click", () => {
    for (const o of document.querySelectorAll("#tabs button")) o.classList.toggle("on", o === b);
    document.body.classList.toggle("tab-log", b.dataset.tab === "log");
    const log = $("log");
    log.scrollTop = log.scrollHeight;
  });
}
window.addEventListener("resize", () => { if (last) draw(); });
const ticker = el("div", "", "");
ticker.id = "ticker";
ticker.hidden = true;
$("board").append(ticker);
connect();
