// What the page knows and how it words seats (state.js), the log's pace (log.js) and the
// connection's retries (connection.js), with fake storage, clocks and sockets.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createState, ownerName, receive, remembered, statusText, tr }
  from "../../src/cardtable/web/static/state.js";
import { createLog, entry } from "../../src/cardtable/web/static/log.js";
import { connect, nextRetry } from "../../src/cardtable/web/static/connection.js";

function storage(init = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)) };
}
const where = { pathname: "/t/abc", hash: "#k=tok", search: "?lang=ja" };
const msg = (extra = {}) => ({ n: 3, seat: 0, yours: false, to_move: 1, result: null,
  seats: ["human", "human"], table: { game: "g", turn: 2 }, title: "G", log: [], ...extra });

test("the page's state starts from the link and the browser's storage", () => {
  const s = createState(storage(), where);
  assert.deepEqual([s.tableId, s.token, s.lang, s.pace], ["abc", "tok", "ja", "normal"]);
});

test("a seat reads you and the opponent; a spectator reads Player 1 and 2", () => {
  const s = createState(storage(), { ...where, search: "?lang=en" });
  receive(s, msg());
  assert.equal(ownerName(s, 0), "You");
  assert.equal(ownerName(s, 1), "Opponent");
  assert.equal(statusText(s), "The opponent decides");
  receive(s, msg({ n: 4, seat: null }));
  assert.equal(ownerName(s, 1), "Player 2");
  assert.equal(statusText(s), "Player 2 decides");
  receive(s, msg({ n: 5, seats: ["human", "greedy"] }));
  assert.equal(statusText(s), "The opponent is thinking…");
  receive(s, msg({ n: 6, result: { winner: 0, draw: false } }));
  assert.equal(statusText(s), "You win!");
});

test("a new move drops the half-built choice; an error keeps the table", () => {
  const s = createState(storage(), where);
  receive(s, msg());
  s.sel = ["hand.0#Imp"];
  s.pending = true;
  assert.equal(receive(s, { type: "error", message: "no" }).error, "no");
  assert.deepEqual(s.sel, ["hand.0#Imp"]);
  assert.equal(s.pending, false);
  receive(s, msg({ n: 4 }));
  assert.deepEqual(s.sel, []);
});

test("the lobby remembers this table first, twenty at most", () => {
  const s = createState(storage(), where);
  receive(s, msg());
  const old = Array.from({ length: 25 }, (_, i) => ({ id: `t${i}` }));
  const list = remembered([{ id: "abc" }, ...old], s, false, 7);
  assert.equal(list.length, 20);
  assert.deepEqual([list[0].id, list[0].link, list[1].id], ["abc", "/t/abc#k=tok", "t0"]);
});

test("every English and Japanese word exists in both languages", () => {
  const s = createState(storage(), where);
  for (const lang of ["en", "ja"]) {
    s.lang = lang;
    assert.ok(tr(s, "why", { why: "x" }).includes("x"));
  }
});

function clock() {
  let now = 0, id = 0;
  const due = new Map();
  return {
    setTimeout(f, ms) { due.set(++id, [now + ms, f]); return id; },
    clearTimeout(i) { due.delete(i); },
    tick(ms) {
      now += ms;
      for (const [i, [at, f]] of [...due].sort((a, b) => a[1][0] - b[1][0])) {
        if (at <= now && due.has(i)) { due.delete(i); f(); }
      }
    },
  };
}

test("the log tells a move line by line at the pace, telling until the last is shown", () => {
  const shown = [], stories = [], timers = clock();
  const log = createLog({ show: (l, live) => shown.push([l, live]), paceMs: () => 100,
                          onStory: (s) => stories.push(s), timers });
  log.add(["a", "b", "c"], false);
  assert.deepEqual(shown, [["a", true]]);
  assert.equal(stories.at(-1), "telling");
  timers.tick(100);
  assert.deepEqual(shown.map(([l]) => l), ["a", "b"]);
  timers.tick(100); timers.tick(100);
  assert.deepEqual(shown.map(([l]) => l), ["a", "b", "c"]);
  assert.equal(stories.at(-1), "idle");
  assert.equal(log.telling, false);
});

test("a move sent or the pace set to instant tells the rest at once", () => {
  const shown = [], timers = clock();
  let pace = 100;
  const log = createLog({ show: (l) => shown.push(l), paceMs: () => pace, timers });
  log.add(["a", "b", "c"], false);
  log.flush();
  assert.deepEqual(shown, ["a", "b", "c"]);
  pace = 0;
  log.add(["d"], false);
  assert.deepEqual(shown, ["a", "b", "c", "d"]);
});

test("a log line's tone becomes its class", () => {
  assert.deepEqual(entry(["head", "Turn 2"]), { tone: "head", text: "Turn 2", cls: "turnline" });
  assert.equal(entry("plain").cls, "new");
  assert.equal(entry(["good", "You win"]).cls, "new good");
});

test("the connection says hello, hands messages on and retries, doubling to four seconds", () => {
  const sockets = [], timers = clock();
  class FakeSocket {
    constructor(url) { this.url = url; this.sent = []; this.readyState = 1; sockets.push(this); }
    send(m) { this.sent.push(JSON.parse(m)); }
  }
  const got = [];
  let downs = 0;
  const c = connect({ url: "ws://x/ws/abc", hello: () => ({ token: "tok" }), onMessage: (m) => got.push(m),
                      onDown: () => downs++, stopped: () => false, Socket: FakeSocket, timers });
  sockets[0].onopen();
  assert.deepEqual(sockets[0].sent, [{ token: "tok" }]);
  sockets[0].onmessage({ data: '{"n": 1}' });
  assert.deepEqual(got, [{ n: 1 }]);
  sockets[0].onclose();
  assert.equal(downs, 1);
  timers.tick(500);
  assert.equal(sockets.length, 2);
  assert.equal(c.retry, 1000);
  assert.equal(nextRetry(3000), 4000);
});

test("the end screen says who won, how, and the numbers that decided it, the reader first", async () => {
  const { endSummary } = await import("../../src/cardtable/web/static/state.js");
  const s = createState(storage(), { ...where, search: "?lang=en" });
  receive(s, msg({ seat: 1, result: { winner: 1, draw: false, turns: 9 },
    table: { game: "g", turn: 9, counters: [
      { id: "life.0", label: "Life", owner: 0, value: 0, max: 20 },
      { id: "life.1", label: "Life", owner: 1, value: 7, max: 20 },
      { id: "die", label: "Die", owner: null, value: 3, max: null }] } }));
  const sum = endSummary(s, [["", "You attack."], ["strong", "You win: their life is 0."]]);
  assert.equal(sum.head, "You win!");
  assert.deepEqual(sum.how, ["You win: their life is 0."]);
  assert.deepEqual(sum.seats, ["You", "Opponent"]);
  assert.deepEqual(sum.rows, [["Turns", "9", ""], ["Life", "7/20", "0/20"]]);
});
