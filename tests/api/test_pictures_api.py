"""The picture route and the pages against the real server (gunicorn): content types, redaction, negotiation."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tests.api.client import Api

SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def jaipur_game(api: Api):
    gid, tokens = api.create("jaipur", 2)
    return gid, tokens


def picture(api: Api, gid: str, token: str | None = None, accept: str | None = None):
    headers = {"Accept": accept} if accept else {}
    return api.call("GET", f"/v1/games/{gid}/board.svg", token, headers=headers)


def hand_faces(svg: str, seat: int) -> list[str]:
    root = ET.fromstring(svg.encode())
    block = next(g for g in root.iter(f"{SVG_NS}g") if g.get("data-seat") == str(seat))
    return [g.get("data-good") for g in block.iter(f"{SVG_NS}g") if g.get("class") == "card"]


def test_svg_is_the_callers_view(api: Api, jaipur_game):
    gid, tokens = jaipur_game
    for seat, token in enumerate(tokens):
        r = picture(api, gid, token)
        assert r.status_code == 200 and r.headers["Content-Type"].startswith("image/svg+xml")
        assert r.headers["ETag"] == f'"{api.view(gid)["version"]}"'
        assert "Authorization" in r.headers["Vary"]
        view = api.view(gid, token)["state"]
        assert hand_faces(r.text, seat) == view["players"][seat]["hand"]
        assert hand_faces(r.text, 1 - seat) == []  # the other hand is face down
    spectator = picture(api, gid)
    assert spectator.status_code == 200
    assert hand_faces(spectator.text, 0) == [] and hand_faces(spectator.text, 1) == []


def test_picture_follows_the_game(api: Api, jaipur_game):
    gid, tokens = jaipur_game
    before = picture(api, gid).text
    seat = api.view(gid)["to_act"][0]
    assert api.command(gid, tokens[seat], api.moves(gid, tokens[seat])[0]).status_code == 201
    after = picture(api, gid)
    assert after.text != before and f"version {api.view(gid)['version']}" in after.text


def test_istanbul_picture_names_every_place(api: Api):
    gid, tokens = api.create("istanbul", 3, options={"layout": "random"})
    r = picture(api, gid, tokens[0])
    view = api.view(gid, tokens[0])["state"]
    for name in view["place_names"].values():
        assert name in r.text


def test_png_when_asked_and_406_when_nothing_fits(api: Api, jaipur_game):
    gid, _ = jaipur_game
    r = picture(api, gid, accept="image/png")
    assert r.status_code == 200 and r.headers["Content-Type"] == "image/png"
    assert r.content.startswith(b"\x89PNG\r\n\x1a\n")
    assert picture(api, gid, accept="image/png;q=0.5, image/svg+xml").headers["Content-Type"].startswith(
        "image/svg+xml")
    refused = picture(api, gid, accept="application/json")
    assert refused.status_code == 406 and refused.json()["code"] == "not_acceptable"
    # no Accept at all (Python's http.client, many HTTP libraries): any type will do, and SVG comes first
    anything = picture(api, gid)
    assert anything.status_code == 200 and anything.headers["Content-Type"].startswith("image/svg+xml")


def test_picture_of_an_unknown_game_or_with_a_wrong_token(api: Api, jaipur_game):
    gid, _ = jaipur_game
    assert picture(api, "0" * 16).status_code == 404
    assert picture(api, gid, "not-a-seat-token").status_code == 401


def test_index_lists_games_and_links_their_pages(api: Api, jaipur_game):
    gid, _ = jaipur_game
    r = api.call("GET", "/")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/html")
    assert f'href="/play/{gid}"' in r.text
    assert api.call("GET", "/?page=1000").status_code == 200
    assert api.call("GET", "/?page=-1").status_code == 400


def test_play_page_is_plain_html_with_the_script_served_here(api: Api, jaipur_game):
    gid, _ = jaipur_game
    r = api.call("GET", f"/play/{gid}")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/html")
    assert 'name="viewport"' in r.text
    sources = re.findall(r'(?:src|href)="([^"]+)"', r.text)
    assert sources and all(s.startswith(("/", "data:")) for s in sources), sources  # nothing from another host
    for path in (s for s in sources if s.startswith("/static/")):
        assert api.call("GET", path, validate=False).status_code == 200
    assert api.call("GET", "/play/" + "0" * 16).status_code == 404
