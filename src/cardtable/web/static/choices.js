// Choosing: a legal choice is made by clicking what it names on the table (its refs, in order)
// and then, where choices are still told apart only by their menu path, by buttons. The rules
// of that walk are plain functions of the choices, the clicks so far (sel) and the buttons so
// far (prefix); the page draws what they answer.

// the choices still possible after the clicks so far
export function candidates(choices, sel) {
  return (choices || []).filter((c) => c.refs.length >= sel.length
    && sel.every((r, i) => c.refs[i] === r));
}

// the choices the buttons ask about: those naming nothing on the table, or, once things are
// clicked, those the clicks have fully named; a choice whose next pick is not drawn anywhere
// (a pile shown folded) stays a button. drawn(ref) says whether the page shows ref.
export function menuSet(choices, sel, drawn) {
  const cands = candidates(choices, sel);
  const stuck = cands.filter((c) => c.refs.length > sel.length && !drawn(c.refs[sel.length]));
  return [...(sel.length ? cands.filter((c) => c.refs.length === sel.length)
    : cands.filter((c) => !c.refs.length)), ...stuck];
}

// at the menu depth of prefix: the matching choices, those it finishes, the next options
export function level(set, prefix) {
  const depth = prefix.length;
  const matching = set.filter((c) => prefix.every((p, i) => c.path[i] === p));
  const finished = matching.filter((c) => c.path.length === depth);
  const options = [];
  for (const c of matching) {
    if (c.path.length > depth && !options.includes(c.path[depth])) options.push(c.path[depth]);
  }
  return { matching, finished, options };
}

// a button pressed (option null: the one that finishes here): the code to send, or the new
// prefix when more remains to say; a step that leaves one way on is taken at once
export function press(set, prefix, option) {
  if (option === null) return { send: level(set, prefix).finished[0].code, prefix };
  const next = [...prefix, option];
  let l = level(set, next);
  while (l.finished.length === l.matching.length || (l.options.length === 1 && !l.finished.length)) {
    if (l.finished.length === l.matching.length) return { send: l.finished[0].code, prefix: next };
    next.push(l.options[0]);
    l = level(set, next);
  }
  return { send: null, prefix: next };
}

// a thing on the table clicked: the code to send when it settles the choice, else the new
// clicks and the parts of the menu path the remaining choices all share. A click settles a
// choice by itself only when what the first click leads to through as many clicks is of one
// kind: a Culdcept creature that cannot be summoned on the land clicked, but can level it up, asks
// "Level up" by a button instead of silently doing something else than a summon
export function click(choices, sel, ref) {
  const next = [...sel, ref];
  const cands = candidates(choices, next);
  const done = cands.filter((c) => c.refs.length === next.length);
  const more = cands.filter((c) => c.refs.length > next.length);
  // the kinds of choice the first click leads to through as many clicks as this one (the
  // server's kind, else the first part of the path: "Summon", "Level up")
  const kinds = new Set(candidates(choices, next.slice(0, 1))
    .filter((c) => c.refs.length === next.length).map((c) => c.kind ?? c.path[0]));
  // two copies of one card in hand make two choices worded alike: either is the same play
  const alike = done.length > 1 && done.every((c) => c.path.join("\u0000") === done[0].path.join("\u0000"));
  if ((done.length === 1 || alike) && !more.length && kinds.size <= 1) {
    return { send: done[0].code, sel: next, prefix: [] };
  }
  if (done.length === 1 && !more.length) return { send: null, sel: next, prefix: [] };
  const prefix = [];
  if (done.length > 1 && !more.length) {
    let l = level(done, prefix);
    while (l.options.length === 1 && !l.finished.length) { prefix.push(l.options[0]); l = level(done, prefix); }
  }
  return { send: null, sel: next, prefix };
}

// what a click on ref would do, in the choice's own words, where the click sends it at once
// (a caster's block "… (breaks 2 HP)"): the page shows it on the thing clicked, since no
// button ever words that play; null where the click only narrows the choice
export function clickSays(choices, sel, ref) {
  const r = click(choices, sel, ref);
  if (r.send === null) return null;
  const sent = choices.find((c) => c.code === r.send);
  return sent ? sentenceCase(sent.path.join(" · ")) : null;
}

// what the next click may name
export function nextRefs(choices, sel) {
  return new Set(candidates(choices, sel).filter((c) => c.refs.length > sel.length)
    .map((c) => c.refs[sel.length]));
}

// the buttons: [option, text] pairs; option null finishes the choice at this depth
export function buttons(set, prefix, ok) {
  const { finished, options } = level(set, prefix);
  const out = finished.length ? [[null, finished[0].path.slice(Math.max(0, prefix.length - 1))
    .join(" · ") || ok]] : [];
  return [...out, ...options.map((o) => [o, o])];
}

// a button's text in sentence case: "pass" reads "Pass", a name keeps its own capitals
export function sentenceCase(text) {
  return text ? text[0].toLocaleUpperCase() + text.slice(1) : text;
}

// the refs of every choice, by zone: a zone named by a choice is drawn open on the board
export function usedZones(choices) {
  const out = new Set();
  for (const c of choices || []) for (const r of c.refs || []) out.add(r.split(/[/#]/)[0]);
  return out;
}

// cards the seat could play but not now, each with the core's reason: ref -> reason
export function whyNot(unplayable) {
  const out = new Map();
  for (const u of unplayable || []) for (const r of u.refs || []) if (!out.has(r)) out.set(r, u.why);
  return out;
}

// stops (MTG Arena's): a decision under a stop the player has off is answered for them with
// the move the server names (a pass, the usual payment); a stop on is always asked. settings:
// the player's choices by key, the game's defaults (stops) where they say nothing
export function stopMove(last, settings) {
  const stop = last && last.stop;
  if (!stop || !last.yours || last.result) return null;
  const known = (last.stops || []).find((s) => s.key === stop.key);
  const on = stop.key in (settings || {}) ? settings[stop.key] : (known ? known.on : true);
  return on ? null : stop.move;
}

// the stops a player has set for a game, kept in the browser by game
export function loadStops(storage, game) {
  try { return JSON.parse(storage.getItem(`cardtable-stops-${game}`) || "{}") || {}; } catch { return {}; }
}
export function saveStops(storage, game, settings) {
  storage.setItem(`cardtable-stops-${game}`, JSON.stringify(settings));
}

// a text cut at its glossary words ([start, end, key] each, from the server): [piece, key or
// null] in order, for the page to link each word to its entry on the How to play page
export function segments(text, words) {
  const out = [];
  let at = 0;
  for (const [start, end, key] of [...(words || [])].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > text.length) continue;
    if (start > at) out.push([text.slice(at, start), null]);
    out.push([text.slice(start, end), key]);
    at = end;
  }
  if (at < text.length || !out.length) out.push([text.slice(at), null]);
  return out;
}

// "End turn" (Arena's): pressed at a decision under a stop, it passes that one and every later
// decision of the same turn that is under a stop, whatever the stop says, except under a stop
// that holds (the opponent played something the seat can answer) while it is on. A block or a
// target is under no stop: always asked. mark: {turn} of the press, or null. The server's
// rule (table/stops.py: ending_turn) is this one.
export function endTurnMove(last, mark, settings) {
  const stop = last && last.stop;
  if (!mark || !stop || !last.yours || last.result || last.table.turn !== mark.turn) return null;
  const known = (last.stops || []).find((s) => s.key === stop.key);
  const on = stop.key in (settings || {}) ? settings[stop.key] : (known ? known.on : true);
  return known && known.holds && on ? null : stop.move;
}

// a field shuffle shown before it is sent: the pairs of places the clicks so far make trade
// places (choices that swap carry their pairs, server-side, in the order of their picks)
export function swapPairs(choices, clicks) {
  const c = candidates(choices, clicks).find((x) => x.swaps && x.swaps.length);
  if (!c) return [];
  return c.swaps.slice(0, Math.floor(clicks.length / 2));
}

// where each place's card ends once the swaps are made one after another: [from, to] pairs
// for the cards that move ("C↔D, then D↔E" takes C's card to E... wherever it ends)
export function swapMoves(pairs) {
  const at = new Map();  // place -> the place whose card lies there now
  for (const [a, b] of pairs || []) {
    const ca = at.has(a) ? at.get(a) : a, cb = at.has(b) ? at.get(b) : b;
    at.set(a, cb);
    at.set(b, ca);
  }
  return [...at].filter(([to, from]) => to !== from).map(([to, from]) => [from, to]);
}

// -- a drag (Hearthstone's, Arena's): a card or unit carried onto the last thing its choice
// names is the clicks on both in one gesture. Only the last pick is a drop: an attack of two
// units is its first unit clicked, then the second dragged onto the area (the drag starts from
// the clicks so far, sel). Nothing here is sent that two clicks would not send.

// the refs a drag from `from` may be dropped on: those that name a choice's last pick
export function dropTargets(choices, sel, from) {
  const next = [...sel, from];
  return new Set(candidates(choices, next).filter((c) => c.refs.length === next.length + 1)
    .map((c) => c.refs[next.length]));
}

// whether a thing the next click may name can be dragged as well
export function draggable(choices, sel, from) {
  return dropTargets(choices, sel, from).size > 0;
}

// a drop: what the two clicks answer (click()'s shape: the code to send, or the clicks and
// the menu path left to say by buttons), or null where the drop names no target (dropped
// elsewhere: cancelled, nothing made)
export function drop(choices, sel, from, to) {
  if (to === null || to === undefined || !dropTargets(choices, sel, from).has(to)) return null;
  const first = click(choices, sel, from);
  return first.send !== null ? null : click(choices, first.sel, to);
}

// a press turns into a drag once the pointer has moved this far (in CSS pixels): a click
// that wobbles is still a click
export const DRAG_START_PX = 6;
export function dragStarted(dx, dy, threshold = DRAG_START_PX) {
  return dx * dx + dy * dy >= threshold * threshold;
}

// who may drag: a mouse or a pen. On a touch screen a long press only shows the card and a
// finger's move scrolls the hand and the board (issue 38's phone rule): taps stay the way
export function dragPointer(pointerType, button) {
  return (pointerType === "mouse" || pointerType === "pen") && button === 0;
}
