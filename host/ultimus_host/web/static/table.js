// The table page: the box as it is, the public view, the QR codes after a new game, the referee's buttons.
"use strict";
const BUTTONS = [["confirm", 20], ["thumbs up", 21], ["thumbs down", 22], ["mode", 23], ["damage -", 18], ["heal +", 19]];
let page = null;
// the referee's page is /referee/KEY (its socket needs the key); any other address is the public table page
const REFEREE_KEY = location.pathname.startsWith("/referee/") ? location.pathname.split("/")[2] : null;
let asked = null;  // the new game the box asks the referee to confirm: {id, form}
let form = null;  // the form last sent
document.body.classList.add(REFEREE_KEY ? "referee" : "public");
const link = live(REFEREE_KEY ? "/ws/referee/" + REFEREE_KEY : "/ws/table", (p) => {
  if (p.kind === "said") { setText(REFEREE_KEY ? "said" : "pairing", p.text); return; }
  if (p.kind === "pairing") { pairing(p); return; }
  if (p.kind === "ask") { ask(p); return; }
  if (p.kind !== "table") { return; }
  page = p;
  draw(p);
});
function ring(wheel) {
  const r = el("div", "ring");
  wheel.leds.forEach((colour, i) => {
    const a = (i / wheel.leds.length) * 2 * Math.PI - Math.PI / 2;
    const d = el("span", "led");
    d.style.left = (52 + 50 * Math.cos(a)) + "px";
    d.style.top = (52 + 50 * Math.sin(a)) + "px";
    d.style.background = colour === "#000000" ? "#2a2522" : colour;
    r.appendChild(d);
  });
  return r;
}
function games(list) {
  const select = document.getElementById("ng-game");
  if (select.options.length === list.length) { return; }
  select.replaceChildren(...list.map((g) => { const o = el("option", null, g.title); o.value = g.name; return o; }));
}
function draw(p) {
  games(p.games || []);
  setText("game", p.game || "Ultimus Box: no game running");
  setText("where", p.where);
  setText("problem", p.problem);
  const box = p.box || {};
  setText("now", box.now || p.waiting || "");
  setText("waiting", box.now && p.waiting ? p.waiting : "");
  drawCountdown("countdown", box.countdown);
  drawNotices("notices", p.notices);
  setText("sound", box.sound ? "\u266a " + box.sound : "");
  fill("wheels", box.wheels || [], (w, g) => {
    const d = el("div", "wheel");
    d.appendChild(ring(w));
    d.appendChild(el("div", "label", w.label));
    d.appendChild(el("div", "words", w.words));
    return d;
  });
  fill("stations", box.stations || [], (c, s) => {
    const d = el("span", "station");
    d.appendChild(el("span", null, "station " + (s + 1)));
    const led = el("span", "led");
    led.style.background = c === "#000000" ? "#2a2522" : c;
    d.appendChild(led);
    return d;
  });
  fill("events", p.events || [], (t) => el("li", null, t));
  setText("view", p.view);
  const qr = document.getElementById("qr-section");
  qr.hidden = !(p.qr && p.qr.length);  // no heading without a code (every seat has its phone)
  fill("qr", p.qr || [], (q) => {
    const f = el("figure");
    const img = el("div");
    img.innerHTML = q.svg;  // made by the server (segno): an SVG, no script
    f.appendChild(img);
    f.appendChild(el("figcaption", null, q.who));
    f.appendChild(el("div", "url", q.url));  // for a phone that cannot scan: typed by hand
    return f;
  });
  if (REFEREE_KEY) { seats(p.seats || []); }
  fill("referee", p.referee || [], (a) => {
    const b = el("button", null, a.text);
    b.dataset.i = a.i;
    b.onclick = () => link.send({ op: "referee", n: p.n, i: a.i });
    return b;
  });
}
function pairing(p) {
  setText("pairing", p.text);
  document.getElementById("join").disabled = !p.done;
  if (p.seat) { link.stop(); location.replace(p.seat); }  // this phone's own seat page, by its station's SHOUT
}
function ask(p) {
  asked = { id: p.id, form: form };
  setText("ask-text", p.text);
  document.getElementById("ask").hidden = false;
}
function seats(list) {
  document.getElementById("seats-section").hidden = !list.length;
  fill("seats", list, (s, i) => {
    const d = el("div", "seat-row");
    d.appendChild(el("span", null, s.who + ": " + (s.paired ? "its phone took it" : "no phone yet")));
    const b = el("button", null, "hand it to another phone");
    b.onclick = () => link.send({ op: "hand", seat: i });
    d.appendChild(b);
    return d;
  });
}
function buttons() {
  const box = document.getElementById("buttons");
  BUTTONS.forEach(([name, b]) => {
    const x = el("button", null, name);
    x.onclick = () => link.send({ op: "press", button: b });
    box.appendChild(x);
  });
  for (let g = 0; g < 6; g++) {
    const x = el("button", null, "wheel " + (g + 1));
    x.onclick = () => link.send({ op: "press", button: 12 + g });
    box.appendChild(x);
  }
  for (let s = 0; s < 6; s++) {
    const x = el("button", null, "SHOUT " + (s + 1));
    x.title = "at the game menu: join station " + (s + 1);
    x.onclick = () => link.send({ op: "press", button: s });
    box.appendChild(x);
  }
}
if (REFEREE_KEY) {
  buttons();
  document.getElementById("qr-off").onclick = () => link.send({ op: "qr_off" });
  document.getElementById("qr-on").onclick = () => link.send({ op: "qr_on" });
  document.getElementById("ng-start").onclick = () => {
    const v = (id) => document.getElementById(id).value;
    setText("said", "");
    document.getElementById("ask").hidden = true;
    form = { op: "new_game", game: v("ng-game"), players: Number(v("ng-players")), mode: v("ng-mode"), battles: Number(v("ng-battles")) };
    link.send(form);
  };
  document.getElementById("ask-yes").onclick = () => {
    document.getElementById("ask").hidden = true;
    if (asked && asked.form) { link.send(Object.assign({}, asked.form, { confirm: asked.id })); }
    asked = null;
  };
  document.getElementById("ask-no").onclick = () => { document.getElementById("ask").hidden = true; asked = null; };
} else {
  document.getElementById("join").onclick = () => {
    document.getElementById("join").disabled = true;
    setText("pairing", "asking the box...");
    link.send({ op: "join" });
  };
}
