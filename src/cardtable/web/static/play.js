// The quick start (/play/GAME?vs=...): GET only serves this page, which asks this server for
// the table (a POST as JSON from its own page, which no other site's page can send for its
// visitors) and goes to the player's seat.
(async () => {
  const status = document.getElementById("play-status");
  try {
    const r = await fetch(location.pathname + location.search, {
      method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const data = await r.json();
    if (!r.ok) { status.textContent = data.error; return; }
    location.replace(data.link);
  } catch (err) {
    status.textContent = String(err);
  }
})();
