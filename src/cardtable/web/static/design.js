// The designer's workbench (/design/GAME): cards typed in the game's own template, checked by the
// server's checker as you type (the problems under their lines), drawn with the table's own card
// faces (cardface.js), placed on the game's cost curve; a deck built by clicks and checked by the
// game's deck rules, kept in this browser, downloaded and uploaded as a deck file; and the deck
// tried: a table against the computer, a quick balance study, a print. Everything shown is built
// with textContent and DOM nodes, never from HTML text.
import { face, fit, el } from "/static/cardface.js";

const GAME = decodeURIComponent(location.pathname.split("/")[2] || "");
const KEY = `cardtable-design:${GAME}`;
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

const T = {
  en: { cards: "Your cards", cardshelp: "in the game's own template; checked as you type", newcard: "New card",
        reset: "Start again", face: "The card", deck: "Deck", clear: "Empty", download: "Download", upload: "Upload",
        add: "Add cards", try: "Try it", against: "Play against", play: "Play", games: "Games a pairing",
        agent: "Both seats", study: "Balance study", cancel: "Cancel", paper: "Paper", pdf: "Print (PDF)",
        tts: "Tabletop Simulator", checking: "checking…", ok: "no problems", problems: (n) => `${n} problem${n === 1 ? "" : "s"}`,
        line: "line", whole: "the whole file", warn: "warning", yours: "yours", filter: "filter the cards…",
        startfrom: "Start from…", shipped: "Shipped decks", keptdecks: "Kept in this browser",
        keep: "Keep", keptit: (n) => `Kept as “${n}” in this browser.`, toomany: (n) => `At most ${n} decks are kept; reuse a name.`, ncards: (n) => `${n} cards`, deckok: "a legal deck",
        yourline: (n) => `your cards, line ${n}`, nocards: "Type a card on the left: its face appears here.",
        curvehead: (c) => `Cost curve of the shipped ${c.group}s (${c.size} cards)`,
        curvex: (c) => `${c.cost_name} the pool pays for these numbers`, curvey: (c) => `${c.cost_name} it pays`,
        curveok: (c) => `pays ${c.cost_name} ${c.cost}; the pool pays ${c.low}–${c.high} for ${stats(c)}: on the curve`,
        nocurve: "This card is not priced by the cost curve (a spell, a command, a caster…).",
        running: (d, t) => `${d} of ${t} games`, flagged: "Flagged cards", noflags: (n) => `No card flagged after ${n} games (a longer study finds smaller effects).`,
        winrates: (n) => `Win rates over ${n} games`, studyfail: "The study stopped: ", cancelled: "Cancelled.", needdeck: "Build a legal deck first.",
        mine: "your deck", levels: { random: "random moves", greedy: "greedy (quick)", mcts: "search (mcts, 1 s)" },
        bigfile: "That file is larger than 64 KB.", uploaded: "Deck loaded: its cards are in the editor.",
        confirmreset: "Replace your cards with a fresh starter card?" },
  ja: { cards: "自作カード", cardshelp: "ゲーム本来の書式で。入力するたびに検査します", newcard: "カードを追加",
        reset: "やり直す", face: "カード", deck: "デッキ", clear: "空にする", download: "ダウンロード", upload: "読み込む",
        add: "カードを加える", try: "試す", against: "対戦相手", play: "対戦", games: "組ごとの試合数",
        agent: "両席のAI", study: "バランス検証", cancel: "中止", paper: "用紙", pdf: "印刷 (PDF)",
        tts: "Tabletop Simulator", checking: "検査中…", ok: "問題なし", problems: (n) => `問題 ${n} 件`,
        line: "行", whole: "ファイル全体", warn: "警告", yours: "自作", filter: "カードを絞り込む…",
        startfrom: "デッキを選ぶ…", shipped: "付属デッキ", keptdecks: "このブラウザに保存", keep: "保存",
        keptit: (n) => `「${n}」としてこのブラウザに保存しました。`, toomany: (n) => `保存できるのは ${n} 個までです。同じ名前で上書きしてください。`, ncards: (n) => `${n} 枚`, deckok: "規定を満たすデッキ",
        yourline: (n) => `自作カード ${n} 行目`, nocards: "左にカードを書くと、ここに表面が出ます。",
        curvehead: (c) => `付属カードのコスト曲線（${c.size} 枚）`,
        curvex: (c) => `この数値に付属カードが払う${c.cost_name}`, curvey: (c) => `このカードの${c.cost_name}`,
        curveok: (c) => `${c.cost_name} ${c.cost}。付属カードは ${stats(c)} に ${c.low}–${c.high}: 曲線の内側`,
        nocurve: "このカードはコスト曲線の対象外です（呪文・コマンド・キャスターなど）。",
        running: (d, t) => `${t} 試合中 ${d} 試合`, flagged: "指摘されたカード", noflags: (n) => `${n} 試合では指摘なし（長い検証ほど小さな効果を見つけます）。`,
        winrates: (n) => `勝率（${n} 試合）`, studyfail: "検証が止まりました: ", cancelled: "中止しました。", needdeck: "先に規定を満たすデッキを組んでください。",
        mine: "自分のデッキ", levels: { random: "ランダム", greedy: "貪欲（速い）", mcts: "探索（mcts・1秒）" },
        bigfile: "64 KB を超えるファイルです。", uploaded: "デッキを読み込みました。カードはエディタにあります。",
        confirmreset: "自作カードを新しい見本カードで置き換えますか？" },
};
const LEVELS = ["beginner", "easy", "normal", "hard", "expert", "random", "greedy", "mcts"];

let lang = new URLSearchParams(location.search).get("lang") || localStorage.getItem("cardtable-lang") || "en";
if (!["en", "ja"].includes(lang)) lang = "en";
const t = (k, ...a) => { const v = T[lang][k] ?? T.en[k]; return typeof v === "function" ? v(...a) : v; };
function stats(c) { return c.stats.map(([n, v]) => `${n} ${v}`).join(", "); }

let info = null;          // the game's pool, decks and rules (GET /api/design/GAME)
let levelTitles = {};
let checked = null;       // the last check of the editor's text
let deckResult = null;    // the last check of the deck
let plots = 0;
let selected = 0;         // the card of the editor shown large (an index into checked.cards)
let saved = load();

function load() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || "null");
    if (s && typeof s.cards === "string" && s.deck && Array.isArray(s.deck.entries)) return s;
  } catch (e) { /* a broken entry: start afresh */ }
  return null;
}
function save() {
  try { localStorage.setItem(KEY, JSON.stringify(state())); } catch (e) { /* full: keep going */ }
}
function state() {
  return { cards: $("editor").value, deck: { name: $("deck-name").value, entries: entries }, kept };
}
let entries = [];         // [[card name, copies], ...] in the order added
let kept = {};            // decks kept in this browser: name -> entries
const MAX_KEPT = 50;

// -- requests: one at a time to the checking lane (the server allows two per address) ---------
let chain = Promise.resolve();
function queued(f) { const p = chain.then(f, f); chain = p.catch(() => {}); return p; }
async function send(url, body, raw = false) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" },
                               body: JSON.stringify(body) });
  if (!r.ok) {
    let msg = `${r.status}`;
    try { msg = (await r.json()).error || msg; } catch (e) { /* not JSON */ }
    const err = new Error(msg); err.status = r.status; throw err;
  }
  return raw ? r.blob() : r.json();
}
async function retrying(f) {
  for (let i = 0; ; i++) {
    try { return await f(); } catch (e) {
      if ((e.status !== 429 && e.status !== 503) || i > 20) throw e;
      await new Promise((res) => setTimeout(res, 300 + 200 * i));
    }
  }
}

// -- the editor -----------------------------------------------------------------------------
let wanted = 0, sent = 0, busy = false, timer = null;
function edited() {
  gutter();
  save();
  wanted++;
  document.body.dataset.wanted = String(wanted);
  document.body.dataset.fresh = "no";
  $("check-state").textContent = t("checking");
  clearTimeout(timer);
  timer = setTimeout(runCheck, 120);
}
async function runCheck() {
  if (busy) return;
  busy = true;
  try {
    while (sent !== wanted) {
      const version = wanted, text = $("editor").value;
      sent = version;
      try {
        const res = await queued(() => retrying(() => send(`/api/design/${GAME}/check`, { text, lang })));
        if (version === wanted) {
          // a card that no longer reads keeps its last face, marked as such, while it is fixed
          if (!res.cards.length && checked && checked.cards.length) res.stale = checked.stale || checked.cards;
          checked = res;
          showCheck();
        }
      } catch (e) {
        $("check-state").textContent = e.message;
      }
      document.body.dataset.checked = String(sent);
    }
    document.body.dataset.fresh = "yes";  // what is shown is the check of what is typed
  } finally { busy = false; }
  deckChanged();
}

function gutter() {
  const n = $("editor").value.split("\n").length;
  const bad = new Set((checked?.problems || []).map((p) => p.line));
  const warn = new Set((checked?.warnings || []).map((p) => p.line));
  $("gutter").replaceChildren(...Array.from({ length: n }, (_, i) =>
    el("span", bad.has(i + 1) ? "bad" : warn.has(i + 1) ? "warn" : "", `${i + 1}\n`)));
}

function showCheck() {
  const lines = $("editor").value.split("\n");
  const box = $("problems");
  box.replaceChildren();
  const byLine = new Map();
  for (const p of checked.problems) (byLine.get(p.line) || byLine.set(p.line, []).get(p.line)).push(["bad", p]);
  for (const p of checked.warnings) (byLine.get(p.line) || byLine.set(p.line, []).get(p.line)).push(["warn", p]);
  for (const line of [...byLine.keys()].sort((a, b) => a - b)) {
    const group = el("div", "pgroup");
    group.dataset.line = String(line);
    const src = el("button", "pline");
    src.type = "button";
    src.append(el("span", "ln", line > 0 ? String(line) : "·"),
               el("code", "", line > 0 ? (lines[line - 1] ?? "") : t("whole")));
    src.addEventListener("click", () => gotoLine(line));
    group.append(src);
    for (const [kind, p] of byLine.get(line)) {
      const m = el("div", `pmsg ${kind}`, p.message);
      m.dataset.testid = kind === "bad" ? "problem" : "warning";
      m.setAttribute("data-testid", m.dataset.testid);
      group.append(m);
    }
    box.append(group);
  }
  const n = checked.problems.length;
  box.dataset.state = n ? "bad" : "ok";
  $("check-state").textContent = n ? t("problems", n) : t("ok");
  $("check-state").className = n ? "bad" : "good";
  gutter();
  if (selected >= checked.cards.length) selected = Math.max(0, checked.cards.length - 1);
  pickByCaret(false);
  showFaces();
  poolList();
}

function gotoLine(line) {
  const ed = $("editor"), lines = ed.value.split("\n");
  if (line < 1) return;
  const at = lines.slice(0, line - 1).reduce((s, l) => s + l.length + 1, 0);
  ed.focus();
  ed.setSelectionRange(at, at + (lines[line - 1] || "").length);
}

function caretLine() {
  const ed = $("editor");
  return ed.value.slice(0, ed.selectionStart).split("\n").length;
}
function pickByCaret(redraw = true) {
  if (!checked || !checked.cards.length) return;
  const line = caretLine();
  let best = 0;
  checked.cards.forEach((c, i) => { if (c.line <= line) best = i; });
  if (best !== selected) { selected = best; if (redraw) showFaces(); }
}

function showFaces() {
  const stale = !!(checked && !checked.cards.length && checked.stale);
  const cards = checked ? (stale ? checked.stale : checked.cards) : [];
  $("face-box").classList.toggle("stale", stale);
  const strip = $("faces"), big = $("face-big");
  strip.replaceChildren();
  if (cards.length > 1) {
    cards.forEach((c, i) => {
      const f = face(c.face);
      f.classList.add("pick");
      if (i === selected) f.classList.add("on");
      f.tabIndex = 0;
      f.addEventListener("click", () => { selected = i; gotoLine(c.line); showFaces(); });
      strip.append(f);
    });
  }
  big.replaceChildren();
  const card = cards[selected];
  if (!card) {
    big.append(el("p", "help", t("nocards")));
    $("face-text").textContent = "";
    $("curve").replaceChildren();
    return;
  }
  big.append(face(card.face));
  $("face-text").textContent = card.face.text || "";
  fit(big); fit(strip);
  curve(card);
}

// -- the cost curve: the pool's cards and this one, the no-warning band along the diagonal -----
function curve(card) {
  const box = $("curve");
  box.replaceChildren();
  const c = card.curve;
  if (!c) { box.append(el("p", "help", t("nocurve"))); return; }
  box.append(el("h3", "", t("curvehead", c)));
  const W = 300, H = 190, L = 34, B = 30, R = 8, TOP = 8;
  const xs = [...c.pool.map((p) => p[0]), c.predicted], ys = [...c.pool.map((p) => p[1]), c.cost];
  let lo = Math.floor(Math.min(...xs, ...ys) - c.half), hi = Math.ceil(Math.max(...xs, ...ys) + c.half);
  lo = Math.min(lo, 0) < 0 && Math.min(...ys) >= 0 ? Math.max(lo, -1) : lo;
  if (hi - lo < 2) hi = lo + 2;
  const sx = (v) => L + (v - lo) / (hi - lo) * (W - L - R), sy = (v) => H - B - (v - lo) / (hi - lo) * (H - B - TOP);
  const s = document.createElementNS(SVG, "svg");
  s.setAttribute("viewBox", `0 0 ${W} ${H}`);
  s.setAttribute("class", "curveplot");
  s.setAttribute("role", "img");
  const node = (tag, attrs, text) => {
    const n = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    s.append(n);
    return n;
  };
  // the band a cost may stray without a warning, clipped to the plot
  const clip = `curveclip-${++plots}`;
  const defs = node("defs", {});
  const cp = document.createElementNS(SVG, "clipPath");
  cp.setAttribute("id", clip);
  const rect = document.createElementNS(SVG, "rect");
  for (const [k, v] of Object.entries({ x: L, y: TOP, width: W - L - R, height: H - B - TOP })) rect.setAttribute(k, String(v));
  cp.append(rect); defs.append(cp);
  node("polygon", { class: "band", "clip-path": `url(#${clip})`,
    points: [[lo, lo - c.half], [hi, hi - c.half], [hi, hi + c.half], [lo, lo + c.half]]
      .map(([x, y]) => `${sx(x)},${sy(y)}`).join(" ") });
  node("line", { class: "diag", x1: sx(lo), y1: sy(lo), x2: sx(hi), y2: sy(hi) });
  node("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B });
  node("line", { class: "axis", x1: L, y1: TOP, x2: L, y2: H - B });
  const step = Math.max(1, Math.ceil((hi - lo) / 6));
  for (let v = Math.ceil(lo); v <= hi; v += step) {
    node("text", { class: "tick", x: sx(v), y: H - B + 12, "text-anchor": "middle" }, String(v));
    node("text", { class: "tick", x: L - 4, y: sy(v) + 3, "text-anchor": "end" }, String(v));
  }
  node("text", { class: "label", x: (L + W - R) / 2, y: H - 3, "text-anchor": "middle" }, t("curvex", c));
  const yl = node("text", { class: "label", x: 10, y: (TOP + H - B) / 2, "text-anchor": "middle",
                            transform: `rotate(-90 10 ${(TOP + H - B) / 2})` }, t("curvey", c));
  yl.setAttribute("data-axis", "y");
  for (const [x, y, name] of c.pool) {
    const p = node("circle", { class: "pool", cx: sx(x), cy: sy(y), r: 3 });
    const tip = document.createElementNS(SVG, "title"); tip.textContent = `${name}: ${y}`; p.append(tip);
  }
  const me = node("circle", { class: c.warning ? "me off" : "me", cx: sx(c.predicted), cy: sy(c.cost), r: 6 });
  me.setAttribute("data-testid", "curve-me");
  box.append(s);
  const say = el("p", c.warning ? "curvewarn" : "help", c.warning || t("curveok", c));
  say.setAttribute("data-testid", "curve-text");
  box.append(say);
}

// -- the deck ---------------------------------------------------------------------------------
let deckTimer = null, deckVersion = 0;
function deckChanged() {
  document.body.dataset.deck = "checking";
  save();
  renderDeck();
  clearTimeout(deckTimer);
  deckTimer = setTimeout(checkDeck, 150);
}
async function checkDeck() {
  const version = ++deckVersion;
  document.body.dataset.deck = "checking";
  if (!entries.length) { deckResult = null; renderDeck(); document.body.dataset.deck = "empty"; return; }
  try {
    const res = await queued(() => retrying(() => send(`/api/design/${GAME}/deck`, {
      name: $("deck-name").value || "my deck", cards: $("editor").value, entries, lang })));
    if (version !== deckVersion) return;
    deckResult = res;
    renderDeck();
    document.body.dataset.deck = res.ok ? "ok" : "bad";
  } catch (e) {
    if (version !== deckVersion) return;
    deckResult = { ok: false, problems: [{ where: "deck", line: 0, card: "", message: e.message }], size: null };
    renderDeck();
    document.body.dataset.deck = "bad";
  }
}

function nameOf(card) {
  const shipped = info?.cards.find((c) => c.name === card);
  const mine = checked?.cards.find((c) => c.name === card);
  const c = mine || shipped;
  return c && lang !== "ja" && c.name_en ? c.name_en : card;
}
function faceOf(card) {
  return (checked?.cards.find((c) => c.name === card) || info?.cards.find((c) => c.name === card))?.face;
}

function add(card, n = 1) {
  const e = entries.find((x) => x[0] === card);
  if (e) e[1] = Math.max(0, Math.min(99, e[1] + n)); else if (n > 0) entries.push([card, n]);
  entries = entries.filter((x) => x[1] > 0);
  deckChanged();
}

function renderDeck() {
  const total = entries.reduce((s, [, k]) => s + k, 0);
  const count = $("deck-count");
  count.textContent = t("ncards", total) + (deckResult?.ok ? ` · ${t("deckok")}` : "");
  count.className = deckResult?.ok ? "good" : (entries.length ? "bad" : "");
  const byCard = new Map();
  const loose = [];
  for (const p of deckResult?.problems || []) {
    if (p.card && entries.some(([n]) => n === p.card)) (byCard.get(p.card) || byCard.set(p.card, []).get(p.card)).push(p);
    else loose.push(p);
  }
  $("deck-problems").replaceChildren(...loose.map((p) => {
    const li = el("li", "pmsg bad", p.where === "cards" ? `${t("yourline", p.line)}: ${p.message}` : p.message);
    li.setAttribute("data-testid", "deck-problem");
    if (p.where === "cards") li.addEventListener("click", () => gotoLine(p.line));
    return li;
  }));
  const list = $("deck-list");
  list.replaceChildren(...entries.map(([card, k]) => {
    const li = el("li", "entry");
    li.dataset.card = card;
    const f = faceOf(card);
    const mini = f ? face(f) : el("div", "card");
    mini.classList.add("mini");
    const minus = el("button", "step", "−"); minus.type = "button"; minus.title = "−1";
    minus.setAttribute("aria-label", `${nameOf(card)} −1`);
    minus.addEventListener("click", () => add(card, -1));
    const plus = el("button", "step", "+"); plus.type = "button"; plus.title = "+1";
    plus.setAttribute("aria-label", `${nameOf(card)} +1`);
    plus.addEventListener("click", () => add(card, 1));
    li.append(el("span", "k", String(k)), mini, el("span", "nm", nameOf(card)), minus, plus);
    for (const p of byCard.get(card) || []) {
      const m = el("div", "pmsg bad", p.message);
      m.setAttribute("data-testid", "deck-problem");
      li.append(m);
    }
    return li;
  }));
}

function poolList() {
  if (!info) return;
  const q = $("pool-filter").value.trim().toLowerCase();
  const mine = (checked?.cards || []).map((c) => ({ ...c, mine: true }));
  const names = new Set(mine.map((c) => c.name));
  const all = [...mine, ...info.cards.filter((c) => !names.has(c.name))];
  $("pool").replaceChildren(...all.filter((c) => !q || c.name.toLowerCase().includes(q)
      || (c.name_en || "").toLowerCase().includes(q)).map((c) => {
    const li = el("li");
    const b = el("button", c.mine ? "addcard mine" : "addcard");
    b.type = "button";
    b.dataset.card = c.name;
    b.setAttribute("data-testid", "add-card");
    const mini = face(c.face); mini.classList.add("mini");
    const stat = (c.face.stats || []).filter(([, , role]) => role !== "attribute").map(([, v]) => v).join("/");
    b.append(mini, el("span", "nm", lang !== "ja" && c.name_en ? c.name_en : c.name), el("span", "st", stat));
    if (c.mine) b.append(el("span", "tag", t("yours")));
    b.title = c.face.text || c.name;
    b.addEventListener("click", () => add(c.name, 1));
    li.append(b);
    return li;
  }));
}

function deckSlug() {
  return ($("deck-name").value || "deck").normalize("NFKC").replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "").slice(0, 40) || "deck";
}

async function readyDeck() {
  clearTimeout(deckTimer);
  await checkDeck();
  if (!deckResult || !deckResult.ok) throw new Error(t("needdeck"));
  return deckResult.text;
}

function download(blob, name) {
  const a = el("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 10_000);
}

function problem(e) { $("try-error").textContent = e.message || String(e); }

// -- try it -------------------------------------------------------------------------------------
async function play() {
  $("try-error").textContent = "";
  try {
    const text = await readyDeck();
    const level = $("level").value;
    const body = { game: GAME, lang, seat: 1, opponent: level, strength: "medium",
                   decks: [{ name: `${deckSlug()}.txt`, text }, null] };
    const res = await send("/api/tables", body);
    location.href = res.links["1"];
  } catch (e) { problem(e); }
}

let study = null;
async function runStudy() {
  $("try-error").textContent = "";
  $("study-out").replaceChildren();
  try {
    const text = await readyDeck();
    const res = await send(`/api/design/${GAME}/study`, { text, lang, games: Number($("study-games").value),
                                                          agent: $("study-agent").value });
    study = res.id;
    document.body.dataset.studyId = res.id;
    $("study-bar").hidden = false; $("study-bar").value = 0;
    $("study-cancel").hidden = false; $("study").disabled = true;
    document.body.dataset.study = "running";
    poll(res.id);
  } catch (e) { problem(e); }
}
async function poll(id) {
  while (study === id) {
    let s;
    try {
      const r = await fetch(`/api/design/study/${id}`);
      s = await r.json();
      if (!r.ok) throw new Error(s.error || r.status);
    } catch (e) { problem(e); break; }
    $("study-bar").max = Math.max(1, s.total); $("study-bar").value = s.done;
    $("study-out").replaceChildren(el("p", "help", s.total ? t("running", s.done, s.total) : t("checking")));
    if (!["starting", "running"].includes(s.state)) { finished(s); break; }
    await new Promise((res) => setTimeout(res, 400));
  }
}
function finished(s) {
  study = null;
  $("study-cancel").hidden = true; $("study").disabled = false;
  document.body.dataset.study = s.state;
  const out = $("study-out");
  out.replaceChildren();
  if (s.state === "cancelled") { out.append(el("p", "help", t("cancelled"))); return; }
  if (s.state !== "done") { out.append(el("p", "diag", t("studyfail") + s.error)); return; }
  const sum = s.summary;
  out.append(el("h3", "", t("winrates", sum.games)));
  const table = el("table", "rates");
  sum.decks.forEach((d, i) => {
    const tr = el("tr", i === 0 ? "mine" : "");
    const pct = (x) => `${(100 * x).toFixed(0)}%`;
    const bar = el("span", "rate"); bar.style.setProperty("--w", `${(100 * d.rate).toFixed(1)}%`);
    tr.append(el("td", "", i === 0 ? `${d.name} (${t("mine")})` : d.name), el("td", "num", pct(d.rate)),
              el("td", "ci", `${pct(d.ci95[0])}–${pct(d.ci95[1])}`));
    const td = el("td", "barcell"); td.append(bar); tr.append(td);
    table.append(tr);
  });
  out.append(table);
  const flags = el("div", "flags");
  flags.setAttribute("data-testid", "flags");
  if (sum.flags.length) {
    flags.append(el("h3", "", t("flagged")));
    const ul = el("ul");
    for (const f of sum.flags) {
      const li = el("li", `flag ${f.kind}`);
      li.setAttribute("data-testid", "flag");
      li.append(el("strong", "", `${f.flag}: `), el("span", "", f.card + (f.other ? ` (${f.other})` : "")),
                el("span", "help", ` ${(100 * f.effect).toFixed(1)} pts [${(100 * f.ci95[0]).toFixed(1)}, ${(100 * f.ci95[1]).toFixed(1)}], ${f.reading}, q=${Number(f.q).toFixed(3)}`));
      ul.append(li);
    }
    flags.append(ul);
  } else {
    const p = el("p", "help", sum.note || t("noflags", sum.games));
    p.setAttribute("data-testid", "no-flags");
    flags.append(p);
  }
  out.append(flags);
}
async function cancelStudy() {
  if (!study) return;
  try { await send(`/api/design/study/${study}/cancel`, {}); } catch (e) { problem(e); }
}

async function printDeck(kind) {
  $("try-error").textContent = "";
  try {
    const text = await readyDeck();
    const blob = kind === "pdf"
      ? await send(`/api/design/${GAME}/print`, { text, lang, paper: $("paper").value }, true)
      : await send(`/api/design/${GAME}/tts`, { text, lang }, true);
    download(blob, `${deckSlug()}${kind === "pdf" ? ".pdf" : "-tts.zip"}`);
  } catch (e) { problem(e); }
}

// -- upload -------------------------------------------------------------------------------------
async function upload(file) {
  $("try-error").textContent = "";
  if (!file) return;
  if (file.size > 64 * 1024) { problem(new Error(t("bigfile"))); return; }
  const text = await file.text();
  try {
    const res = await queued(() => retrying(() => send(`/api/design/${GAME}/import`, { text, lang })));
    if (!res.ok) {
      $("deck-problems").replaceChildren(...res.problems.map((p) => el("li", "pmsg bad", p.text || p.message)));
      return;
    }
    $("editor").value = res.cards;
    $("deck-name").value = (lang === "ja" ? res.name : res.name_en || res.name) || "my deck";
    entries = res.entries.map(([n, k]) => [n, k]);
    $("deck-problems").replaceChildren(el("li", "help", t("uploaded")));
    edited();
  } catch (e) { problem(e); }
  $("deck-upload").value = "";
}

// -- words and start-up -------------------------------------------------------------------------
function words() {
  document.documentElement.lang = lang;
  document.body.classList.toggle("ja", lang === "ja");
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  $("lang").textContent = lang === "ja" ? "English" : "日本語";
  $("pool-filter").placeholder = t("filter");
  if (info) {
    const title = lang === "ja" ? info.title_ja : info.title;
    $("title").textContent = `${lang === "ja" ? "作業台" : "Workbench"} · ${title}`;
    document.title = `cardtable · ${title}`;
    $("deck-rules").textContent = info.rules.map((r) => `${r.label}: ${r.value}`).join(" · ");
    deckMenu();
  }
  $("design-how").href = `/how/${GAME}?lang=${lang}`;
  const level = $("level"), was = level.value || "normal";
  level.replaceChildren(...LEVELS.map((n) => {
    const o = el("option", "", levelTitles[n]?.[lang] || T[lang].levels[n] || n);
    o.value = n;
    return o;
  }));
  level.value = was;
}

// the decks to start from: the shipped ones, and those kept in this browser
function deckMenu() {
  const start = $("deck-start");
  const shipped = el("optgroup");
  shipped.label = t("shipped");
  shipped.append(...info.decks.map((d) => {
    const o = el("option", "", lang === "ja" ? d.name : d.name_en || d.name); o.value = `s:${d.id}`; return o;
  }));
  start.replaceChildren(el("option", "", t("startfrom")), shipped);
  const names = Object.keys(kept).sort();
  if (names.length) {
    const mine = el("optgroup");
    mine.label = t("keptdecks");
    mine.append(...names.map((n) => { const o = el("option", "", n); o.value = `k:${n}`; return o; }));
    start.append(mine);
  }
}

function keep() {
  const name = ($("deck-name").value || "").trim() || "my deck";
  if (!(name in kept) && Object.keys(kept).length >= MAX_KEPT) { problem(new Error(t("toomany", MAX_KEPT))); return; }
  kept[name] = entries.map(([n, k]) => [n, k]);
  save();
  deckMenu();
  $("deck-problems").replaceChildren(el("li", "help", t("keptit", name)));
}

async function games() {
  try {
    const r = await fetch("/api/lobby");
    const data = await r.json();
    for (const lv of data.levels || []) levelTitles[lv.name] = lv.title;
    const pick = $("game-pick");
    pick.replaceChildren(...data.games.filter((g) => g.playable).map((g) => {
      const o = el("option", "", lang === "ja" ? g.title_ja : g.title); o.value = g.id; return o;
    }));
    pick.value = GAME;
  } catch (e) { /* the page works without the lobby's list */ }
}

async function start() {
  const r = await fetch(`/api/design/${GAME}?lang=${lang}`);
  info = await r.json();
  if (!r.ok) { problem(new Error(info.error || r.status)); return; }
  words();
  poolList();
}

async function boot() {
  words();
  await Promise.all([games(), start()]);
  words();
  if (!info) return;
  const fresh = new URLSearchParams(location.search).has("fresh");
  if (saved && saved.kept && typeof saved.kept === "object") {
    for (const [n, list] of Object.entries(saved.kept))
      if (Array.isArray(list)) kept[n] = list.filter((e) => Array.isArray(e) && typeof e[0] === "string" && Number.isInteger(e[1]));
    deckMenu();
  }
  if (saved && !fresh) {
    $("editor").value = saved.cards;
    $("deck-name").value = saved.deck.name || "";
    entries = saved.deck.entries.filter((e) => Array.isArray(e) && typeof e[0] === "string" && Number.isInteger(e[1]));
  } else {
    $("editor").value = info.starter;
    $("deck-name").value = lang === "ja" ? "自作デッキ" : "My deck";
    entries = [];
  }
  edited();
  renderDeck();
}

$("editor").addEventListener("input", edited);
$("editor").addEventListener("click", () => pickByCaret());
$("editor").addEventListener("keyup", () => pickByCaret());
$("editor").addEventListener("scroll", () => { $("gutter").scrollTop = $("editor").scrollTop; });
$("new-card").addEventListener("click", () => {
  const ed = $("editor");
  const block = (info?.starter || "").replace("・改", "・新").replace(" Mk II", " Mk III");
  ed.value = ed.value.replace(/\s*$/, "") + (ed.value.trim() ? "\n\n" : "") + block;
  ed.setSelectionRange(ed.value.length, ed.value.length);
  edited();
});
$("reset-cards").addEventListener("click", () => {
  if (!confirm(t("confirmreset"))) return;
  $("editor").value = info?.starter || "";
  edited();
});
$("deck-name").addEventListener("input", deckChanged);
$("deck-clear").addEventListener("click", () => { entries = []; deckChanged(); });
$("deck-keep").addEventListener("click", keep);
$("deck-start").addEventListener("change", () => {
  const v = $("deck-start").value;
  const d = v.startsWith("s:") && info?.decks.find((x) => x.id === v.slice(2));
  if (d) {
    entries = d.entries.map(([n, k]) => [n, k]);
    $("deck-name").value = `${(lang === "ja" ? d.name : d.name_en || d.name)} ${lang === "ja" ? "改" : "(mine)"}`;
    deckChanged();
  } else if (v.startsWith("k:") && kept[v.slice(2)]) {
    entries = kept[v.slice(2)].map(([n, k]) => [n, k]);
    $("deck-name").value = v.slice(2);
    deckChanged();
  }
  $("deck-start").selectedIndex = 0;
});
$("deck-download").addEventListener("click", async () => {
  try { const text = await readyDeck(); download(new Blob([text], { type: "text/plain" }), `${deckSlug()}.txt`); }
  catch (e) { problem(e); }
});
$("deck-upload").addEventListener("change", (e) => upload(e.target.files[0]));
$("pool-filter").addEventListener("input", poolList);
$("play").addEventListener("click", play);
$("study").addEventListener("click", runStudy);
$("study-cancel").addEventListener("click", cancelStudy);
$("print-pdf").addEventListener("click", () => printDeck("pdf"));
$("print-tts").addEventListener("click", () => printDeck("tts"));
$("game-pick").addEventListener("change", () => { location.href = `/design/${$("game-pick").value}?lang=${lang}`; });
$("lang").addEventListener("click", async () => {
  lang = lang === "ja" ? "en" : "ja";
  localStorage.setItem("cardtable-lang", lang);
  await start();
  edited();
  renderDeck();
});
boot();
