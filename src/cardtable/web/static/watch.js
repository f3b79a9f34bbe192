// The lobby's "Watch a record": a downloaded record sent to the server, which replays it with
// the engine (checked as `cardtable replay` checks it) and answers with its replay page.
const $ = (id) => document.getElementById(id);
const WORDS = {
  en: ["Watch a record", "Open a downloaded record to step through it"],
  ja: ["記録を見る", "ダウンロードした記録を開いて一手ずつ見る"],
};
function words() {
  const lang = localStorage.getItem("cardtable-lang") === "ja" ? "ja" : "en";
  [$("watch-title").textContent, $("watch-help").textContent] = WORDS[lang];
}
words();
$("lang").addEventListener("click", () => setTimeout(words));
$("watch-file").addEventListener("change", async () => {
  const file = $("watch-file").files[0];
  if (!file) return;
  $("watch-error").textContent = "";
  const r = await fetch("/api/replays", { method: "POST", headers: { "content-type": "application/json" },
                                          body: await file.text() });
  const data = await r.json().catch(() => ({ error: r.statusText }));
  if (!r.ok) { $("watch-error").textContent = data.error; return; }
  location.href = data.link;
});
