// The table page: draws any game from the server's projection and sends action codes. It knows
// no game: zones, cards, counters, the question and the choices all come from the server. This
// module only wires the others to the page: state.js (what the page knows), connection.js (the
// socket), board.js (where zones go), choices.js (what a click means), log.js (the story told
// at the chosen pace).
import { el, face, fit } from "./cardface.js";
import { buttons, click, clickSays, dragPointer, dragStarted, draggable, drop, dropTargets, endTurnMove, level, loadStops, menuSet, swapMoves, swapPairs, nextRefs, press, saveStops, segments, sentenceCase, stopMove,
  usedZones, whyNot } from "./choices.js";
import { connect, socketUrl } from "./connection.js";
import { draw as drawBoard, fanHand, zoneCards } from "./board.js";
import { createLog, entry } from "./log.js";
import { createClock } from "./clock.js";
import { apply as applyCues, landed, snapshot, storyItems, travel } from "./story.js";
import { PACE_MS, chartLines, createState, endSummary, ownerName, receive, remembered, statusText, tr }
  from "./state.js";

const $ = (id) => document.getElementById(id);
const state = createState(localStorage, location);
const cardsByEl = new WeakMap();
const touch = window.matchMedia("(hover: none), (pointer: coarse)").matches;
// the reader asked for less motion: the story is still told step by step, nothing slides
const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const paceMs = () => PACE_MS[state.pace] || 0;

// a choice with one legal option is never asked: it is sent once the story has been told
let forced = null;
// a move's new table waits while its story is told: the board is never ahead of the log, and
// the result and the next question come when the log reaches them
let held = false;
// the cards put on the table by the lines told so far, shown once the table has them
let landing = [];
// Skip (or a move sent) tells the rest at once: nothing is animated on the way
let quiet = false;
// "End turn" pressed: {turn} while the page passes the rest of that turn's windows for the seat
let ending = null;
const log = createLog({
  paceMs,
  show: tell,
  onStory: (story) => {
    document.body.dataset.story = story;
    $("skip").hidden = story !== "telling" || !held;
    if (story === "idle") {
      $("ticker").hidden = true;
      if (held && state.last) {
        held = false;
        const before = quiet ? null : snapshot(document);
        draw();
        if (before) { travel(document, before, paceMs(), still()); landed(document, landing, paceMs()); }
        landing = [];
      }
      if (forced !== null) sendForced();
      if (state.last) { drawStatus(); showEnd(); if (state.last.result) drawChoices(); }
    }
  },
});

function sendForced() {
  const code = forced;
  forced = null;
  if (state.last && state.last.yours && !state.last.result) send({ move: code, n: state.last.n });
}

// one step of the story: a log line with what it does to the board (the board as it stands),
// or a move's table drawn with its cards travelling from where they were
function tell(item, shown) {
  if (item && item.frame) {
    if (!shown || quiet) return;  // skipped: the last table is drawn once idle
    moveTo(item.frame);
    landed(document, landing, paceMs());
    landing = [];
    return;
  }
  if (item && item.line !== undefined) {
    addLog(item.line, shown);
    if (shown && !quiet) landing.push(...applyCues(document, item.cues, nextTable(), paceMs(), moveTo));
    return;
  }
  addLog(item, shown);
}

// the board redrawn as the story reaches a table (a move's end, a round's start), its cards
// travelling from where they were
function moveTo(table) {
  const before = snapshot(document);
  drawFrame(table);
  travel(document, before, paceMs(), still());
}

// the table the story is heading to next: the next frame in the queue, else the message's own
function nextTable() { return log.peek ? (log.peek((i) => i && i.frame)?.frame || state.last.table) : state.last.table; }

// the board as it stood after one move of the story: no question, no choices, no result yet
function drawFrame(table) {
  const real = state.last;
  const frame = { ...real, table, choices: [], yours: false, result: null, question: "",
                  unplayable: [], undo: false };
  const view = { ...state, last: frame };
  drawBoard({ state: view, doc: document, used: new Set(), phone: isPhone(),
              onCard: watchCard, onPile: openDrawer });
  $("phase").textContent = `${tr(state, "turn", { n: table.turn })} · ${table.phase}`;
  $("phase-phone").textContent = $("phase").textContent;
  $("notes").replaceChildren(...(table.notes || []).map((n) => el("li", "", n)));
  $("undo").hidden = true;
  sizeCards();
  fanHand($("hand"));
  keepDetail();
}

// every log line as [tone, text], for the end screen's "how"
const told = [];
function addLog(line, show) {
  told.push(Array.isArray(line) ? line : ["", line]);
  const box = $("log");
  for (const old of box.querySelectorAll("li.new")) old.classList.remove("new");
  const { tone, text, cls } = entry(line);
  box.append(el("li", cls, text));
  box.scrollTop = box.scrollHeight;
  if (show && tone !== "head") {
    const t = $("ticker");
    t.textContent = text;
    t.hidden = false;
  }
}

function banner(text) {
  $("banner").textContent = text || "";
  $("banner").className = text ? "show" : "";
}

// the clock bar of a lobby table (names, times, waiting, resign): clock.js owns #clockbar
const clock = createClock({
  box: $("clockbar"), lang: () => state.lang,
  resign: () => fetch(`/api/tables/${encodeURIComponent(state.tableId)}/resign`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: state.token }) }),
});

const socket = connect({
  url: socketUrl(location, state.tableId),
  hello: () => ({ token: state.token, lang: state.lang }),
  stopped: () => state.fatal,
  onDown: () => banner(tr(state, "reconnect")),
  onMessage: (msg) => {
    const got = receive(state, msg);
    if (got.error) {
      banner(got.error);
      if (state.last) drawChoices();
      return;
    }
    banner("");
    clock.show(msg);
    if (got.reset) { $("log").replaceChildren(); log.clear(); told.length = 0; }
    log.add(got.reset ? got.log : storyItems(msg), got.reset);
    // a tutorial's step with a note waits for its click, though it is the one choice offered
    const lesson = state.last.tutorial;
    const teaching = !!(lesson && !lesson.over && lesson.code !== null && !lesson.quiet);
    const only = state.last.yours && !state.last.result && state.last.choices.length === 1
      && !teaching;
    // nothing to click, or a decision under a stop the player has off: it goes by itself
    const settings = loadStops(localStorage, state.last.table.game);
    const stopped = stopMove(state.last, settings);
    // "End turn" pressed this turn: a window under a stop is passed unless the stop holds
    if (ending && state.last.table.turn !== ending.turn) ending = null;
    const ended = teaching ? null : endTurnMove(state.last, ending, settings);
    if (autoPass() && (only || stopped !== null)) {
      state.pending = true;
      forced = only ? state.last.choices[0].code : stopped;
    } else if (ended !== null) {
      state.pending = true;
      forced = ended;
    }
    if (log.telling && !got.reset && document.body.dataset.move) {
      held = true;  // drawn when the story is told (idle), or at once by Skip
      $("skip").hidden = false;
      drawTelling();
    } else {
      held = false;
      draw();
    }
    remember(!!msg.result);
    if (forced !== null && !log.telling) sendForced();
  },
});

function send(msg) { socket.send(msg); }

// a first-game tutorial: its step and note above the question (the one move it asks is the
// only choice offered), its closing note once over
function drawTutorial() {
  const lesson = state.last.tutorial, box = $("tutorial");
  box.hidden = !lesson || !lesson.note;
  if (box.hidden) return;
  $("tutorial-head").textContent = lesson.over ? tr(state, "tutorial_over", { title: lesson.title })
    : tr(state, "tutorial_step", { title: lesson.title, n: lesson.step, of: lesson.of });
  $("tutorial-note").replaceChildren(...linked(lesson.note, state.last.words && state.last.words.tutorial));
}

// a text with its game words linked to their glossary entries on the How to play page
function linked(text, words) {
  const game = state.last.table.game;
  const told = new Map((words || []).map((w) => [w[2], w[3]]));
  return segments(text, words).map(([piece, key]) => {
    if (!key) return document.createTextNode(piece);
    const a = el("a", "term", piece);
    a.href = `/how/${encodeURIComponent(game)}?lang=${state.lang}#g-${encodeURIComponent(key)}`;
    a.target = "_blank";
    a.rel = "noopener";
    a.dataset.term = key;
    if (told.get(key)) a.title = told.get(key);
    return a;
  });
}

// the stops control (Arena's): one box a stop, on where the player wants to be asked
function drawStops() {
  const last = state.last, list = last.stops || [];
  const box = $("stops");
  box.hidden = !list.length || last.seat === null;
  if (box.hidden) return;
  const game = last.table.game, mine = loadStops(localStorage, game);
  $("stops-title").textContent = tr(state, "stops");
  $("stops-title").title = tr(state, "stops_help");
  $("stops-list").replaceChildren(...list.map((s) => {
    const input = el("input", "");
    input.type = "checkbox";
    input.checked = s.key in mine ? mine[s.key] : s.on;
    input.dataset.stop = s.key;
    input.addEventListener("change", () => {
      const now = loadStops(localStorage, game);
      now[s.key] = input.checked;
      saveStops(localStorage, game, now);
    });
    const label = el("label", "");
    label.title = s.help;
    label.append(input, el("span", "", s.label));
    const li = el("li", "");
    li.append(label);
    return li;
  }));
}
function autoPass() { return localStorage.getItem("cardtable-autopass") !== "off"; }

function remember(over) {
  if (!state.token || !state.last) return;
  let list = [];
  try { list = JSON.parse(localStorage.getItem("cardtable-tables") || "[]"); } catch { list = []; }
  localStorage.setItem("cardtable-tables", JSON.stringify(remembered(list, state, over, Date.now())));
}

// -- drawing ----------
function draw() {
  const last = state.last, t = last.table;
  document.documentElement.lang = state.lang;
  document.body.classList.toggle("ja", state.lang === "ja");
  $("lang").textContent = tr(state, "other");
  $("title").textContent = last.title || t.game;
  document.title = `${last.title || t.game} · cardtable`;
  $("phase").textContent = `${tr(state, "turn", { n: t.turn })} · ${t.phase}`;
  $("log-title").textContent = tr(state, "log");
  $("tab-log").textContent = tr(state, "log");
  $("tab-table").textContent = tr(state, "table");
  $("pace-label").textContent = tr(state, "pace");
  for (const o of $("pace").options) o.textContent = tr(state, o.value);
  $("pace").value = state.pace;
  $("hand-title").textContent = last.seat === null
    ? `${tr(state, "player", { n: 1 })} · ${tr(state, "handof")}` : tr(state, "hand");
  drawStatus();
  document.body.dataset.move = String(last.n);  // what tests wait on: a selector, no eval
  document.body.dataset.pending = state.pending ? "yes" : "no";
  document.body.dataset.choices = String(last.yours && !last.result ? last.choices.length : 0);
  $("autopass").checked = autoPass();
  $("skip").textContent = tr(state, "skip");
  $("autopass-label").textContent = tr(state, "autopass");
  $("autopass-label").parentElement.title = tr(state, "autopass_help");
  drawStops();
  drawTutorial();
  document.body.classList.toggle("spectator", last.seat === null);
  // the narration: above the question, so that it never covers the board (a card, a label)
  const tickerHome = $("promptbox");
  if ($("ticker").parentElement !== tickerHome) $("skip").after($("ticker"));
  drawBoard({ state, doc: document, used: usedZones(last.choices), phone: isPhone(),
              onCard: watchCard, onPile: openDrawer });
  $("notes").replaceChildren(...t.notes.map((n) => el("li", "", n)));
  $("how").href = `/how/${encodeURIComponent(t.game)}?lang=${state.lang}`;
  $("how").title = tr(state, "how");
  $("how").textContent = `? ${tr(state, "how")}`;
  // a phone keeps the phase and How to play beside the tabs, the header on one line
  $("phase-phone").textContent = $("phase").textContent;
  $("how-phone").href = $("how").href;
  $("how-phone").title = tr(state, "how");
  $("how-phone").setAttribute("aria-label", tr(state, "how"));
  $("undo").hidden = !(last.undo && !last.result);
  $("undo").textContent = tr(state, "undo");
  const rec = $("record");
  rec.hidden = !last.result;
  rec.textContent = tr(state, "record");
  rec.href = `/api/tables/${encodeURIComponent(state.tableId)}/record`;
  $("rematch").hidden = !(last.result && last.seat !== null && state.token);
  $("rematch").textContent = tr(state, "rematch");
  sizeCards();
  fanHand($("hand"));
  keepDetail();
  drawChoices();
  showEnd();
}

// -- the end: once the story has reached it, a screen says who won and how ----------
let endClosed = false;
function showEnd() {
  const box = $("end");
  const last = state.last;
  if (!last.result || log.telling) { box.hidden = true; if (!last.result) endClosed = false; return; }
  if (endClosed) return;
  const sum = endSummary(state, told);
  $("end-head").textContent = sum.head;
  $("end-how").replaceChildren(...sum.how.map((t) => el("li", "", t)));
  const rows = [["", ...sum.seats], ...sum.rows];
  $("end-rows").replaceChildren(...rows.map((row, i) => {
    const tr_ = el("tr", "");
    row.forEach((cell) => tr_.append(el(i === 0 ? "th" : "td", "", cell)));
    return tr_;
  }));
  $("end-rematch").hidden = !(last.seat !== null && state.token);
  $("end-rematch").textContent = tr(state, "rematch");
  $("end-record").textContent = tr(state, "record");
  $("end-record").href = $("record").href;
  $("end-lobby").textContent = tr(state, "lobby");
  const replay = $("end-replay");
  replay.textContent = tr(state, "replay");
  replay.href = `/replay/t/${encodeURIComponent(state.tableId)}${state.token ? `#k=${state.token}` : ""}`;
  drawChart(last);
  $("end-close").textContent = tr(state, "end_look");
  box.dataset.outcome = last.result.draw ? "draw" : last.seat === null ? "watched"
    : last.result.winner === last.seat ? "win" : "lose";
  box.hidden = false;
}
// the key counters over the game, as the replay of the record counts them (an SVG of lines)
let charted = null;
async function drawChart(last) {
  const key = `${state.tableId}:${last.n}:${state.lang}`;
  if (charted === key) return;
  charted = key;
  const box = $("end-chart");
  box.replaceChildren();
  try {
    const headers = state.token ? { "x-seat-token": state.token } : {};
    const r = await fetch(`/api/tables/${encodeURIComponent(state.tableId)}/replay?at=${last.n}&lang=${state.lang}`, { headers });
    if (!r.ok) return;
    const data = await r.json();
    const kind = (id) => String(id).split(".")[0];
    const first = data.series.length ? kind(data.series[0].id) : "";
    const series = data.series.filter((s) => kind(s.id) === first);  // the score that decides
    if (!series.length || series.every((s) => s.values.length < 2)) return;
    const W = 260, H = 70, ns = "http://www.w3.org/2000/svg";
    const svgEl = document.createElementNS(ns, "svg");
    svgEl.setAttribute("viewBox", `0 0 ${W} ${H + 14}`);
    svgEl.setAttribute("width", String(W));
    svgEl.setAttribute("class", "end-chart");
    svgEl.setAttribute("role", "img");
    svgEl.setAttribute("aria-label", `${tr(state, "over_time")}: ${series.map((s) => `${ownerName(state, s.owner)} ${s.label} ${s.values.join(" → ")}`).join("; ")}`);
    const axis = document.createElementNS(ns, "line");
    for (const [a, v] of [["x1", 4], ["y1", H - 4], ["x2", W - 4], ["y2", H - 4]]) axis.setAttribute(a, String(v));
    axis.setAttribute("class", "axis");
    svgEl.append(axis);
    const mine = last.seat === null ? 0 : last.seat;
    chartLines(series, W, H).forEach((line, i) => {
      const p = document.createElementNS(ns, "polyline");
      p.setAttribute("points", line.points);
      p.setAttribute("fill", "none");
      p.setAttribute("stroke-width", "2");
      p.setAttribute("stroke", line.owner === mine ? "#2b78c4" : "#d4552b");
      if (i > 1) p.setAttribute("stroke-dasharray", "4 3");
      svgEl.append(p);
    });
    const caption = document.createElementNS(ns, "text");
    caption.setAttribute("x", "4"); caption.setAttribute("y", String(H + 11));
    caption.textContent = `${tr(state, "over_time")} · ${series[0].label}`;
    svgEl.append(caption);
    box.append(svgEl);
  } catch { /* the chart is a nicety: the table and its buttons stand without it */ }
}

// closed on a wide screen (the header keeps Rematch and the record); on a phone folded to its
// head and buttons, which the narrow header has no room for
$("end-close").addEventListener("click", () => {
  if (isPhone()) { $("end").classList.toggle("small"); return; }
  endClosed = true;
  $("end").hidden = true;
});

// while a story is told: no question, no choices and no turn yet (the old ones are gone with
// the move that was made; the next come when the board has caught up)
function drawTelling() {
  document.body.dataset.state = "waiting";
  $("status").className = "waiting";
  $("status").textContent = "…";
  $("prompt").textContent = "…";
  $("sofar").textContent = "";
  $("choices").replaceChildren();
  $("promptbox").classList.remove("active");
  endDrag();
  for (const e of document.querySelectorAll(".pickable, .picked")) {
    e.classList.remove("pickable", "picked");
    e.removeAttribute("data-testid");
    e.removeAttribute("data-drag");
  }
}

// the status pill and <body data-state>: the result only once the story has reached it
function drawStatus() {
  const last = state.last;
  const ended = last.result && !log.telling;
  const mode = ended ? "over" : last.yours && !last.result ? "your-turn" : "waiting";
  document.body.dataset.state = mode;
  const status = $("status");
  status.className = mode;
  status.textContent = last.result && !ended ? "…" : statusText(state);
}

function isPhone() { return window.matchMedia("(max-width: 760px)").matches; }

// the board's rows share the height left between the opponent's strip and the hand
function sizeCards() {
  const grid = $("grid");
  const rows = Number(grid.style.getPropertyValue("--rows")) || 1;
  const per = Math.floor((grid.clientHeight - (rows - 1) * 6) / rows) - 18;
  grid.style.setProperty("--slot-h", `${Math.max(54, Math.min(150, per))}px`);
  fit(document.body);
}

// -- choosing ----------
function drawn(ref) { return !!document.querySelector(`[data-refs~="${CSS.escape(ref)}"]`); }

function nameOf(ref) {
  const node = document.querySelector(`[data-refs~="${CSS.escape(ref)}"]`);
  const name = node && node.querySelector("[data-testid=card-name]");
  if (name) return name.textContent;
  const label = node && node.querySelector(".slot-label");
  return label ? label.textContent : ref.split(/[/#]/).pop();
}

function sendMove(code) {
  state.pending = true;
  state.sel = []; state.prefix = [];
  document.body.dataset.pending = "yes";
  quiet = true; log.flush(); quiet = false;
  send({ move: code, n: state.last.n });
  drawChoices();
}

function clickRef(ref) {
  if (state.pending) return;
  const r = click(state.last.choices, state.sel, ref);
  if (r.send !== null) return sendMove(r.send);
  state.sel = r.sel; state.prefix = r.prefix;
  drawChoices();
}

function pick(option) {
  const r = press(menuSet(state.last.choices, state.sel, drawn), state.prefix, option);
  if (r.send !== null) return sendMove(r.send);
  state.prefix = r.prefix;
  drawChoices();
}

function takeBack() {
  if (state.prefix.length) state.prefix = [];
  else state.sel.pop();
  drawChoices();
}

function drawChoices() {
  const last = state.last;
  const box = $("choices");
  box.replaceChildren();
  endDrag();
  for (const e of document.querySelectorAll(".pickable, .picked")) {
    e.classList.remove("pickable", "picked");
    e.removeAttribute("data-testid");
    e.removeAttribute("data-drag");
    if (e.tabIndex === 0 && !e.matches("button")) e.tabIndex = -1;
  }
  for (const e of document.querySelectorAll("[data-why]")) {
    e.removeAttribute("data-why");
    e.classList.remove("unplayable");
  }
  const prompt = $("prompt");
  const mine = last.yours && !last.result;
  if (last.result) prompt.textContent = log.telling ? "…" : tr(state, "over");
  else if (mine && last.question) prompt.replaceChildren(...linked(last.question, last.words && last.words.question));
  else if (mine) prompt.textContent = tr(state, "yours");
  else prompt.textContent = statusText(state);
  $("sofar").textContent = state.sel.length
    ? tr(state, "chosen", { what: state.sel.map(nameOf).join(" → ") }) : "";
  $("promptbox").classList.toggle("active", !!mine);
  if (!mine || !last.choices.length) return;
  if (state.pending) { box.append(el("div", "hint", "…")); return; }
  const next = nextRefs(last.choices, state.sel);
  for (const ref of state.sel) {
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
      // a play that one click sends says what it is (and costs) on the thing clicked
      const says = clickSays(last.choices, state.sel, ref);
      if (says) { node.title = says; node.dataset.says = says; }
      // a thing a drop can finish the choice of: it may be dragged there (mouse, pen)
      if (!touch && draggable(last.choices, state.sel, ref)) node.dataset.drag = "yes";
    }
  }
  if (!state.sel.length) {  // a card that cannot be played now, dimmed with the core's reason
    for (const [ref, why] of whyNot(last.unplayable)) {
      for (const node of document.querySelectorAll(`[data-refs~="${CSS.escape(ref)}"]`)) {
        if (claimed.has(node)) continue;
        node.classList.add("unplayable");
        node.dataset.why = why;
        node.title = tr(state, "why", { why });
      }
    }
  }
  const set = menuSet(last.choices, state.sel, drawn);
  if (state.sel.length || state.prefix.length) {
    const b = el("button", "back", tr(state, "back"));
    b.type = "button";
    b.dataset.testid = "back";
    b.addEventListener("click", takeBack);
    box.append(b);
  }
  const drags = !!document.querySelector("#layout .pickable[data-drag]");
  const first = touch || isPhone() ? "pick_first_touch" : drags ? "pick_first_drag" : "pick_first";
  if (!state.sel.length && next.size) box.append(el("div", "hint", tr(state, first)));
  else if (state.sel.length && next.size) box.append(el("div", "hint", tr(state, "pick_next")));
  buttons(set, state.prefix, tr(state, "ok")).forEach(([option, text], i) => {
    const b = el("button", "choice", sentenceCase(text));
    b.type = "button";
    b.setAttribute("data-testid", "choice");
    if (i < 9 && !touch) b.append(el("kbd", "", String(i + 1)));
    b.addEventListener("click", () => pick(option));
    // a button that is one field shuffle shows its swaps on the board while pointed at
    const l = level(set, option === null ? state.prefix : [...state.prefix, option]);
    const one = option === null ? l.finished[0] : (l.matching.length === 1 ? l.matching[0] : null);
    if (one && one.swaps) {
      for (const on of ["mouseenter", "focus"]) b.addEventListener(on, () => showSwaps(one.swaps));
      for (const off of ["mouseleave", "blur"]) b.addEventListener(off, () => showSwaps(swapPairs(last.choices, state.sel)));
    }
    box.append(b);
  });
  showSwaps(swapPairs(last.choices, state.sel));
  // Arena's "End turn": this window's pass, and the turn's later windows passed for the seat
  // (it is still asked to block, to aim, and when the opponent plays something it can answer);
  // offered by a game whose stops say where it still stops (Dreadnought's), not by one whose
  // one stop is a step of its own turn (Culdcept's spell step: "Cast no spell" says it all)
  const endable = (last.stops || []).some((s) => s.holds);
  if (endable && last.stop && !state.sel.length && !state.prefix.length && !(last.tutorial && !last.tutorial.over)) {
    const b = el("button", "end-turn", tr(state, "end_turn"));
    b.type = "button";
    b.dataset.testid = "end-turn";
    b.title = tr(state, "end_turn_help");
    b.addEventListener("click", () => { ending = { turn: last.table.turn }; sendMove(last.stop.move); });
    box.append(b);
  }
}

// -- a field shuffle previewed: the cards of each pair of places drawn where they will go,
// dashed, before anything is sent (the clicks so far; a pointed lane or button adds its own)
function showSwaps(pairs) {
  for (const e of document.querySelectorAll(".swap-preview")) {
    e.classList.remove("swap-preview");
    e.style.transform = "";
  }
  for (const [from, to] of swapMoves(pairs)) {
    const a = document.querySelector(`#layout [data-refs~="${CSS.escape(from)}"]`);
    const b = document.querySelector(`#layout [data-refs~="${CSS.escape(to)}"]`);
    const card = a && a.querySelector(".card");
    if (!card || !b) continue;
    const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    card.classList.add("swap-preview");
    card.style.transform = `translate(${Math.round(rb.left - ra.left)}px, ${Math.round(rb.top - ra.top)}px)`;
  }
}
function clickable(ev) {
  const node = ev.target.closest && ev.target.closest(".pickable");
  return node && node.dataset.pick && !node.matches("button") ? node : null;
}
document.addEventListener("mouseover", (ev) => {
  const node = clickable(ev);
  if (!node || !state.last || state.pending) return;
  showSwaps(swapPairs(state.last.choices, [...state.sel, node.dataset.pick]));
});
document.addEventListener("mouseout", (ev) => {
  const node = clickable(ev);
  if (!node || !state.last || (ev.relatedTarget && node.contains(ev.relatedTarget))) return;
  showSwaps(swapPairs(state.last.choices, state.sel));
});

// -- card details: in a fixed place beside the question (never over a choice), shown on
// hover, keyboard focus or a long press, and gone once its card has left the table ----------
let pinned = false, shown = null, pressed = false;
function showDetail(card, node) {
  const d = $("detail");
  d.replaceChildren();
  const big = face(card);
  big.classList.add("big");
  d.append(big, el("div", "text", card.text || card.name));
  // a card that cannot be played now says why where its text is read (hover, long press)
  const dimmed = node && node.closest && node.closest("[data-why]");
  if (dimmed) d.append(el("div", "why", tr(state, "why", { why: dimmed.dataset.why })));
  d.hidden = false;
  d.classList.toggle("pinned", pinned);
  shown = card;
  fit(d);
}
function hideDetail(force) {
  if (pinned && !force) return;
  pinned = false; shown = null;
  $("detail").hidden = true;
}
// after a redraw: the card shown is still on the table (same key and name), or the detail goes
function keepDetail() {
  if (!shown) return;
  const still = [...document.querySelectorAll("#layout .card")].some((e) => {
    const c = cardsByEl.get(e);
    return c && c.key === shown.key && c.name === shown.name;
  });
  if (!still) hideDetail(true);
}
function watchCard(e, card) {
  cardsByEl.set(e, card);
  if (!card.face_up) return;
  e.tabIndex = -1;
  // on a phone the detail opens by a long press only: shown on hover it would move the board
  e.addEventListener("mouseenter", () => { if (!touch && !isPhone() && !(drag && drag.ghost)) showDetail(card, e); });
  e.addEventListener("mouseleave", () => hideDetail(false));
  let timer = null;
  e.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "touch") return;
    timer = setTimeout(() => { pinned = true; pressed = true; showDetail(card, e); timer = null; }, 450);
  });
  for (const stop of ["pointerup", "pointercancel", "pointermove"])
    e.addEventListener(stop, () => { if (timer) { clearTimeout(timer); timer = null; } });
  e.addEventListener("contextmenu", (ev) => { ev.preventDefault(); pinned = true; showDetail(card, e); });
}
document.addEventListener("focusin", (ev) => {
  const node = ev.target.closest && ev.target.closest(".card, .slot");
  const card = node && (cardsByEl.get(node) || cardsByEl.get(node.querySelector(".card")));
  if (card && card.face_up && !isPhone()) showDetail(card, node);
  else hideDetail(false);
});
document.addEventListener("pointerdown", (ev) => {
  if (pinned && !ev.target.closest("#detail") && !pressed) hideDetail(true);
});

// -- a drag (Hearthstone's, Arena's): a card or unit carried onto what its choice ends on is
// the two clicks in one gesture (choices.js: drop). While it is carried the targets glow and
// everything else dims (<body data-drag="on">); a drop elsewhere, Escape or a lost pointer
// cancels with nothing made. Mouse and pen only: on a touch screen a long press shows the card
// and a finger's move scrolls, so taps stay the way there. The carried card is a copy in a
// fixed layer: nothing on the board moves or resizes while it goes.
let drag = null;  // {from, node, x, y, ghost, targets, over} from the press on
let dragged = false;  // the click that ends a drag chooses nothing
document.addEventListener("pointerdown", (ev) => {
  if (!dragPointer(ev.pointerType, ev.button) || !state.last || state.pending) return;
  const node = ev.target.closest && ev.target.closest(".pickable[data-drag]");
  if (!node || node.matches("button")) return;
  drag = { from: node.dataset.pick, node, x: ev.clientX, y: ev.clientY, ghost: null, targets: null, over: null };
});
document.addEventListener("pointermove", (ev) => {
  if (!drag) return;
  if (!drag.ghost) {
    if (!dragStarted(ev.clientX - drag.x, ev.clientY - drag.y)) return;
    liftDrag();
  }
  moveGhost(ev.clientX, ev.clientY);
  const under = document.elementFromPoint(ev.clientX, ev.clientY);
  const over = under && under.closest ? under.closest(".drop-target") : null;
  if (over !== drag.over) {
    if (drag.over) drag.over.classList.remove("drop-over");
    if (over) over.classList.add("drop-over");
    drag.over = over;
  }
});
document.addEventListener("pointerup", (ev) => {
  if (!drag) {  // a drag cancelled on the way (Escape, a redraw): its click chooses nothing
    if (dragged) setTimeout(() => { dragged = false; }, 0);
    return;
  }
  const lifted = !!drag.ghost, from = drag.from;
  const under = lifted ? document.elementFromPoint(ev.clientX, ev.clientY) : null;
  const over = under && under.closest ? under.closest(".drop-target") : null;
  const to = over ? over.dataset.drop : null;
  endDrag(true);
  if (!lifted) return;  // a press that did not move is a click: the click handler has it
  dragged = true;
  setTimeout(() => { dragged = false; }, 0);
  if (state.pending || !state.last) return;
  const r = drop(state.last.choices, state.sel, from, to);
  if (!r) return;  // dropped elsewhere: cancelled
  if (r.send !== null) return sendMove(r.send);
  state.sel = r.sel; state.prefix = r.prefix;
  drawChoices();
});
document.addEventListener("pointercancel", () => endDrag());
document.addEventListener("dragstart", (ev) => { if (drag) ev.preventDefault(); });

// the press has moved: a copy of the card follows the pointer, the targets are marked
function liftDrag() {
  const { node, from } = drag;
  const card = node.matches(".card") ? node : node.querySelector(".card") || node;
  const r = card.getBoundingClientRect();
  const ghost = card.cloneNode(true);
  ghost.classList.remove("pickable", "picked", "drag-source");
  ghost.classList.add("drag-ghost");
  ghost.removeAttribute("data-testid");
  ghost.removeAttribute("data-refs");
  ghost.removeAttribute("tabindex");
  ghost.setAttribute("aria-hidden", "true");
  ghost.dataset.testid = "drag-ghost";
  ghost.style.width = `${r.width}px`;
  ghost.style.height = `${r.height}px`;
  ghost.style.marginLeft = "0";
  drag.dx = drag.x - r.left; drag.dy = drag.y - r.top;
  document.body.append(ghost);
  drag.ghost = ghost;
  node.classList.add("drag-source");
  drag.targets = [];
  for (const ref of dropTargets(state.last.choices, state.sel, from)) {
    for (const t of document.querySelectorAll(`#layout [data-refs~="${CSS.escape(ref)}"]`)) {
      t.classList.add("drop-target");
      t.dataset.drop = ref;
      drag.targets.push(t);
    }
  }
  document.body.dataset.drag = "on";
  hideDetail(true);
  if (window.getSelection) window.getSelection().removeAllRanges();
}
function moveGhost(x, y) {
  drag.ghost.style.transform = `translate(${Math.round(x - drag.dx)}px, ${Math.round(y - drag.dy)}px)`;
}
function endDrag(released = false) {
  if (!drag) return;
  if (drag.ghost && !released) dragged = true;  // cancelled while carried
  if (drag.ghost) drag.ghost.remove();
  drag.node.classList.remove("drag-source");
  for (const t of drag.targets || []) {
    t.classList.remove("drop-target", "drop-over");
    t.removeAttribute("data-drop");
  }
  delete document.body.dataset.drag;
  drag = null;
}

// -- clicks and keys on the table ----------
document.addEventListener("click", (ev) => {
  if (dragged) {  // the click a drag ends (on what it was dropped on) chooses nothing more
    dragged = false;
    ev.preventDefault();
    ev.stopPropagation();
    return;
  }
  if (pressed) {  // a long press only shows the card: the click it ends chooses nothing
    pressed = false;
    ev.preventDefault();
    ev.stopPropagation();
    return;
  }
  const node = ev.target.closest(".pickable");
  if (node && node.dataset.pick && !node.matches("button")) {
    ev.preventDefault();
    clickRef(node.dataset.pick);
  }
}, true);
document.addEventListener("keydown", (ev) => {
  if (ev.target.matches && ev.target.matches("select, input, textarea")) return;
  if ((ev.key === "Enter" || ev.key === " ") && ev.target.classList && ev.target.classList.contains("pickable")) {
    ev.preventDefault();
    clickRef(ev.target.dataset.pick);
  } else if (/^[1-9]$/.test(ev.key)) {
    const b = $("choices").querySelectorAll("button.choice:not([disabled])")[Number(ev.key) - 1];
    if (b) { ev.preventDefault(); b.click(); }
  } else if (ev.key === "Escape" || ev.key === "Backspace") {
    if (drag) { ev.preventDefault(); endDrag(); return; }
    if (!$("drawer").hidden) { $("drawer").hidden = true; return; }
    if (state.sel.length || state.prefix.length) { ev.preventDefault(); takeBack(); }
  }
});

function openDrawer(z) {
  $("drawer-title").textContent = `${ownerName(state, z.owner)} · ${z.label}`;
  const box = $("drawer-cards");
  box.replaceChildren();
  zoneCards({ state, onCard: watchCard }, z, box);
  $("drawer").hidden = false;
  fit(box);
  $("drawer-close").focus();
}
$("drawer-close").addEventListener("click", () => { $("drawer").hidden = true; });

$("lang").addEventListener("click", () => {
  state.lang = state.lang === "en" ? "ja" : "en";
  localStorage.setItem("cardtable-lang", state.lang);
  if (socket.open) send({ lang: state.lang });
});
$("pace").addEventListener("change", () => {
  state.pace = $("pace").value;
  localStorage.setItem("cardtable-pace", state.pace);
  if (!PACE_MS[state.pace]) { quiet = true; log.flush(); quiet = false; }
});
$("skip").addEventListener("click", () => { quiet = true; log.flush(); quiet = false; });
$("autopass").addEventListener("change", () => {
  localStorage.setItem("cardtable-autopass", $("autopass").checked ? "on" : "off");
});
$("undo").addEventListener("click", () => send({ undo: true, n: state.last.n }));
$("end-rematch").addEventListener("click", () => $("rematch").click());
$("rematch").addEventListener("click", async () => {
  const r = await fetch(`/api/tables/${encodeURIComponent(state.tableId)}/rematch`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: state.token }) });
  const data = await r.json();
  if (!r.ok) { banner(data.error); return; }
  location.href = data.link;
});
for (const b of document.querySelectorAll("#tabs button")) {
  b.addEventListener("click", () => {
    for (const o of document.querySelectorAll("#tabs button")) o.classList.toggle("on", o === b);
    document.body.classList.toggle("tab-log", b.dataset.tab === "log");
    const box = $("log");
    box.scrollTop = box.scrollHeight;
  });
}
window.addEventListener("resize", () => { if (state.last) draw(); });
const ticker = el("div", "", "");
ticker.id = "ticker";
ticker.hidden = true;
$("skip").after(ticker);
