// The replay page: a finished game's record stepped through, forward, back or to a turn, from
// one seat's view or a spectator's. The engine replays the record on the server and sends each
// position as that viewer may see it (the page never gets a hidden card of a seat it does not
// view); a step forward is told on the board as a live move is (story.js), a step back is
// drawn at once. Pure helpers (replayUrl, stepOf) are unit-tested in tests/js.
import { el, fit } from "./cardface.js";
import { draw as drawBoard, fanHand } from "./board.js";
import { createLog, entry } from "./log.js";
import { apply as applyCues, landed, snapshot, travel } from "./story.js";
import { PACE_MS, ownerName, tr } from "./state.js";

const WORDS = {
  en: { view: "View", spectator: "Spectator", seat: "Seat {n}", turn: "Turn", move: "Move {n} of {total}",
        start: "The start", end: "The end", replay: "Replay" },
  ja: { view: "視点", spectator: "観戦者", seat: "席{n}", turn: "ターン", move: "{total}手中{n}手目",
        start: "開始", end: "終了", replay: "リプレイ" },
};

// where a replay's steps come from: a table's (/replay/t/ID, a seat's link in the hash) or an
// uploaded record's (/replay/r/ID)
export function replayUrl(where, at, lang, view) {
  const parts = where.pathname.split("/").filter(Boolean);
  const kind = parts[1], id = decodeURIComponent(parts[2] || "");
  const q = `at=${at}&lang=${lang}${view === undefined || view === "" ? "" : `&view=${view}`}`;
  const token = new URLSearchParams((where.hash || "").slice(1)).get("k") || "";
  if (kind === "r") return { url: `/api/replays/${encodeURIComponent(id)}?${q}`, token: "" };
  return { url: `/api/tables/${encodeURIComponent(id)}/replay?${q}`, token };
}

// the move a turn starts at, and the turn a move belongs to
export function stepOf(turns, turn) {
  const hit = turns.find(([t]) => String(t) === String(turn));
  return hit ? hit[1] : 0;
}
export function turnAt(turns, n) {
  let out = turns.length ? turns[0][0] : 0;
  for (const [t, at] of turns) if (at <= n) out = t;
  return out;
}

const $ = (id) => document.getElementById(id);
if (typeof document !== "undefined" && $("controls")) main();

function main() {
  const params = new URLSearchParams(location.search);
  const state = { lang: params.get("lang") || localStorage.getItem("cardtable-lang") || "en",
                  pace: localStorage.getItem("cardtable-pace") || "normal", last: null, view: params.get("view") || "" };
  let n = Number(params.get("at") || 0), total = 0, busy = false, playing = false;
  const paceMs = () => PACE_MS[state.pace] || 0;
  const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
  const w = (k, v = {}) => WORDS[state.lang][k].replace(/\{(\w+)\}/g, (_, x) => v[x]);
  let landing = [], quiet = false;
  const log = createLog({
    paceMs,
    show: (item, shown) => {
      addLine(item.line);
      if (shown && !quiet) landing.push(...applyCues(document, item.cues, state.next, paceMs(), moveTo));
    },
    onStory: (s) => {
      document.body.dataset.story = s;
      if (s === "idle" && state.pendingDraw) {
        const before = quiet ? null : snapshot(document);
        state.last = state.pendingDraw;
        state.pendingDraw = null;
        drawAll();
        if (before) { travel(document, before, paceMs(), still()); landed(document, landing, paceMs()); }
        landing = [];
        busy = false;
        if (playing) setTimeout(() => (playing && n < total ? go(n + 1) : stopPlay()), paceMs());
      }
    },
  });

  // a table inside the move (a round's start): drawn with the cards travelling
  function moveTo(table) {
    const before = snapshot(document);
    const real = state.last;
    state.last = { ...real, table };
    drawBoard({ state, doc: document, used: new Set(), phone: matchMedia("(max-width: 760px)").matches,
                onCard: () => {}, onPile: () => {} });
    state.last = real;
    travel(document, before, paceMs(), still());
  }

  function addLine(line) {
    const { text, cls } = entry(line);
    const box = $("log");
    box.append(el("li", cls, text));
    box.scrollTop = box.scrollHeight;
  }

  async function fetchStep(at) {
    const { url, token } = replayUrl(location, at, state.lang, state.view);
    const r = await fetch(url, { headers: token ? { "x-seat-token": token } : {} });
    const data = await r.json();
    if (!r.ok) throw new Error(data.error || r.statusText);
    return data;
  }

  // one move on: its lines and cues told on the board as it stood, then its table
  async function go(at, told = true) {
    if (busy) return;
    busy = true;
    document.body.dataset.story = "telling";  // the board has not caught up until it is drawn
    let data;
    try { data = await fetchStep(at); } catch (e) {
      $("banner").textContent = String(e.message); $("banner").className = "show";
      busy = false; document.body.dataset.story = "idle"; return;
    }
    $("banner").className = "";
    total = data.total;
    const forward = data.n === n + 1 && state.last && told && paceMs();
    n = data.n;
    if (!forward) {
      log.clear();
      $("log").replaceChildren();
      for (const line of data.log) addLine(line);
      state.last = data;
      drawAll();
      busy = false;
      document.body.dataset.story = "idle";
      return;
    }
    state.next = data.table;
    state.pendingDraw = data;
    document.body.dataset.story = "telling";
    log.add(data.log.map((line, i) => ({ line, cues: data.cues[i] || [] })), false);
    if (!data.log.length) log.flush();
  }

  function drawAll() {
    const d = state.last, t = d.table;
    document.documentElement.lang = state.lang;
    document.body.classList.toggle("ja", state.lang === "ja");
    document.body.dataset.move = String(d.n);
    document.body.dataset.state = d.result ? "over" : "waiting";
    $("title").textContent = `${w("replay")} · ${d.title || t.game}`;
    document.title = `${w("replay")} · ${d.title || t.game} · cardtable`;
    $("phase").textContent = `${tr(state, "turn", { n: t.turn })} · ${t.phase}`;
    $("phase-phone").textContent = $("phase").textContent;
    $("lang").textContent = tr(state, "other");
    $("pace-label").textContent = tr(state, "pace");
    for (const o of $("pace").options) o.textContent = tr(state, o.value);
    $("pace").value = state.pace;
    $("view-label").textContent = w("view");
    $("turn-label").textContent = w("turn");
    $("log-title").textContent = tr(state, "log");
    if (d.seat !== null && d.seat !== undefined && state.view === "") state.mine = d.seat;
    const views = location.pathname.includes("/replay/r/")
      ? [["spectator", w("spectator")], ["0", w("seat", { n: 1 })], ["1", w("seat", { n: 2 })]]
      : state.mine !== undefined ? [["", w("seat", { n: state.mine + 1 })], ["spectator", w("spectator")]]
        : [["", w("spectator")]];
    $("view").replaceChildren(...views.map(([v, text]) => {
      const o = el("option", "", text); o.value = v; return o;
    }));
    $("view").value = state.view && views.some(([v]) => v === state.view) ? state.view : views[0][0];
    $("status").textContent = d.result
      ? (d.result.draw ? tr(state, "draw") : tr(state, "won", { n: d.result.winner + 1 }))
      : w("move", { n: d.n, total: d.total });
    $("status").className = d.result ? "over" : "waiting";
    $("prompt").textContent = d.n === 0 ? w("start") : d.n === d.total ? w("end") : w("move", { n: d.n, total: d.total });
    $("turn").replaceChildren(...d.turns.map(([turn, at]) => {
      const o = el("option", "", `${tr(state, "turn", { n: turn })}`); o.value = String(turn); o.dataset.at = String(at); return o;
    }));
    $("turn").value = String(turnAt(d.turns, d.n));
    $("scrub").max = String(d.total);
    $("scrub").value = String(d.n);
    $("first").disabled = $("back").disabled = d.n === 0;
    $("forward").disabled = $("last").disabled = d.n >= d.total;
    $("hand-title").textContent = d.seat === null ? `${ownerName(state, 0)} · ${tr(state, "handof")}` : tr(state, "hand");
    drawBoard({ state, doc: document, used: new Set(), phone: matchMedia("(max-width: 760px)").matches,
                onCard: () => {}, onPile: () => {} });
    const grid = $("grid");
    const rows = Number(grid.style.getPropertyValue("--rows")) || 1;
    const per = Math.floor((grid.clientHeight - (rows - 1) * 6) / rows) - 18;
    grid.style.setProperty("--slot-h", `${Math.max(54, Math.min(150, per))}px`);
    fit(document.body);
    fanHand($("hand"));
  }

  function skipStory() { quiet = true; log.flush(); quiet = false; }
  function stopPlay() { playing = false; $("play").textContent = "▶▶"; }
  $("forward").addEventListener("click", () => { if (busy) skipStory(); else if (n < total) go(n + 1); });
  $("back").addEventListener("click", () => { stopPlay(); skipStory(); if (n > 0) go(n - 1); });
  $("first").addEventListener("click", () => { stopPlay(); skipStory(); go(0); });
  $("last").addEventListener("click", () => { stopPlay(); skipStory(); go(total); });
  $("scrub").addEventListener("change", () => { stopPlay(); skipStory(); go(Number($("scrub").value)); });
  $("turn").addEventListener("change", () => {
    stopPlay(); skipStory();
    go(stepOf(state.last.turns, $("turn").value));
  });
  $("play").addEventListener("click", () => {
    if (playing) { stopPlay(); return; }
    playing = true;
    $("play").textContent = "⏸";
    if (!busy && n < total) go(n + 1);
  });
  $("view").addEventListener("change", () => { state.view = $("view").value; stopPlay(); skipStory(); go(n, false); });
  $("pace").addEventListener("change", () => {
    state.pace = $("pace").value; localStorage.setItem("cardtable-pace", state.pace);
  });
  $("lang").addEventListener("click", () => {
    state.lang = state.lang === "en" ? "ja" : "en";
    localStorage.setItem("cardtable-lang", state.lang);
    skipStory(); go(n, false);
  });
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => {
      for (const o of document.querySelectorAll("#tabs button")) o.classList.toggle("on", o === b);
      document.body.classList.toggle("tab-log", b.dataset.tab === "log");
    });
  }
  document.addEventListener("keydown", (ev) => {
    if (ev.target.matches && ev.target.matches("select, input")) return;
    if (ev.key === "ArrowRight") $("forward").click();
    else if (ev.key === "ArrowLeft") $("back").click();
  });
  go(n, false);
}
