// A drag is the two clicks in one gesture (web/static/choices.js: dropTargets, drop).
import { test } from "node:test";
import assert from "node:assert/strict";
import { click, dragPointer, dragStarted, draggable, drop, dropTargets }
  from "../../src/cardtable/web/static/choices.js";

// Dreadnought's shapes: a cast is a card then an area, an attack its units then the enemy
// area, a dummy its card alone (its area a button), a pass names nothing
const choices = [
  { code: 1, kind: "cast", path: ["cast Imp", "in area A"], refs: ["hand.0#Imp", "area0.0"] },
  { code: 2, kind: "cast", path: ["cast Imp", "in area B"], refs: ["hand.0#Imp", "area1.0"] },
  { code: 3, kind: "dummy", path: ["set Imp as a dummy", "in area A"], refs: ["hand.0#Imp"] },
  { code: 4, kind: "attack", path: ["attack with Ogre"], refs: ["area0.0/1", "area0.1"] },
  { code: 5, kind: "attack", path: ["attack with Elf"], refs: ["area1.0/1", "area0.1"] },
  { code: 6, kind: "attack", path: ["attack with Ogre and Elf"],
    refs: ["area0.0/1", "area1.0/1", "area0.1"] },
  { code: 7, kind: "code", path: ["run Patch"], refs: ["hand.0#Patch"] },
  { code: 9, kind: "pass", path: ["pass"], refs: [] },
];

test("a card dragged onto an area sends what clicking both sends", () => {
  const clicked = click(choices, click(choices, [], "hand.0#Imp").sel, "area1.0");
  assert.equal(drop(choices, [], "hand.0#Imp", "area1.0").send, clicked.send);
  assert.equal(clicked.send, 2);
});

test("while dragging, the targets are the places its choices end on", () => {
  assert.deepEqual([...dropTargets(choices, [], "hand.0#Imp")].sort(), ["area0.0", "area1.0"]);
  assert.deepEqual([...dropTargets(choices, [], "area0.0/1")], ["area0.1"]);
});

test("a unit dragged onto the enemy area attacks with that unit alone", () => {
  assert.equal(drop(choices, [], "area0.0/1", "area0.1").send, 4);
});

test("a drag continues the clicks so far: two attackers are one clicked, one dragged", () => {
  const first = click(choices, [], "area0.0/1");
  assert.deepEqual([...dropTargets(choices, first.sel, "area1.0/1")], ["area0.1"]);
  assert.equal(drop(choices, first.sel, "area1.0/1", "area0.1").send, 6);
});

test("a drop anywhere but a target makes nothing", () => {
  assert.equal(drop(choices, [], "hand.0#Imp", "area0.1"), null);
  assert.equal(drop(choices, [], "hand.0#Imp", null), null);
  assert.equal(drop(choices, [], "hand.0#Imp", "hand.0#Imp"), null);
});

test("a card played by one click alone cannot be dragged", () => {
  assert.equal(draggable(choices, [], "hand.0#Patch"), false);
  assert.equal(draggable(choices, [], "hand.0#Imp"), true);
});

test("a drop that leaves choices told apart by their path asks by buttons, as the clicks do", () => {
  const culdcept = [
    { code: 10, kind: "summon", path: ["Summon", "Ifrit on land 3"], refs: ["hand.0#Ifrit", "lands.0/2"] },
    { code: 11, kind: "level-up", path: ["Level up", "land 3 with Ifrit"], refs: ["hand.0#Ifrit", "lands.0/2"] },
  ];
  const r = drop(culdcept, [], "hand.0#Ifrit", "lands.0/2");
  assert.equal(r.send, null);
  assert.deepEqual(r.sel, ["hand.0#Ifrit", "lands.0/2"]);
});

test("a press becomes a drag only past a few pixels", () => {
  assert.equal(dragStarted(2, 3), false);
  assert.equal(dragStarted(5, 4), true);
});

test("a mouse or a pen drags; a finger taps and long-presses as before", () => {
  assert.equal(dragPointer("mouse", 0), true);
  assert.equal(dragPointer("pen", 0), true);
  assert.equal(dragPointer("mouse", 2), false);
  assert.equal(dragPointer("touch", 0), false);
});
