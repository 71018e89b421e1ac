"""The tournament routes as `Client` methods (a mixin, so the client's own module stays about games). Answers are
the JSON documents openapi.yaml describes (`TournamentView`, `StandingsExport`, `PlayerRatings`, ...): a
tournament's view is public and shaped by its format, so it is handed over as it comes."""

from __future__ import annotations


class TournamentMethods:
    """Mixed into `Client`, whose `transport` and `_get` these use."""

    def create_tournament(self, game: str, format: str, table_size: int, rounds: int | None = None,
                          options: dict | None = None, clock: dict | None = None, timeout_policy: str = "forfeit",
                          advance: int = 1) -> dict:
        """An organiser's new tournament (its view: `id`, `phase`, settings)."""
        body = {"game": game, "format": format, "table_size": table_size, "rounds": rounds, "options": options or {},
                "clock": clock, "timeout_policy": timeout_policy, "advance": advance}
        # not repeatable: a retry after a dropped connection could make a second tournament
        return self.transport.request("POST", "/v1/tournaments", json=body, repeatable=False).json()

    def tournaments(self, limit: int | None = None) -> tuple[dict, ...]:
        """Every tournament's summary, page by page."""
        found, after = [], None
        while True:
            page = self._get("/v1/tournaments", limit=limit, after=after).json()
            found += page["tournaments"]
            after = page.get("next")
            if after is None:
                return tuple(found)

    def tournament(self, tournament_id: str) -> dict:
        return self._get(f"/v1/tournaments/{tournament_id}").json()

    def register(self, tournament_id: str, player: str | None = None, name: str | None = None, rating: int = 0,
                 bot: str | None = None) -> dict:
        """An existing player (`player`), or a new one (`name`: the answer holds its token, shown once)."""
        body = {k: v for k, v in {"player": player, "name": name, "bot": bot}.items() if v is not None}
        return self.transport.request("POST", f"/v1/tournaments/{tournament_id}/players", json={**body, "rating": rating},
                                      repeatable=False).json()

    def withdraw(self, tournament_id: str, player: str) -> dict:
        return self.transport.request("DELETE", f"/v1/tournaments/{tournament_id}/players/{player}").json()

    def start_tournament(self, tournament_id: str, order: list[str] | None = None) -> dict:
        return self.transport.request("POST", f"/v1/tournaments/{tournament_id}/start",
                                      json={"order": order} if order else {}).json()

    def rounds(self, tournament_id: str) -> dict:
        return self._get(f"/v1/tournaments/{tournament_id}/rounds").json()

    def standings(self, tournament_id: str, csv: bool = False) -> dict | str:
        """The standings as JSON (a dict), or as CSV text."""
        response = self._get(f"/v1/tournaments/{tournament_id}/standings", format="csv" if csv else "json")
        return response.text if csv else response.json()

    def tournament_events(self, tournament_id: str, after: int = 0, limit: int | None = None) -> dict:
        """A page of the tournament's log (`version`, `events`)."""
        return self._get(f"/v1/tournaments/{tournament_id}/events", after=after, limit=limit).json()

    def export_tournament(self, tournament_id: str) -> str:
        """The whole log as NDJSON, to keep and check (`python -m service.verify`)."""
        return self._get(f"/v1/tournaments/{tournament_id}/events", format="ndjson").text

    def ratings(self, player: str) -> dict:
        """The player's rating and history in every title (`{"player", "ratings": {game: {...}}}`)."""
        return self._get(f"/v1/players/{player}/ratings").json()
