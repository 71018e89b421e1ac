"""The SDK covers every route of openapi.yaml (a new route fails this until it has a method, or a stated reason
not to), and its newer methods work against the real server: identities and their tokens, seats handed to a
bot or given a new token, the board picture, the listing paged to its end, and a tournament's typed answers up
to its start (no worker runs here: tests/integration/test_tournaments_e2e.py reads played rounds and ratings)."""

from __future__ import annotations

import pytest
import yaml

from bazaar_client.sdk import BazaarError, Client, OpenGame
from bazaar_client.sdk.tournament_types import Registration, Rounds, Standing, Standings, Tournament, TournamentSummary
from tests.support.databases import own_db
from tests.support.openapi import SPEC_PATH

ADMIN = "sdk-routes-admin-8c4e2a6f1d9b3057"
OWN_DB = own_db("sdk_routes")

# operationId -> the Client method that calls it
METHODS = {
    "healthz": "health", "getOpenApi": "openapi", "getCatalogue": "catalogue", "createGame": "create",
    "listGames": "games", "getGame": "view",
    "getStateAt": "state", "getLegalMoves": "legal_moves", "getGameLog": "log", "postCommand": "play", "undo": "undo",
    "getEvents": "events", "exportGame": "export", "importGame": "import_game", "getBoardPicture": "picture",
    "createOrganiser": "create_organiser", "createPlayer": "create_player", "issueToken": "issue_token",
    "revokeIdentity": "revoke_identity", "revokeToken": "revoke_token", "getMe": "me", "seatBot": "seat_bot",
    "replaceSeatToken": "replace_seat_token",
    "createTournament": "create_tournament", "listTournaments": "tournaments", "getTournament": "tournament",
    "registerTournamentPlayer": "register", "withdrawTournamentPlayer": "withdraw", "startTournament": "start_tournament",
    "drawTournamentSeeding": "draw_seeding",
    "getTournamentStandings": "standings", "getTournamentRounds": "rounds", "getTournamentEvents": "tournament_events",
    "getPlayerRatings": "ratings",
    "claimSeat": "claim", "startGame": "start", "myEvents": "my_events", "myGames": "my_games",
    "challenge": "challenge", "getChallenge": "challenge_view", "acceptChallenge": "accept_challenge",
    "declineChallenge": "decline_challenge", "offerRematch": "rematch", "getRematch": "rematch_offer",
    "declineRematch": "decline_rematch",
}
# pages for people with a browser, not for programs
NOT_IN_THE_SDK = {"listGamesPage": "an HTML page", "playPage": "an HTML page"}


def operation_ids() -> set[str]:
    spec = yaml.load(SPEC_PATH.read_text(), Loader=yaml.CSafeLoader)
    return {op["operationId"] for item in spec["paths"].values() for op in item.values()
            if isinstance(op, dict) and "operationId" in op}


def test_every_operation_of_the_spec_has_a_client_method():
    ids = operation_ids()
    missing = ids - set(METHODS) - set(NOT_IN_THE_SDK)
    assert not missing, f"operations without an SDK method: {sorted(missing)}"
    assert not (set(METHODS) - ids), "METHODS names operations the spec no longer has"
    for op, method in METHODS.items():
        assert callable(getattr(Client, method, None)), f"{op}: Client.{method} does not exist"


@pytest.fixture
def own(own_server):
    """A server of its own that knows an admin token (production settings otherwise)."""
    with own_server(OWN_DB, ADMIN_TOKENS=ADMIN) as base:
        yield base


def test_identities_tokens_seats_picture_and_paging_through_the_sdk(own):
    admin = Client(own, ADMIN)
    organiser = admin.create_organiser("Club")
    assert organiser.kind == "organiser" and organiser.token
    club = Client(own, organiser.token)
    assert club.me().scope == "organiser" and club.me().id == organiser.id
    ada = club.create_player("Ada")
    player = Client(own, ada.token)
    assert player.me().name == "Ada"
    second = player.issue_token(ada.id)
    player.revoke_token(ada.token_id)
    with pytest.raises(BazaarError):
        player.me()  # that token is revoked
    assert Client(own, second.token).me().id == ada.id
    club.revoke_identity(ada.id)
    with pytest.raises(BazaarError):
        Client(own, second.token).me()

    created = [club.create("jaipur", 2) for _ in range(3)]
    game = created[0]
    listed = {g.id for g in Client(own).games(limit=1)}  # one per page: the SDK follows `next` to the end
    assert {c.id for c in created} <= listed
    assert Client(own).picture(game.id).lstrip().startswith(b"<")

    seated = club.seat_bot(game.id, 1, "random")
    assert (seated.seat, seated.bot) == (1, "random") and seated.version > game.version
    assert club.seat_bot(game.id, 1, None).bot is None

    seat = Client(own).view(game.id).to_act[0]
    replaced = Client(own, game.token(seat)).replace_seat_token(game.id, seat)
    assert replaced.seat == seat and replaced.token != game.token(seat)
    with pytest.raises(BazaarError) as refused:
        Client(own, game.token(seat)).legal_moves(game.id)
    assert refused.value.code == "bad_token"
    assert Client(own, replaced.token).legal_moves(game.id).moves


def test_a_tournament_through_the_sdk_answers_in_types(own):
    admin = Client(own, ADMIN)
    club = Client(own, admin.create_organiser("Typed club").token)
    created = club.create_tournament("istanbul", "elimination", 3, clock={"per_move_s": 60}, advance=2)
    assert isinstance(created, Tournament) and created.phase == "registering" and created.players == ()
    assert (created.game, created.format, created.table_size, created.advance) == ("istanbul", "elimination", 3, 2)
    assert created.clock == {"per_move_s": 60} and created.timeout_policy == "forfeit" and created.seeding == ()
    known = club.create_player("Known")
    joined = [club.register(created.id, name=f"P{i}", rating=1000 + i, bot="random") for i in range(5)]
    joined.append(club.register(created.id, player=known.id))
    assert all(isinstance(r, Registration) for r in joined) and joined[0].token and joined[0].bot == "random"
    assert joined[-1].token is None and joined[-1].rating == 0 and joined[-1].name == "Known"
    gone = club.withdraw(created.id, joined[0].player)
    assert gone.withdrawn and gone.player == joined[0].player and gone.version > joined[-1].version
    drawn = club.draw_seeding(created.id)
    assert sorted(drawn.seeding) == sorted(r.player for r in joined[1:])
    with pytest.raises(BazaarError) as again:
        club.draw_seeding(created.id)
    assert again.value.code == "tournament.seeding_drawn"
    started = club.start_tournament(created.id)
    assert started.phase == "running" and started.seeding == drawn.seeding and not started.finished
    assert [p.player for p in started.players] == [r.player for r in joined[1:]]
    anyone = Client(own)
    assert anyone.tournament(created.id).seeding == drawn.seeding
    standings = anyone.standings(created.id)
    assert isinstance(standings, Standings) and standings.format == "elimination" and standings.rounds_played == 0
    first = standings.standings[0]
    assert isinstance(first, Standing) and first.rank == 1 and first.points == 0 and first.games == 0
    assert [name for name, _ in first.tie_breaks] == ["round_reached", "place", "rubies", "lira"]
    assert first.tie_break("rubies") == 0
    assert isinstance(anyone.rounds(created.id), Rounds)
    assert created.id in {t.id for t in anyone.tournaments(limit=2) if isinstance(t, TournamentSummary)}
    page = anyone.tournament_events(created.id, after=0, limit=2)
    assert page.version >= 9 and [e["type"] for e in page.events] == ["tournament_created", "player_registered"]
    assert anyone.ratings(known.id).ratings == {}


def test_open_seats_offers_and_a_players_own_games_through_the_sdk(own):
    """No worker runs here: the offers are read on their routes (tests/integration/test_players_e2e.py follows them
    on the players' streams)."""
    club = Client(own, Client(own, ADMIN).create_organiser("Lobby club").token)
    ada, bo = (Client(own, club.create_player(name).token) for name in ("Ada", "Bo"))
    opened = ada.create_open("tiny", 2, options={"goal": 1})  # a code for seat 0, seat 1 public
    assert isinstance(opened, OpenGame) and [s.invitation for s in opened.seats] == ["code", "public"]
    mine = ada.join(opened.code(0))  # the SDK makes the entropy and the Idempotency-Key
    assert (mine.seat, mine.status, mine.player_token) == (0, "waiting", None)  # a player claims as itself
    assert [(g.id, g.joinable) for g in Client(own).open_games("tiny") if g.id == opened.id] == [(opened.id, (1,))]
    started = ada.start(opened.id, "random")  # its creator starts it with a bot in seat 1
    assert started["status"] == "active" and started["bots"][1] == {"bot": "random", "budget_ms": None}
    assert [(g.id, g.seat) for g in ada.my_games()] == [(opened.id, 0)]
    with pytest.raises(BazaarError) as taken:
        bo.claim(opened.id, 1)
    assert taken.value.code == "game_started"

    offer = ada.challenge(bo.me().id, "tiny", {"goal": 1})
    assert bo.challenge_view(offer.id).status == "open" and offer.players == (ada.me().id, bo.me().id)
    played = bo.accept_challenge(offer.id)
    assert played.status == "settled" and played.seat == 1 and played.token
    view = Client(own, played.token).view(played.game_id)
    mover = ada if view.to_act == (0,) else bo
    mover.play(played.game_id, mover.legal_moves(played.game_id).moves[0])
    assert bo.rematch(played.game_id).status == "open"
    assert ada.rematch_offer(played.game_id).by == bo.me().id
    assert ada.decline_rematch(played.game_id).declined_by == ada.me().id
    notices, last = ada.notices()
    assert notices == [] and last == "0-0"  # the players' consumer is the worker's
