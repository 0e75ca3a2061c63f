// The live JSON of one page: a WebSocket that comes back by itself (a phone that slept, a dropped Wi-Fi).
"use strict";
function live(path, onPage) {
  let ws = null;
  let wait = 250;
  let stopped = false;
  const status = document.getElementById("link");
  function open() {
    const proto = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(proto + location.host + path);
    ws.onopen = () => { wait = 250; if (status) { status.textContent = ""; status.className = ""; } };
    ws.onmessage = (m) => onPage(JSON.parse(m.data));
    ws.onclose = () => {
      if (status) { status.textContent = "reconnecting to the table..."; status.className = "away"; }
      if (stopped) { return; }
      setTimeout(open, wait);
      wait = Math.min(wait * 2, 4000);
    };
  }
  document.addEventListener("visibilitychange", () => {
    if (!stopped && document.visibilityState === "visible" && ws && ws.readyState > 1) { open(); }
  });
  open();
  return {
    send: (msg) => { if (ws && ws.readyState === 1) { ws.send(JSON.stringify(msg)); } },
    stop: () => { stopped = true; if (status) { status.textContent = ""; status.className = ""; } },
  };
}
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) { e.className = cls; }
  if (text !== undefined && text !== null) { e.textContent = text; }
  return e;
}
function fill(id, items, make) {
  const box = document.getElementById(id);
  box.replaceChildren(...items.map(make));
}
function setText(id, text) {
  document.getElementById(id).textContent = text || "";
}
// The box's countdown as big on every page: its beat's number and the word the box sounds ("4", "Quattuor").
function drawCountdown(id, c) {
  const box = document.getElementById(id);
  if (!c) { box.replaceChildren(); box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren(el("span", "beat", String(c.n)), el("span", "beat-word", c.word));
}
// The box's notices (a journal cut or refused, a game set aside...), in words, on every page.
function drawNotices(id, notices) {
  const box = document.getElementById(id);
  box.replaceChildren(...(notices || []).map((t) => el("li", null, t)));
  box.hidden = !(notices && notices.length);
}
