// The table's clock bar (clock.js): how time left is written, and the running seat counted
// down between messages while the other's stands still.
import { test } from "node:test";
import assert from "node:assert/strict";
import { endedText, formatLeft, leftNow } from "../../src/cardtable/web/static/clock.js";

test("time under an hour is m:ss, rounded up to the second", () => {
  assert.equal(formatLeft(300000), "5:00");
  assert.equal(formatLeft(59001), "1:00");
  assert.equal(formatLeft(4100), "0:05");
  assert.equal(formatLeft(-20), "0:00");
});

test("time of an hour or more is h:mm:ss, and of a day or more days and hours", () => {
  assert.equal(formatLeft(3723000), "1:02:03");
  assert.equal(formatLeft(86400000 + 7200000), "1d 2h");
});

test("only the running seat's time is counted down, never below zero", () => {
  const clock = { left_ms: [300000, 120000], running: 1 };
  assert.deepEqual(leftNow(clock, 20000), [300000, 100000]);
  assert.deepEqual(leftNow(clock, 999999), [300000, 0]);
  assert.deepEqual(leftNow({ left_ms: [1000, 2000], running: null }, 5000), [1000, 2000]);
});

test("a game ended off the board says who lost it and how", () => {
  const words = { guest: "guest", subject: "You", time: "{who} ran out of time", left: "{who} left the game",
                  resigned: "{who} resigned" };
  const msg = { seat: 1, players: ["Alice", null], result: { winner: 1, reason: "resigned" } };
  assert.equal(endedText(msg, words), "Alice resigned");
  assert.equal(endedText({ ...msg, seat: 0, result: { winner: 1, reason: "time" } }, words), "You ran out of time");
  assert.equal(endedText({ ...msg, seat: null, result: { winner: 0, reason: "left" } }, words),
               "guest left the game");
  assert.equal(endedText({ ...msg, result: { winner: 0, reason: "life" } }, words), "");
});
