"""schemathesis hooks for tests/fuzz/test_schemathesis.py (loaded from this file by SCHEMATHESIS_HOOKS, so it
imports nothing of ours): each operation gets the token that takes it past authentication to its own logic, from
the identities, games and tournaments the test made before the run (their tokens in BAZAAR_FUZZ_* variables);
and a check that the creation schemas are exact."""

from __future__ import annotations

import os

import schemathesis

# Who calls each operation: the scope that reaches furthest without undoing what the run needs. Seat routes act
# as seat 0 of the run's game; a seat's token is replaced, and a seat handed to a bot, by an organiser on another
# game (schemathesis.toml fixes those ids); the player manages itself; the organiser everything else it may.
# Operations not named here are called without a token (they are public).
CALLERS = {
    ("POST", "/v1/games"): "ORGANISER",
    ("GET", "/v1/games"): "ADMIN",  # `player=<any id>` is an admin's to ask
    ("POST", "/v1/games/import"): "ORGANISER",
    ("POST", "/v1/organisers"): "ADMIN",
    ("POST", "/v1/players"): "ORGANISER",
    ("POST", "/v1/identities/{identity_id}/tokens"): "PLAYER",
    ("DELETE", "/v1/identities/{identity_id}"): "ORGANISER",
    ("DELETE", "/v1/tokens/{token_id}"): "PLAYER",
    ("GET", "/v1/me"): "PLAYER",
    ("PUT", "/v1/games/{game_id}/seats/{seat}/bot"): "ORGANISER",
    ("POST", "/v1/games/{game_id}/seats/{seat}/token"): "ORGANISER",
    ("POST", "/v1/tournaments"): "ORGANISER",
    ("POST", "/v1/tournaments/{tournament_id}/players"): "ORGANISER",
    ("DELETE", "/v1/tournaments/{tournament_id}/players/{player_id}"): "ORGANISER",
    ("POST", "/v1/tournaments/{tournament_id}/seeding"): "ORGANISER",
    ("POST", "/v1/tournaments/{tournament_id}/start"): "ORGANISER",
    ("POST", "/v1/games/{game_id}/start"): "ORGANISER",  # its owner starts the open game a player sat down in
    ("GET", "/v1/me/events"): "PLAYER",
    ("GET", "/v1/me/games"): "PLAYER",
    ("POST", "/v1/challenges"): "PLAYER",
    ("GET", "/v1/challenges/{challenge_id}"): "PLAYER",  # a challenge made to the run's player
    ("POST", "/v1/challenges/{challenge_id}/accept"): "PLAYER",
    ("POST", "/v1/challenges/{challenge_id}/decline"): "PLAYER",
    ("GET", "/v1/games/{game_id}/rematch"): "PLAYER",  # the player's finished game, with a rematch offered
    ("POST", "/v1/games/{game_id}/rematch"): "PLAYER",
    ("POST", "/v1/games/{game_id}/rematch/decline"): "PLAYER",
}
GUESTS = {("POST", "/v1/games/{game_id}/seats/{seat}/claim")}  # claimed with no token: a guest
SEAT_ROUTES = "/v1/games/{game_id}"  # everything else under a game: its seat 0
# Refusals of a schema-valid creation that depend on what is stored, not on the body: a player id that names no
# player, or one player in two seats (the schema cannot know which ids exist).
STORED = {"unknown_player", "player_seated_twice"}
CREATIONS = {("POST", "/v1/games"), ("POST", "/v1/tournaments")}


def caller(method: str, path: str) -> str | None:
    if (method, path) in GUESTS:
        return None
    named = CALLERS.get((method, path))
    if named is not None:
        return os.environ[f"BAZAAR_FUZZ_{named}"]
    if path.startswith(SEAT_ROUTES) and path != "/v1/games/{game_id}/seats/{seat}/token":
        return os.environ["BAZAAR_FUZZ_SEAT"]
    return None


schemathesis.serializer.alias("application/x-ndjson", "text/plain")  # the import's body: lines of text


@schemathesis.auth(refresh_interval=None)  # asked for every case: the token depends on the operation
class Tokens:
    def get(self, case, context):
        return caller(case.operation.method.upper(), case.operation.path)

    def set(self, case, data, context):
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


@schemathesis.check
def creations_take_what_the_schema_allows(ctx, response, case):
    """A game or tournament body generated to match openapi.yaml is created; only what depends on stored
    identities may be refused (positive_data_acceptance allows 422 everywhere, for the games' rules)."""
    operation = (case.operation.method.upper(), case.operation.path)
    meta = case.meta
    if operation not in CREATIONS or meta is None or not meta.generation.mode.is_positive:
        return None
    if response.status_code in (400, 422):
        code = response.json().get("code")
        if code not in STORED:
            raise AssertionError(f"the schema allows this body, the service refused it: {response.status_code} "
                                 f"{code}: {response.json().get('detail')}")
    return None


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Every failure counts but one: a command the published union allows (any game's) refused as
    `unknown_command` by a game of another title. Which title a game id names is stored, not in the request."""
    command = (case.operation.method.upper(), case.operation.path) == ("POST", "/v1/games/{game_id}/commands")
    return not (command and type(failure).__name__ == "RejectedPositiveData" and response.status_code == 400
                and response.json().get("code") == "unknown_command")
