// What a click or a button means, from the choices alone (web/static/choices.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { buttons, click, clickSays, menuSet, nextRefs, press, sentenceCase, usedZones, whyNot }
  from "../../src/cardtable/web/static/choices.js";

const choices = [
  { code: 1, path: ["Cast", "Imp"], refs: ["hand.0#Imp", "field.0/0"] },
  { code: 2, path: ["Cast", "Imp"], refs: ["hand.0#Imp", "field.0/1"] },
  { code: 3, path: ["Cast", "Ogre"], refs: ["hand.0#Ogre", "field.0/0"] },
  { code: 4, path: ["pass"], refs: [] },
];
const everywhere = () => true;

test("a card then a place settles a choice", () => {
  const first = click(choices, [], "hand.0#Imp");
  assert.equal(first.send, null);
  assert.deepEqual([...nextRefs(choices, first.sel)], ["field.0/0", "field.0/1"]);
  assert.equal(click(choices, first.sel, "field.0/1").send, 2);
});

test("with nothing clicked the buttons offer only what names nothing on the table", () => {
  const set = menuSet(choices, [], everywhere);
  assert.deepEqual(set.map((c) => c.code), [4]);
  assert.deepEqual(buttons(set, [], "OK"), [["pass", "pass"]]);
  assert.equal(press(set, [], "pass").send, 4);
});

test("a choice whose next pick is not drawn stays a button", () => {
  const set = menuSet(choices, [], (ref) => ref !== "hand.0#Ogre");
  assert.deepEqual(set.map((c) => c.code).sort(), [3, 4]);
});

test("choices told apart only by their path ask by buttons, skipping the shared part", () => {
  const same = [{ code: 7, path: ["Attack", "with all"], refs: ["area.0"] },
                { code: 8, path: ["Attack", "with one"], refs: ["area.0"] }];
  const r = click(same, [], "area.0");
  assert.equal(r.send, null);
  assert.deepEqual(r.prefix, ["Attack"]);
  const set = menuSet(same, r.sel, everywhere);
  assert.deepEqual(buttons(set, r.prefix, "OK").map(([, t]) => t), ["with all", "with one"]);
  assert.equal(press(set, r.prefix, "with one").send, 8);
});

test("a button leading one way on goes all the way", () => {
  const deep = [{ code: 5, path: ["Level up", "land 3", "to 2"], refs: [] },
                { code: 6, path: ["pass"], refs: [] }];
  assert.equal(press(deep, [], "Level up").send, 5);
});

test("buttons read in sentence case, names keep their own capitals", () => {
  assert.equal(sentenceCase("pass"), "Pass");
  assert.equal(sentenceCase("Cast no spell"), "Cast no spell");
  assert.equal(sentenceCase("火竜"), "火竜");
});

test("the zones choices name are known, and why a card cannot be played", () => {
  assert.deepEqual([...usedZones(choices)].sort(), ["field.0", "hand.0"]);
  const why = whyNot([{ refs: ["hand.0#Ogre"], why: "not enough voltage" }]);
  assert.equal(why.get("hand.0#Ogre"), "not enough voltage");
});

test("a click that would do another kind of thing than the card's other choices asks first", () => {
  // Culdcept: the creature summons on land 2 only, but could level up land 3 with it
  const culdcept = [
    { code: 10, path: ["Summon", "Ifrit on land 2"], refs: ["hand.0#Ifrit", "lands.0/1"] },
    { code: 11, path: ["Level up", "land 3 with Ifrit"], refs: ["hand.0#Ifrit", "lands.0/2"] },
  ];
  const first = click(culdcept, [], "hand.0#Ifrit");
  const r = click(culdcept, first.sel, "lands.0/2");
  assert.equal(r.send, null);
  const set = menuSet(culdcept, r.sel, everywhere);
  assert.deepEqual(buttons(set, r.prefix, "OK").map(([, t]) => t), ["Level up"]);
  assert.equal(press(set, r.prefix, "Level up").send, 11);
  assert.equal(click(culdcept, first.sel, "lands.0/1").send, null);  // asked as well
});

test("a card of one kind of play is still played by its clicks alone", () => {
  // Sarasvati: a character is charged by one click or summoned by two; the summon needs no button
  const sarasvati = [
    { code: 20, path: ["Charge", "Takeru"], refs: ["hand.0#Takeru"] },
    { code: 21, path: ["Summon", "Takeru to F1"], refs: ["hand.0#Takeru", "front.0/0"] },
    { code: 22, path: ["Summon", "Takeru to F2"], refs: ["hand.0#Takeru", "front.0/1"] },
  ];
  const first = click(sarasvati, [], "hand.0#Takeru");
  assert.equal(click(sarasvati, first.sel, "front.0/1").send, 22);
});

test("a cast is sent by its card and its area, though each area's choice is worded apart", () => {
  // Dreadnought: one-part paths; the server's kind says both are casts (the dummy is a button)
  const dreadnought = [
    { code: 1, kind: "cast", path: ["cast Golem into the left area"], refs: ["hand.0#Golem", "area0.0"] },
    { code: 2, kind: "cast", path: ["cast Golem into the right area"], refs: ["hand.0#Golem", "area1.0"] },
    { code: 3, kind: "dummy", path: ["dummy: Golem closed into the left area"], refs: ["hand.0#Golem"] },
  ];
  const first = click(dreadnought, [], "hand.0#Golem");
  assert.equal(first.send, null);
  assert.equal(click(dreadnought, first.sel, "area1.0").send, 2);
});

test("two copies of a card in hand, worded alike, are one play", () => {
  const two = [
    { code: 1, kind: "cast", path: ["cast Golem into the left area"], refs: ["hand.0#Golem", "area0.0"] },
    { code: 4, kind: "cast", path: ["cast Golem into the left area"], refs: ["hand.0#Golem", "area0.0"] },
  ];
  assert.equal(click(two, ["hand.0#Golem"], "area0.0").send, 1);
});

test("a field shuffle is previewed from the clicks so far, pair by pair", async () => {
  const { swapPairs, swapMoves } = await import("../../src/cardtable/web/static/choices.js");
  const shuffle = [
    { code: 1, path: ["Keep the order"], refs: [] },
    { code: 2, path: ["Swap C↔D"], refs: ["f/2", "f/3"], swaps: [["f/2", "f/3"]] },
    { code: 3, path: ["Swap C↔D, then D↔E"], refs: ["f/2", "f/3", "f/3", "f/4"],
      swaps: [["f/2", "f/3"], ["f/3", "f/4"]] },
  ];
  assert.deepEqual(swapPairs(shuffle, ["f/2"]), []);  // one lane: nothing trades places yet
  assert.deepEqual(swapPairs(shuffle, ["f/2", "f/3"]), [["f/2", "f/3"]]);
  assert.deepEqual(swapPairs(shuffle, ["f/2", "f/3", "f/3", "f/4"]), [["f/2", "f/3"], ["f/3", "f/4"]]);
  assert.deepEqual(swapPairs(shuffle, []), []);
  // C↔D then D↔E: C's card ends in E, D's in C, E's in D
  assert.deepEqual(new Map(swapMoves([["f/2", "f/3"], ["f/3", "f/4"]])),
                   new Map([["f/2", "f/4"], ["f/3", "f/2"], ["f/4", "f/3"]]));
});

test("a play one click sends says itself on the thing clicked: a caster's block and its HP", () => {
  const blocks = [
    { code: 9, path: ["block with Akane, Crimson Caster (breaks 2 HP)"], refs: ["caster.0/0"] },
    { code: 10, path: ["block with Imp"], refs: ["field.0/1"] },
    { code: 11, path: ["pass"], refs: [] },
  ];
  assert.equal(clickSays(blocks, [], "caster.0/0"), "Block with Akane, Crimson Caster (breaks 2 HP)");
  // a click that only narrows the choice (a card, then its place) says nothing yet
  assert.equal(clickSays(choices, [], "hand.0#Imp"), null);
  assert.equal(clickSays(choices, ["hand.0#Imp"], "field.0/1"), "Cast · Imp");
});
