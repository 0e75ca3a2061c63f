// A seat's page on its player's phone: its own view, its actions as large buttons, refusals in words.
"use strict";
const token = location.pathname.split("/").pop();
let group = null;  // the kind of action opened when there are many
let shown = null;
const link = live("/ws/seat/" + token, (p) => {
  if (p.kind === "said") { setText("said", p.text); return; }
  if (p.kind === "gone") {
    link.stop();  // this token opens no seat any more: no coming back
    // a new game, or the referee handed the seat to another phone: this page's code opens nothing now
    setText("said", "this page's seat is gone (a new game, or the seat went to another phone): take a seat again");
    fill("actions", [], () => null);
    fill("refused", [], () => null);
    setText("decision", "");
    const again = el("a", "again", "take a seat again");
    again.href = "/";
    document.getElementById("said").appendChild(el("br"));
    document.getElementById("said").appendChild(again);
    // what the box tells from now on (the game kept aside, a journal cut) still reaches this phone: the public
    // table page's notices, which any phone may read
    live("/ws/table", (t) => { if (t.kind === "table") { drawNotices("notices", t.notices); } });
    return;
  }
  if (p.kind !== "seat") { return; }
  if (shown && shown.n !== p.n) { group = null; }
  shown = p;
  draw(p);
});
function choose(p, a) {
  setText("said", "");
  link.send({ op: "do", n: p.n, i: a.i });
}
function draw(p) {
  setText("who", p.who);
  setText("game", p.game);
  setText("where", p.where ? "- " + p.where : "");
  drawNotices("notices", p.notices);
  drawCountdown("countdown", p.countdown);
  setText("decision", p.actions.length ? p.decision || "your move: choose below" : "");
  setText("waiting", p.waiting);
  document.getElementById("secrets-section").hidden = !p.secrets.length;
  fill("secrets", p.secrets, (t) => el("li", null, t));
  fill("events", p.events, (t) => el("li", null, t));
  setText("view", p.view);
  const groups = [...new Set(p.actions.map((a) => a.group))];
  let items;
  if (p.actions.length > 12 && groups.length > 1 && group === null) {
    items = groups.map((g) => {
      const b = el("button", "group", g + " (" + p.actions.filter((a) => a.group === g).length + ")");
      b.onclick = () => { group = g; draw(p); };
      return b;
    });
  } else {
    const list = group === null ? p.actions : p.actions.filter((a) => a.group === group);
    items = list.map((a) => {
      const b = el("button", null, a.text);
      b.dataset.i = a.i;  // which of the moment's actions (a test, or an assistive tool, finds it by this)
      if (a.cost) { b.appendChild(el("span", "cost", a.cost)); }
      b.onclick = () => choose(p, a);
      return b;
    });
    if (group !== null) {
      const back = el("button", "group", "back to every kind of action");
      back.onclick = () => { group = null; draw(p); };
      items.unshift(back);
    }
  }
  document.getElementById("actions").replaceChildren(...items);
  // what the rules refuse now, greyed out, each with the rules' reason under it
  fill("refused", group === null ? p.refused || [] : [], (r) => {
    const b = el("button", "refused", r.kind);
    b.disabled = true;
    b.appendChild(el("span", "why", r.why));
    return b;
  });
  document.getElementById("actions-section").hidden = !items.length;  // no empty heading while others play
}
