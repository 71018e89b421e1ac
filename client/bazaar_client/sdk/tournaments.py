"""The tournament routes as `Client` methods (a mixin, so the client's own module stays about games). Answers are
typed (tournament_types.py here): `Tournament`, `Registration`, `Rounds`, `Standings`, `PlayerRatings`, ...; the
CSV standings and the NDJSON export are text."""

from __future__ import annotations

from bazaar_client.sdk.tournament_types import (
    PlayerRatings,
    Registration,
    Rounds,
    Standings,
    Tournament,
    TournamentEventPage,
    TournamentSummary,
    Withdrawal,
)


class TournamentMethods:
    """Mixed into `Client`, whose `transport` and `_get` these use."""

    def create_tournament(self, game: str, format: str, table_size: int, rounds: int | None = None,
                          options: dict | None = None, clock: dict | None = None, timeout_policy: str = "forfeit",
                          advance: int = 1) -> Tournament:
        """An organiser's new tournament (its view: `id`, `phase`, settings)."""
        body = {"game": game, "format": format, "table_size": table_size, "rounds": rounds, "options": options or {},
                "clock": clock, "timeout_policy": timeout_policy, "advance": advance}
        # not repeatable: a retry after a dropped connection could make a second tournament
        return Tournament.from_json(self.transport.request("POST", "/v1/tournaments", json=body,
                                                           repeatable=False).json())

    def tournaments(self, limit: int | None = None) -> tuple[TournamentSummary, ...]:
        """Every tournament's summary, page by page."""
        found, after = [], None
        while True:
            page = self._get("/v1/tournaments", limit=limit, after=after).json()
            found += [TournamentSummary.from_json(t) for t in page["tournaments"]]
            after = page.get("next")
            if after is None:
                return tuple(found)

    def tournament(self, tournament_id: str) -> Tournament:
        return Tournament.from_json(self._get(f"/v1/tournaments/{tournament_id}").json())

    def register(self, tournament_id: str, player: str | None = None, name: str | None = None,
                 rating: int | None = None, bot: str | None = None) -> Registration:
        """An existing player (`player`), or a new one (`name`: the answer holds its token, shown once). No
        `rating`: an existing player's rating in the game (else 0) seeds them."""
        body = {k: v for k, v in {"player": player, "name": name, "bot": bot, "rating": rating}.items()
                if v is not None}
        return Registration.from_json(self.transport.request("POST", f"/v1/tournaments/{tournament_id}/players",
                                                             json=body, repeatable=False).json())

    def withdraw(self, tournament_id: str, player: str) -> Withdrawal:
        return Withdrawal.from_json(
            self.transport.request("DELETE", f"/v1/tournaments/{tournament_id}/players/{player}").json())

    def draw_seeding(self, tournament_id: str) -> Tournament:
        """Draw the seeding by lot (once, before the start; registration closes): the view with `seeding`."""
        return Tournament.from_json(self.transport.request("POST", f"/v1/tournaments/{tournament_id}/seeding",
                                                           repeatable=False).json())

    def start_tournament(self, tournament_id: str, order: list[str] | None = None) -> Tournament:
        return Tournament.from_json(self.transport.request("POST", f"/v1/tournaments/{tournament_id}/start",
                                                           json={"order": order} if order else {}).json())

    def rounds(self, tournament_id: str) -> Rounds:
        return Rounds.from_json(self._get(f"/v1/tournaments/{tournament_id}/rounds").json())

    def standings(self, tournament_id: str, csv: bool = False) -> Standings | str:
        """The standings (`Standings`), or as CSV text."""
        response = self._get(f"/v1/tournaments/{tournament_id}/standings", format="csv" if csv else "json")
        return response.text if csv else Standings.from_json(response.json())

    def tournament_events(self, tournament_id: str, after: int = 0, limit: int | None = None) -> TournamentEventPage:
        """A page of the tournament's log (`version`, `events`: the envelopes as served)."""
        return TournamentEventPage.from_json(
            self._get(f"/v1/tournaments/{tournament_id}/events", after=after, limit=limit).json())

    def export_tournament(self, tournament_id: str) -> str:
        """The whole log as NDJSON, to keep and check (`python -m service.operations.verify`)."""
        return self._get(f"/v1/tournaments/{tournament_id}/events", format="ndjson").text

    def ratings(self, player: str) -> PlayerRatings:
        """The player's rating and history in every title (`ratings` by game)."""
        return PlayerRatings.from_json(self._get(f"/v1/players/{player}/ratings").json())
