"""Open seats, a player's own stream and games, challenges and rematches as `Client` methods (a mixin). Every
claim, challenge and answer carries a contribution to the deal made here (`entropy.fresh`), so the caller never
trusts the server with its share; a claim carries an `Idempotency-Key` too, so a retried claim after a dropped
connection is the same claim (a guest gets the same player)."""

from __future__ import annotations

import json
import uuid

from bazaar_client.sdk import entropy as entropies
from bazaar_client.sdk.lobby_types import ClaimedSeat, ListedGame, MyGame, Notice, Offer, OpenGame
from bazaar_client.sdk.notices import PlayerStream

DEFAULT_SEATS = ("code", "public")  # create_open: an invitation code for a friend (or yourself), one seat for anyone


def parse_code(code: str) -> tuple[str, int]:
    """(game id, seat) an invitation code names: `<game id>-<seat>-<secret>`; ValueError for another text."""
    game_id, seat, secret = code.split("-") if code.count("-") == 2 else ("", "", "")
    if len(game_id) != 16 or not seat.isdigit() or not secret:
        raise ValueError(f"{code!r} is not an invitation code (<game>-<seat>-<secret>)")
    return game_id, int(seat)


class LobbyMethods:
    """Mixed into `Client`, whose `transport` and `_get` these use."""

    # --- open seats -------------------------------------------------------------------------------------------
    def create_open(self, game: str, seats: int = 2, invitations=None, options: dict | None = None,
                    seed: str | None = None) -> OpenGame:
        """A game whose seats are claimed by their players (nothing is dealt before the last claim). `invitations`:
        one per seat, "public", "code" or {"player": id} (default: a code for seat 0, then public seats)."""
        chosen = list(invitations) if invitations is not None else [
            DEFAULT_SEATS[min(i, 1)] for i in range(seats)]
        body: dict = {"game": game, "seats": seats, "options": options or {}, "invitations": chosen}
        if seed is not None:
            body["seed"] = seed
        return OpenGame.from_json(self.transport.request("POST", "/v1/games", json=body, repeatable=False).json())

    def claim(self, game_id: str, seat: int, code: str | None = None, entropy: str | None = None,
              name: str | None = None, idempotency_key: str | None = None) -> ClaimedSeat:
        """Take a seat (with this client's player token, or none: as a guest, whose player token comes back)."""
        body = {"entropy": entropy or entropies.fresh()}
        if code is not None:
            body["code"] = code
        if name is not None:
            body["name"] = name
        headers = {"Idempotency-Key": idempotency_key or str(uuid.uuid4())}
        return ClaimedSeat.from_json(self.transport.request(
            "POST", f"/v1/games/{game_id}/seats/{seat}/claim", json=body, headers=headers).json())

    def join(self, code: str, entropy: str | None = None, name: str | None = None) -> ClaimedSeat:
        """Claim the seat an invitation code names."""
        game_id, seat = parse_code(code)
        return self.claim(game_id, seat, code, entropy, name)

    def open_games(self, game: str | None = None, seats: int | None = None, options: dict | None = None,
                   limit: int | None = None) -> tuple[ListedGame, ...]:
        """The games waiting for claimers with a seat this caller may claim, page by page."""
        found, after = [], None
        wanted = json.dumps(options, separators=(",", ":")) if options else None
        while True:
            page = self._get("/v1/games", open="true", game=game, seats=seats, options=wanted, limit=limit,
                             after=after).json()
            found += [ListedGame.from_json(g) for g in page["games"]]
            after = page.get("next")
            if after is None:
                return tuple(found)

    def start(self, game_id: str, bot: str = "greedy", budget_ms: int | None = None) -> dict:
        """The creator starts a waiting game now: `bot` takes every seat still open."""
        body: dict = {"bot": bot}
        if budget_ms is not None:
            body["budget_ms"] = budget_ms
        return self.transport.request("POST", f"/v1/games/{game_id}/start", json=body, repeatable=False).json()

    # --- the player's own ---------------------------------------------------------------------------------------
    def my_games(self, status: str | None = None) -> tuple[MyGame, ...]:
        """This player's games, each page with its turn first."""
        found, after = [], None
        while True:
            page = self._get("/v1/me/games", status=status, after=after).json()
            found += [MyGame.from_json(g) for g in page["games"]]
            after = page.get("next")
            if after is None:
                return tuple(found)

    def notices(self, after: str = "0-0", limit: int | None = None) -> tuple[list[Notice], str]:
        """A page of this player's notices after `after`, and the id to continue after."""
        page = self._get("/v1/me/events", after=after, limit=limit).json()
        return [Notice.from_json(n) for n in page["events"]], page["last_id"]

    def my_events(self, after: str = "0-0") -> PlayerStream:
        """This player's notices, live, resuming by itself after a dropped connection."""
        return PlayerStream(self.transport, after)

    # --- challenges and rematches -------------------------------------------------------------------------------
    def challenge(self, player: str, game: str, options: dict | None = None) -> Offer:
        body = {"player": player, "game": game, "options": options or {}, "entropy": entropies.fresh()}
        return Offer.from_json(self.transport.request("POST", "/v1/challenges", json=body, repeatable=False).json())

    def challenge_view(self, challenge_id: str) -> Offer:
        return Offer.from_json(self._get(f"/v1/challenges/{challenge_id}").json())

    def accept_challenge(self, challenge_id: str) -> Offer:
        """Accept: the game starts (`game_id`, and this player's `seat` and `token`)."""
        return Offer.from_json(self.transport.request("POST", f"/v1/challenges/{challenge_id}/accept",
                                                      json={"entropy": entropies.fresh()}).json())

    def decline_challenge(self, challenge_id: str) -> Offer:
        return Offer.from_json(self.transport.request("POST", f"/v1/challenges/{challenge_id}/decline").json())

    def rematch(self, game_id: str) -> Offer:
        """Offer a rematch of a finished game, or accept the one offered (every seat moves on by one)."""
        return Offer.from_json(self.transport.request("POST", f"/v1/games/{game_id}/rematch",
                                                      json={"entropy": entropies.fresh()}).json())

    def rematch_offer(self, game_id: str) -> Offer:
        return Offer.from_json(self._get(f"/v1/games/{game_id}/rematch").json())

    def decline_rematch(self, game_id: str) -> Offer:
        return Offer.from_json(self.transport.request("POST", f"/v1/games/{game_id}/rematch/decline").json())
