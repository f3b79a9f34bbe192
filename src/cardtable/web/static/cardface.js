// Card faces drawn from the projection alone: a frame coloured by the card's colour (its element
// or, failing one, its kind), the cost in a gem, the numbers where players look for them, the
// name whole, and an emblem drawn here in SVG (nothing is fetched). Knows no game and reads no
// label: where a stat goes is its role (cost, attack, defense, attribute, other), and the
// colour an English word the projection gives whatever the language.

// colour word -> [frame, deep, light]
const COLOURS = {
  fire: ["#d4552b", "#8c2a10", "#fbe3d6"], red: ["#d4552b", "#8c2a10", "#fbe3d6"],
  water: ["#2b78c4", "#17457a", "#dbe9f7"], blue: ["#2b78c4", "#17457a", "#dbe9f7"],
  wood: ["#3f9a3a", "#22601f", "#dff0db"], green: ["#3f9a3a", "#22601f", "#dff0db"],
  wind: ["#2fa58f", "#1a6456", "#d9f2ec"], earth: ["#9a7434", "#5d4417", "#f1e6d0"],
  light: ["#d8b224", "#7f6507", "#fbf3cf"], holy: ["#d8b224", "#7f6507", "#fbf3cf"],
  dark: ["#5b3f8c", "#2f1d52", "#e6def3"], chaos: ["#b13a7d", "#661746", "#f6dcea"],
  metal: ["#7d8a96", "#3e4851", "#e6eaee"], none: ["#a49d90", "#5f594f", "#f1eee8"],
  neutral: ["#a49d90", "#5f594f", "#f1eee8"], all: ["#b8860b", "#6b4e07", "#f8ecd0"],
  character: ["#c0643a", "#6e3116", "#f7e2d6"], equipment: ["#6f7f91", "#36414e", "#e4e9ef"],
  support: ["#3f8f6a", "#1f5239", "#dcefe5"], book: ["#7b4a9a", "#432357", "#ece0f3"],
  unit: ["#b0603a", "#63301a", "#f4e1d6"], command: ["#55708f", "#2b3d52", "#e0e7f0"],
  yellow: ["#d8b224", "#7f6507", "#fbf3cf"],
};
// emblems: one path (or a few) per element, colour or kind, on a 24x24 grid
const EMBLEMS = {
  fire: "M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-6 0 2 1 3 2 3 0-4-1-6 1-9z",
  water: "M12 2C9 7 5 11 5 15a7 7 0 0 0 14 0c0-4-4-8-7-13z",
  wood: "M12 2C6 6 4 11 6 17l5-5-4 7c6 2 12-3 12-10 0-3-2-5-7-7zM11 19l-1 3h2z",
  wind: "M3 9h11a3 3 0 1 0-3-3M3 14h15a3 3 0 1 1-3 3M3 19h7",
  earth: "M2 20 9 7l4 6 3-4 6 11z",
  light: "M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM12 1v4M12 19v4M1 12h4M19 12h4M4 4l3 3M17 17l3 3M20 4l-3 3M7 17l-3 3",
  dark: "M15 2a10 10 0 1 0 7 15A8 8 0 0 1 15 2z",
  chaos: "M12 1l2 7 7-3-5 6 7 3-7 2 3 7-6-5-4 6-1-7-7 1 5-5-5-5 7 1z",
  metal: "M12 2l8.7 5v10L12 22l-8.7-5V7zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
  none: "M12 4a8 8 0 1 1 0 16 8 8 0 0 1 0-16zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
  all: "M12 2l2.9 6.9L22 9.3l-5.5 4.8L18.2 22 12 18l-6.2 4 1.7-7.9L2 9.3l7.1-.4z",
  character: "M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM3 22c0-5 4-8 9-8s9 3 9 8z",
  equipment: "M19 2l3 3-11 11-2 4-2-2-4 4-1-1 4-4-2-2 4-2z",
  support: "M5 3h11l3 3v15H5zM8 9h8M8 13h8M8 17h5",
  book: "M3 4c3-1 6-1 9 1 3-2 6-2 9-1v16c-3-1-6-1-9 1-3-2-6-2-9-1zM12 5v16",
  unit: "M12 2l8 3v7c0 5-4 9-8 10-4-1-8-5-8-10V5z",
  command: "M5 2v20M5 3h13l-3 4 3 4H5",
};
const ALIAS = { red: "fire", blue: "water", green: "wood", holy: "light", neutral: "none",
                yellow: "light" };

// the frame's colour: the card's own colour word, else its kind's, else plain
export function colourOf(card) {
  if (card.colour && COLOURS[card.colour]) return card.colour;
  return card.kind && COLOURS[card.kind] ? card.kind : "none";
}

function emblemOf(card, colour) {
  const kind = card.kind || "";
  if (EMBLEMS[kind] && !["character", "unit"].includes(kind)) return kind;
  return ALIAS[colour] || colour;
}

export function svg(name, cls) {
  const ns = "http://www.w3.org/2000/svg";
  const s = document.createElementNS(ns, "svg");
  s.setAttribute("viewBox", "0 0 24 24");
  s.setAttribute("class", cls);
  s.setAttribute("aria-hidden", "true");
  const p = document.createElementNS(ns, "path");
  p.setAttribute("d", EMBLEMS[name] || EMBLEMS.none);
  s.append(p);
  return s;
}

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

// sort the stats by role into where a player looks: cost top left, attack bottom left,
// defense bottom right, the rest in a small line; the attribute is the frame's colour
export function placeStats(stats) {
  const out = { cost: null, attack: null, defense: null, rest: [] };
  for (const [k, v, role] of stats || []) {
    if (role === "attribute") continue;
    if (!out[role] && ["cost", "attack", "defense"].includes(role)) out[role] = [k, v];
    else out.rest.push([k, v]);
  }
  return out;
}

export function face(card) {
  const e = el("div", "card");
  if (card === null || card === undefined) { e.classList.add("empty"); return e; }
  if (!card.face_up) {
    e.classList.add("back");
    e.append(svg("all", "backmark"));
    const s = placeStats(card.stats);
    if (s.attack || s.defense || s.rest.length) {
      const line = el("div", "stats back-stats");
      for (const [k, v] of [s.attack, s.defense, ...s.rest].filter(Boolean))
        line.append(el("span", "", `${k} ${v}`));
      e.append(line);
    }
    markers(e, card.markers);
    return e;
  }
  const colour = colourOf(card);
  const [frame, deep, light] = COLOURS[colour];
  e.style.setProperty("--frame", frame);
  e.style.setProperty("--deep", deep);
  e.style.setProperty("--light", light);
  e.dataset.colour = colour;
  const s = placeStats(card.stats);
  const top = el("div", "top");
  if (s.cost) {
    const gem = el("span", "gem", s.cost[1]);
    gem.title = s.cost[0];
    top.append(gem);
  }
  const name = el("div", "name", card.name);
  name.dataset.testid = "card-name";
  name.setAttribute("data-testid", "card-name");
  top.append(name);
  e.append(top);
  const art = el("div", "art");
  art.append(svg(emblemOf(card, colour), "emblem"));
  e.append(art);
  markers(art, card.markers);
  if (s.rest.length) {
    const line = el("div", "stats");
    for (const [k, v] of s.rest) line.append(el("span", "", `${k} ${v}`));
    e.append(line);
  }
  if (!s.attack && !s.defense && !s.rest.length && card.text) {
    // a card with no numbers (a command, a spell): what it does, in a few words, on its face
    // (its first line is its name; a one-word line after it is its kind, "command")
    const lines = card.text.split("\n").slice(1).filter((l) => l.trim());
    if (lines.length > 1 && !/\s/.test(lines[0].trim())) lines.shift();
    const body = lines.join(" ");
    if (body) e.append(el("div", "blurb", body));
  }
  if (s.attack || s.defense) {
    const foot = el("div", "foot");
    const a = el("span", "atk", s.attack ? s.attack[1] : "");
    if (s.attack) a.title = s.attack[0]; else a.classList.add("none");
    const d = el("span", "def", s.defense ? s.defense[1] : "");
    if (s.defense) d.title = s.defense[0]; else d.classList.add("none");
    foot.append(a, d);
    e.append(foot);
  }
  e.setAttribute("aria-label", [card.name, ...(card.stats || []).map(([k, v]) => `${k} ${v}`),
                                ...(card.markers || [])].join(", "));
  return e;
}

function markers(e, list) {
  if (!list || !list.length) return;
  const box = el("div", "markers");
  for (const m of list) box.append(el("span", "marker", m));
  e.append(box);
}

// shrink a name until it fits its face: wrapping is between words (or, in Japanese, between
// characters), never inside an English word, and nothing is cut
export function fit(root) {
  for (const name of root.querySelectorAll(".card .name")) {
    name.style.fontSize = "";
    let size = parseFloat(getComputedStyle(name).fontSize);
    const box = name.closest(".card");
    const limit = Math.max(14, box.clientHeight * 0.42);
    for (let i = 0; i < 20 && (name.scrollWidth > name.clientWidth + 0.5
                               || name.scrollHeight > limit) && size > 4; i++) {
      size -= 1;
      name.style.fontSize = `${size}px`;
    }
  }
}

