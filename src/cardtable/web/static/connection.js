// The connection to the table's WebSocket: it says who is asking (the seat's token) and in
// which language, hands each message on, and after a drop tries again, waiting twice as long
// each time up to four seconds. The socket and the timer are given, so a test fakes both.

export function nextRetry(ms) { return Math.min(ms * 2, 4000); }

export function socketUrl(where, tableId) {
  const proto = where.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${where.host}/ws/${encodeURIComponent(tableId)}`;
}

// hello() is the first message of each connection; onDown(reconnecting) when it drops;
// stopped() true once the server refused for good (a bad token)
export function connect({ url, hello, onMessage, onDown, stopped, Socket = globalThis.WebSocket,
                          timers = globalThis }) {
  let ws = null, retry = 500;
  function open() {
    ws = new Socket(url);
    ws.onopen = () => { retry = 500; ws.send(JSON.stringify(hello())); };
    ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      if (stopped()) return;
      onDown();
      timers.setTimeout(open, retry);
      retry = nextRetry(retry);
    };
  }
  open();
  return {
    send(msg) { ws.send(JSON.stringify(msg)); },
    get open() { return !!ws && ws.readyState === 1; },
    get retry() { return retry; },
  };
}
