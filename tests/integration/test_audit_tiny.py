"""Time travel, export/import, the verifier and undo, on a real Redis with a minimal game."""

import json
import time

import pytest

from domain import registry
from events.envelope import seal
from events.keys import key
from service import create_app
from service.operations.verify import verify
from tests.support import tiny_game
from tests.support.service import InProcess

registry.register("tiny", "tests.support.tiny_game")
ORGANISER = "organiser-secret-0d4b8f2a6c1e9735"


@pytest.fixture(scope="module")
def app(redis_url):
    return create_app({"REDIS_URL": redis_url,
                       "ORGANISER_TOKENS": f"other-organiser-token-2b9f4e7a1c6d83,{ORGANISER}"})


@pytest.fixture
def client(app):
    return app.test_client()


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def new_game(client, options=None, seed="audit"):
    r = client.post("/v1/games", json={"game": "tiny", "seats": 2, "seed": seed, "options": options or {}})
    assert r.status_code == 201, r.json
    return r.json["id"], [s["token"] for s in r.json["seats"]]


def active(client, gid):
    return client.get(f"/v1/games/{gid}").json["to_act"][0]


def post(client, gid, token, body):
    return client.post(f"/v1/games/{gid}/commands", json=body, headers=auth(token))


def finish(client, gid, tokens, roll=True):
    while client.get(f"/v1/games/{gid}").json["status"] == "active":
        seat = active(client, gid)
        body = {"type": "roll_die"} if roll else {"type": "add", "amount": 2}
        assert post(client, gid, tokens[seat], body).status_code == 201
        if client.get(f"/v1/games/{gid}").json["status"] == "active":
            assert post(client, gid, tokens[seat], {"type": "end_turn"}).status_code == 201


def export(client, gid, token=None):
    r = client.get(f"/v1/games/{gid}/export", headers=auth(token) if token else {})
    assert r.status_code == 200 and r.mimetype == "application/x-ndjson"
    return r.get_data(as_text=True).splitlines()


def forget(app, gid):
    """Drop a game's keys, as if the export travelled to another deployment."""
    client = app.extensions["bazaar.redis"]
    client.delete(*[key(gid, part) for part in ("events", "idem", "meta", "snap", "snaps")])
    InProcess.of(app).forget(gid)


def do_import(client, lines, token=ORGANISER):
    return client.post("/v1/games/import", data="\n".join(lines) + "\n", headers=auth(token),
                       content_type="application/x-ndjson")


def test_time_travel_equals_replay_of_each_prefix(client, app):
    gid, tokens = new_game(client)
    finish(client, gid, tokens)
    games = InProcess.of(app)
    final = games.load(gid)
    for version in range(1, final.version + 1):
        body = client.get(f"/v1/games/{gid}/state?version={version}").json
        assert body["version"] == version
        past = games.load(gid, until=version).state
        assert body["state"] == json.loads(json.dumps(tiny_game.view(past, None, complete=True)))
        # the view's shape, never the internal state (the result too, once over)
        assert set(body["state"]) - {"result"} == {"total", "turn", "deck_size"}
    beyond = client.get(f"/v1/games/{gid}/state?version={final.version + 1}")
    assert beyond.status_code == 404 and beyond.json["code"] == "version_not_found"


def test_time_travel_is_redacted_while_the_game_runs(client):
    gid, tokens = new_game(client)
    body = client.get(f"/v1/games/{gid}/state?version=3", headers=auth(tokens[0])).json
    assert set(body["state"]) == {"total", "turn", "deck_size"}  # the view, not the secret deck


def test_export_import_round_trip(client, app):
    gid, tokens = new_game(client, seed="round-trip")
    finish(client, gid, tokens)
    lines = export(client, gid)
    before = client.get(f"/v1/games/{gid}").json
    assert do_import(client, lines, "nope").status_code == 401
    r = do_import(client, lines)  # while the game is here too: the import is a game of its own
    assert r.status_code == 201, r.json
    after = client.get(f"/v1/games/{r.json['id']}").json
    assert r.json["id"] != gid and after["state"] == before["state"] and after["imported"] is True
    assert after["provenance"]["original_id"] == gid and after["provenance"]["original_head_hash"] == before["head_hash"]
    again = export(client, r.json["id"])
    assert again[:-1] != lines and verify(again)[0]  # chained again under the new id, and closed by game_imported


def test_a_flipped_byte_or_a_reordered_line_is_refused(client, app):
    gid, tokens = new_game(client, seed="tamper")
    finish(client, gid, tokens)
    lines = export(client, gid)
    forget(app, gid)
    flipped = list(lines)
    flipped[5] = flipped[5].replace('"seat":', '"seat" :', 1).replace('"v":1', '"v":2', 1)
    r = do_import(client, flipped)
    assert r.status_code == 422 and r.json["code"] == "import_chain_broken" and r.json["line"] == 6
    reordered = list(lines)
    reordered[3], reordered[4] = reordered[4], reordered[3]
    r = do_import(client, reordered)
    assert r.status_code == 422 and r.json["code"] == "import_chain_broken" and r.json["line"] == 4
    garbage = list(lines)
    garbage[2] = garbage[2][:-3]
    r = do_import(client, garbage)
    assert r.status_code == 422 and r.json["code"] == "import_malformed" and r.json["line"] == 3


def test_a_rehashed_but_illegal_log_is_refused_by_replay(client, app):
    gid, tokens = new_game(client, seed="forged")
    finish(client, gid, tokens)
    envelopes = [json.loads(line) for line in export(client, gid)]
    forget(app, gid)
    target = next(i for i, e in enumerate(envelopes) if e["type"] == "chance_drawn" and e["payload"]["kind"] == "roll")
    envelopes[target]["payload"]["outcome"] = [6 if envelopes[target]["payload"]["outcome"][0] != 6 else 5]
    prev = envelopes[target - 1]["hash"]
    for i in range(target, len(envelopes)):  # a forger who recomputes every hash after the edit
        envelopes[i] = seal({k: v for k, v in envelopes[i].items() if k != "prev_hash"}, prev)
        prev = envelopes[i]["hash"]
    r = do_import(client, [json.dumps(e) for e in envelopes])
    assert r.status_code == 422 and r.json["code"] == "import_invalid_move" and r.json["line"] == target + 1


def test_verifier_passes_an_honest_game_and_names_an_edited_roll(client):
    gid, tokens = new_game(client, seed=None)
    running = export(client, gid)
    ok, report = verify(running)
    assert not ok and "not been revealed" in report
    finish(client, gid, tokens)
    lines = export(client, gid)
    ok, report = verify(lines)
    assert ok, report
    target = next(i for i, line in enumerate(lines) if '"kind":"roll"' in line)
    edited = list(lines)
    env = json.loads(edited[target])
    env["payload"]["outcome"] = [7]
    edited[target] = json.dumps(env)
    ok, report = verify(edited)
    assert not ok and report.startswith(f"line {target + 1}:") and "hash chain" in report


def test_undo_within_the_turn(client):
    gid, tokens = new_game(client, seed="undo-1")
    seat = active(client, gid)
    start = client.get(f"/v1/games/{gid}").json
    assert post(client, gid, tokens[seat], {"type": "add", "amount": 2}).status_code == 201
    assert post(client, gid, tokens[seat], {"type": "add", "amount": 1}).status_code == 201
    other = client.post(f"/v1/games/{gid}/undo", json={"to_version": start["version"]}, headers=auth(tokens[1 - seat]))
    assert other.status_code == 422 and other.json["code"] == "undo_not_own_moves"
    r = client.post(f"/v1/games/{gid}/undo", json={"to_version": start["version"]}, headers=auth(tokens[seat]))
    assert r.status_code == 201 and r.json["events"][-1]["type"] == "moves_taken_back"
    now = client.get(f"/v1/games/{gid}").json
    assert now["state"] == start["state"] and now["version"] == start["version"] + 3
    types = [e["type"] for e in client.get(f"/v1/games/{gid}/events").json["events"]]
    assert types.count("added") == 2  # nothing is deleted: the audit trail keeps the taken-back moves


def test_undo_is_refused_across_a_roll_and_after_the_turn(client):
    gid, tokens = new_game(client, seed="undo-2")
    seat = active(client, gid)
    before = client.get(f"/v1/games/{gid}").json["version"]
    assert post(client, gid, tokens[seat], {"type": "roll_die"}).status_code == 201
    r = client.post(f"/v1/games/{gid}/undo", json={"to_version": before}, headers=auth(tokens[seat]))
    assert r.status_code == 422 and r.json["code"] == "undo_across_chance"
    mid = client.get(f"/v1/games/{gid}").json["version"]
    assert post(client, gid, tokens[seat], {"type": "end_turn"}).status_code == 201
    r = client.post(f"/v1/games/{gid}/undo", json={"to_version": mid}, headers=auth(tokens[seat]))
    assert r.status_code == 422 and r.json["code"] == "undo_turn_over"


def test_undo_disabled(client):
    gid, tokens = new_game(client, options={"undo": "none"})
    seat = active(client, gid)
    v = client.get(f"/v1/games/{gid}").json["version"]
    post(client, gid, tokens[seat], {"type": "add", "amount": 1})
    r = client.post(f"/v1/games/{gid}/undo", json={"to_version": v}, headers=auth(tokens[seat]))
    assert r.status_code == 422 and r.json["code"] == "undo_disabled"
    bad = client.post("/v1/games", json={"game": "tiny", "seats": 2, "options": {"undo": "sometimes"}})
    assert bad.status_code == 422 and bad.json["code"] == "invalid_options"


def test_consent_undo_accepted_and_declined(client):
    gid, tokens = new_game(client, options={"undo": "consent"}, seed="consent")
    seat = active(client, gid)
    start = client.get(f"/v1/games/{gid}").json
    post(client, gid, tokens[seat], {"type": "add", "amount": 2})
    post(client, gid, tokens[seat], {"type": "end_turn"})
    asker = seat
    r = client.post(f"/v1/games/{gid}/undo", json={"to_version": start["version"]}, headers=auth(tokens[asker]))
    assert r.status_code == 201
    moves = client.get(f"/v1/games/{gid}/legal-moves", headers=auth(tokens[1 - asker])).json["moves"]
    assert {"type": "decline_undo"} in moves
    assert post(client, gid, tokens[asker], {"type": "accept_undo"}).json["code"] == "undo_already_answered"
    declined = post(client, gid, tokens[1 - asker], {"type": "decline_undo"})
    assert declined.status_code == 201
    assert client.get(f"/v1/games/{gid}").json["state"]["total"] == 2
    client.post(f"/v1/games/{gid}/undo", json={"to_version": start["version"]}, headers=auth(tokens[asker]))
    assert post(client, gid, tokens[1 - asker], {"type": "accept_undo"}).status_code == 201
    after = client.get(f"/v1/games/{gid}").json
    assert after["state"] == start["state"] and "undo_request" not in after
    assert post(client, gid, tokens[1 - asker], {"type": "accept_undo"}).json["code"] == "no_undo_pending"


def test_an_unanswered_consent_undo_expires_and_changes_nothing(app, client):
    gid, tokens = new_game(client, options={"undo": "consent", "undo_timeout_s": 1}, seed="expiry")
    seat = active(client, gid)
    start = client.get(f"/v1/games/{gid}").json
    post(client, gid, tokens[seat], {"type": "add", "amount": 2})
    client.post(f"/v1/games/{gid}/undo", json={"to_version": start["version"]}, headers=auth(tokens[seat]))
    assert "undo_request" in client.get(f"/v1/games/{gid}").json
    time.sleep(1.2)
    view = client.get(f"/v1/games/{gid}").json
    assert "undo_request" not in view and view["state"]["total"] == 2
    r = post(client, gid, tokens[1 - seat], {"type": "accept_undo"})
    assert r.status_code == 422 and r.json["code"] == "undo_expired"
    assert {"type": "accept_undo"} not in client.get(f"/v1/games/{gid}/legal-moves",
                                                       headers=auth(tokens[1 - seat])).json["moves"]
