"""What the service offers, read once when the MCP server starts, so that the tools' parameters are typed for the
agent: the games it hosts (their names as an enum, their titles and seats) from its catalogue, and each game's
creation options as its contract states them (openapi.yaml's `CreateGameByGame`: the game's own options, such as
Istanbul's `expansions`, with those every game takes: `bots`, `undo`, `clock`, `timeout_policy`); without that
document, the game's own options from the catalogue. A service that cannot be read at start leaves the
parameters open (a game is any name, its options any object) and the tools work as before."""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from bazaar_client.sdk import BazaarError, Client

SCHEMAS = "#/components/schemas/"


@dataclass(frozen=True)
class GameOffer:
    name: str
    title: str
    min_seats: int
    max_seats: int
    options: dict  # JSON Schema of its creation's `options`, self-contained (no $ref)

    @property
    def seats(self) -> str:
        return str(self.min_seats) if self.min_seats == self.max_seats else f"{self.min_seats} to {self.max_seats}"


@dataclass(frozen=True)
class Offer:
    games: tuple[GameOffer, ...]
    bots: tuple[str, ...]

    @classmethod
    def read(cls, client: Client) -> Offer:
        try:
            catalogue = client.catalogue()
        except BazaarError:
            return cls((), ())
        try:
            # the C parser where there is one: the document is ~300 KB, 0.1 s against 0.7 s in pure Python
            contract = yaml.load(client.openapi(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except (BazaarError, yaml.YAMLError):
            contract = {}
        games = tuple(GameOffer(g["name"], g["title"], g["min_seats"], g["max_seats"],
                                create_options(contract, g["name"]) or g.get("options") or {"type": "object"})
                      for g in catalogue["games"])
        return cls(games, tuple(catalogue.get("bots", ())))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(g.name for g in self.games)

    def seats(self) -> tuple[int, int]:
        return (min((g.min_seats for g in self.games), default=1), max((g.max_seats for g in self.games), default=16))

    def described(self) -> str:
        """The games in a phrase: "jaipur (Jaipur, 2 seats), istanbul (Istanbul, 2 to 5 seats)"."""
        return ", ".join(f"{g.name} ({g.title}, {g.seats} seats)" for g in self.games)

    def options_schema(self) -> dict:
        """One alternative per game, each titled with the game it belongs to."""
        alternatives = [{**g.options, "title": f"options of {g.name}"} for g in self.games]
        return {"anyOf": [*alternatives, {"type": "null"}], "default": None}


def create_options(contract: dict, name: str) -> dict | None:
    """The schema of game `name`'s creation options in the contract: the rule of `CreateGameByGame` that applies
    when `game` is that name, its references resolved in place."""
    schemas = (contract.get("components") or {}).get("schemas") or {}
    for rule in (schemas.get("CreateGameByGame") or {}).get("allOf", ()):
        condition = rule.get("if") or {}
        if condition.get("required") == ["game"] and condition.get("properties", {}).get("game") == {"const": name}:
            options = ((rule.get("then") or {}).get("properties") or {}).get("options")
            return resolved(options, schemas) if options else None
    return None


def resolved(schema, schemas: dict, depth: int = 0):
    """`schema` with every local `$ref` replaced by what it names (an agent's host reads one self-contained
    schema per parameter)."""
    if depth > 20:
        raise ValueError("the contract's schemas refer to one another in a loop")
    if isinstance(schema, dict):
        target = schema.get("$ref")
        if isinstance(target, str) and target.startswith(SCHEMAS):
            rest = {k: v for k, v in schema.items() if k != "$ref"}
            return {**resolved(schemas[target.removeprefix(SCHEMAS)], schemas, depth + 1), **rest}
        return {k: resolved(v, schemas, depth) for k, v in schema.items()}
    if isinstance(schema, list):
        return [resolved(item, schemas, depth) for item in schema]
    return schema
