// The log, told line by line at the chosen pace. The queue knows no DOM: it is given the
// function that shows a line and the timer to wait with, so a test drives it with a fake clock.
// While lines wait to be told the story is "telling"; once the last is shown it is "idle"
// (the page puts that on <body data-story>, and shows the result only when idle).

export function createLog({ show, paceMs, onStory = () => {}, timers = globalThis, weigh = beat }) {
  const queue = [];
  let timer = null;

  function story() { onStory(timer || queue.length ? "telling" : "idle"); }

  function step() {
    timer = null;
    const line = queue.shift();
    if (line === undefined) { story(); return; }
    show(line, true);
    timer = timers.setTimeout(step, paceMs() * weigh(line));
    story();
  }

  function flush() {
    if (timer) { timers.clearTimeout(timer); timer = null; }
    while (queue.length) show(queue.shift(), false);
    story();
  }

  // new lines: told one by one, or all at once when the pace is instant or they replay a reset
  function add(lines, instant) {
    if (instant || !paceMs()) {
      flush();
      for (const line of lines) show(line, false);
      story();
      return;
    }
    queue.push(...lines);
    if (!timer) step();
  }

  function clear() { if (timer) { timers.clearTimeout(timer); timer = null; } queue.length = 0; story(); }

  // the first item still to be told that ``test`` accepts (the story looks ahead to the table
  // a move ends on, to turn a card face up with its face)
  function peek(test) { return queue.find(test); }

  return { add, flush, clear, peek, get telling() { return !!timer || queue.length > 0; } };
}

// a log entry is [tone, sentence] (tone: head, good, bad, note, dim, strong) or a plain line
export function entry(line) {
  const [tone, text] = Array.isArray(line) ? line : ["", line];
  return { tone, text, cls: tone === "head" ? "turnline" : `new ${tone}`.trim() };
}

// how long a step of the story holds, as a share of the pace: a heading (a turn, a round), a
// die rolled or a board redrawn a whole beat; a move's table and a line that does something on
// the board (a hit, a card acting) less; a plain line half, bookkeeping a quarter (a battle of
// a hundred lines is told in a few seconds a round)
export function beat(item) {
  if (item && item.frame) return 0.7;
  const line = item && item.line !== undefined ? item.line : item;
  const tone = Array.isArray(line) ? line[0] : "";
  const cues = (item && item.cues) || [];
  if (cues.some((c) => c.do === "roll" || c.do === "table")) return 1;
  if (tone === "head" || tone === "strong") return 1;
  if (cues.length) return 0.6;
  return tone === "dim" ? 0.25 : 0.5;
}
