// The lobby: every game with a line about it, a one-click game against the computer, a how-to
// page, and a setup form (decks shipped or checked by the server, options explained, a seed).
"use strict";

const T = {
  en: { pick: "Choose a game", opponent: "Opponent", against: "Play against", friend: "a friend (two links)",
        random: "random moves", greedy: "greedy (quick)", mcts: "search (mcts)",
        weak: "weak (0.2 s)", medium: "medium (1 s)", strong: "strong (3 s)",
        strength: "Strength", seat: "Your seat", seed: "Seed", decks: "Decks", options: "Options",
        seedhelp: "The same seed, decks and moves give the same game. Leave empty for a new one.",
        start: "Start", links: "Send one link to each player; anyone with the watch link can spectate.",
        deck_of: "Deck of player {n}", file: "a deck file…", check: "Check", ok: "OK: {name}, {n} cards",
        seat_link: "Seat {n}", watch: "Watch", other: "日本語", unplayable: "not playable yet",
        quick: "Play vs computer", how: "How to play", tutorial: "Tutorial", setup: "Set up…", setup_title: "Set up: {game}",
        yourtables: "Your unfinished tables", resume: "turn {n}", range: "{min}–{max}",
        rating: " (rating {r})", rating_pre: " (rating {r}, preliminary)" },
  ja: { pick: "ゲームを選ぶ", opponent: "対戦相手", against: "対戦相手", friend: "友だち（リンク2つ）",
        random: "ランダム", greedy: "グリーディ（速い）", mcts: "探索（MCTS）",
        weak: "弱い（0.2秒）", medium: "ふつう（1秒）", strong: "強い（3秒）",
        strength: "強さ", seat: "あなたの席", seed: "シード", decks: "デッキ", options: "オプション",
        seedhelp: "同じシード・デッキ・手順なら同じゲームになります。空欄なら新しいゲーム。",
        start: "開始", links: "各プレイヤーにリンクを1つずつ送ってください。観戦リンクで誰でも観戦できます。",
        deck_of: "プレイヤー{n}のデッキ", file: "デッキファイル…", check: "チェック",
        ok: "OK: {name}（{n}枚）", seat_link: "席{n}", watch: "観戦", other: "English",
        unplayable: "未対応", quick: "コンピューターと対戦", how: "遊び方", tutorial: "チュートリアル", setup: "設定して開始…",
        setup_title: "設定: {game}", yourtables: "続きのテーブル", resume: "ターン{n}", range: "{min}〜{max}",
        rating: "（レーティング {r}）", rating_pre: "（レーティング {r}・暫定）" },
};
let lang = localStorage.getItem("cardtable-lang") || "en";
let games = [];
let levels = [];  // the computer's levels, named and described by the server
let chosen = null;
const $ = (id) => document.getElementById(id);
const tr = (k, v = {}) => T[lang][k].replace(/\{(\w+)\}/g, (_, x) => v[x]);

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  Object.assign(e, attrs);
  if (text !== undefined) e.textContent = text;
  return e;
}
const titleOf = (g) => (lang === "ja" ? g.title_ja : g.title);

function translate() {
  document.documentElement.lang = lang;
  document.body.classList.toggle("ja", lang === "ja");
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = tr(e.dataset.t);
  $("lang").textContent = tr("other");
}

function drawGames() {
  const box = $("gamecards");
  box.replaceChildren();
  for (const g of games) {
    const card = el("div", { className: "gamecard" + (chosen === g.id ? " on" : "") });
    card.dataset.game = g.id;
    card.append(el("h3", {}, titleOf(g)));
    const info = g.info ? g.info[lang] : null;
    card.append(el("p", {}, info ? info.tagline : tr("unplayable")));
    if (g.playable) {
      const row = el("div", { className: "row" });
      const quick = el("a", { className: "button primary quick", href: `/play/${g.id}?vs=greedy&lang=${lang}` });
      const qb = el("button", { type: "button", className: "primary" }, tr("quick"));
      qb.addEventListener("click", () => { location.href = quick.href; });
      qb.dataset.quick = g.id;
      const how = el("a", { href: `/how/${g.id}?lang=${lang}`, className: "how" }, tr("how"));
      const setup = el("button", { type: "button" }, tr("setup"));
      setup.dataset.setup = g.id;
      setup.addEventListener("click", () => { choose(g.id); $("form").scrollIntoView({ behavior: "smooth" }); });
      // the first game with a note at each decision (table/tutorial.py)
      const learn = el("a", { href: `/play/${g.id}?tutorial=first_game&lang=${lang}`, className: "how tutorial" },
        tr("tutorial"));
      learn.dataset.tutorial = g.id;
      row.append(qb, setup, learn, how);
      card.append(row);
    }
    box.append(card);
  }
}

function drawMine() {
  let list = [];
  try { list = JSON.parse(localStorage.getItem("cardtable-tables") || "[]"); } catch { list = []; }
  list = list.filter((t) => !t.over);
  const ul = $("mytables");
  ul.replaceChildren();
  for (const t of list) {
    const g = games.find((x) => x.id === t.game);
    const li = el("li");
    li.append(el("a", { href: t.link }, `${g ? titleOf(g) : t.title} · ${tr("resume", { n: t.turn })}`));
    ul.append(li);
  }
  $("mine-box").hidden = !list.length;
}

async function load() {
  const data = await (await fetch("/api/lobby")).json();
  games = data.games;
  levels = data.levels || [];
  const first = games.find((g) => g.playable);
  choose(new URLSearchParams(location.search).get("game") || first.id);
  drawMine();
}

function choose(id) {
  chosen = id;
  $("game").value = id;
  drawGames();
  const g = games.find((x) => x.id === id);
  $("setup-title").textContent = tr("setup_title", { game: titleOf(g) });
  drawLevels(g);
  const decks = $("decks");
  decks.replaceChildren();
  for (const n of [1, 2]) {
    const row = el("div", { className: "deck-row" });
    const sel = el("select", { id: `deck${n}` });
    g.decks.forEach((d, i) => sel.append(el("option", { value: d, selected: i === n - 1 }, d)));
    sel.append(el("option", { value: "__file" }, tr("file")));
    const box = el("div", { hidden: true });
    const text = el("textarea", { id: `deck${n}-text` });
    const upload = el("input", { type: "file", accept: ".txt,text/plain" });
    const check = el("button", { type: "button" }, tr("check"));
    const out = el("div", { className: "diag", id: `deck${n}-diag` });
    upload.addEventListener("change", async () => {
      const f = upload.files[0];
      if (f) { text.value = await f.text(); text.dataset.name = f.name; }
    });
    check.addEventListener("click", () => checkDeck(n));
    sel.addEventListener("change", () => { box.hidden = sel.value !== "__file"; });
    box.append(text, upload, check, out);
    const label = el("label", {}, tr("deck_of", { n }) + " ");
    label.append(sel);
    row.append(label, box);
    decks.append(row);
  }
  const opts = $("options");
  opts.replaceChildren();
  for (const o of g.info[lang].options) {
    const v = o.default;
    const input = typeof v === "boolean" ? el("input", { type: "checkbox", checked: v })
      : el("input", { type: typeof v === "number" ? "number" : "text", value: v });
    if (o.min !== undefined) { input.min = o.min; input.max = o.max; }
    input.dataset.option = o.name;
    input.dataset.kind = typeof v;
    const label = el("label", {});
    label.append(el("span", { className: "olabel" }, o.label + " "), input);
    const help = o.help + (o.min !== undefined ? ` (${tr("range", { min: o.min, max: o.max })})` : "");
    if (help.trim()) label.append(el("span", { className: "help" }, help));
    opts.append(label);
  }
}

// The levels in the opponent list, each with its rating measured in this game (none where the
// ladder has not measured it), and the chosen level's description under the list.
function drawLevels(g) {
  const sel = $("opponent");
  const picked = sel.value;
  for (const o of [...sel.querySelectorAll("option[data-level]")]) o.remove();
  const before = sel.querySelector("option[value=random]");
  for (const lv of levels) {
    const r = (g.ratings || {})[lv.name];
    const text = lv.title[lang] + (r === undefined ? ""
      : tr(g.ratings_preliminary ? "rating_pre" : "rating", { r }));
    const o = el("option", { value: lv.name, title: lv.about[lang] }, text);
    o.dataset.level = lv.name;
    sel.insertBefore(o, before);
  }
  if (picked) sel.value = picked;
  showLevel();
}

function showLevel() {
  const lv = levels.find((x) => x.name === $("opponent").value);
  $("level-help").textContent = lv ? lv.about[lang] : "";
}

function deckSpec(n) {
  const sel = $(`deck${n}`);
  if (sel.value !== "__file") return sel.value;
  const text = $(`deck${n}-text`);
  return { name: text.dataset.name || `deck${n}.txt`, text: text.value };
}

async function checkDeck(n) {
  const spec = deckSpec(n);
  const r = await fetch("/api/decks/check", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: $("game").value, ...spec }) });
  const data = await r.json();
  $(`deck${n}-diag`).textContent = data.error ? data.error
    : data.ok ? tr("ok", { name: data.deck.name, n: data.deck.cards }) : data.diagnostics.join("\n");
}

async function start(ev) {
  ev.preventDefault();
  $("error").textContent = "";
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const k = input.dataset.option, kind = input.dataset.kind;
    options[k] = kind === "boolean" ? input.checked : kind === "number" ? Number(input.value) : input.value;
  }
  const body = { game: $("game").value, decks: [deckSpec(1), deckSpec(2)], options, lang,
                 opponent: $("opponent").value, strength: $("strength").value, seat: Number($("seat").value) };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  const r = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" },
                                         body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) { $("error").textContent = data.error; return; }
  if (body.opponent !== "friend") { location.href = data.links[String(body.seat)]; return; }
  const links = $("links");
  links.hidden = false;
  for (const [seat, link] of [...Object.entries(data.links).map(([s, l]) => [tr("seat_link", { n: s }), l]),
                              [tr("watch"), data.watch]]) {
    const url = new URL(link, location.href).href;
    const row = el("label", {}, seat + " ");
    row.append(el("input", { readOnly: true, value: url, className: "link" }),
               el("a", { href: url, target: "_blank" }, "↗"));
    links.append(row);
  }
}

$("opponent").addEventListener("change", () => {
  $("strength-row").hidden = $("opponent").value !== "mcts";
  showLevel();
});
$("form").addEventListener("submit", start);
$("lang").addEventListener("click", () => {
  lang = lang === "en" ? "ja" : "en";
  localStorage.setItem("cardtable-lang", lang);
  translate();
  if (chosen) choose(chosen);
  drawMine();
});
translate();
load();
