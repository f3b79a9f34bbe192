// A move told on the board, step by step, in step with the log. The server sends, per move
// since the page's last message, how many of the new log lines are its own, what each line does
// to the board (a cue: a roll, a hit, a card gone, played, flipped, acting) and the table right
// after it. The log's queue (log.js) tells these steps at the chosen pace: a line and its cues
// on the board as it stands, then the move's table, drawn with its cards travelling from where
// they were. storyItems() and the finders are plain functions the unit tests call; the effects
// touch only the elements they are given.
import { el, face } from "./cardface.js";

// the log queue's items for a message: each line with its cues, and after each move its table
// ({frame}; the last move's is the message's own). Messages that come while a story is told
// queue behind it, so each move's table is drawn in its turn. A message without a story (a
// page drawn afresh, one that missed many moves) is its lines.
export function storyItems(msg) {
  const lines = msg.log || [];
  const story = msg.story || [];
  if (!story.length || story.reduce((n, s) => n + s.lines, 0) !== lines.length) return lines.slice();
  const out = [];
  let at = 0;
  story.forEach((step, i) => {
    for (let j = 0; j < step.lines; j++) out.push({ line: lines[at + j], cues: step.cues[j] || [] });
    at += step.lines;
    const table = step.table || (i === story.length - 1 ? msg.table : null);
    if (table) out.push({ frame: table });
  });
  return out;
}

// a cue's target in a table (the projection): the card it names, for a flip's new face
export function cardIn(table, cue) {
  if (!table) return null;
  if (cue.zone !== undefined && cue.key) {  // where it was, else wherever its owner has it now
    const at = cardIn(table, { zone: cue.zone, slot: cue.slot });
    if (at && at.key === cue.key) return at;
    return cardIn(table, { key: cue.key, owner: cue.owner ?? null });
  }
  for (const z of table.zones) {
    if (cue.zone !== undefined) {
      if (z.id === cue.zone && z.cards[cue.slot]) return z.cards[cue.slot];
    } else if (cue.key && (cue.owner === null || z.owner === cue.owner)) {
      const c = z.cards.find((c) => c && c.face_up && c.key === cue.key);
      if (c) return c;
    }
  }
  return null;
}

// the drawn elements a cue names: a slot of a zone, a card by key on its owner's side, a counter
export function targets(doc, cue) {
  if (cue.counter) return [...doc.querySelectorAll(`[data-counter="${cssq(cue.counter)}"]`)];
  if (cue.zone !== undefined) {
    const zone = doc.querySelector(`#layout [data-zone="${cssq(cue.zone)}"]`);
    const slot = zone && zone.querySelectorAll(".cards > *")[cue.slot];
    return slot ? [slot] : [];
  }
  if (!cue.key) return [];
  // "in": only zones whose id starts so (Dreadnought's areas, not a hand holding the same card)
  const scope = cue.in ? `#layout [data-zone^="${cssq(cue.in)}"]` : "#layout";
  return [...doc.querySelectorAll(`${scope} [data-refs*="#${cssq(cue.key)}"]`)].filter((e) => {
    if (!e.dataset.refs.split(" ").some((r) => r.endsWith(`#${cue.key}`))) return false;
    const zone = e.closest("[data-owner]");
    return cue.owner === null || cue.owner === undefined || !zone || zone.dataset.owner === String(cue.owner);
  }).slice(0, 1);
}

function cssq(s) { return String(s).replace(/["\\]/g, "\\$&"); }

// a short-lived mark over an element: a number rising, a ring; gone by itself
function float(target, cls, text, ms) {
  const f = el("div", `float ${cls}`, text);
  target.classList.add("story-host");
  target.append(f);
  setTimeout(() => f.remove(), Math.max(400, ms * 2));
  return f;
}

function pulse(target, cls, ms) {
  target.classList.remove(cls);
  void target.offsetWidth;  // restart the animation on an element marked a step before
  target.classList.add(cls);
  setTimeout(() => target.classList.remove(cls), Math.max(400, ms * 1.6));
}

// one line's cues on the board as it stands; the frame to come (the move's table) lends a
// flipped card its face. Returns the cues left for after the frame (a card put on the table
// shows where it landed once it is there).
export function apply(doc, cues, next, ms, drawTable = null) {
  const after = [];
  for (const cue of cues) {
    if (cue.do === "roll") { roll(doc, cue.value, ms); continue; }
    if (cue.do === "table") { if (drawTable && cue.table) drawTable(cue.table); continue; }
    if (cue.do === "play") { after.push(cue); continue; }
    if (cue.do === "swap") { swap(doc, cue, ms); continue; }
    const hits = targets(doc, cue);
    if (!hits.length && cue.do === "flip") { after.push(cue); continue; }
    for (const t of hits) {
      if (cue.do === "hit") {
        float(t, "hit", `−${cue.amount ?? ""}`, ms);
        pulse(t, "struck", ms);
        if (cue.hp !== undefined && cue.hp !== null) setDefense(t, cue.hp);
      } else if (cue.do === "heal") {
        float(t, "heal", `+${cue.amount ?? ""}`, ms);
        if (cue.hp !== undefined && cue.hp !== null) setDefense(t, cue.hp);
      } else if (cue.do === "gone") {
        t.classList.add("story-gone");
      } else if (cue.do === "focus") {
        pulse(t, "acting", ms);
      } else if (cue.do === "flip") {
        const card = cardIn(next, cue);
        const old = t.matches(".card") ? t : t.querySelector(".card");
        if (card && old && old.classList.contains("back")) {
          const shown = face(card);
          shown.classList.add("flipping");
          old.replaceWith(shown);
        } else pulse(t, "acting", ms);
      }
    }
  }
  return after;
}

// two slots' cards trade places, each sliding from where it was (a field shuffle's swap)
export function swap(doc, cue, ms) {
  const zone = doc.querySelector(`#layout [data-zone="${cssq(cue.zone)}"]`);
  const slots = zone ? zone.querySelectorAll(".cards > *") : [];
  const a = slots[cue.a] && slots[cue.a].querySelector(".card");
  const b = slots[cue.b] && slots[cue.b].querySelector(".card");
  if (!a || !b) return false;
  const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
  const mark = doc.createComment("");
  a.replaceWith(mark);
  b.replaceWith(a);
  mark.replaceWith(b);
  const view = doc.defaultView;
  const still = view && view.matchMedia && view.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (ms && !still) {
    slide(a, ra.left - rb.left, ra.top - rb.top, ms);
    slide(b, rb.left - ra.left, rb.top - ra.top, ms);
  }
  return true;
}

// what remains of a card's defense (its HP) once a hit has landed, on its face
function setDefense(t, hp) {
  const d = t.querySelector(".card .def") || (t.matches(".counter") ? t.querySelector("b") : null);
  if (!d) return;
  const slash = d.textContent.indexOf("/");  // "HP 5/11" keeps its maximum
  d.textContent = slash >= 0 ? `${hp}${d.textContent.slice(slash)}` : String(hp);
}

// the die: rolled in the board's middle, its faces turning, landing on the value
export function roll(doc, value, ms) {
  let die = doc.getElementById("die");
  const board = doc.getElementById("board");
  if (!die) {
    die = el("div", "", "");
    die.id = "die";
    die.setAttribute("aria-hidden", "true");
    board.append(die);
  }
  die.hidden = false;
  die.textContent = String(value);
  die.dataset.value = String(value);
  die.classList.remove("rolling");
  void die.offsetWidth;
  die.classList.add("rolling");
  clearTimeout(die._hide);
  die._hide = setTimeout(() => { die.hidden = true; }, Math.max(700, ms * 2.2));
}

// where the cards on the page are, by who owns them and what they are (face-up cards only:
// a card back is not told apart from another), and how many cards each pile holds
export function snapshot(doc) {
  const cards = new Map();
  for (const c of doc.querySelectorAll("#layout .card:not(.empty):not(.back)")) {
    const name = c.querySelector("[data-testid=card-name]");
    if (!name) continue;
    const owner = (c.closest("[data-owner]") || { dataset: {} }).dataset.owner ?? "";
    const k = `${owner}|${name.textContent}`;
    if (!cards.has(k)) cards.set(k, []);
    cards.get(k).push({ rect: c.getBoundingClientRect(), el: c });
  }
  const piles = new Map();
  for (const p of doc.querySelectorAll("#layout .pile-zone[data-zone]")) {
    const n = p.querySelector(".count");
    piles.set(p.dataset.zone, { n: Number(n ? n.textContent : 0), owner: p.dataset.owner ?? "" });
  }
  const counters = new Map();
  for (const c of doc.querySelectorAll("#layout [data-counter]")) {
    const b = c.querySelector("b");
    counters.set(c.dataset.counter, b ? parseFloat(b.textContent) : NaN);
  }
  const hands = new Map();
  for (const h of doc.querySelectorAll("#layout .pile-zone[data-kind=hand], #handzone")) {
    hands.set(h.dataset.owner ?? "", h.getBoundingClientRect());
  }
  return { cards, piles, counters, hands };
}

// after the move's table is drawn: each card that moved travels from where it was (a card new
// to the table, from its owner's hand); a card that left goes to the pile that grew; a counter
// that changed shows by how much. Nothing moves when the reader asked for reduced motion.
export function travel(doc, before, ms, still) {
  const now = snapshot(doc);
  for (const [id, v] of now.counters) {
    const was = before.counters.get(id);
    if (Number.isFinite(was) && Number.isFinite(v) && was !== v) {
      const c = doc.querySelector(`[data-counter="${cssq(id)}"]`);
      if (c) float(c, v < was ? "hit" : "heal", `${v < was ? "−" : "+"}${Math.abs(v - was)}`, ms);
    }
  }
  if (still || !ms) return;
  for (const [k, list] of now.cards) {
    const old = before.cards.get(k) || [];
    list.forEach((c, i) => {
      const from = old[i] ? old[i].rect : before.hands.get(k.split("|")[0]);
      if (!from) return;
      const to = c.rect;
      const dx = from.left - to.left, dy = from.top - to.top;
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
      slide(c.el, dx, dy, ms);
    });
  }
  for (const [k, list] of before.cards) {
    const left = list.length - (now.cards.get(k) || []).length;
    if (left <= 0) continue;
    const owner = k.split("|")[0];
    const pile = [...now.piles].find(([z, p]) => p.owner === owner && p.n > (before.piles.get(z) || { n: 0 }).n);
    const dest = pile && doc.querySelector(`#layout .pile-zone[data-zone="${cssq(pile[0])}"]`);
    for (const gone of list.slice(-left)) ghost(doc, gone, dest, ms);
  }
}

function slide(e, dx, dy, ms) {
  e.style.transition = "none";
  e.style.transform = `translate(${dx}px, ${dy}px)`;
  e.classList.add("travelling");
  void e.offsetWidth;
  e.style.transition = `transform ${Math.round(ms * 0.65)}ms ease-out`;
  e.style.transform = "";
  setTimeout(() => { e.classList.remove("travelling"); e.style.transition = ""; }, ms + 50);
}

// a copy of a card that left the table, drawn where it was, going to its pile and fading
function ghost(doc, gone, dest, ms) {
  const g = gone.el.cloneNode(true);
  const r = gone.rect;
  g.classList.add("ghost");
  Object.assign(g.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`,
                           height: `${r.height}px` });
  doc.body.append(g);
  void g.offsetWidth;
  g.style.transition = `transform ${Math.round(ms)}ms ease-in, opacity ${Math.round(ms)}ms ease-in`;
  if (dest) {
    const d = dest.getBoundingClientRect();
    g.style.transform = `translate(${d.left - r.left}px, ${d.top - r.top}px) scale(.45)`;
  } else g.style.transform = "scale(.6)";
  g.style.opacity = "0";
  setTimeout(() => g.remove(), ms + 80);
}

// after the frame: the cards put on the table this move, shown where they landed
export function landed(doc, cues, ms) {
  for (const cue of cues) for (const t of targets(doc, cue)) pulse(t, cue.do === "flip" ? "flipped" : "arrived", ms);
}
