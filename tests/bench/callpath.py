"""How long is the command path? One Jaipur `take_one` posted through the Flask app (in process, real Redis),
with every call into the project's own code counted: calls, distinct functions, modules, and how often a
call crosses between the layers (service, domain, events). `python -m tests.bench.callpath` or `make bench`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from service import create_app
from tests.bench.servers import private_redis

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("service", "domain", "events")
VERBOSE = "-v" in sys.argv


def _layer(filename: str) -> str | None:
    try:
        relative = Path(filename).resolve().relative_to(ROOT)
    except ValueError:
        return None
    top = relative.parts[0]
    return top if top in LAYERS else None


def trace_one_take_one(client, game_id: str, token: str, body: dict) -> dict:
    calls, functions, modules, crossings = 0, {}, set(), 0
    evolves = terminal = 0
    stack: list[str | None] = []

    def profile(frame, event, _arg):
        nonlocal calls, crossings, evolves, terminal
        if event == "call":
            layer = _layer(frame.f_code.co_filename)
            caller = next((s for s in reversed(stack) if s is not None), None)
            stack.append(layer)
            if layer is None:
                return
            calls += 1
            name = (Path(frame.f_code.co_filename).resolve().relative_to(ROOT).as_posix(), frame.f_code.co_name)
            functions[name] = functions.get(name, 0) + 1
            modules.add(frame.f_code.co_filename)
            if name[1] == "evolve" and "jaipur" in name[0]:
                evolves += 1
            if name[1] == "is_terminal" and "jaipur" in name[0]:
                terminal += 1
            if caller is not None and caller != layer:
                crossings += 1
        elif event == "return" and stack:
            stack.pop()

    sys.setprofile(profile)
    try:
        response = client.post(f"/v1/games/{game_id}/commands", json=body, headers={"Authorization": f"Bearer {token}"})
    finally:
        sys.setprofile(None)
    assert response.status_code == 201, response.get_json()
    if VERBOSE:
        for (module, function), count in sorted(functions.items(), key=lambda kv: -kv[1]):
            print(f"  {count:4d}  {module}:{function}")
    return {"calls": calls, "functions": len(functions), "modules": len(modules), "crossings": crossings,
            "game evolve calls": evolves, "game is_terminal calls": terminal,
            "events": len(response.get_json()["events"])}


def callpath() -> None:
    with private_redis() as url:
        app = create_app({"REDIS_URL": url, "INLINE_DEALER": True})
        client = app.test_client()
        for _attempt in range(200):
            created = client.post("/v1/games", json={"game": "jaipur", "seats": 2}).get_json()
            game_id = created["id"]
            seat = client.get(f"/v1/games/{game_id}").get_json()["to_act"][0]
            token = created["seats"][seat]["token"]
            moves = client.get(f"/v1/games/{game_id}/legal-moves", headers={"Authorization": f"Bearer {token}"})
            take = [m for m in moves.get_json()["moves"] if m["type"] == "take_one"]
            if take:
                break
        client.get(f"/v1/games/{game_id}")  # the state is cached, as for any game in play
        figures = trace_one_take_one(client, game_id, token, take[0])
    print("command path of one Jaipur take_one (in process, real Redis): " +
          ", ".join(f"{k} {v}" for k, v in figures.items()))


if __name__ == "__main__":
    callpath()
