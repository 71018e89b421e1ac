"""Export and import of a game's log, with re-execution as the proof that a log is valid.

`validate` re-runs every batch of the log (each batch starts at the envelope that records its command) through
the table's runner, the dealer included, exactly as the command path ran it, and compares what it produces
with what the log says. The first line that differs, breaks the hash chain or cannot be read is named. Import
and the offline verifier (service/verify.py) both call it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable, Iterator

from domain import registry
from domain import table as tables
from domain.core import RuleViolation
from domain.table import Dealer
from events import codec
from events.envelope import check_sealed, decode_event, recorded_from, verify_chain
from events.platform import command_from_wire, upgrade_command
from events.store import GameExists as StoreGameExists
from service.creation import token_hash
from service.redaction import documents, redact_all
from service.repository import Loaded, Meta, Repository

COMPARED = ("type", "v", "seat", "visibility", "payload", "command", "auto")


def current(game, env: dict) -> dict:
    """A stored envelope with its payload upcast and its commands in their current shape, for comparison with
    what the runner produces now (a log written by an earlier release stays valid)."""
    event = decode_event(game, env)
    out = {**env, "v": event.V, "payload": codec.to_wire(event)}
    for name in ("command", "auto"):
        wire = env.get(name)
        if isinstance(wire, dict) and wire.get("type") in game.COMMANDS:
            out[name] = upgrade_command(game, wire)
    return out


class ImportRejected(Exception):
    def __init__(self, line: int, code: str, detail: str):
        super().__init__(f"line {line}: {detail}")
        self.line, self.code, self.detail = line, code, detail


class GameExists(Exception):
    pass


def export_lines(repository: Repository, loaded: Loaded, seat: int | None) -> Iterator[str]:
    """The log as NDJSON, redacted for `seat` while the game runs, complete once it is over."""
    envelopes = repository.store.read(loaded.meta.id, 0, loaded.version)
    for env in redact_all(loaded.game, loaded.finished, seat, envelopes):
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
    """Check the chain, the seed commitment, the sealed commitments and every batch by re-execution."""
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
        if env.get("type") == "seed_revealed" and isinstance(env.get("payload"), dict):
            seed = env["payload"].get("seed")
    if not isinstance(seed, str):
        raise ImportRejected(1, "import_seed_unknown", "the seed is neither public nor revealed: the draws cannot be checked")
    if hashlib.sha256(seed.encode()).hexdigest() != created.get("seed_commitment"):
        raise ImportRejected(1, "import_seed_mismatch", "the seed does not match the commitment in game_created")
    for number, env in enumerate(envelopes, start=1):
        if not check_sealed(env, seed):
            raise ImportRejected(number, "import_seal_mismatch",
                                 "the sealed commitment does not match this event's hidden content")
    game_ids = {env.get("game") for env in envelopes}
    if len(game_ids) != 1 or not isinstance(created.get("seats"), int):
        raise ImportRejected(1, "import_malformed", "every line must belong to one game")
    meta = Meta(str(game_ids.pop()), created["game"], created["seats"], seed, (), created.get("seed") is not None)
    reexecute(meta, envelopes)
    return meta


def batches(envelopes: list[dict]) -> Iterator[tuple[int, list[dict]]]:
    """(line number of the batch's first envelope, the batch) for each command in the log."""
    start = 0
    for i in range(1, len(envelopes) + 1):
        if i == len(envelopes) or envelopes[i].get("command") is not None:
            yield start + 1, envelopes[start:i]
            start = i


def reexecute(meta: Meta, envelopes: list[dict]) -> tables.TableState:
    """Every batch run again through the runner; the table after the whole log."""
    game, dealer, table = meta.game, Dealer(meta.seed), None
    for line, batch in batches(envelopes):
        head = batch[0]
        wire = head.get("command")
        if not isinstance(wire, dict) or not isinstance(wire.get("type"), str):
            raise ImportRejected(line, "import_malformed", "each batch must start with the command that caused it")
        try:
            command = command_from_wire(game, wire, head.get("seat"), head.get("at"), recorded_from(game, head).event)
            # a batch includes the neutral figures' rolls when the dealer ran inline, not when a job drew them
            candidates = [documents(game, tables.execute(game, table, command, dealer, rolls)[0])
                          for rolls in (False, True)]
            stored = [current(game, env) for env in batch]
            produced = next((docs for docs in candidates if same(docs, stored)), None)
            if produced is None:
                offset = first_difference(candidates[0], stored)
                raise ImportRejected(line + offset, "import_invalid_move",
                                     "this event is not what the rules and the seed produce at this point")
            table = tables.replay(game, table, [recorded_from(game, env) for env in batch])
        except ImportRejected:
            raise
        except RuleViolation as err:
            raise ImportRejected(line, "import_invalid_move", f"{err.code}: {err.message}") from None
        except Exception as err:  # noqa: BLE001 - a crafted line may hold anything; name it, never crash
            raise ImportRejected(line, "import_malformed", f"cannot be read ({type(err).__name__}: {err})") from None
    return table


def same(docs: list[dict], batch: list[dict]) -> bool:
    return len(docs) == len(batch) and first_difference(docs, batch) == len(batch)


def first_difference(docs: list[dict], batch: list[dict]) -> int:
    for i, (doc, env) in enumerate(zip(docs, batch)):
        if any(doc.get(k) != env.get(k) for k in COMPARED):
            return i
    return min(len(docs), len(batch))


def import_log(repository: Repository, lines: Iterable[str], now: str) -> tuple[Loaded, list[str]]:
    """Validate and store an exported log verbatim under its own id, with fresh seat tokens."""
    envelopes = parse(lines)
    meta = validate(envelopes)
    tokens = [secrets.token_urlsafe(32) for _ in range(meta.seats)]
    meta = Meta(meta.id, meta.name, meta.seats, meta.seed, tuple(token_hash(t) for t in tokens), meta.open)
    try:
        repository.store.create(meta.id, meta.record(now, imported="1"), envelopes)  # all of it or nothing
    except StoreGameExists:
        raise GameExists(meta.id) from None
    return repository.load(meta.id), tokens
