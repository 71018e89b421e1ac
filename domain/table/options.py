"""The options every game takes from the platform (undo, clocks, timeout policy, bot seats), validated here.

They arrive mixed with the game's own options in one object; `split` separates them, validates the
platform's, and leaves the rest for the game's `initial_state` to validate. `schema` and `seats_schema` state the
same options as JSON Schema (2020-12) for openapi.yaml (service/http/contract.py), from the constants below;
tests/api/test_create_schema.py holds the schema and `split` to the same answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.core import InvalidOptions

KEYS = ("undo", "undo_timeout_s", "clock", "timeout_policy", "bots")
UNDO_MODES = ("none", "turn", "consent")
MAX_SECONDS = 30 * 86400
MAX_AUTO_BEFORE_FORFEIT = 100
DEFAULT_BOT = "greedy"  # the zombie of timeout policy "bot": it answers at once, so it never runs a clock down
MAX_BOT_BUDGET_MS = 60_000
MAX_UNDO_TIMEOUT_S = 86400
MAX_INCREMENT_S = 86400
NAMED_POLICIES = ("auto", "forfeit", "bot")  # timeout policies named by a string; the others are objects
MAX_BOT_NAME = 40


@dataclass(frozen=True)
class Clock:
    """`per_move_s` (each decision within N seconds), or a Fischer clock: `initial_s` per seat plus
    `increment_s` each time the seat stops being awaited."""

    per_move_s: int | None = None
    initial_s: int | None = None
    increment_s: int = 0


@dataclass(frozen=True)
class BotSeat:
    """A bot that plays a seat, by its name (the table knows no bot: the service's worker runs it) and the time
    it may think per decision (None: its own default; the clock may allow less)."""

    bot: str
    budget_ms: int | None = None


@dataclass(frozen=True)
class PlatformOptions:
    undo: str = "turn"
    undo_timeout_s: int = 120
    clock: Clock | None = None
    timeout_policy: str = "auto"  # "auto" | "forfeit" | "auto_then_forfeit"
    forfeit_after: int = 0  # auto_then_forfeit: timeouts played automatically before the next forfeits
    timeout_bot: BotSeat | None = None  # policy "bot": who plays a seat from its first timeout on (zombie mode)
    bots: tuple[BotSeat | None, ...] = ()  # seats a bot plays from the start (empty: none)


def recorded(options: dict, platform: PlatformOptions) -> dict:
    """The platform's options as game_created records them: the given clock and policy, defaults filled in."""
    out = {"undo": platform.undo, "undo_timeout_s": platform.undo_timeout_s, "clock": options.get("clock"),
           "timeout_policy": options.get("timeout_policy", "auto")}
    if "bots" in options:  # only when given: the games created before bot seats keep their recorded shape
        out["bots"] = options["bots"]
    return out


def split(options, default_undo: str = "turn") -> tuple[PlatformOptions, dict]:
    """(the platform's options, validated, with defaults; the game's own options, untouched)."""
    if not isinstance(options, dict):
        raise InvalidOptions("options must be an object")
    own = {k: v for k, v in options.items() if k not in KEYS}
    undo = options.get("undo", default_undo)
    if undo not in UNDO_MODES:
        raise InvalidOptions(f"undo: one of {', '.join(UNDO_MODES)}")
    timeout_s = _integer(options.get("undo_timeout_s", 120), "undo_timeout_s", 1, MAX_UNDO_TIMEOUT_S)
    clock = _clock(options.get("clock"))
    policy, after, zombie = _policy(options.get("timeout_policy", "auto"))
    return PlatformOptions(undo, timeout_s, clock, policy, after, zombie, _bots(options.get("bots", []))), own


def _integer(value, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidOptions(f"{name}: an integer from {low} to {high}")
    return value


def _clock(value) -> Clock | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise InvalidOptions('clock: {"per_move_s": N} or {"initial_s": N, "increment_s": M}')
    unknown = set(value) - {"per_move_s", "initial_s", "increment_s"}
    if unknown:
        raise InvalidOptions(f"clock: unknown field {sorted(unknown)[0]!r}")
    if ("per_move_s" in value) == ("initial_s" in value):
        raise InvalidOptions("clock: give either per_move_s, or initial_s (with increment_s)")
    if "per_move_s" in value:
        if "increment_s" in value:
            raise InvalidOptions("clock: increment_s goes with initial_s")
        return Clock(per_move_s=_integer(value["per_move_s"], "clock.per_move_s", 1, MAX_SECONDS))
    return Clock(initial_s=_integer(value["initial_s"], "clock.initial_s", 1, MAX_SECONDS),
                 increment_s=_integer(value.get("increment_s", 0), "clock.increment_s", 0, MAX_INCREMENT_S))


def _policy(value) -> tuple[str, int, BotSeat | None]:
    if value in ("auto", "forfeit"):
        return value, 0, None
    if value == "bot":
        return "bot", 0, BotSeat(DEFAULT_BOT)
    if isinstance(value, dict) and set(value) == {"auto_then_forfeit_after"}:
        return "auto_then_forfeit", _integer(value["auto_then_forfeit_after"], "timeout_policy.auto_then_forfeit_after",
                                             0, MAX_AUTO_BEFORE_FORFEIT), None
    if isinstance(value, dict) and "bot" in value:
        return "bot", 0, bot_seat(value, "timeout_policy")
    raise InvalidOptions('timeout_policy: "auto", "forfeit", "bot", {"bot": NAME, "budget_ms": N} or '
                         '{"auto_then_forfeit_after": K}')


def _bots(value) -> tuple[BotSeat | None, ...]:
    if not isinstance(value, list):
        raise InvalidOptions('bots: a list with one entry per seat, null or {} for a player, {"bot": NAME} for a bot')
    return tuple(None if entry in (None, {}) else bot_seat(entry, f"bots[{i}]") for i, entry in enumerate(value))


def bot_seat(value, name: str) -> BotSeat:
    """{"bot": NAME, "budget_ms": N}: which bot, and how long it may think per decision (optional)."""
    if not isinstance(value, dict) or set(value) - {"bot", "budget_ms"} or "bot" not in value:
        raise InvalidOptions(f'{name}: {{"bot": NAME}} or {{"bot": NAME, "budget_ms": N}}')
    bot = value["bot"]
    if not isinstance(bot, str) or not 0 < len(bot) <= MAX_BOT_NAME:
        raise InvalidOptions(f"{name}.bot: a bot's name")
    budget = value.get("budget_ms")
    if budget is not None:
        budget = _integer(budget, f"{name}.budget_ms", 1, MAX_BOT_BUDGET_MS)
    return BotSeat(bot, budget)


def _int(low: int, high: int) -> dict:
    return {"type": "integer", "minimum": low, "maximum": high}


def schema(bot_name: dict | None = None) -> dict:
    """JSON Schema of the platform's options, as `properties`; `bot_name` narrows a bot's name to the bots a
    service runs (the table knows none)."""
    def bot() -> dict:  # a new object for each place: the schema is a tree
        name = bot_name or {"type": "string", "minLength": 1, "maxLength": MAX_BOT_NAME}
        return {"type": "object", "required": ["bot"], "additionalProperties": False,
                "properties": {"bot": dict(name), "budget_ms": {"type": ["integer", "null"], "minimum": 1,
                                                                "maximum": MAX_BOT_BUDGET_MS}}}

    return {"properties": {
        "undo": {"enum": list(UNDO_MODES), "description": "Taking moves back (default: the game's)."},
        "undo_timeout_s": {**_int(1, MAX_UNDO_TIMEOUT_S), "description": "How long a consent request stays open "
                                                                         "(default 120)."},
        "clock": {"oneOf": [
            {"type": "null"},
            {"type": "object", "required": ["per_move_s"], "additionalProperties": False,
             "properties": {"per_move_s": _int(1, MAX_SECONDS)}},
            {"type": "object", "required": ["initial_s"], "additionalProperties": False,
             "properties": {"initial_s": _int(1, MAX_SECONDS), "increment_s": _int(0, MAX_INCREMENT_S)}},
        ], "description": "No clock, a time per decision, or a Fischer clock per seat."},
        "timeout_policy": {"oneOf": [
            {"enum": list(NAMED_POLICIES)},
            {"type": "object", "required": ["auto_then_forfeit_after"], "additionalProperties": False,
             "properties": {"auto_then_forfeit_after": _int(0, MAX_AUTO_BEFORE_FORFEIT)}},
            bot(),
        ], "description": "What a seat's timeout does (default auto)."},
        "bots": {"type": "array", "items": {"anyOf": [{"type": "null"}, {"type": "object", "maxProperties": 0},
                                                      bot()]},
                 "description": "One entry per seat: null or {} for a player, a bot for a seat the worker plays."},
    }}


def seats_schema(seats: int) -> dict:
    """JSON Schema of what `seats` changes: `bots` has one entry per seat, or none."""
    return {"properties": {"bots": {"anyOf": [{"maxItems": 0}, {"minItems": seats, "maxItems": seats}]}}}
