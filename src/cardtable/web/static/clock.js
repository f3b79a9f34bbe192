// The table's clock bar (lobby tables only): each player's name and time left, the running
// one counting down between messages, "waiting for an opponent" until someone sits down, and a
// Resign button for a seat. The server's message carries each seat's milliseconds left as of
// its sending, so the countdown needs no agreement between the two machines' clocks.

const C = {
  en: { waiting: "Waiting for an opponent… (the game starts when someone sits down)", guest: "guest",
        resign: "Resign", sure: "Resign this game?", rated: "rated", you: "you", turn: "{d} a move",
        out: "time is up", time: "{who} ran out of time", left: "{who} left the game",
        resigned: "{who} resigned", subject: "You" },
  ja: { waiting: "対戦相手を待っています…（誰かが席に着くと始まります）", guest: "ゲスト",
        resign: "投了", sure: "この対局を投了しますか？", rated: "レーティング戦", you: "あなた", turn: "1手{d}",
        out: "時間切れ", time: "{who}の時間切れ", left: "{who}が対局を離れました",
        resigned: "{who}が投了しました", subject: "あなた" },
};

// milliseconds as the bar shows them: m:ss under an hour, h:mm:ss under a day, else days and hours
export function formatLeft(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// each seat's time left `elapsed` ms after the message arrived
export function leftNow(clock, elapsed) {
  return clock.left_ms.map((ms, seat) => (seat === clock.running ? Math.max(0, ms - elapsed) : ms));
}

// how a game that ended off the board ended, in a line ("Alice resigned"); "" otherwise
export function endedText(msg, words) {
  const r = msg.result;
  if (!r || !["time", "left", "resigned"].includes(r.reason)) return "";
  const loser = 1 - r.winner;
  const who = (msg.players || [])[loser] || words.guest;
  return words[r.reason].replace("{who}", msg.seat === loser ? words.subject : who);
}

export function createClock({ box, lang, resign, now = () => performance.now(), timers = globalThis }) {
  let msg = null, at = 0, timer = null;
  const t = (k) => C[lang()][k] || C.en[k];
  const ended = (m) => endedText(m, C[lang()] || C.en);

  function tick() {
    if (!msg) return;
    const c = msg.clock;
    const left = c ? leftNow(c, now() - at) : null;
    for (const seat of [0, 1]) {
      const cell = box.querySelector(`[data-seat="${seat}"] .time`);
      if (!cell) continue;
      cell.textContent = left ? formatLeft(left[seat]) : "";
      cell.parentElement.classList.toggle("low", !!left && c.kind === "realtime" && left[seat] < 30000);
      cell.parentElement.classList.toggle("running", !!c && c.running === seat && !msg.result);
    }
  }

  function draw() {
    box.replaceChildren();
    const waiting = document.createElement("span");
    waiting.className = "waiting";
    waiting.textContent = msg.waiting ? t("waiting") : ended(msg);
    for (const seat of [0, 1]) {
      const cell = document.createElement("span");
      cell.className = "seatclock";
      cell.dataset.seat = String(seat);
      const name = document.createElement("b");
      const who = (msg.players || [])[seat];
      name.textContent = (who || t("guest")) + (msg.seat === seat ? ` (${t("you")})` : "");
      const time = document.createElement("span");
      time.className = "time";
      cell.append(name, time);
      box.append(cell);
      if (seat === 0) box.append(waiting);
    }
    if (msg.rated) {
      const tag = document.createElement("span");
      tag.className = "tag rated";
      tag.textContent = t("rated");
      box.append(tag);
    }
    if (msg.seat !== null && !msg.result && !msg.waiting) {
      const b = document.createElement("button");
      b.type = "button";
      b.id = "resign";
      b.textContent = t("resign");
      b.addEventListener("click", () => { if (globalThis.confirm(t("sure"))) resign(); });
      box.append(b);
    }
    tick();
  }

  return {
    show(message) {
      if (message.type !== "state" || message.players === undefined) return;
      msg = message;
      at = now();
      box.hidden = false;
      document.body.classList.add("clocked");
      draw();
      if (timer === null) timer = timers.setInterval(tick, 250);
    },
  };
}
