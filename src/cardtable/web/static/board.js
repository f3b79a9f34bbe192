// The board: where each zone of the projection goes, read from its kind (hand, pile, slots,
// side, open) and never from its id or label, then drawn. layout() and handFan() are plain
// functions the unit tests call; draw() puts their answer in the page.
import { el, face } from "./cardface.js";
import { bottomSeat, ownerName, tr } from "./state.js";

// the zones sorted into the page's places: the seat's own hand under the board, rows of slots
// and open cards (and any zone a choice names) on the board's grid, a few fixed places beside
// the piles, and every other zone as a pile in its owner's strip
export function layout(table, bottom, used) {
  const out = { hand: null, grid: [], side: { mine: [], theirs: [] }, piles: { mine: [], theirs: [] } };
  for (const z of table.zones) {
    const side = z.owner === bottom ? "mine" : "theirs";
    if (z.kind === "hand" && z.owner === bottom && !out.hand) out.hand = z;
    else if (z.kind === "side" && z.owner !== null) out.side[side].push(z);
    else if (z.kind === "slots" || z.kind === "open" || z.owner === null || used.has(z.id)) out.grid.push(z);
    else out.piles[side].push(z);
  }
  return out;
}

// the grid's rows (the projection's rows, closed up) and columns
export function gridPlan(zones) {
  const rows = [...new Set(zones.map((z) => z.row))].sort((a, b) => a - b);
  const cols = Math.max(1, ...zones.map((z) => z.col + z.width));
  return { rows, cols, order: [...zones].sort((a, b) => a.row - b.row || a.col - b.col) };
}

// a hand of n cards of width w in a strip of width room: the step from one card to the next,
// overlapping (as a fan of cards in the hand) once they no longer fit side by side; every card
// keeps at least a third of its face in view, and all of them stay inside the strip
export function handFan(n, w, room, gap = 5) {
  if (n <= 1 || n * w + (n - 1) * gap <= room) return { step: w + gap, overlap: 0 };
  const step = Math.max(w / 3, (room - w) / (n - 1));
  return { step, overlap: w - step };
}

function count(z) {
  return z.count !== null && z.count !== undefined ? z.count : z.cards.filter(Boolean).length;
}

export function draw(ctx) {
  const { state, doc } = ctx;
  const $ = (id) => doc.getElementById(id);
  const last = state.last, t = last.table;
  const bottom = bottomSeat(state);
  const plan = layout(t, bottom, ctx.used);
  const opp = $("opp"), grid = $("grid"), mine = $("mypiles"), hand = $("hand");
  opp.replaceChildren(); grid.replaceChildren(); mine.replaceChildren(); hand.replaceChildren();
  const oppCounters = el("div", "counters"), myCounters = el("div", "counters");
  const shared = el("div", "counters shared");
  for (const c of t.counters) {
    (c.owner === null ? shared : c.owner === bottom ? myCounters : oppCounters).append(counterEl(state, c));
  }
  opp.append(el("div", "who", ownerName(state, 1 - bottom)), oppCounters);
  const oppPiles = el("div", "piles");
  opp.append(oppPiles);
  mine.append(myCounters);
  for (const z of t.zones) {  // in the projection's order, beside the counters
    const box = z.owner === bottom ? mine : oppPiles;
    if (plan.side.mine.includes(z) || plan.side.theirs.includes(z)) box.append(sideZone(ctx, z));
    else if (plan.piles.mine.includes(z) || plan.piles.theirs.includes(z)) box.append(pileEl(ctx, z));
  }
  if (shared.childElementCount) oppPiles.append(shared);
  // your piles: beside your hand on a wide screen; on a phone inside the scrolling board, so
  // the dock at the bottom keeps only the question, its choices and your hand
  const phone = ctx.phone;
  if (phone && mine.parentElement !== $("board")) $("board").append(mine);
  if (!phone && mine.parentElement !== $("mine")) $("mine").append(mine);
  const { rows, cols, order } = gridPlan(plan.grid);
  grid.style.gridTemplateColumns = `repeat(${cols}, minmax(0, 1fr))`;
  grid.style.setProperty("--rows", String(rows.length));
  for (const z of order) {
    const own = z.owner === null ? " shared" : z.owner === bottom ? " mine" : " theirs";
    // a few open cards (a deck of eight, a chain) stay in one row, narrowed to fit
    const row = !z.slots && z.cards.length <= 12 ? " one-row" : "";
    const zone = el("div", "zone" + own + (z.slots ? " slots" : " spread" + row));
    zone.dataset.zone = z.id;
    zone.dataset.refs = z.id;
    zone.dataset.kind = z.kind;
    zone.dataset.owner = z.owner === null ? "" : String(z.owner);
    zone.style.gridRow = String(rows.indexOf(z.row) + 1);
    zone.style.gridColumn = z.slots || z.owner === null ? `${z.col + 1} / span ${z.width}` : "1 / -1";
    zone.append(zoneTitle(state, z, true));
    const cards = el("div", "cards");
    if (z.slots) cards.style.gridTemplateColumns = `repeat(${Math.max(1, z.cards.length)}, minmax(0, 1fr))`;
    zoneCards(ctx, z, cards);
    zone.append(cards);
    grid.append(zone);
  }
  if (plan.hand) {
    $("handzone").dataset.refs = plan.hand.id;
    $("handzone").dataset.owner = String(plan.hand.owner);
    zoneCards(ctx, plan.hand, hand);
  }
  $("handzone").hidden = !plan.hand;
  return plan;
}

// the hand's cards overlapped just enough to show them all (called once the hand is laid out)
export function fanHand(handEl) {
  const cards = [...handEl.children];
  if (!cards.length) return;
  const w = cards[0].getBoundingClientRect().width || 84;
  const room = handEl.clientWidth - 6;
  const { overlap } = handFan(cards.length, w, room);
  handEl.classList.toggle("fanned", overlap > 0);
  cards.forEach((c, i) => { c.style.marginLeft = i && overlap ? `${-overlap - 5}px` : ""; });
}

export function cardEl(ctx, card, refs) {
  const e = face(card);
  if (refs.length) e.dataset.refs = refs.join(" ");
  if (card) ctx.onCard(e, card);
  return e;
}

export function zoneCards(ctx, z, box) {
  z.cards.forEach((card, i) => {
    const refs = [`${z.id}/${i}`];
    if (card && card.face_up && card.key) refs.push(`${z.id}#${card.key}`);
    if (z.slots) {
      const slot = el("div", "slot");
      slot.dataset.refs = refs.join(" ");
      if (z.slot_labels[i]) slot.append(el("div", "slot-label", z.slot_labels[i]));
      slot.append(cardEl(ctx, card, []));
      box.append(slot);
    } else box.append(cardEl(ctx, card, refs));
  });
}

function zoneTitle(state, z, onBoard = false) {
  // a zone on the board shows its owner by its side of the table and its colour: its name is
  // enough (a name with its owner, drawn sideways, was cut: "ent · Opening five")
  const who = z.slots || onBoard ? "" : ownerName(state, z.owner);
  const h = el("h3", "");
  h.append(el("span", "", `${who ? who + " · " : ""}${z.label}`), el("span", "count", String(count(z))));
  return h;
}

function pileEl(ctx, z) {
  const { state } = ctx;
  const n = z.count !== null && z.count !== undefined ? z.count : z.cards.length;
  const e = el("button", "pile-zone");
  e.type = "button";
  e.dataset.zone = z.id;
  e.dataset.kind = z.kind;
  e.dataset.owner = z.owner === null ? "" : String(z.owner);
  const top = z.cards.length ? z.cards[z.cards.length - 1] : (n ? { face_up: false } : null);
  if (z.kind === "hand" && n > 1) {
    const fan = el("div", "fan");
    for (let i = 0; i < Math.min(n, 7); i++) {
      const b = face({ face_up: false });
      b.classList.add("mini");
      fan.append(b);
    }
    e.append(fan);
  } else {
    const mini = face(top);
    mini.classList.add("mini");
    e.append(mini);
  }
  const label = el("div", "pile-label");
  label.append(el("span", "pile-name", z.label), el("span", "count", String(n)));
  e.append(label);
  e.title = `${ownerName(state, z.owner)} · ${z.label}: ${tr(state, "cards", { n })}`;
  if (z.cards.length) e.addEventListener("click", () => ctx.onPile(z));
  else e.disabled = true;
  return e;
}

function sideZone(ctx, z) {
  const zone = el("div", "zone side " + (z.owner === bottomSeat(ctx.state) ? "mine" : "theirs"));
  zone.dataset.zone = z.id;
  zone.dataset.refs = z.id;
  zone.dataset.kind = z.kind;
  zone.dataset.owner = z.owner === null ? "" : String(z.owner);
  zone.append(zoneTitle(ctx.state, z));
  const cards = el("div", "cards");
  zoneCards(ctx, z, cards);
  zone.append(cards);
  return zone;
}

function counterEl(state, c) {
  const bottom = bottomSeat(state);
  const value = c.max === null || c.max === undefined ? c.value : `${c.value}/${c.max}`;
  const e = el("span", "counter" + (c.owner === null ? "" : c.owner === bottom ? " mine" : " theirs"));
  e.dataset.counter = c.id;
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
