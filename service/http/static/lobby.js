// Open seats on the pages. On `/`, the form creates a game whose seats are claimed: this browser takes seat 0
// with its invitation code and gets a link for every other seat to share (a friend's link carries its code; an
// open seat's link is for anyone). On `/play/{id}`, a link's fragment (#invite=CODE or #join=SEAT) offers to take
// that seat, and while the game waits the panel says which seats are awaited (and, to its creator, the links).
//
// Each claim brings 32 random bytes from this browser's crypto as its contribution to the deal, so the player
// never trusts the server with its share; the deal is drawn when the last seat is taken. Codes and tokens travel
// in URL fragments (never sent to the server) and leave the page only in request bodies and headers. A guest's
// player token (a claim without one makes a guest) is kept in this browser's localStorage so it can come back.
"use strict";

(function () {
  const el = (id) => document.getElementById(id);
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

  function entropy() {
    const bytes = new Uint8Array(32);
    crypto.getRandomValues(bytes);
    return hex(bytes);
  }

  function key() {
    return crypto.randomUUID ? crypto.randomUUID() : entropy();
  }

  async function problem(response) {
    try {
      const body = await response.json();
      return (body.code || response.status) + ": " + (body.detail || body.title || "");
    } catch (e) {
      return "HTTP " + response.status;
    }
  }

  function playerToken() {
    try { return localStorage.getItem("bazaar.player"); } catch (e) { return null; }
  }

  async function claim(gameId, seat, code) {
    const body = { entropy: entropy() };
    if (code) body.code = code;
    const headers = { "Content-Type": "application/json", "Idempotency-Key": key() };
    const mine = playerToken();
    if (mine) headers.Authorization = "Bearer " + mine;
    let response = await fetch("/v1/games/" + gameId + "/seats/" + seat + "/claim",
      { method: "POST", headers: headers, body: JSON.stringify(body) });
    if (response.status === 401 && mine) {  // the kept player token expired: come as a guest again
      try { localStorage.removeItem("bazaar.player"); } catch (e) { /* private mode */ }
      delete headers.Authorization;
      response = await fetch("/v1/games/" + gameId + "/seats/" + seat + "/claim",
        { method: "POST", headers: headers, body: JSON.stringify(body) });
    }
    if (!response.ok) throw new Error(await problem(response));
    const claimed = await response.json();
    if (claimed.player.token) {
      try { localStorage.setItem("bazaar.player", claimed.player.token); } catch (e) { /* private mode */ }
    }
    return claimed;
  }

  function links(created) {
    return created.seats.filter((s) => s.seat !== 0 && s.url)
      .map((s) => ({ seat: s.seat, url: location.origin + s.url }));
  }

  // --- `/`: create a game and share it -----------------------------------------------------------------------
  const form = el("create-game");
  if (form) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      el("create-error").textContent = "";
      const seats = Number(form.elements.seats.value);
      const others = form.elements.others.value;  // "code": a link for a friend; "public": anyone may take it
      const body = { game: form.elements.game.value, seats: seats,
        invitations: ["code"].concat(Array(seats - 1).fill(others)) };
      try {
        const response = await fetch("/v1/games", { method: "POST",
          headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(await problem(response));
        const created = await response.json();
        const mine = await claim(created.id, 0, created.seats[0].code);
        try { sessionStorage.setItem("bazaar.share." + created.id, JSON.stringify(links(created))); } catch (e) { }
        location.href = "/play/" + created.id + "#token=" + encodeURIComponent(mine.token);
      } catch (err) {
        el("create-error").textContent = String(err.message || err);
      }
    });
  }

  // --- `/play/{id}`: take the seat a link names, and say who is awaited ----------------------------------------
  const play = el("play");
  if (!play) return;
  const gameId = play.dataset.gameId;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const code = fragment.get("invite");
  const seat = code ? Number(code.split("-")[1]) : fragment.has("join") ? Number(fragment.get("join")) : null;
  const panel = el("lobby");

  if (seat !== null && !Number.isNaN(seat)) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = "take-seat";
    button.textContent = "Take seat " + seat;
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const claimed = await claim(gameId, seat, code);
        location.hash = "token=" + encodeURIComponent(claimed.token);  // play.js starts over as that seat
      } catch (err) {
        el("error").textContent = String(err.message || err);
        button.disabled = false;
      }
    });
    panel.appendChild(button);
  }

  document.addEventListener("bazaar:view", (event) => {
    const lobby = event.detail.lobby;
    const box = el("awaiting");
    if (!lobby) return;
    const waiting = event.detail.status === "waiting";
    box.textContent = waiting
      ? "Waiting for seat" + (lobby.awaiting.length === 1 ? " " : "s ") + lobby.awaiting.join(", ")
        + " (nothing is dealt before every seat is taken; expires " + lobby.expires_at + ")."
      : event.detail.status === "expired" ? "Nobody took the last seats in time: the game expired." : "";
    let shared = null;
    try { shared = JSON.parse(sessionStorage.getItem("bazaar.share." + gameId) || "null"); } catch (e) { }
    const list = el("share");
    list.replaceChildren();
    if (!waiting || !shared) return;
    for (const link of shared.filter((l) => lobby.awaiting.includes(l.seat))) {
      const item = document.createElement("li");
      item.textContent = "Seat " + link.seat + ": ";
      const a = document.createElement("a");
      a.href = link.url;
      a.className = "share";
      a.textContent = link.url;
      item.appendChild(a);
      list.appendChild(item);
    }
  });
})();
