// /play/{id}: the board as the caller sees it, played by clicking it; the seat's legal moves in words (grouped by
// kind, for keyboards and screen readers), the game log in words, a replay of every version, undo, whose turn
// and the clocks, kept live from the game's event stream. No framework and no build step: this file is served
// as it is.
//
// The seat token comes from the URL fragment (#token=...), which the browser never sends to the server; it
// leaves this page only as an `Authorization: Bearer` header.
//
// The picture stays an <img> (of a blob): it cannot run anything, whatever text it holds. Clicks land on
// buttons laid over it: the page reads the picture's regions (`g.place` of Istanbul with its box, Jaipur's
// `data-market` and `data-hand` cards) from the SVG text and matches them with the legal moves' fields, so a
// region is clickable exactly when a legal move names it. Istanbul: a place named by a move's `place` (moving
// there, sending the family member, ...). Jaipur: pick cards in the market and in the hand, and the moves they
// make (take, take the camels, sell, exchange) are offered.
//
// Live updates read the event stream with fetch() instead of EventSource: EventSource cannot send the token
// header. Each event only says "something changed": the page then re-reads the view, the picture, the legal
// moves and the new log lines, the same redacted documents any client reads, so it never folds events itself.
"use strict";

(function () {
  const root = document.getElementById("play");
  const gameId = root.dataset.gameId;
  const gameName = root.dataset.game;
  const base = "/v1/games/" + gameId;
  const fragment = new URLSearchParams(location.hash.slice(1));
  let token = fragment.get("token");
  const el = (id) => document.getElementById(id);
  const state = {
    version: null, view: null, svg: null, finished: false, clockAt: 0, moves: [], said: [],
    replayAt: null, logAfter: 0, lastPlace: null, undo: null, pick: { market: new Set(), hand: new Set() },
    regions: null, shown: null, stale: false, lines: [],
  };
  window.bazaar = state; // read by the browser tests (and handy in a console)
  // the versions this tab posted at, per seat (one screen may pass from seat to seat): where an undo goes back to
  const posted = "bazaar.posted." + gameId + ".";

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

  async function getJson(path) {
    const response = await fetch(path, { headers: headers(), cache: "no-store" });
    if (!response.ok) throw new Error(await problem(response));
    return response.json();
  }

  function notation(move) {
    // the fields as text, when the server gave no line for a move: `sell good=cloth count=3`
    const show = (v) => v === null || v === undefined ? "-"
      : Array.isArray(v) ? v.map(show).join(",")
      : typeof v === "object" ? Object.entries(v).map(([k, x]) => k + ":" + show(x)).join(",")
      : String(v);
    const fields = Object.entries(move).filter(([k]) => k !== "type").map(([k, v]) => k + "=" + show(v));
    return [move.type.replace(/_/g, " ")].concat(fields).join(" ");
  }

  function words(i) {
    const said = state.said[i];
    return (said && said.words) || notation(state.moves[i]);
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

  function turnText(view) {
    if (view.status === "finished") {
      const winners = (view.result && view.result.winners) || [];
      return "Finished. Winner" + (winners.length === 1 ? "" : "s") + ": " + winners.map((s) => "seat " + s).join(", ");
    }
    if (view.status === "waiting" || view.status === "expired") {
      return view.status === "waiting" ? "Waiting for players: nothing is dealt yet." : "Expired before it began.";
    }
    if (view.awaiting_chance) return "The dealer is drawing…";
    return "To act: " + view.to_act.map((s) => "seat " + s + (s === view.seat ? " (you)" : "")).join(", ");
  }

  function showView(view) {
    state.view = view;
    state.version = view.version;
    state.finished = view.status === "finished";
    state.clockAt = Date.now();
    el("who").textContent = view.seat === null ? "Watching as a spectator." : "You are seat " + view.seat + ".";
    el("turn").textContent = turnText(view) + "  (version " + view.version + ")";
    const result = view.words && view.words.result;
    el("result").hidden = !result;
    el("result").textContent = result || "";
    el("clock").textContent = clockText();
    document.dispatchEvent(new CustomEvent("bazaar:view", { detail: view }));  // lobby.js: who is awaited
  }

  // --- the legal moves, grouped by kind ------------------------------------------------------------------------
  const KINDS = { move: "Move", take_one: "Take a card", take_camels: "Take the camels", exchange: "Exchange",
    sell: "Sell", sell_goods: "Sell goods", end_turn: "End the turn", pay_merchants: "Pay the merchants",
    leave_assistant: "Assistants", pick_up_assistant: "Assistants", accept_undo: "Undo request",
    decline_undo: "Undo request" };

  function kindOf(move) {
    return KINDS[move.type] || (move.type.charAt(0).toUpperCase() + move.type.slice(1).replace(/_/g, " "));
  }

  function moveButton(i) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.textContent = words(i);
    const said = state.said[i];
    if (said && said.notation) button.title = said.notation;
    button.dataset.move = JSON.stringify(state.moves[i]);
    button.addEventListener("click", () => post(state.moves[i]));
    return button;
  }

  function showMoves() {
    const box = el("moves");
    box.replaceChildren();
    const hint = el("moves-hint");
    hint.textContent = "";
    if (!token) {
      box.textContent = "Spectators have no moves. Open this page with #token=<seat token> to play.";
      return;
    }
    if (state.replayAt !== null) {
      box.textContent = "Replaying version " + state.replayAt + ": go back to live to play.";
      return;
    }
    const moves = state.moves;
    if (!moves.length) {
      box.textContent = state.finished ? "The game is over." : "Nothing to do now: waiting for the others.";
      return;
    }
    hint.textContent = gameName === "jaipur"
      ? "Pick cards in the market and in your hand on the board, or choose a move below."
      : "Click a highlighted place on the board, or choose a move below.";
    const groups = new Map();
    moves.forEach((move, i) => {
      const kind = kindOf(move);
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(i);
    });
    let first = true;
    for (const [kind, indexes] of groups) {
      const details = document.createElement("details");
      details.className = "group";
      details.open = first || indexes.length <= 8 || groups.size === 1;
      first = false;
      const summary = document.createElement("summary");
      summary.textContent = kind + " (" + indexes.length + ")";
      details.appendChild(summary);
      const list = document.createElement("div");
      list.className = "group-moves";
      for (const i of indexes) list.appendChild(moveButton(i));
      details.appendChild(list);
      box.appendChild(details);
    }
  }

  // --- the board: regions of the picture, clickable where a legal move names them --------------------------------
  function regionsOf(svg) {
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    const top = doc.documentElement;
    const out = { width: Number(top.getAttribute("width")), height: Number(top.getAttribute("height")),
      places: [], market: [], hand: [] };
    const box = (g) => ({ x: Number(g.getAttribute("data-x")), y: Number(g.getAttribute("data-y")),
      w: Number(g.getAttribute("data-w")), h: Number(g.getAttribute("data-h")) });
    for (const g of doc.querySelectorAll("g.place[data-place]")) {
      out.places.push(Object.assign(box(g), { place: Number(g.getAttribute("data-place")) }));
    }
    for (const g of doc.querySelectorAll("g[data-market]")) {
      out.market.push(Object.assign(box(g), { index: Number(g.getAttribute("data-market")), good: g.getAttribute("data-good") }));
    }
    for (const g of doc.querySelectorAll("g[data-hand]")) {
      out.hand.push(Object.assign(box(g), { index: Number(g.getAttribute("data-hand")), good: g.getAttribute("data-good") }));
    }
    return out;
  }

  function spot(region, className, label) {
    const r = state.regions;
    const node = document.createElement(label ? "button" : "div");
    node.className = className;
    node.style.left = (100 * region.x / r.width) + "%";
    node.style.top = (100 * region.y / r.height) + "%";
    node.style.width = (100 * region.w / r.width) + "%";
    node.style.height = (100 * region.h / r.height) + "%";
    if (label) {
      node.type = "button";
      node.setAttribute("aria-label", label);
      node.title = label;
    }
    return node;
  }

  function showHotspots() {
    const layer = el("hotspots");
    layer.replaceChildren();
    if (!state.regions) return;
    const live = state.replayAt === null;
    if (live && state.lastPlace !== null) {
      const last = state.regions.places.find((p) => p.place === state.lastPlace);
      if (last) layer.appendChild(spot(last, "mark last"));
    }
    if (!live || !token || !state.moves.length) return;
    if (gameName === "jaipur") return showCards(layer);
    for (const region of state.regions.places) {
      const choices = state.moves.map((m, i) => i).filter((i) => state.moves[i].place === region.place);
      if (!choices.length) continue;
      const label = choices.length === 1 ? words(choices[0]) : choices.length + " moves at place " + region.place;
      const button = spot(region, "hotspot target", label);
      button.dataset.place = region.place;
      button.addEventListener("click", () => {
        if (choices.length === 1) post(state.moves[choices[0]]);
        else offer("Place " + region.place + ": choose", choices);
      });
      layer.appendChild(button);
    }
  }

  function showCards(layer) {
    for (const [where, regions] of [["market", state.regions.market], ["hand", state.regions.hand]]) {
      for (const region of regions) {
        const picked = state.pick[where].has(region.index);
        const label = (picked ? "unpick " : "pick ") + region.good + (where === "market" ? " in the market" : " in your hand");
        const button = spot(region, "hotspot card" + (picked ? " picked" : ""), label);
        button.dataset[where] = region.index;
        button.setAttribute("aria-pressed", picked ? "true" : "false");
        button.addEventListener("click", () => {
          if (picked) state.pick[where].delete(region.index); else state.pick[where].add(region.index);
          showHotspots();
          offerPicked();
        });
        layer.appendChild(button);
      }
    }
  }

  function sorted(list) {
    return list.slice().sort();
  }

  function picked(where) {
    const regions = state.regions ? state.regions[where] : [];
    return sorted(regions.filter((r) => state.pick[where].has(r.index)).map((r) => r.good));
  }

  function same(a, b) {
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }

  function offerPicked() {
    // the moves the picked cards make: market cards taken, hand cards given or sold
    const market = picked("market");
    const hand = picked("hand");
    if (!market.length && !hand.length) return offer(null, []);
    const matches = state.moves.map((m, i) => i).filter((i) => {
      const m = state.moves[i];
      if (m.type === "take_one") return !hand.length && same(market, [m.good]);
      if (m.type === "take_camels") return !hand.length && market.length > 0 && market.every((g) => g === "camel");
      if (m.type === "sell") return !market.length && same(hand, Array(m.count).fill(m.good));
      if (m.type === "exchange") return same(market, sorted(m.take)) && same(hand, sorted(m.give));
      return false;
    });
    offer(matches.length ? "Your pick makes:" : "No legal move takes exactly these cards.", matches, true);
  }

  function offer(title, indexes, clearable) {
    const box = el("choice");
    box.replaceChildren();
    box.hidden = !title;
    if (!title) return;
    const heading = document.createElement("p");
    heading.textContent = title;
    box.appendChild(heading);
    for (const i of indexes) box.appendChild(moveButton(i));
    const clear = document.createElement("button");
    clear.type = "button";
    clear.className = "clear";
    clear.textContent = clearable ? "Clear the pick" : "Cancel";
    clear.addEventListener("click", () => { state.pick.market.clear(); state.pick.hand.clear(); offer(null, []); showHotspots(); });
    box.appendChild(clear);
  }

  // --- the log, the replay, undo ---------------------------------------------------------------------------------
  let logReader = Promise.resolve();
  function readLog() {
    // page by page until a page is not full: a long game's log is read whole the first time. One reader at a
    // time (a refresh that failed may leave its reader running): no line is added twice.
    const reading = logReader.then(async () => {
      for (;;) {
        const full = await readLogPage(500);
        if (!full) return;
      }
    });
    logReader = reading.catch(() => null);
    return reading;
  }

  async function readLogPage(limit) {
    const after = state.logAfter;
    const body = await getJson(base + "/log?after=" + after + "&limit=" + limit);
    const list = el("log");
    for (const line of body.lines) {
      const item = document.createElement("li");
      item.dataset.version = line.version;
      if (line.seat !== null && line.seat !== undefined) item.className = "seat-" + line.seat;
      const at = document.createElement("button");
      at.type = "button";
      at.className = "at";
      at.textContent = line.version;
      at.title = "show the board at version " + line.version;
      at.addEventListener("click", () => replay(line.version));
      item.append(at, " " + line.text);
      list.appendChild(item);
      state.lines.push({ version: line.version, seat: line.seat });
    }
    if (body.lines.length) list.scrollTop = list.scrollHeight;
    // a full page (`limit` lines) may have more after it, from its `next`; a page that is not full read to the end
    state.logAfter = Math.max(after, body.next);
    return body.lines.length === limit && body.next < body.version;
  }

  async function readLastPlace(version) {
    // the place the last move named (a merchant's move, a family member sent, a figure moved): marked on the board
    if (gameName !== "istanbul" || !version) return;
    const after = Math.max(0, version - 12);
    const page = await getJson(base + "/events?after=" + after + "&limit=12");
    const events = Array.isArray(page) ? page : (page.events || []);
    for (let i = events.length - 1; i >= 0; i--) {
      const payload = events[i].payload || {};
      if (Number.isInteger(payload.place)) { state.lastPlace = payload.place; return; }
    }
  }

  async function readUndoMode() {
    try {
      const page = await getJson(base + "/events?after=0&limit=1");
      const events = Array.isArray(page) ? page : (page.events || []);
      const options = (events[0] && events[0].payload && events[0].payload.options) || {};
      state.undo = options.undo || "none";
    } catch (e) {
      state.undo = "none";
    }
  }

  function postedVersions() {
    const seat = state.view ? state.view.seat : null;
    if (seat === null) return [];
    try { return JSON.parse(sessionStorage.getItem(posted + seat) || "[]"); } catch (e) { return []; }
  }

  function remember(list) {
    const seat = state.view ? state.view.seat : null;
    if (seat === null) return;
    try { sessionStorage.setItem(posted + seat, JSON.stringify(list)); } catch (e) { /* private mode */ }
  }

  function undoTarget() {
    // Where "Undo my last move" goes back to (the version before this seat's last move), or null where the rules
    // of domain/table/undo.py refuse what the page can see: option "none"; "turn" once another seat or the
    // dealer acted after that move, or while the seat is not to act; "consent" while a request awaits its
    // answers. What the page cannot see (a card drawn or a tile turned up in between) the service refuses, in
    // words, and the page forgets that move.
    const view = state.view;
    if (!token || !view || view.seat === null || !state.undo || state.undo === "none" || state.finished
      || state.replayAt !== null) return null;
    const mine = postedVersions().filter((v) => v < state.version);
    if (!mine.length) return null;
    const to = mine[mine.length - 1];
    if (state.undo === "turn") {
      const others = state.lines.some((line) => line.version > to && line.seat !== view.seat);
      if (others || !view.to_act.includes(view.seat)) return null;
    } else if (view.undo_request) {
      return null;
    }
    return to;
  }

  function showUndo() {
    el("undo").hidden = undoTarget() === null;
  }

  // refusals that stay true whatever happens next: the move is forgotten (and the seat's earlier ones too, where
  // they lie behind the same draw or the same other seat's move)
  const FORGET_MOVE = ["undo_nothing", "undo_bad_version"];
  const FORGET_EARLIER = ["undo_across_chance", "undo_not_own_moves", "undo_turn_over", "undo_disabled"];

  // the table's own events that change no position of the game (domain/table/evolve.py): an undo cannot name
  // their versions, only the position each shows
  const NO_POSITION = new Set(["seed_revealed", "undo_requested", "undo_answered", "turn_timed_out", "bot_seated",
    "bot_unseated", "game_imported", "seats_opened", "seat_claimed", "game_started", "game_expired"]);

  async function position(version) {
    // The version of the position the game showed at `version`: its own if a move or a draw made it; a table
    // event's is the position before it, and a take-back's the version it went back to (a move made after a
    // take-back was posted at the take-back's version, which the service refuses as a target)
    let upTo = version;
    while (upTo > 0) {
      const after = Math.max(0, upTo - 16);
      const page = await getJson(base + "/events?after=" + after + "&limit=" + (upTo - after));
      const events = (Array.isArray(page) ? page : (page.events || [])).filter((e) => e.version <= upTo);
      for (let i = events.length - 1; i >= 0; i--) {
        const e = events[i];
        if (e.type === "moves_taken_back") return e.payload.to_version;
        if (!NO_POSITION.has(e.type)) return e.version;
      }
      upTo = after;
    }
    return version;
  }

  async function undo() {
    const to = undoTarget();
    if (to === null) return;
    el("error").textContent = "";
    const response = await fetch(base + "/undo", {
      method: "POST", headers: headers({ "Content-Type": "application/json" }),
      body: JSON.stringify({ to_version: await position(to), expected_version: state.version }),
    });
    const mine = postedVersions();
    if (response.ok) {
      remember(mine.filter((v) => v < to));
    } else {
      const body = await response.clone().json().catch(() => ({}));
      el("error").textContent = await problem(response);
      if (FORGET_MOVE.includes(body.code)) remember(mine.filter((v) => v !== to));
      if (FORGET_EARLIER.includes(body.code)) remember(mine.filter((v) => v > to));
    }
    schedule();
  }

  function replay(version) {
    const latest = state.version || 1;
    state.replayAt = version === null || version >= latest ? null : Math.max(1, version);
    offer(null, []);
    schedule();
  }

  function showReplay() {
    const slider = el("replay-slider");
    slider.max = String(state.version || 1);
    slider.value = String(state.replayAt === null ? state.version : state.replayAt);
    el("replay-at").textContent = state.replayAt === null ? "live, version " + state.version
      : "replay: version " + state.replayAt + " of " + state.version;
    el("replay-live").disabled = state.replayAt === null;
    el("replay-forward").disabled = state.replayAt === null;
    root.classList.toggle("replaying", state.replayAt !== null);
    for (const item of el("log").children) {
      item.classList.toggle("future", state.replayAt !== null && Number(item.dataset.version) > state.replayAt);
    }
  }

  // --- reading everything again --------------------------------------------------------------------------------
  function ask(path, accept) {
    return fetch(path, { headers: headers(accept ? { Accept: accept } : undefined), cache: "no-store" });
  }

  function versionOf(response) {
    // the version an answer was read at (its ETag: "12")
    const tag = response.headers.get("ETag");
    return tag ? Number(tag.replace(/\D/g, "")) : null;
  }

  async function refresh(tries) {
    // Live, the view, the picture, the moves and the log's new lines are asked for at once (one round trip, not
    // three in a row: a click shows its move sooner); each answer says its version. When they disagree (a move
    // landed between them) the page reads again, and shows nothing of it: a version is shown whole or not at
    // all. After three tries (a game moving very fast) it shows the view and reads again later (`stale`).
    const live = state.replayAt === null;
    const viewing = ask(base + "?words=true");
    const picturing = live ? ask(base + "/board.svg", "image/svg+xml") : null;
    const listing = live && token ? ask(base + "/legal-moves?words=true") : null;
    const logging = live ? readLog().then(() => null, (err) => err) : null;
    const viewResponse = await viewing;
    if (viewResponse.status === 401 && token) {
      await Promise.allSettled([picturing, listing, logging]);
      el("error").textContent = "That token is not a seat of this game; watching as a spectator.";
      token = null;
      return refresh();
    }
    if (!viewResponse.ok) throw new Error(await problem(viewResponse));
    const view = await viewResponse.json();
    const at = state.replayAt !== null && state.replayAt < view.version ? state.replayAt : null;
    state.replayAt = at;
    const [pictureResponse, movesResponse, past] = await Promise.all([
      picturing || fetch(base + "/board.svg" + (at === null ? "" : "?version=" + at),
        { headers: headers({ Accept: "image/svg+xml" }), cache: "no-store" }),
      listing || (token && at === null ? ask(base + "/legal-moves?words=true") : null),
      at === null ? null : getJson(base + "/state?version=" + at),
    ]);
    if (!pictureResponse.ok) throw new Error(await problem(pictureResponse));
    const svg = await pictureResponse.text();
    const pictured = at === null ? versionOf(pictureResponse) : at;
    let moves = [];
    let said = [];
    if (movesResponse) {
      if (!movesResponse.ok) throw new Error(await problem(movesResponse));
      const body = await movesResponse.json();
      // moves read at another version than the view would offer stale buttons: read again
      if (body.version === view.version) { moves = body.moves; said = body.said || []; } else state.stale = true;
    }
    if (!(pictured === view.version || at !== null)) state.stale = true;
    if (state.stale && (tries || 0) < 3) {
      await logging;
      state.stale = false;
      return refresh((tries || 0) + 1);
    }
    // the new picture first: the browser draws it while the last place is read; the page shows the new version
    // all at once after that (view, moves, picture's mark, clickable places), never a mix of two versions
    const pictureFits = pictured === view.version || at !== null;  // else not marked as the view's
    if (pictureFits && svg !== state.svg) {
      const img = el("board");
      const old = img.src;
      img.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
      if (old.startsWith("blob:")) URL.revokeObjectURL(old);
      state.svg = svg;
      state.regions = regionsOf(svg);
    }
    const logFailed = await (logging || readLog().then(() => null, (err) => err));
    if (at === null) await readLastPlace(view.version);
    showView(view);
    if (past) el("turn").textContent = "Replay of version " + at + ": " + turnText(past).toLowerCase();
    const movesChanged = JSON.stringify(moves) !== JSON.stringify(state.moves);
    state.moves = moves;
    state.said = said;
    if (movesChanged) { state.pick.market.clear(); state.pick.hand.clear(); offer(null, []); }
    // the picture shows this version even when its drawing did not change (a roll, a move nobody sees)
    if (pictureFits) el("board").dataset.version = at === null ? view.version : at;
    // the moves and the clickable board are rebuilt only when they change: a click never lands on a button being
    // replaced, and the keyboard's focus stays where it is
    const shown = JSON.stringify([view.version, at, moves, said, state.lastPlace, state.svg && state.svg.length]);
    if (shown !== state.shown) {
      state.shown = shown;
      showMoves();
      showHotspots();
    }
    showReplay();
    showUndo();
    if (logFailed) throw logFailed;
  }

  // One refresh at a time. What arrives meanwhile causes exactly one more: a click, the replay or undo always;
  // the stream only with an event the page has not shown yet (the page's own post already read its move).
  let running = false;
  let wanted = 0;
  function schedule(upTo) {
    const version = upTo === undefined ? Infinity : upTo;
    if (running) { wanted = Math.max(wanted, version); return; }
    if (version <= (state.version || 0) && !state.stale) return;
    running = true;
    wanted = 0;
    state.stale = false;
    refresh()
      .catch((err) => { el("error").textContent = String(err.message || err); })
      .finally(() => {
        running = false;
        if (wanted > (state.version || 0) || state.stale) schedule(wanted);
      });
  }

  async function post(move) {
    state.posting = move;  // read by the browser tests
    for (const b of document.querySelectorAll("#moves button, #hotspots button, #choice button")) b.disabled = true;
    el("error").textContent = "";
    const key = (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
      : String(Date.now()) + Math.random().toString(16).slice(2);
    const at = state.version;
    try {
      const response = await fetch(base + "/commands", {
        method: "POST",
        headers: headers({ "Content-Type": "application/json", "If-Match": '"' + at + '"', "Idempotency-Key": key }),
        body: JSON.stringify(move),
      });
      state.posted = { move: move, status: response.status };  // read by the browser tests
      if (!response.ok) { el("error").textContent = await problem(response); state.shown = null; }
      else if (!["accept_undo", "decline_undo"].includes(move.type)) remember(postedVersions().concat([at]).slice(-50));
    } finally {
      offer(null, []);
      schedule(); // the stream will say so too; refreshing now makes the click feel immediate
    }
  }

  // the stream is closed when the page goes (another seat's page, a reload): a browser holds only a few
  // connections to one server, and a stream left open would keep one of them
  const leaving = new AbortController();
  window.addEventListener("pagehide", () => leaving.abort());

  async function follow() {
    // the live stream; on a drop it reconnects from the last event seen, until the game is over
    let last = state.version || 0;
    for (;;) {
      try {
        const response = await fetch(base + "/events?after=" + last, {
          headers: headers({ Accept: "text/event-stream", "Last-Event-ID": String(last) }), cache: "no-store",
          signal: leaving.signal });
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
          if (changed) schedule(last);
        }
      } catch (err) {
        el("live").textContent = "reconnecting…";
      }
      if (leaving.signal.aborted) return;
      if (state.finished && last >= state.version) {
        el("live").textContent = "the game is over";
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  el("replay-back").addEventListener("click", () => replay((state.replayAt === null ? state.version : state.replayAt) - 1));
  el("replay-forward").addEventListener("click", () => replay(state.replayAt === null ? null : state.replayAt + 1));
  el("replay-live").addEventListener("click", () => replay(null));
  el("replay-slider").addEventListener("change", (e) => replay(Number(e.target.value)));
  el("undo").addEventListener("click", () => { undo().catch((err) => { el("error").textContent = String(err.message || err); }); });
  setInterval(() => { el("clock").textContent = clockText(); }, 1000);
  window.addEventListener("hashchange", () => location.reload()); // a new token: start over as that seat
  readUndoMode()
    .then(refresh)
    .catch((err) => { el("error").textContent = String(err.message || err); })
    .finally(follow);
})();
