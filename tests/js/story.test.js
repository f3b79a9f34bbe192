// A move told step by step (story.js): the queue's items from a message, and a cue's card.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cardIn, storyItems } from "../../src/cardtable/web/static/story.js";

const t1 = { zones: [{ id: "field.0", owner: 0, cards: [null, { key: "小石", face_up: true, name: "Pebble" }] },
                     { id: "field.1", owner: 1, cards: [{ key: "天馬", face_up: true, name: "Pegasus" }] }] };

test("each move's lines come with their cues, then the table after the move", () => {
  const msg = { log: [["", "a"], ["", "b"], ["", "c"]], table: { zones: [] },
                story: [{ lines: 2, cues: [[], [{ do: "roll", value: 3 }]], table: t1 },
                        { lines: 1, cues: [[{ do: "gone", zone: "field.0", slot: 1 }]], table: null }] };
  assert.deepEqual(storyItems(msg), [
    { line: ["", "a"], cues: [] }, { line: ["", "b"], cues: [{ do: "roll", value: 3 }] },
    { frame: t1 }, { line: ["", "c"], cues: [{ do: "gone", zone: "field.0", slot: 1 }] },
    { frame: { zones: [] } }]);
});

test("a message without a story, or one that does not add up, is its lines", () => {
  assert.deepEqual(storyItems({ log: [["", "a"]] }), [["", "a"]]);
  assert.deepEqual(storyItems({ log: [["", "a"]], story: [{ lines: 2, cues: [[], []], table: null }] }),
                   [["", "a"]]);
});

test("a cue finds its card by slot, or by key on its owner's side only", () => {
  assert.equal(cardIn(t1, { zone: "field.0", slot: 1 }).name, "Pebble");
  assert.equal(cardIn(t1, { key: "天馬", owner: 1 }).name, "Pegasus");
  assert.equal(cardIn(t1, { key: "天馬", owner: 0 }), null);
  assert.equal(cardIn(t1, { zone: "field.0", slot: 0 }), null);
});

test("a step holds a beat when it shows something (a table 0.7), half for a plain line, a quarter for bookkeeping", async () => {
  const { beat } = await import("../../src/cardtable/web/static/log.js");
  assert.equal(beat({ frame: {} }), 0.7);
  assert.equal(beat({ line: ["", "x"], cues: [{ do: "roll", value: 2 }] }), 1);
  assert.equal(beat({ line: ["", "x"], cues: [{ do: "hit", amount: 2 }] }), 0.6);
  assert.equal(beat({ line: ["head", "Round 2"], cues: [] }), 1);
  assert.equal(beat({ line: ["", "x"], cues: [] }), 0.5);
  assert.equal(beat(["dim", "x"]), 0.25);
});

test("a flipped card that left its slot this move is found by its name where its owner has it", () => {
  const t = { zones: [{ id: "field.1", owner: 1, cards: [null] },
                      { id: "trash.1", owner: 1, cards: [{ key: "砂の戦士", face_up: true, name: "Sand Warrior" }] }] };
  assert.equal(cardIn(t, { zone: "field.1", slot: 0, key: "砂の戦士", owner: 1 }).name, "Sand Warrior");
});
