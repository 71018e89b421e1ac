// /play/{id}: the board as the caller sees it, the seat's legal moves as buttons, whose turn, the clocks, kept
// live from the game's event stream. No framework and no build step: this file is served as it is.
//
// The seat token comes from the URL fragment (#token=...), which the browser never sends to the server; it
// leaves this page only as an `Authorization: Bearer` header.
//
// Live updates read the event stream with fetch() instead of EventSource: EventSource cannot send the token
// header, and it delivers named SSE events (`event: good_taken`) only to listeners registered per event name.
// A fetch() reader gets every event of the seat's own (redacted) stream, and resumes after a dropped connection
// with Last-Event-ID. Each event only says "something changed": the page then re-reads the view, the picture
// and the legal moves, the same redacted documents any client reads, so the page never folds events itself.
"use strict";

(function () {
  const root = document.getElementById("play");
  const gameId = root.dataset.gameId;
  const base = "/v1/games/" + gameId;
  const fragment = new URLSearchParams(location.hash.slice(1));
  let token = fragment.get("token");
  const el = (id) => document.getElementById(id);
  const state = { version: null, view: null, svg: null, finished: false, clockAt: 0 };
  window.bazaar = state; // read by the browser tests (and handy in a console)

  function headers(extra) {
    const h = Object.assign({}, extra || {});
    if (token) h.Authorization = "Bearer " + token;
    return h;
  }

  async function problem(response) {
    try {
      const body = await response.json();
      return (body.code || response.status) + ": " + (body.detail || body.title || "");
    } catch (e) {
      return "HTTP " + response.status;
    }
  }

  function notation(move) {
    // the text notation the CLI and the logs use: `sell_goods goods=red:1,yellow:2`, `pay_governor card=-`
    const show = (v) => v === null || v === undefined ? "-"
      : Array.isArray(v) ? v.map(show).join(",")
      : typeof v === "object" ? Object.entries(v).map(([k, x]) => k + ":" + show(x)).join(",")
      : String(v);
    const fields = Object.entries(move).filter(([k]) => k !== "type").map(([k, v]) => k + "=" + show(v));
    return [move.type.replace(/_/g, " ")].concat(fields).join(" ");
  }

  function clockText() {
    const clock = state.view && state.view.clock;
    if (!clock || !clock.remaining_ms) return "";
    const elapsed = Date.now() - state.clockAt;
    return "Clocks: " + clock.remaining_ms.map((ms, seat) => {
      if (ms === null) return null;
      const left = Math.max(0, clock.running.includes(seat) ? ms - elapsed : ms);
      const s = Math.ceil(left / 1000);
      return "seat " + seat + " " + Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0")
        + (clock.running.includes(seat) ? " ⏱" : "");
    }).filter(Boolean).join(" · ");
  }

  function showView(view) {
    state.view = view;
    state.version = view.version;
    state.finished = view.status === "finished";
    state.clockAt = Date.now();
    el("who").textContent = view.seat === null ? "Watching as a spectator." : "You are seat " + view.seat + ".";
    let turn;
    if (state.finished) {
      const winners = (view.result && view.result.winners) || [];
      turn = "Finished. Winner" + (winners.length === 1 ? "" : "s") + ": " + winners.map((s) => "seat " + s).join(", ");
    } else if (view.status === "waiting" || view.status === "expired") {
      turn = view.status === "waiting" ? "Waiting for players: nothing is dealt yet." : "Expired before it began.";
    } else if (view.awaiting_chance) {
      turn = "The dealer is drawing…";
    } else {
      turn = "To act: " + view.to_act.map((s) => "seat " + s + (s === view.seat ? " (you)" : "")).join(", ");
    }
    el("turn").textContent = turn + "  (version " + view.version + ")";
    el("clock").textContent = clockText();
    document.dispatchEvent(new CustomEvent("bazaar:view", { detail: view }));  // lobby.js: who is awaited
  }

  function showMoves(moves) {
    const box = el("moves");
    box.replaceChildren();
    if (!token) {
      box.textContent = "Spectators have no moves. Open this page with #token=<seat token> to play.";
      return;
    }
    if (!moves.length) {
      box.textContent = state.finished ? "The game is over." : "Nothing to do now: waiting for the others.";
      return;
    }
    for (const move of moves) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "move";
      button.textContent = notation(move);
      button.dataset.move = JSON.stringify(move);
      button.addEventListener("click", () => post(move));
      box.appendChild(button);
    }
  }

  async function refresh() {
    const viewResponse = await fetch(base, { headers: headers(), cache: "no-store" });
    if (viewResponse.status === 401 && token) {
      el("error").textContent = "That token is not a seat of this game; watching as a spectator.";
      token = null;
      return refresh();
    }
    if (!viewResponse.ok) throw new Error(await problem(viewResponse));
    const view = await viewResponse.json();
    const [pictureResponse, movesResponse] = await Promise.all([
      fetch(base + "/board.svg", { headers: headers({ Accept: "image/svg+xml" }), cache: "no-store" }),
      token ? fetch(base + "/legal-moves", { headers: headers(), cache: "no-store" }) : null,
    ]);
    if (!pictureResponse.ok) throw new Error(await problem(pictureResponse));
    const svg = await pictureResponse.text();
    let moves = [];
    if (movesResponse) {
      if (!movesResponse.ok) throw new Error(await problem(movesResponse));
      const body = await movesResponse.json();
      // moves read at another version than the view would offer stale buttons: the next event refreshes again
      moves = body.version === view.version ? body.moves : [];
    }
    showView(view);
    if (svg !== state.svg) {
      // an <img> of a blob: the picture cannot run anything, whatever text it holds
      const img = el("board");
      const old = img.src;
      img.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
      if (old.startsWith("blob:")) URL.revokeObjectURL(old);
      state.svg = svg;
      img.dataset.version = view.version;
    }
    showMoves(moves);
  }

  // one refresh at a time; events arriving meanwhile cause exactly one more
  let running = false;
  let again = false;
  function schedule() {
    if (running) { again = true; return; }
    running = true;
    refresh()
      .catch((err) => { el("error").textContent = String(err.message || err); })
      .finally(() => { running = false; if (again) { again = false; schedule(); } });
  }

  async function post(move) {
    for (const b of document.querySelectorAll("#moves button")) b.disabled = true;
    el("error").textContent = "";
    const key = (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
      : String(Date.now()) + Math.random().toString(16).slice(2);
    try {
      const response = await fetch(base + "/commands", {
        method: "POST",
        headers: headers({ "Content-Type": "application/json", "If-Match": '"' + state.version + '"',
          "Idempotency-Key": key }),
        body: JSON.stringify(move),
      });
      if (!response.ok) el("error").textContent = await problem(response);
    } finally {
      schedule(); // the stream will say so too; refreshing now makes the click feel immediate
    }
  }

  async function follow() {
    // the live stream; on a drop it reconnects from the last event seen, until the game is over
    let last = state.version || 0;
    for (;;) {
      try {
        const response = await fetch(base + "/events?after=" + last, {
          headers: headers({ Accept: "text/event-stream", "Last-Event-ID": String(last) }), cache: "no-store" });
        if (!response.ok) throw new Error(await problem(response));
        el("live").textContent = "live";
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n/g, "\n");
          let end;
          let changed = false;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = block.split("\n").find((line) => line.startsWith("id:"));
            if (id) { last = Number(id.slice(3).trim()); changed = true; }
          }
          if (changed) schedule();
        }
      } catch (err) {
        el("live").textContent = "reconnecting…";
      }
      if (state.finished && last >= state.version) {
        el("live").textContent = "the game is over";
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  setInterval(() => { el("clock").textContent = clockText(); }, 1000);
  window.addEventListener("hashchange", () => location.reload()); // a new token: start over as that seat
  refresh()
    .catch((err) => { el("error").textContent = String(err.message || err); })
    .finally(follow);
})();
