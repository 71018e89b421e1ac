"""Export and import of a game's log, with re-execution as the proof that an import is valid.

An import re-runs every batch of the log (each batch starts at the envelope that records its command)
through the same pure functions the command path uses, the dealer included, and compares what they produce
with what the log says. The first line that differs, breaks the hash chain or is not JSON is named.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Iterable, Iterator

from domain import registry
from domain.core import RuleViolation
from events.envelope import check_sealed, verify_chain
from events.store import GameExists as StoreGameExists
from service import options as platform_options
from service import timeouts, undo
from service.fold import Loaded, Meta, decode_event, fold
from service.games import BadRequest, Games, check_may_act, parse_command, plan, token_hash

COMPARED = ("type", "v", "seat", "visibility", "payload", "command")


class ImportRejected(Exception):
    def __init__(self, line: int, code: str, detail: str):
        super().__init__(f"line {line}: {detail}")
        self.line, self.code, self.detail = line, code, detail


class GameExists(Exception):
    pass


def export_lines(games: Games, loaded: Loaded, seat: int | None) -> Iterator[str]:
    """The log as NDJSON, redacted for `seat` while the game runs, complete once it is over."""
    for env in games.redact_all(loaded, seat, games.store.read(loaded.meta.id, 0, loaded.version)):
        yield json.dumps(env, separators=(",", ":")) + "\n"


def parse(lines: Iterable[str]) -> list[dict]:
    envelopes = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            env = json.loads(line)
        except json.JSONDecodeError as err:
            raise ImportRejected(number, "import_malformed", f"not JSON: {err.msg}") from None
        except RecursionError:
            raise ImportRejected(number, "import_malformed", "nested too deeply") from None
        if not isinstance(env, dict):
            raise ImportRejected(number, "import_malformed", "each line must be a JSON object")
        envelopes.append(env)
    if not envelopes:
        raise ImportRejected(1, "import_malformed", "the export is empty")
    return envelopes


def validate(envelopes: list[dict]) -> Meta:
    """Check the chain, the seed commitment and every batch by re-execution; the game's Meta if valid."""
    broken = verify_chain(envelopes)
    if broken is not None:
        raise ImportRejected(broken, "import_chain_broken", "the hash chain breaks here (altered, removed or moved)")
    for number, env in enumerate(envelopes, start=1):
        if env.get("redacted"):
            raise ImportRejected(number, "import_redacted", "a redacted export cannot be imported; export after the end")
    first = envelopes[0]
    if first.get("type") != "game_created" or not isinstance(first.get("payload"), dict):
        raise ImportRejected(1, "import_malformed", "the log must start with game_created")
    created = first["payload"]
    try:
        registry.get(created.get("game"))
    except registry.UnknownGame:
        raise ImportRejected(1, "import_unknown_game", f"no game named {created.get('game')!r}") from None
    seed = created.get("seed")
    for env in envelopes:
        if env.get("type") == "seed_revealed":
            seed = env["payload"]["seed"]
    if seed is None:
        raise ImportRejected(1, "import_seed_unknown", "the seed is neither public nor revealed: the draws cannot be checked")
    if hashlib.sha256(seed.encode()).hexdigest() != created.get("seed_commitment"):
        raise ImportRejected(1, "import_seed_mismatch", "the seed does not match the commitment in game_created")
    game_ids = {env.get("game") for env in envelopes}
    if len(game_ids) != 1:
        raise ImportRejected(1, "import_malformed", "every line must belong to one game")
    try:
        platform, own = platform_options.split(created["options"])
    except RuleViolation as err:
        raise ImportRejected(1, "import_invalid_options", err.message) from None
    for number, env in enumerate(envelopes, start=1):
        if not check_sealed(env, seed):
            raise ImportRejected(number, "import_seal_mismatch",
                                 "the sealed commitment does not match this event's hidden content")
    meta = Meta(game_ids.pop(), created["game"], created["seats"], own, platform, seed, (),
                created.get("seed") is not None)
    reexecute(meta, envelopes)
    return meta


def batches(envelopes: list[dict]) -> Iterator[tuple[int, list[dict]]]:
    """(line number of the batch's first envelope, the batch) for each command in the log."""
    start = 0
    for i in range(1, len(envelopes) + 1):
        if i == len(envelopes) or envelopes[i].get("command") is not None:
            yield start + 1, envelopes[start:i]
            start = i


def reexecute(meta: Meta, envelopes: list[dict]) -> Loaded:
    loaded = Loaded(meta, None)
    for line, batch in batches(envelopes):
        head = batch[0]
        command, seat, at = head.get("command"), head.get("seat"), head.get("at")
        if not isinstance(command, dict) or not isinstance(command.get("type"), str):
            raise ImportRejected(line, "import_malformed", "each batch must start with the command that caused it")
        try:
            if command["type"] == "timeout":
                candidates = [timeouts.plan_timeout(loaded, at, dealer)[0] for dealer in (False, True)]
            else:
                decided = decide_again(loaded, command, seat, at, head)
                candidates = [plan(loaded, decided, command, dealer, at)[0] for dealer in (False, True)]
        except RuleViolation as err:
            raise ImportRejected(line, "import_invalid_move", f"{err.code}: {err.message}") from None
        except BadRequest as err:
            raise ImportRejected(line, "import_invalid_move", err.detail) from None
        except Exception as err:  # noqa: BLE001 - a crafted line may hold anything; name it, never crash
            raise ImportRejected(line, "import_malformed", f"cannot be read ({type(err).__name__}: {err})") from None
        docs = next((d for d in candidates if same(d, batch)), None)
        if docs is None:
            offset = first_difference(candidates[0], batch)
            raise ImportRejected(line + offset, "import_invalid_move",
                                 "this event is not what the rules and the seed produce at this point")
        loaded = fold(loaded, batch)
    return loaded


def decide_again(loaded: Loaded, command: dict, seat, at: str, head: dict) -> list:
    kind = command["type"]
    if kind == "create_game":
        if loaded.state is not None:
            raise BadRequest("import_malformed", "a game is created once")
        return [(None, decode_event(loaded.meta.game, head))]
    if kind == "deal":
        return []
    if kind == "undo":
        return [(seat, e) for e in undo.decide_undo(loaded, seat, command.get("to_version"), at)]
    if kind in undo.ANSWERS:
        return [(seat, e) for e in undo.decide_answer(loaded, seat, command, at)]
    game = loaded.game
    parsed = parse_command(game, command, seat)
    check_may_act(game, loaded.state, seat)
    return [(seat, e) for e in game.decide(loaded.state, parsed)]


def same(docs: list[dict], batch: list[dict]) -> bool:
    return len(docs) == len(batch) and first_difference(docs, batch) == len(batch)


def first_difference(docs: list[dict], batch: list[dict]) -> int:
    for i, (doc, env) in enumerate(zip(docs, batch)):
        if any(doc.get(k) != env.get(k) for k in COMPARED):
            return i
    return min(len(docs), len(batch))


def import_log(games: Games, lines: Iterable[str]) -> tuple[Loaded, list[str]]:
    """Validate and store an exported log verbatim under its own id, with fresh seat tokens."""
    envelopes = parse(lines)
    meta = validate(envelopes)
    tokens = [secrets.token_urlsafe(32) for _ in range(meta.seats)]
    record = {"game": meta.name, "seats": str(meta.seats), "options": json.dumps(meta.options),
              "platform": json.dumps(meta.platform), "seed": meta.seed, "open": "1" if meta.open else "0",
              "tokens": json.dumps([token_hash(t) for t in tokens]), "created_at": games.clock(), "imported": "1"}
    try:
        games.store.create(meta.id, record, envelopes)  # verbatim, in one script: all of it or nothing
    except StoreGameExists:
        raise GameExists(meta.id) from None
    loaded = games.load(meta.id)
    games.store.index(meta.id, games.index_entry(loaded))
    return loaded, tokens
