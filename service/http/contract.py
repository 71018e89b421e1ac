"""The game parts of openapi.yaml, generated from the games themselves: `python -m service.http.contract`.

For every registered game: one schema per command (from its dataclass, via events/jsonschema.py), the
game's command union discriminated by `type`, its view (the game's VIEW_SCHEMA) and its options (the game's
OPTIONS_SCHEMA and OPTIONS_FOR_SEATS, with the table's own from domain/table/options.py); then the unions the
hand-written routes refer to (`Command`, and the per-game rules `GameStateByGame`, `LegalMovesByGame`,
`CreateGameByGame` and `CreateTournamentByGame`), and `BotName`, the bots this service runs. A request the
create schemas allow is one the server takes (but for what depends on stored state: a player id that exists, a
player seated twice); tests/api/test_create_schema.py holds them to the validators.
Everything else in openapi.yaml is written by hand and kept as it is. `--check` exits 1 when the file is
stale; a test runs it.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path
from types import ModuleType

import yaml

from bazaar_client.bots import seated
from domain import registry
from domain.table import options as platform
from domain.tournament import options as tournament
from events.jsonschema import schema_of

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
COMPOSITES = ("Command", "GameStateByGame", "LegalMovesByGame", "CreateGameByGame", "CreateTournamentByGame",
              "BotName")


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def prefix(game: ModuleType) -> str:
    return game.NAME.title().replace("_", "")


def command_name(game: ModuleType, cls: type) -> str:
    return prefix(game) + cls.__name__


def game_schemas(game: ModuleType) -> dict[str, dict]:
    """Every schema one game contributes, by component name."""
    out: dict[str, dict] = {}
    mapping = {}
    for wire, cls in game.COMMANDS.items():
        schema = schema_of(cls, omit=("seat",))
        schema["required"] = ["type", *schema.get("required", [])]
        schema["properties"] = {"type": {"const": wire}, **schema["properties"],
                                "expected_version": ref("ExpectedVersion")}
        out[command_name(game, cls)] = schema
        mapping[wire] = f"#/components/schemas/{command_name(game, cls)}"
    out[f"{prefix(game)}Command"] = {
        "description": f"Every command a seat of {game.NAME} may post, told apart by `type`. `legal-moves` lists "
                       "the ones allowed now, each as a complete body; the seat comes from the token. "
                       "`expected_version` belongs in a POST body only.",
        "oneOf": [ref(command_name(game, cls)) for cls in game.COMMANDS.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping},
    }
    view = getattr(game, "VIEW_SCHEMA", None)
    if view is not None:
        name = f"{prefix(game)}View"
        out[name] = rebase(view, f"#/components/schemas/{name}")
    own = getattr(game, "OPTIONS_SCHEMA", None)
    if own is not None:
        out[f"{prefix(game)}Options"] = options_schema(
            own, {}, f"{game.NAME}'s own options (a tournament's `options`). Any other key is refused.")
        out[f"{prefix(game)}CreateOptions"] = options_schema(
            own, platform.schema(ref("BotName"))["properties"],
            f"A {game.NAME} game's `options`: the game's own and those every game takes. Any other key is refused.")
    return out


def options_schema(own: dict, shared: dict, description: str) -> dict:
    """One object of the game's own options and `shared` ones, no other key."""
    own, shared = copy.deepcopy((own, shared))  # written out in full wherever it is used, never as a YAML alias
    return {"description": description, "type": "object", "additionalProperties": False,
            "properties": {**own.pop("properties"), **shared}, **own}


def game_options(game: ModuleType, create: bool) -> dict:
    """The options of a game's creation (`create`) or of a tournament of it; a game that states none takes any
    object its initial_state allows."""
    if getattr(game, "OPTIONS_SCHEMA", None) is None:
        return {"type": "object", **(platform.schema(ref("BotName")) if create else {})}
    return ref(f"{prefix(game)}{'Create' if create else ''}Options")


def seats_rules(game: ModuleType, seats: int, create: bool) -> dict:
    """What `seats` (a tournament's `table_size`) changes in the options, and for a creation in `players` and
    `invitations`."""
    rules = copy.deepcopy(getattr(game, "OPTIONS_FOR_SEATS", {}).get(seats, {}))
    if not create:
        return {"properties": {"options": rules}} if rules else {}
    shared = platform.seats_schema(seats)
    options = {**rules, "properties": {**rules.get("properties", {}), **shared["properties"]}}
    players = {"anyOf": [{"type": "null"}, {"maxItems": 0}, {"minItems": seats, "maxItems": seats}]}
    invitations = {"anyOf": [{"type": "null"}, {"minItems": seats, "maxItems": seats}]}  # one per seat
    return {"properties": {"options": options, "players": players, "invitations": invitations}}


def when(**values) -> dict:
    return {"required": list(values), "properties": {name: {"const": value} for name, value in values.items()}}


def rebase(schema, at: str):
    """A standalone schema's internal refs (`#/$defs/x`) pointed at where it now sits in the spec."""
    if isinstance(schema, dict):
        return {k: (at + v[1:] if k == "$ref" and isinstance(v, str) and v.startswith("#/") else rebase(v, at))
                for k, v in schema.items() if k not in ("$schema", "$id")}
    if isinstance(schema, list):
        return [rebase(item, at) for item in schema]
    return schema


def composites(games: list[ModuleType]) -> dict[str, dict]:
    with_views = [g for g in games if getattr(g, "VIEW_SCHEMA", None) is not None]
    return {
        "Command": {
            "description": "A command: `type` names it, the other fields are the game's (see each game's "
                           "`<Game>Command`). The seat comes from the token, never from the body. Every game "
                           "also takes the platform commands in `PlatformCommand`.",
            "anyOf": [ref(f"{prefix(g)}Command") for g in games] + [ref("PlatformCommand")],
        },
        "GameStateByGame": {
            "description": "A view's `state` is the game's own view, chosen by its `game`.",
            "allOf": [{"type": "object"}] + [{"if": {"properties": {"game": {"const": g.NAME}}, "required": ["game"]},
                       "then": {"properties": {"state": ref(f"{prefix(g)}View")}}} for g in with_views],
        },
        "CreateGameByGame": {
            "description": "The games this service hosts, the number of seats each is played by, and the options "
                           "each takes (with what a seat count changes in them, and one `players` entry per seat).",
            "properties": {"game": {"enum": [g.NAME for g in games]}},
            "allOf": [{"if": when(game=g.NAME),
                       "then": {"properties": {"seats": {"minimum": g.MIN_SEATS, "maximum": g.MAX_SEATS},
                                               "options": game_options(g, create=True)}}} for g in games]
                     + [{"if": when(game=g.NAME, seats=n), "then": seats_rules(g, n, create=True)}
                        for g in games for n in range(g.MIN_SEATS, g.MAX_SEATS + 1)],
        },
        "CreateTournamentByGame": {
            "description": "The games a tournament may play, their table sizes and options, and what each format "
                           "asks of `rounds` and `advance`.",
            "properties": {"game": {"enum": [g.NAME for g in games]},
                           "timeout_policy": {"enum": list(platform.NAMED_POLICIES)},
                           "clock": {"anyOf": [{"type": "object", "maxProperties": 0},
                                               platform.schema()["properties"]["clock"]]}},
            "allOf": [{"if": when(game=g.NAME),
                       "then": {"properties": {"table_size": {"enum": list(tournament.table_sizes(g))},
                                               "options": game_options(g, create=False)}}} for g in games]
                     + [{"if": when(game=g.NAME, table_size=n), "then": seats_rules(g, n, create=False)}
                        for g in games for n in tournament.table_sizes(g) if seats_rules(g, n, create=False)]
                     + tournament.FORMAT_RULES,
        },
        "BotName": {"description": "The bots this service runs.", "enum": sorted(seated.BOTS)},
        "LegalMovesByGame": {
            "description": "Legal moves are commands of the game named by `game` (or platform commands).",
            "allOf": [{"if": {"properties": {"game": {"const": g.NAME}}, "required": ["game"]},
                       "then": {"properties": {"moves": {"items": {"anyOf": [
                           ref(f"{prefix(g)}Command"), ref("PlatformCommand")]}}}}} for g in games],
        },
    }


def build(spec: dict, games: list[ModuleType]) -> dict:
    """`spec` with its generated schemas replaced by those of `games` (hand-written ones kept in order)."""
    schemas = spec["components"]["schemas"]
    kept = {name: s for name, s in schemas.items() if name not in COMPOSITES and not _generated(s)}
    generated: dict[str, dict] = {}
    for game in games:
        generated.update({name: {**schema, "x-generated": True} for name, schema in game_schemas(game).items()})
    generated.update({name: {**schema, "x-generated": True} for name, schema in composites(games).items()})
    return {**spec, "components": {**spec["components"], "schemas": {**kept, **generated}}}


def _generated(schema) -> bool:
    return isinstance(schema, dict) and schema.get("x-generated") is True


class _Dumper(yaml.SafeDumper):
    pass


def _text(dumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _text)


def render(spec: dict) -> str:
    header = ("# Bazaar's API description. The schemas marked `x-generated` come from the games' code\n"
              "# (`python -m service.http.contract` rewrites them); everything else is written by hand here.\n")
    return header + yaml.dump(spec, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110)


def product_games() -> list[ModuleType]:
    """The product's games: openapi.yaml in the repository documents exactly these."""
    return [registry.get(name) for name in registry.PRODUCT]


def hosted_games() -> list[ModuleType]:
    """Every game this process hosts: the product's and the deployment's extra games (BAZAAR_EXTRA_GAMES)."""
    return [registry.get(name) for name in registry.names()]


def served_text(published: str) -> str:
    """The description a service serves: the published file, with the generated parts of every game it hosts
    when a deployment adds games of its own (each documented as the product's are)."""
    if not registry.extra_names():
        return published
    return render(build(yaml.load(published, Loader=yaml.CSafeLoader), hosted_games()))


def current_text() -> str:
    # libyaml's safe loader: the same objects as yaml.safe_load, in a seventh of the time (the file is 260 kB)
    spec = yaml.load(SPEC_PATH.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    return render(build(spec, product_games()))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.http.contract", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if openapi.yaml is not current")
    args = parser.parse_args(argv)
    fresh = current_text()
    if args.check:
        stale = SPEC_PATH.read_text(encoding="utf-8") != fresh
        print("openapi.yaml is stale: run `python -m service.http.contract`" if stale else "openapi.yaml is current")
        return 1 if stale else 0
    SPEC_PATH.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
