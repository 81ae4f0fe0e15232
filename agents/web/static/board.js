// The readable board of agents/board.py, drawn as HTML; shared by the replay viewer and
// the play page. Everything shown comes from the layout the server sent.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return node;
}

function pageData() {
  const tag = document.getElementById("page-data");
  return tag ? JSON.parse(tag.textContent) : {};
}

async function getJSON(url, options) {
  const res = await fetch(url, options);
  let data = null;
  try { data = await res.json(); } catch (e) { data = {error: res.statusText}; }
  if (!res.ok && !(data && data.id)) throw new Error((data && data.error) || res.statusText);
  return data;
}

function postJSON(url, body) {
  return getJSON(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body || {})});
}

function drawCard(c) {
  if (c.hidden) return el("div", {class: "card hidden", title: "hidden"}, "?");
  const extra = [...(c.numbers || []), ...(c.flags || [])];
  return el("div", {class: "card" + ((c.flags || []).some(f => /rest|exhaust|bowed/.test(f)) ? " tapped" : ""),
                    "data-id": c.id || "", title: [c.id, c.text].filter(Boolean).join(": ")},
            el("span", {class: "card-name"}, c.name),
            extra.length ? el("small", {}, extra.join(" · ")) : null);
}

function drawPlayer(p, me) {
  return el("section", {class: "player" + (me ? " me" : ""), "data-seat": p.seat},
    el("h3", {}, p.title + (me ? " (you)" : "")),
    el("div", {class: "stats"}, p.stats.map(([k, v]) => el("span", {class: "stat"}, el("b", {}, k), " ", String(v)))),
    p.zones.filter(z => z.cards.length).map(z => el("div", {class: "zone", "data-zone": z.key},
      el("span", {class: "zone-label"}, `${z.label} (${z.count})`),
      el("div", {class: "cards"}, z.cards.map(drawCard)))));
}

// board: the layout; bottom: the seat drawn last (the viewer's), or null
function drawBoard(container, board, bottom) {
  const order = board.players.map(p => p.seat);
  if (bottom === 0 || bottom === 1) order.sort((a, b) => (a === bottom) - (b === bottom));
  container.replaceChildren(el("div", {class: "board"},
    el("div", {class: "headline"}, board.head,
       board.decision ? el("span", {class: "decision"}, " · decision: " + board.decision) : null,
       board.result ? el("span", {class: "result"}, " · " + board.result) : null),
    board.facts.length ? el("div", {class: "facts"}, board.facts.map(([k, v]) => el("span", {class: "fact"}, el("b", {}, k), " ", v))) : null,
    order.map(s => drawPlayer(board.players.find(p => p.seat === s), s === bottom))));
}
