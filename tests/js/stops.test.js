// Stops (web/static/choices.js): a decision under a stop that is off is answered for the
// player with the move the server names; a stop that is on is always asked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadStops, saveStops, stopMove } from "../../src/cardtable/web/static/choices.js";

const stops = [{ key: "cast", on: true }, { key: "fast", on: false }];
const at = (key) => ({ yours: true, result: null, stop: { key, move: 0 }, stops });

test("a stop off by default answers its decision", () => {
  assert.equal(stopMove(at("fast"), {}), 0);
});

test("a stop on by default asks", () => {
  assert.equal(stopMove(at("cast"), {}), null);
});

test("the player's own setting wins over the default, both ways", () => {
  assert.equal(stopMove(at("fast"), { fast: true }), null);
  assert.equal(stopMove(at("cast"), { cast: false }), 0);
});

test("a decision under no stop, another seat's or a finished game is never answered", () => {
  assert.equal(stopMove({ yours: true, result: null, stop: null, stops }, { cast: false }), null);
  assert.equal(stopMove({ ...at("fast"), yours: false }, {}), null);
  assert.equal(stopMove({ ...at("fast"), result: { winner: 0 } }, {}), null);
});

test("the settings are kept by game", () => {
  const box = new Map();
  const storage = { getItem: (k) => box.get(k) ?? null, setItem: (k, v) => box.set(k, v) };
  saveStops(storage, "dreadnought", { fast: true });
  assert.deepEqual(loadStops(storage, "dreadnought"), { fast: true });
  assert.deepEqual(loadStops(storage, "culdcept"), {});
});

import { segments } from "../../src/cardtable/web/static/choices.js";

test("a question is cut at its glossary words, in order", () => {
  const q = "Speed window: gear change, a god draw, or pass.";
  assert.deepEqual(segments(q, [[29, 37, "god-draw"], [14, 25, "gear-change"]]), [
    ["Speed window: ", null], ["gear change", "gear-change"], [", a ", null],
    ["god draw", "god-draw"], [", or pass.", null]]);
  assert.deepEqual(segments("Pass?", []), [["Pass?", null]]);
});

import { endTurnMove } from "../../src/cardtable/web/static/choices.js";

const held = [{ key: "action", on: true }, { key: "react", on: true, holds: true }];
const win = (key, turn = 2) => ({ yours: true, result: null, stop: { key, move: 0 }, stops: held,
                                  table: { turn } });

test("End turn passes a later window of the same turn, even under a stop that is on", () => {
  assert.equal(endTurnMove(win("action"), { turn: 2 }, {}), 0);
});

test("End turn still stops where a holding stop is on, and passes there once it is off", () => {
  assert.equal(endTurnMove(win("react"), { turn: 2 }, {}), null);
  assert.equal(endTurnMove(win("react"), { turn: 2 }, { react: false }), 0);
});

test("End turn ends with its turn, and never answers a block or another seat's decision", () => {
  assert.equal(endTurnMove(win("action", 3), { turn: 2 }, {}), null);
  assert.equal(endTurnMove({ ...win("action"), stop: null }, { turn: 2 }, {}), null);
  assert.equal(endTurnMove({ ...win("action"), yours: false }, { turn: 2 }, {}), null);
  assert.equal(endTurnMove(win("action"), null, {}), null);
});
