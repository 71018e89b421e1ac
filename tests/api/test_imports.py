"""An imported game is a game of this service's that says where its log came from: a new id of the service's own
form (the file's id is kept only as recorded provenance), the mark `imported` with that provenance in every view,
listing, page and picture, a `game_imported` event that carries it through export and archive, and never a
rating or a tournament's result.

Over HTTP on a server of the module's own (production settings, an organiser token), every answer checked
against openapi.yaml. Expected values come from the file that was imported, the organiser's `GET /v1/me` and the
clock around the request, never from the import's code."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
import redis

from events.archive import DirectoryArchive
from events.feed import Entry, Feed, GameFinished
from events.ids import WHOLE
from events.redis_store import redis_store
from service.access import identities
from service.feed.reactions import index_consumer
from service.games import creation
from service.games.commands import Commands
from service.games.repository import Repository
from service.operations.verify import verify
from service.tournaments.loop import Loop
from tests.api.client import Api
from tests.conftest import EXTRA_GAMES
from tests.support.databases import url_of
from tests.support.exports import finished_export, lines, rechained
from tests.support.play import play_on
from tests.support.processes import gunicorn
from tests.support.service import InProcess

ORGANISER = "imports-organiser-token-3f9a1c7e5b2d4086"
OTHER_ORGANISER = "imports-another-organiser-token-8d2b6e0a4c1f"


@pytest.fixture(scope="module")
def importing(redis_url, tmp_path_factory):
    url = url_of(redis_url, "imports")
    client = redis.Redis.from_url(url)
    client.flushdb()
    with gunicorn(url, tmp_path_factory.mktemp("imports"), {"BAZAAR_EXTRA_GAMES": EXTRA_GAMES,
                                                            "BAZAAR_ORGANISER_TOKENS": f"{ORGANISER},{OTHER_ORGANISER}"}) as base:
        yield Api(base), client
    client.flushdb()


@pytest.fixture(scope="module")
def api(importing):
    return importing[0]


@pytest.fixture(scope="module")
def exported(app):
    """A finished game's complete export, from another deployment (the suite's in-process one)."""
    return finished_export(InProcess.of(app), "imports-provenance")


def stamp() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def do_import(api: Api, text: list[str]) -> dict:
    r = api.call("POST", "/v1/games/import", ORGANISER, data="\n".join(text) + "\n",
                 headers={"Content-Type": "application/x-ndjson"})
    assert r.status_code == 201, r.text
    return r.json()


def expected_provenance(api: Api, text: list[str], before: str, after: str) -> dict:
    """What the record must say, from the file itself and the organiser's own identity."""
    envelopes = [json.loads(line) for line in text]
    me = api.call("GET", "/v1/me", ORGANISER).json()["id"]
    return {"original_id": envelopes[0]["game"], "original_version": len(envelopes),
            "original_head_hash": envelopes[-1]["hash"], "original_first_at": envelopes[0]["at"],
            "original_last_at": envelopes[-1]["at"], "imported_by": me, "window": (before, after)}


def holds(provenance: dict, expected: dict) -> bool:
    before, after = expected["window"]
    return ({k: v for k, v in provenance.items() if k != "imported_at"}
            == {k: v for k, v in expected.items() if k != "window"} and before <= provenance["imported_at"] <= after)


def test_an_import_gets_a_new_id_of_the_services_form_every_time(api, exported):
    first, second = do_import(api, exported), do_import(api, exported)
    original = json.loads(exported[0])["game"]
    assert WHOLE.match(first["id"]) and WHOLE.match(second["id"])
    assert len({first["id"], second["id"], original}) == 3
    assert api.call("GET", f"/v1/games/{original}").status_code == 404  # the file's id names nothing here


def test_every_view_listing_page_and_picture_marks_it_imported_with_its_provenance(api, exported):
    before = stamp()
    gid = do_import(api, exported)["id"]
    expected = expected_provenance(api, exported, before, stamp())
    view = api.call("GET", f"/v1/games/{gid}").json()
    assert view["imported"] is True and holds(view["provenance"], expected)
    for version in (1, view["version"]):
        past = api.call("GET", f"/v1/games/{gid}/state?version={version}").json()
        assert past["imported"] is True and past["provenance"] == view["provenance"]
    listed = [g for g in all_games(api) if g["id"] == gid]
    assert len(listed) == 1 and listed[0]["imported"] is True and listed[0]["provenance"] == view["provenance"]
    page = api.call("GET", "/", headers={"Accept": "text/html"}, validate=False).text
    row = next(r for r in page.split("<tr") if gid in r)
    assert "imported" in row and expected["original_id"] in row
    play = api.call("GET", f"/play/{gid}", headers={"Accept": "text/html"}, validate=False).text
    assert re.search(r'id="imported"[^>]*>Imported from a file: game <code>' + expected["original_id"], play)
    picture = api.call("GET", f"/v1/games/{gid}/board.svg", headers={"Accept": "image/svg+xml"}).text
    assert "· imported" in picture


def test_an_imported_game_is_the_importers_to_manage_and_no_other_organisers(api, exported):
    gid = do_import(api, exported)["id"]
    assert api.call("POST", f"/v1/games/{gid}/seats/0/token", OTHER_ORGANISER).json()["code"] == "scope_forbidden"
    assert api.call("POST", f"/v1/games/{gid}/seats/0/token", ORGANISER).status_code == 201


def test_a_game_played_here_is_not_marked(api):
    gid, _tokens = api.create("tiny", 2)
    view = api.call("GET", f"/v1/games/{gid}").json()
    assert view["imported"] is False and "provenance" not in view
    entry = next(g for g in all_games(api) if g["id"] == gid)
    assert "imported" not in entry and "provenance" not in entry
    assert "· imported" not in api.call("GET", f"/v1/games/{gid}/board.svg").text


def all_games(api: Api) -> list[dict]:
    games, after = [], ""
    while True:
        page = api.call("GET", f"/v1/games?limit=500{after}").json()
        games += page["games"]
        if page["next"] is None:
            return games
        after = f"&after={page['next']}"


def test_the_export_carries_the_record_verifies_and_imports_again(api, exported):
    first = do_import(api, exported)["id"]
    again = api.call("GET", f"/v1/games/{first}/export").text.splitlines()
    assert verify(again)[0]
    envelopes = [json.loads(line) for line in again]
    record = envelopes[-1]
    view = api.call("GET", f"/v1/games/{first}").json()
    assert record["type"] == "game_imported" and record["command"] == {"type": "import_game"}
    assert {**record["payload"], "imported_at": record["at"]} == view["provenance"]
    assert {e["game"] for e in envelopes} == {first}  # chained again under the new id ...
    original = [json.loads(line) for line in exported]
    strip = ("game", "prev_hash", "hash")
    assert [{k: v for k, v in e.items() if k not in strip} for e in envelopes[:-1]] == \
        [{k: v for k, v in e.items() if k not in strip} for e in original]  # ... and nothing else changed
    assert rechained([{**e, "game": original[0]["game"]} for e in envelopes[:-1]])[-1]["hash"] == \
        record["payload"]["original_head_hash"]  # anyone holding the file can check the record's head hash
    second = do_import(api, again)["id"]
    twice = [json.loads(line) for line in api.call("GET", f"/v1/games/{second}/export").text.splitlines()]
    assert [e["type"] for e in twice].count("game_imported") == 2
    assert api.call("GET", f"/v1/games/{second}").json()["provenance"]["original_id"] == first


def test_a_redated_or_relabelled_log_is_taken_only_as_an_import_that_says_so(api, exported):
    """The finding: a log re-dated a year back and chained again, or another game's log under a new id, was taken
    as if played here. Both still re-execute (a log's times and id are its own claims), so both are imported, and
    both say so: the claimed times and id are the provenance's `original_*`, and the import is dated now."""
    envelopes = [json.loads(line) for line in exported]
    year_back = [{**e, "at": (datetime.fromisoformat(e["at"].replace("Z", "+00:00")) - timedelta(days=365))
                  .isoformat(timespec="milliseconds").replace("+00:00", "Z")} for e in envelopes]
    relabelled = [{**e, "game": "0123456789abcdef"} for e in envelopes]
    for forged in (rechained(year_back), rechained(relabelled)):
        before = stamp()
        gid = do_import(api, lines(forged))["id"]
        view = api.call("GET", f"/v1/games/{gid}").json()
        assert view["imported"] is True and gid != forged[0]["game"]
        assert holds(view["provenance"], expected_provenance(api, lines(forged), before, stamp()))
        assert view["provenance"]["original_last_at"] < view["provenance"]["imported_at"]


def test_an_imported_game_is_never_rated_nor_a_tournaments_result(app, redis_client):
    """The tournaments' consumer of finished games rates a casual game whose seats are bound to distinct players;
    the same fact from an imported game is passed by. The control (no provenance) shows the fact is rateable."""
    games = InProcess.of(app)
    people = identities.Identities(redis_client)
    organiser = "0123456789abcdef"  # owns the game and made its players: the control is a game its pool trusts
    players = tuple(people.create("player", f"rated-{n}", organiser, 3600).identity for n in range(2))
    loaded, _tokens = creation.create(games.commands, "tiny", 2, {}, "imports-rating", players=players,
                                      owner=organiser)
    play_on(games, loaded.meta.id, random.Random(3))
    loaded = games.load(loaded.meta.id)
    books = app.extensions["bazaar.ratings"]
    loop = Loop(app.extensions["bazaar.tournaments"], games.commands, books)
    fact = GameFinished(loaded.meta.id, "tiny", 2, loaded.version, stamp(), loaded.game.result(loaded.state))
    counted = books.count("tiny")
    loop.handle(Entry("0-1", replace(fact, provenance={"original_id": "0123456789abcdef"})))
    assert books.count("tiny") == counted
    loop.handle(Entry("0-2", fact))
    assert books.count("tiny") == counted + 1


def test_the_record_survives_the_archive(api, importing, exported, tmp_path):
    gid = do_import(api, exported)["id"]
    view = api.call("GET", f"/v1/games/{gid}").json()
    client = importing[1]
    store = redis_store(client, archive=DirectoryArchive(tmp_path))
    assert store.archiving.move_to_archive(gid)  # what the sweep does to a game (this one alone: the server reads the others)
    assert not client.exists(f"game:{{game:{gid}}}:meta")
    cold = Repository(redis_store(client, archive=DirectoryArchive(tmp_path)))
    assert cold.meta(gid).provenance == view["provenance"]
    assert InProcess(Commands(cold, cold.store)).view(cold.load(gid), None)["imported"] is True


def test_the_feed_says_it_was_imported_and_its_index_consumer_keeps_the_mark(api, importing, exported):
    """The worker's index consumer writes a finished game's entry again from the feed, at the same version as the
    import's own entry (so it replaces it): the mark must come through the feed."""
    gid = do_import(api, exported)["id"]
    entries = [e for e in Feed(importing[1]).entries() if e.fact.game_id == gid]
    assert {e.fact.TYPE for e in entries} == {"game_created", "game_finished"}
    assert all(e.fact.provenance is not None and e.fact.provenance["original_id"] == json.loads(exported[0])["game"]
               for e in entries)
    consumer = index_consumer(redis_store(importing[1]).index)
    for entry in entries:
        consumer.handle(entry)
    listed = next(g for g in all_games(api) if g["id"] == gid)
    assert listed["imported"] is True and listed["provenance"]["original_id"] == json.loads(exported[0])["game"]


def test_a_record_that_does_not_close_the_log_it_names_is_refused(api, exported):
    """`game_imported` names how many events came before it; the verifier and the import re-run it like any command."""
    first = do_import(api, exported)["id"]
    envelopes = [json.loads(line) for line in api.call("GET", f"/v1/games/{first}/export").text.splitlines()]
    envelopes[-1]["payload"]["original_version"] -= 1
    forged = lines(rechained(envelopes))
    r = api.call("POST", "/v1/games/import", ORGANISER, data="\n".join(forged) + "\n",
                 headers={"Content-Type": "application/x-ndjson"})
    assert r.status_code == 422
    assert (r.json()["code"], r.json()["line"], r.json()["field"]) == ("import_invalid_move", len(forged), "command")
    ok, report = verify(forged)
    assert not ok and report.startswith(f"line {len(forged)}: command: ")


def test_a_game_an_earlier_release_imported_is_marked_too(app, redis_client):
    """Before provenance was recorded an import kept the file's id and wrote only `imported: "1"` in the meta."""
    games = InProcess.of(app)
    loaded, _tokens = games.create("tiny", 2, {}, "imports-legacy")
    redis_client.hset(f"game:{{game:{loaded.meta.id}}}:meta", "imported", "1")
    cold = Repository(games.store)
    view = InProcess(Commands(cold, cold.store)).view(cold.load(loaded.meta.id), None)
    created_at = redis_client.hget(f"game:{{game:{loaded.meta.id}}}:meta", "created_at").decode()
    assert view["imported"] is True and view["provenance"] == {
        "original_id": loaded.meta.id, "original_version": None, "original_head_hash": None,
        "original_first_at": None, "original_last_at": None, "imported_by": None, "imported_at": created_at}
