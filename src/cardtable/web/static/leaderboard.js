// The leaderboard: the rated players of one game, best first (openskill's mu - 3 sigma, shown
// as 1000 + 40 of it). Names are drawn as text only.
"use strict";

(() => {
  const L = {
    en: { title: "Leaderboard", game: "Game", name: "Player", rating: "Rating", games: "Games", wins: "Wins",
          other: "日本語", none: "No rated game of this game has been played yet.",
          help: "Rated games are between two named players. A player who leaves or runs out of time loses." },
    ja: { title: "ランキング", game: "ゲーム", name: "プレイヤー", rating: "レーティング", games: "対局数", wins: "勝ち",
          other: "English", none: "このゲームのレーティング戦はまだありません。",
          help: "レーティング戦は名前のある2人の対局です。途中で抜けたり時間切れになったりすると負けになります。" },
  };
  const $ = (id) => document.getElementById(id);
  let lang = localStorage.getItem("cardtable-lang") === "ja" ? "ja" : "en";
  let games = [];
  const t = (k) => L[lang][k];

  function el(tag, text) { const e = document.createElement(tag); e.textContent = text; return e; }

  function translate() {
    document.documentElement.lang = lang;
    document.body.classList.toggle("ja", lang === "ja");
    $("lb-title").textContent = t("title");
    $("lb-game-label").textContent = t("game");
    $("h-name").textContent = t("name"); $("h-rating").textContent = t("rating");
    $("h-games").textContent = t("games"); $("h-wins").textContent = t("wins");
    $("lb-help").textContent = t("help");
    $("lang").textContent = t("other");
    const sel = $("lb-game"), picked = sel.value;
    sel.replaceChildren(...games.map((g) => { const o = el("option", lang === "ja" ? g.title_ja : g.title); o.value = g.id; return o; }));
    if (picked) sel.value = picked;
  }

  async function show() {
    const game = $("lb-game").value;
    history.replaceState(null, "", `?game=${encodeURIComponent(game)}`);
    const data = await (await fetch(`/api/leaderboard?game=${encodeURIComponent(game)}`)).json();
    const body = $("rows");
    body.replaceChildren();
    for (const p of data.players || []) {
      const tr = document.createElement("tr");
      tr.append(el("td", String(p.rank)), el("td", p.name), el("td", String(p.rating)),
                el("td", String(p.games)), el("td", String(p.wins)));
      body.append(tr);
    }
    $("lb-none").hidden = !!(data.players || []).length;
    $("lb-none").textContent = t("none");
  }

  async function start() {
    games = (await (await fetch("/api/games")).json()).games.filter((g) => g.playable);
    translate();
    const want = new URLSearchParams(location.search).get("game");
    if (want && games.some((g) => g.id === want)) $("lb-game").value = want;
    show();
  }

  $("lb-game").addEventListener("change", show);
  $("lang").addEventListener("click", () => {
    lang = lang === "en" ? "ja" : "en";
    localStorage.setItem("cardtable-lang", lang);
    translate();
    show();
  });
  start();
})();
