// Where each zone goes, read from its kind; card faces placed by role (board.js, cardface.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { gridPlan, handFan, layout } from "../../src/cardtable/web/static/board.js";
import { colourOf, placeStats } from "../../src/cardtable/web/static/cardface.js";

const zone = (id, kind, owner, extra = {}) => ({ id, label: id, kind, owner, row: 0, col: 0, width: 1,
  cards: [], count: null, slots: kind === "slots" || kind === "side", slot_labels: [], held: kind === "hand",
  ...extra });
const table = { zones: [
  zone("hand.1", "hand", 1), zone("deck.1", "pile", 1), zone("books.1", "side", 1),
  zone("field.1", "slots", 1, { row: 1 }), zone("chain", "open", null, { row: 2 }),
  zone("field.0", "slots", 0, { row: 3 }), zone("hand.0", "hand", 0), zone("deck.0", "pile", 0),
  zone("pool.0", "open", 0, { row: 4 }), zone("trash.0", "pile", 0) ] };

function placed(plan) {
  const ids = (zs) => zs.map((z) => z.id);
  return { hand: plan.hand && plan.hand.id, grid: ids(plan.grid), side: [ids(plan.side.mine), ids(plan.side.theirs)],
           piles: [ids(plan.piles.mine), ids(plan.piles.theirs)] };
}

test("zones go where their kind says", () => {
  assert.deepEqual(placed(layout(table, 0, new Set())), {
    hand: "hand.0", grid: ["field.1", "chain", "field.0", "pool.0"], side: [[], ["books.1"]],
    piles: [["deck.0", "trash.0"], ["hand.1", "deck.1"]] });
});

test("a pile a choice names is opened on the board", () => {
  assert.ok(layout(table, 0, new Set(["trash.0"])).grid.some((z) => z.id === "trash.0"));
});

test("renaming every zone id and label moves nothing", () => {
  const renamed = { zones: table.zones.map((z, i) => ({ ...z, id: `z${i}`, label: `zone ${i}` })) };
  const a = placed(layout(table, 0, new Set()));
  const b = placed(layout(renamed, 0, new Set()));
  const back = (ids) => ids.map((id) => table.zones[Number(id.slice(1))].id);
  assert.equal(table.zones[Number(b.hand.slice(1))].id, a.hand);
  assert.deepEqual(back(b.grid), a.grid);
  assert.deepEqual(b.piles.map(back), a.piles);
  assert.deepEqual(b.side.map(back), a.side);
});

test("the grid closes up the projection's rows", () => {
  const { rows, cols } = gridPlan(layout(table, 0, new Set()).grid);
  assert.deepEqual(rows, [1, 2, 3, 4]);
  assert.equal(cols, 1);
});

test("a hand that fits lies side by side; ten cards overlap and stay inside the strip", () => {
  assert.equal(handFan(5, 84, 900).overlap, 0);
  const { step, overlap } = handFan(10, 84, 640);
  assert.ok(overlap > 0);
  assert.ok(84 + 9 * step <= 640 + 1e-9);
  assert.ok(step >= 84 / 3);
});

test("stats are placed by role, whatever their labels", () => {
  const stats = [["Cost", "3", "cost"], ["ATK", "3000", "attack"], ["DEF", "2000", "defense"],
                 ["Attr", "fire", "attribute"], ["Speed", "4", "other"]];
  const renamed = stats.map(([, v, role], i) => [`label ${i}`, v, role]);
  const values = (s) => ({ cost: s.cost && s.cost[1], attack: s.attack && s.attack[1],
                           defense: s.defense && s.defense[1], rest: s.rest.map(([, v]) => v) });
  assert.deepEqual(values(placeStats(stats)), { cost: "3", attack: "3000", defense: "2000", rest: ["4"] });
  assert.deepEqual(values(placeStats(renamed)), values(placeStats(stats)));
  // the labels players once matched on mean nothing without their role
  assert.deepEqual(values(placeStats([["Cost", "3", "other"]])), { cost: null, attack: null, defense: null, rest: ["3"] });
});

test("the frame's colour is the card's colour word, else its kind's", () => {
  assert.equal(colourOf({ colour: "fire", kind: "creature" }), "fire");
  assert.equal(colourOf({ colour: "", kind: "command" }), "command");
  assert.equal(colourOf({ colour: "火", kind: "" }), "none");  // words are English, never guessed
});
