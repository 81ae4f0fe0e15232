// The replay viewer: step through a stored game (first, back, forward, last, jump to a
// turn), in the full view or a seat's, with the decision log in words.
"use strict";

(function () {
  const data = pageData();
  const root = document.getElementById("replay");
  const base = `/api/replay/${encodeURIComponent(data.run)}/${data.index}`;
  let meta = null, view = "full", k = 0;
  const frames = new Map();

  const boardBox = el("div", {id: "board"});
  const logBox = el("ol", {id: "log", class: "log"});
  const counter = el("span", {id: "frame-no"});
  const slider = el("input", {id: "slider", type: "range", min: 0, max: 0, value: 0});
  const turnInput = el("input", {id: "turn-input", type: "number", min: 0, size: 4});
  const viewSelect = el("select", {id: "view-select"},
    el("option", {value: "full"}, "full view"), el("option", {value: "0"}, "seat 0's view"),
    el("option", {value: "1"}, "seat 1's view"));
  const note = el("p", {class: "note"});
  const controls = el("div", {class: "controls"},
    el("button", {id: "first", onclick: () => go(0)}, "« start"),
    el("button", {id: "step-back", onclick: () => go(k - 1)}, "◀ back"),
    el("button", {id: "step-forward", onclick: () => go(k + 1)}, "forward ▶"),
    el("button", {id: "last", onclick: () => go(meta.frames - 1)}, "end »"),
    slider, counter,
    el("label", {}, " turn ", turnInput), el("button", {id: "turn-go", onclick: jumpTurn}, "go"),
    viewSelect);
  root.replaceChildren(controls, note, el("div", {class: "table"}, boardBox, el("div", {class: "side"}, el("h3", {}, "Decisions"), logBox)));

  slider.addEventListener("input", () => go(Number(slider.value)));
  viewSelect.addEventListener("change", () => { view = viewSelect.value; load(); });
  turnInput.addEventListener("keydown", ev => { if (ev.key === "Enter") jumpTurn(); });
  document.addEventListener("keydown", ev => {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
    if (ev.key === "ArrowRight") go(k + 1);
    if (ev.key === "ArrowLeft") go(k - 1);
  });

  function jumpTurn() {
    const t = Number(turnInput.value);
    let target = meta.turns.findIndex(x => typeof x === "number" && x >= t);
    if (target < 0) target = meta.frames - 1;
    go(target);
  }

  async function load() {
    root.dataset.ready = "no";
    meta = await getJSON(`${base}?view=${view}`);
    frames.clear();
    slider.max = meta.frames - 1;
    const notes = [];
    if (meta.changed) notes.push("The rules or card data changed since this game was played.");
    if (meta.broken) notes.push(meta.broken);
    note.textContent = notes.join(" ");
    logBox.replaceChildren(...meta.log.map(entry => el("li", {"data-k": entry.k, onclick: () => go(entry.k + 1)},
      el("span", {class: "who seat" + entry.seat}, `T${entry.turn ?? "?"} seat ${entry.seat}`), " ", entry.text)));
    await go(Math.min(k, meta.frames - 1), true);
  }

  async function frame(i) {
    if (!frames.has(i)) frames.set(i, getJSON(`${base}/frame/${i}?view=${view}`));
    return frames.get(i);
  }

  async function go(i, force) {
    if (!meta) return;
    i = Math.max(0, Math.min(meta.frames - 1, i));
    if (i === k && !force && root.dataset.ready === "yes") return;
    k = i;
    root.dataset.ready = "no";
    const f = await frame(i);
    if (i !== k) return;  // a later step was asked for meanwhile
    drawBoard(boardBox, f.board, view === "full" ? null : Number(view));
    slider.value = i;
    counter.textContent = `position ${i} / ${meta.frames - 1}` + (meta.turns[i] != null ? ` · turn ${meta.turns[i]}` : "");
    for (const li of logBox.children) {
      const done = Number(li.dataset.k) < i;
      li.classList.toggle("done", done);
      li.classList.toggle("current", Number(li.dataset.k) === i - 1);
    }
    const cur = logBox.querySelector("li.current");
    if (cur) cur.scrollIntoView({block: "nearest"});
    root.dataset.k = String(i);
    root.dataset.view = view;
    root.dataset.ready = "yes";
  }

  load().catch(err => { note.textContent = "error: " + err.message; });
})();
