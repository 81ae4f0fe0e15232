// Play against a bot: the form that starts a game, then the game itself. The page shows
// only what the server sends for your seat; the bot moves while the page asks it to.
"use strict";

(function () {
  const data = pageData();
  if (data.games) startForm(data.games);
  if (data.id) playGame(data.id);

  function startForm(info) {
    const root = document.getElementById("play-form");
    const game = el("select", {id: "game"}, Object.keys(info.games).map(g => el("option", {value: g}, g)));
    const deck0 = el("select", {id: "deck0"}), deck1 = el("select", {id: "deck1"});
    const agent = el("select", {id: "agent"}, info.agents.map(a => el("option", {value: a}, a)));
    const arg = el("input", {id: "agent-arg", placeholder: "mcts: iterations, e.g. 100; policy: a model or .py file", size: 30});
    const seat = el("select", {id: "seat"}, el("option", {value: "0"}, "seat 0"), el("option", {value: "1"}, "seat 1"));
    const seed = el("input", {id: "seed", type: "number", placeholder: "random"});
    const options = el("textarea", {id: "options", rows: 2, cols: 40});
    const error = el("p", {id: "form-error", class: "error"});
    function fill() {
      const g = info.games[game.value];
      for (const sel of [deck0, deck1]) {
        sel.replaceChildren(el("option", {value: ""}, "(the game's default)"), ...g.decks.map(d => el("option", {value: d}, d)));
      }
      options.value = JSON.stringify(g.options);
    }
    game.addEventListener("change", fill);
    fill();
    async function start(ev) {
      ev.preventDefault();
      error.textContent = "";
      let opts;
      try { opts = JSON.parse(options.value || "{}"); } catch (e) { error.textContent = "options: not JSON"; return; }
      let spec = agent.value;
      if (arg.value.trim()) spec += ":" + arg.value.trim();
      const body = {game: game.value, decks: [deck0.value || null, deck1.value || null], agent: spec,
                    seat: Number(seat.value), seed: seed.value === "" ? null : Number(seed.value), options: opts};
      try {
        const res = await postJSON("/api/play", body);
        location.href = res.url;
      } catch (e) { error.textContent = e.message; }
    }
    root.replaceChildren(el("form", {class: "play-form", onsubmit: start},
      el("label", {}, "game ", game), el("label", {}, "seat 0 deck ", deck0), el("label", {}, "seat 1 deck ", deck1),
      el("label", {}, "opponent ", agent, " ", arg), el("label", {}, "your seat ", seat), el("label", {}, "deal seed ", seed),
      el("label", {}, "rule options (JSON) ", options), el("button", {id: "start", type: "submit"}, "start the game"), error));
  }

  function playGame(id) {
    const root = document.getElementById("play");
    const url = `/api/play/${id}`;
    const status = el("p", {id: "status"});
    const choices = el("div", {id: "choices"});
    const concede = el("button", {id: "concede", class: "concede", onclick: () => send("concede", {})}, "concede");
    const boardBox = el("div", {id: "board"});
    const logBox = el("ol", {id: "log", class: "log"});
    const done = el("p", {id: "done"});
    const heading = el("h3", {id: "move-heading"});
    root.replaceChildren(status, el("div", {class: "table"}, el("div", {class: "main"}, boardBox, heading, choices, concede, done),
                                    el("div", {class: "side"}, el("h3", {}, "Decisions"), logBox)));
    let logged = 0, busy = false;

    function render(p) {
      for (const entry of p.log) {
        logBox.appendChild(el("li", {class: entry.seat === p.seat ? "mine" : "theirs"},
          el("span", {class: "who seat" + entry.seat}, `T${entry.turn ?? "?"} ${entry.seat === p.seat ? "you" : p.opponent}`), " ", entry.text));
      }
      logged = p.log_from + p.log.length;
      if (logBox.lastChild) logBox.lastChild.scrollIntoView({block: "nearest"});
      drawBoard(boardBox, p.board, p.seat);
      choices.replaceChildren(...p.choices.map(g => el("fieldset", {class: "group", "data-group": g.group},
        el("legend", {}, g.group),
        g.actions.map(a => el("button", {class: "action", "data-action": a.action, onclick: () => send("act", {action: a.action})}, a.text)))));
      concede.hidden = !p.concede;
      heading.textContent = p.to_move === "you" ? `Your move: ${p.decision}` : "";
      if (p.to_move === "you") status.textContent = `Your move (${p.decision}).`;
      else if (p.to_move === "bot") status.textContent = `${p.opponent} is thinking…`;
      else status.textContent = `Game over: ${p.result}.`;
      if (p.stored) {
        done.replaceChildren("Stored as game ", String(p.stored.index), " of run ", p.stored.run, ": ",
          el("a", {id: "replay-link", href: `/replay/${encodeURIComponent(p.stored.run)}/${p.stored.index}`}, "open the replay"),
          " · ", el("a", {href: "/play"}, "play again"));
      }
      root.dataset.decisions = String(p.decisions);
      root.dataset.toMove = p.to_move;
      // the bot moves on at once (a timer would be throttled in a background tab)
      if (p.to_move === "bot") queueMicrotask(() => send("advance", {}));
    }

    async function send(what, body) {
      if (busy) return;
      busy = true;
      root.dataset.toMove = "wait";
      for (const b of choices.querySelectorAll("button")) b.disabled = true;
      let p;
      try {
        p = await postJSON(`${url}/${what}`, {...body, since: logged});
        if (p.error) status.textContent = p.error;
      } catch (e) {
        status.textContent = "error: " + e.message;
        busy = false;
        return;
      }
      busy = false;
      render(p);
    }

    getJSON(`${url}?since=0`).then(render).catch(e => { status.textContent = "error: " + e.message; });
  }
})();
