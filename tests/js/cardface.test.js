// What a card's face shows (web/static/cardface.js), drawn into a small stand-in for the page's
// document: the elements it makes, their classes and their text, nothing laid out.
import { test } from "node:test";
import assert from "node:assert/strict";

function element(tag) {
  const e = {
    tag, className: "", textContent: "", title: "", children: [], attributes: {}, dataset: {},
    style: { setProperty() {} },
    classList: { add(c) { e.className = `${e.className} ${c}`.trim(); } },
    append(...kids) { e.children.push(...kids); },
    setAttribute(k, v) { e.attributes[k] = v; },
  };
  return e;
}
globalThis.document = { createElement: element, createElementNS: (_, tag) => element(tag) };
const { face } = await import("../../src/cardtable/web/static/cardface.js");

const all = (e) => [e, ...(e.children || []).flatMap(all)];
const byClass = (e, cls) => all(e).filter((c) => (c.className || "").split(" ").includes(cls));

test("a command card's face says what it does, not only its kind's emblem", () => {
  // Dice and Monsters' 奇跡 as the projection sends it: no numbers, its text name first
  const miracle = { name: "Miracle", key: "奇跡", kind: "command", colour: "command", face_up: true,
    stats: [], markers: [],
    text: "奇跡 / Miracle\ncommand\nFires when one of your units is knocked out.\nEvery unit knocked out returns with 1 HP." };
  const [blurb] = byClass(face(miracle), "blurb");
  assert.ok(blurb, "the face has a line of text");
  assert.match(blurb.textContent, /^Fires when one of your units is knocked out\./);
});
