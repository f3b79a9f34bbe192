// The lobby: pick a game, decks (shipped or a file, checked by the server), options, opponent.
"use strict";

const T = {
  en: { game: "Game", decks: "Decks", options: "Options", opponent: "Opponent", against: "Play against",
        friend: "a friend (two links)", strength: "Strength", seat: "Your seat", start: "Start",
        links: "Send one link to each player; anyone with the watch link can spectate.",
        deck_of: "Deck of player {n}", file: "a deck file…", check: "Check", ok: "OK: {name}, {n} cards",
        seat_link: "Seat {n}", watch: "Watch", other: "日本語", unplayable: "(not playable yet)" },
  ja: { game: "ゲーム", decks: "デッキ", options: "オプション", opponent: "対戦相手", against: "対戦相手",
        friend: "友だち（リンク2つ）", strength: "強さ", seat: "あなたの席", start: "開始",
        links: "各プレイヤーにリンクを1つずつ送ってください。観戦リンクで誰でも観戦できます。",
        deck_of: "プレイヤー{n}のデッキ", file: "デッキファイル…", check: "チェック",
        ok: "OK: {name}（{n}枚）", seat_link: "席{n}", watch: "観戦", other: "English",
        unplayable: "（未対応）" },
};
let lang = localStorage.getItem("cardtable-lang") || "en";
let games = [];
const $ = (id) => document.getElementById(id);
const tr = (k, v = {}) => T[lang][k].replace(/\{(\w+)\}/g, (_, x) => v[x]);

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  Object.assign(e, attrs);
  if (text !== undefined) e.textContent = text;
  return e;
}

function translate() {
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = tr(e.dataset.t);
  $("lang").textContent = tr("other");
}

async function load() {
  const data = await (await fetch("/api/games")).json();
  games = data.games;
  for (const g of games) {
    const title = lang === "ja" ? g.title_ja : g.title;
    const o = el("option", { value: g.id, disabled: !g.playable },
                 g.playable ? title : `${title} ${tr("unplayable")}`);
    $("game").append(o);
  }
  gameChanged();
}

function gameChanged() {
  const g = games.find((x) => x.id === $("game").value);
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
    row.append(el("label", {}, tr("deck_of", { n })), sel, box);
    decks.append(row);
  }
  const opts = $("options");
  opts.replaceChildren();
  for (const [k, v] of Object.entries(g.options)) {
    const input = typeof v === "boolean" ? el("input", { type: "checkbox", checked: v })
      : el("input", { type: typeof v === "number" ? "number" : "text", value: v });
    input.dataset.option = k;
    input.dataset.kind = typeof v;
    const label = el("label", {}, `${k} `);
    label.append(input);
    opts.append(label);
  }
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

$("game").addEventListener("change", gameChanged);
$("opponent").addEventListener("change", () => { $("strength-row").hidden = $("opponent").value !== "mcts"; });
$("form").addEventListener("submit", start);
$("lang").addEventListener("click", () => {
  lang = lang === "en" ? "ja" : "en";
  localStorage.setItem("cardtable-lang", lang);
  translate();
});
translate();
load();
