// The lobby's "Play people": a display name kept in this browser (its key is a secret, as a
// seat's link is), quick match, opening a table for a stranger, and the tables waiting for an
// opponent, joined with one click. Every name is drawn as text, never as HTML.
"use strict";

(() => {
  const P = {
    en: { people: "Play people", yourname: "Your name", claim: "Use this name", playingas: "Playing as",
          namehelp: "Kept in this browser only: a named player can play rated games.",
          forget: "Play as a guest", game: "Game", clock: "Clock", c_rt5: "5 min + 5 s a move",
          c_rt10: "10 min + 10 s a move", c_day: "a day a move (turn-based)", c_none: "no clock",
          rated: "rated", quick: "Quick match", open: "Open a table", leaders: "Leaderboard",
          waiting: "Waiting for an opponent", noneopen: "No table is waiting: open one, or ask for a quick match.",
          join: "Join", guest: "a guest", ratedtag: "rated", rt: "{m} min + {i} s", turn: "{d} a move",
          day: "a day", days: "{n} days", hours: "{n} h", untimed: "no clock", quicktag: "quick match" },
    ja: { people: "ほかのプレイヤーと対戦", yourname: "名前", claim: "この名前にする", playingas: "プレイヤー名",
          namehelp: "このブラウザにだけ保存されます。名前があるとレーティング戦ができます。",
          forget: "ゲストで遊ぶ", game: "ゲーム", clock: "持ち時間", c_rt5: "5分＋1手5秒",
          c_rt10: "10分＋1手10秒", c_day: "1手1日（ターン制）", c_none: "時間制限なし",
          rated: "レーティング戦", quick: "クイック対戦", open: "卓を立てる", leaders: "ランキング",
          waiting: "対戦相手を待っている卓", noneopen: "待っている卓はありません。卓を立てるか、クイック対戦を選んでください。",
          join: "参加", guest: "ゲスト", ratedtag: "レーティング戦", rt: "{m}分＋{i}秒", turn: "1手{d}",
          day: "1日", days: "{n}日", hours: "{n}時間", untimed: "時間制限なし", quicktag: "クイック対戦" },
  };
  const $ = (id) => document.getElementById(id);
  const lang = () => (localStorage.getItem("cardtable-lang") === "ja" ? "ja" : "en");
  const tr = (k, v = {}) => P[lang()][k].replace(/\{(\w+)\}/g, (_, x) => v[x]);
  let games = [];

  function me() {
    try { const p = JSON.parse(localStorage.getItem("cardtable-player") || "null"); return p && p.key ? p : null; }
    catch { return null; }
  }

  function el(tag, attrs = {}, text) {
    const e = document.createElement(tag);
    Object.assign(e, attrs);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function clockText(c) {
    if (!c) return tr("untimed");
    if (c.kind === "turn") {
      const d = c.per_move / 86400;
      const dur = d === 1 ? tr("day") : d >= 1 ? tr("days", { n: d }) : tr("hours", { n: c.per_move / 3600 });
      return tr("turn", { d: dur });
    }
    return tr("rt", { m: c.bank / 60, i: c.increment });
  }

  function clockSpec() {
    const v = $("m-clock").value;
    if (v === "none") return { kind: "none" };
    const [kind, a, b] = v.split("-");
    return kind === "turn" ? { kind: "turn", per_move: Number(a) } : { kind: "realtime", bank: Number(a), increment: Number(b) };
  }

  function translate() {
    for (const e of document.querySelectorAll("[data-p]")) e.textContent = tr(e.dataset.p);
    const sel = $("m-game"), picked = sel.value;
    sel.replaceChildren(...games.map((g) => el("option", { value: g.id }, lang() === "ja" ? g.title_ja : g.title)));
    if (picked) sel.value = picked;
    drawMe();
  }

  function drawMe() {
    const p = me();
    $("claim-form").hidden = !!p;
    $("named").hidden = !p;
    $("myname").textContent = p ? p.name : "";
    $("m-rated").disabled = !p;
    if (!p) $("m-rated").checked = false;
  }

  async function post(url, body) {
    const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    if (!r.ok) throw new Error(data.error || `HTTP ${r.status}`);
    return data;
  }

  function fail(err) { $("people-error").textContent = err.message; }

  async function claim(ev) {
    ev.preventDefault();
    $("people-error").textContent = "";
    try {
      const data = await post("/api/players", { name: $("pname").value });
      localStorage.setItem("cardtable-player", JSON.stringify({ name: data.name, key: data.key }));
      $("m-rated").checked = true;
      drawMe();
    } catch (err) { fail(err); }
  }

  function key() { const p = me(); return p ? p.key : null; }

  function go(data) { location.href = `${data.link.split("#")[0]}?lang=${lang()}#${data.link.split("#")[1]}`; }

  async function quick() {
    $("people-error").textContent = "";
    try { go(await post("/api/quick", { game: $("m-game").value, player: key(), clock: clockSpec(), lang: lang() })); }
    catch (err) { fail(err); }
  }

  async function open() {
    $("people-error").textContent = "";
    try {
      go(await post("/api/open", { game: $("m-game").value, player: key(), clock: clockSpec(),
                                   rated: $("m-rated").checked && !!key(), lang: lang() }));
    } catch (err) { fail(err); }
  }

  async function join(id) {
    $("people-error").textContent = "";
    try { go(await post(`/api/open/${encodeURIComponent(id)}/join`, { player: key() })); }
    catch (err) { fail(err); refresh(); }
  }

  async function refresh() {
    let data;
    try { data = await (await fetch("/api/open")).json(); } catch { return; }
    const ul = $("open-tables");
    ul.replaceChildren();
    for (const t of data.tables || []) {
      const g = games.find((x) => x.id === t.game);
      const li = el("li", { className: "open-table" });
      li.dataset.table = t.table;
      li.append(el("b", { className: "g" }, g ? (lang() === "ja" ? g.title_ja : g.title) : t.game),
                el("span", { className: "host" }, t.host || tr("guest")),
                el("span", { className: "clock" }, clockText(t.clock)));
      if (t.rated) li.append(el("span", { className: "tag rated" }, tr("ratedtag")));
      if (t.quick) li.append(el("span", { className: "tag" }, tr("quicktag")));
      const b = el("button", { type: "button", className: "primary join" }, tr("join"));
      b.addEventListener("click", () => join(t.table));
      li.append(b);
      ul.append(li);
    }
    $("none-open").hidden = !!(data.tables || []).length;
  }

  async function start() {
    const data = await (await fetch("/api/games")).json();
    games = data.games.filter((g) => g.playable);
    translate();
    refresh();
    setInterval(refresh, 5000);
  }

  $("claim-form").addEventListener("submit", claim);
  $("quick").addEventListener("click", quick);
  $("open").addEventListener("click", open);
  $("lang").addEventListener("click", () => { translate(); refresh(); });
  start();
})();
