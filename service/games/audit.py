"""Export and import of a game's log, with re-execution as the proof that a log is valid.

`validate` re-runs every batch of the log (each batch starts at the envelope that records its command) through
the table's runner, the dealer included, exactly as the command path ran it, and compares what it produces
with what the log says. The first line that differs, breaks the hash chain or cannot be read is named, with
the field at fault where there is one. Import and the offline verifier (service/operations/verify.py) both call it.

Nothing in a file is trusted before it is checked: every line must be a JSON object that the service's JSON
reader accepts (service/games/inputs.py: no lone surrogate, no deep nesting), every envelope must have the export's
fields with their types and forms (events/shape.py) before the chain is computed over it or anything is looked up
by its values, and whatever a crafted line still makes the rules raise is named, never let out.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator

from domain import registry
from domain import table as tables
from domain.core import RuleViolation
from domain.table import Dealer
from events import codec, ids, shape
from events.envelope import GENESIS, PLATFORM_EVENTS, check_sealed, decode_event, recorded_from, verify_chain
from events.platform import command_from_wire, upgrade_command
from events.store import GameExists as StoreGameExists
from events.store import seal_all
from service.games.inputs import parse_json
from service.games.problems import BadRequest
from service.games.redaction import documents, redact_all
from service.games.repository import Loaded, Meta, Repository
from service.games.seating import new_seat_token, token_hash

COMPARED = ("type", "v", "seat", "visibility", "payload", "command", "auto")


def current(game, env: dict) -> dict:
    """A stored envelope with its payload upcast and its commands in their current shape, for comparison with
    what the runner produces now (a log written by an earlier release stays valid)."""
    event = decode_event(game, env)
    out = {**env, "v": event.V, "payload": codec.to_wire(event)}
    for name in ("command", "auto"):
        wire = env.get(name)
        if isinstance(wire, dict) and isinstance(wire.get("type"), str) and wire["type"] in game.COMMANDS:
            out[name] = upgrade_command(game, wire)
    return out


class ImportRejected(Exception):
    """The first line of a file that does not hold: `code` is stable, `field` names the envelope's field at fault
    (None when the line as a whole is), `detail` says why in one line of at most DETAIL_MAX characters."""

    def __init__(self, line: int, code: str, detail: str, field: str | None = None):
        detail = " ".join(detail.split())  # a crafted value may hold newlines: a report is one line
        detail = detail if len(detail) <= DETAIL_MAX else detail[:DETAIL_MAX - 1] + "…"
        super().__init__(f"line {line}: {detail}")
        self.line, self.code, self.detail, self.field = line, code, detail, field

    def report(self) -> str:
        where = f"line {self.line}: {self.field}: " if self.field else f"line {self.line}: "
        return f"{where}{self.detail} ({self.code})"


DETAIL_MAX = 200


class GameExists(Exception):
    pass


def export_lines(repository: Repository, loaded: Loaded, seat: int | None) -> Iterator[str]:
    """The log as NDJSON, redacted for `seat` while the game runs, complete once it is over."""
    envelopes = repository.store.log.read(loaded.meta.id, 0, loaded.version)
    for env in redact_all(loaded.game, loaded.finished, seat, envelopes):
        yield json.dumps(env, separators=(",", ":")) + "\n"


def lines_of(text: str) -> list[str]:
    """NDJSON's lines: split at newlines only (`str.splitlines` would also split inside a JSON string holding a
    line or paragraph separator, and name the wrong line)."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def decoded_text(raw: bytes) -> str:
    """The file as text, or ImportRejected naming the line of its first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ImportRejected(raw.count(b"\n", 0, err.start) + 1, "import_malformed",
                             "not UTF-8 text (an NDJSON export is)") from None


def parse(lines: Iterable[str]) -> list[dict]:
    """Each line as an envelope of the export's shape (ImportRejected names the first that is not). Blank lines
    may only end the file: then an envelope's position is its line number, which every later check reports."""
    envelopes, blank = [], None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            blank = blank or number
            continue
        if blank is not None:
            raise ImportRejected(blank, "import_malformed", "a blank line inside the export")
        try:
            env = parse_json(line, "the line")
        except BadRequest as err:
            raise ImportRejected(number, "import_malformed", err.detail) from None
        if not isinstance(env, dict):
            raise ImportRejected(number, "import_malformed", "each line must be a JSON object")
        if "redacted" in env:
            raise ImportRejected(number, "import_redacted", "a redacted export cannot be imported; export after the end",
                                 "redacted")
        wrong = shape.misshapen(env, shape.GAME)
        if wrong is not None:
            raise ImportRejected(number, "import_malformed", wrong[1], wrong[0])
        envelopes.append(env)
    if not envelopes:
        raise ImportRejected(1, "import_malformed", "the export is empty")
    return envelopes


def validate(envelopes: list[dict]) -> tuple[Meta, tables.TableState]:
    """Check the chain, the seed commitment, the sealed commitments and every batch by re-execution (`envelopes`
    as `parse` gives them); the game's facts as the file states them (its id too) and the table after the log."""
    broken = verify_chain(envelopes)
    if broken is not None:
        raise ImportRejected(broken, "import_chain_broken", "the hash chain breaks here (altered, removed or moved)",
                             "hash")
    first = envelopes[0]
    if first["type"] != "game_created":
        raise ImportRejected(1, "import_malformed", "the log must start with game_created", "type")
    created = first["payload"]
    name = created.get("game")
    try:
        registry.get(name)
    except registry.UnknownGame:
        shown = repr(name) if isinstance(name, str) and len(name) <= 40 else "of that name"
        raise ImportRejected(1, "import_unknown_game", f"no game {shown}", "payload.game") from None
    if type(created.get("seats")) is not int:
        raise ImportRejected(1, "import_malformed", "seats must be a whole number", "payload.seats")
    seed = created.get("seed")
    for number, env in enumerate(envelopes, start=1):
        if env["type"] == "seed_revealed":
            seed = env["payload"].get("seed")
            if not isinstance(seed, str):
                raise ImportRejected(number, "import_malformed", "the seed must be a string", "payload.seed")
    if not isinstance(seed, str):
        raise ImportRejected(1, "import_seed_unknown", "the seed is neither public nor revealed: the draws cannot be checked",
                             "payload.seed")
    if hashlib.sha256(seed.encode()).hexdigest() != created.get("seed_commitment"):
        raise ImportRejected(1, "import_seed_mismatch", "the seed does not match the commitment in game_created",
                             "payload.seed_commitment")
    for number, env in enumerate(envelopes, start=1):
        if not check_sealed(env, seed):
            raise ImportRejected(number, "import_seal_mismatch",
                                 "the sealed commitment does not match this event's hidden content", "sealed")
    for number, env in enumerate(envelopes, start=1):
        if env["game"] != first["game"]:
            raise ImportRejected(number, "import_malformed", "every line must belong to one game", "game")
    meta = Meta(first["game"], name, created["seats"], seed, (), created.get("seed") is not None)
    return meta, reexecute(meta, envelopes)


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
        wire = head.get("command")  # optional where it is null: a first line may lack it
        if not isinstance(wire, dict) or not isinstance(wire.get("type"), str):
            raise ImportRejected(line, "import_malformed", "each batch must start with the command that caused it",
                                 "command")
        recorded = [decoded(game, env, line + offset) for offset, env in enumerate(batch)]
        try:
            command = command_from_wire(game, wire, head["seat"], head["at"], recorded[0].event)
        except codec.DecodeError as err:
            raise ImportRejected(line, "import_malformed", f"not a command of this game ({err.detail})",
                                 within("command", err.path)) from None
        except ValueError as err:  # events.platform.UnknownCommand
            raise ImportRejected(line, "import_malformed", str(err), "command") from None
        try:
            # a batch includes the neutral figures' rolls when the dealer ran inline, not when a job drew them
            candidates = [documents(game, tables.execute(game, table, command, dealer, rolls)[0])
                          for rolls in (False, True)]
        except RuleViolation as err:
            raise ImportRejected(line, "import_invalid_move", f"{err.code}: {err.message}", "command") from None
        except Exception as err:  # noqa: BLE001 - a crafted command may make the rules raise anything: name it
            raise ImportRejected(line, "import_malformed", f"cannot be played ({type(err).__name__})",
                                 "command") from None
        try:
            stored = [current(game, env) for env in batch]
        except Exception as err:  # noqa: BLE001 - a crafted `auto` may make an old command's upgrade raise anything
            raise ImportRejected(line, "import_malformed", f"cannot be read ({type(err).__name__})", "auto") from None
        produced = next((docs for docs in candidates if same(docs, stored)), None)
        if produced is None:
            offset = first_difference(candidates[0], stored)
            field = next((k for k in COMPARED if offset < len(stored) and offset < len(candidates[0])
                          and candidates[0][offset].get(k) != stored[offset].get(k)), None)
            raise ImportRejected(line + offset, "import_invalid_move",
                                 "this event is not what the rules and the seed produce at this point", field)
        table = tables.replay(game, table, recorded)
    return table


def decoded(game, env: dict, line: int):
    """The Recorded an envelope holds, or ImportRejected naming the field that cannot be read."""
    cls = PLATFORM_EVENTS.get(env["type"]) or game.EVENTS.get(env["type"])
    if cls is None:
        raise ImportRejected(line, "import_malformed", f"{game.NAME} has no event of this type", "type")
    if env["v"] > cls.V:
        raise ImportRejected(line, "import_malformed", f"{env['type']} has no version above {cls.V}", "v")
    try:
        return recorded_from(game, env)
    except codec.DecodeError as err:
        raise ImportRejected(line, "import_malformed", f"not a {env['type']} event ({err.detail})",
                             within("payload", err.path)) from None
    except Exception as err:  # noqa: BLE001 - an old version's upcaster meets a crafted payload
        raise ImportRejected(line, "import_malformed", f"cannot be read ({type(err).__name__})", "payload") from None


def within(field: str, path: str) -> str:
    """The field a codec error's path names inside an envelope's `field` (`payload.tokens[2]`)."""
    return field if path in ("", "body") else f"{field}.{path}"


def same(docs: list[dict], batch: list[dict]) -> bool:
    return len(docs) == len(batch) and first_difference(docs, batch) == len(batch)


def first_difference(docs: list[dict], batch: list[dict]) -> int:
    for i, (doc, env) in enumerate(zip(docs, batch)):
        if any(doc.get(k) != env.get(k) for k in COMPARED):
            return i
    return min(len(docs), len(batch))


CHAIN = ("game", "version", "prev_hash", "hash", "sealed")  # what `seal_all` sets again under the new id


def import_log(repository: Repository, lines: Iterable[str], now: str, imported_by: str,
               owner: str | None = None) -> tuple[Loaded, list[str]]:
    """Validate an exported log and store it as a new game of this service's: under a new id, chained again from
    its first event under that id (nothing else of any event changes; the sealed commitments are the same, being
    keyed by the seed and the version), and closed by `game_imported`, which records where it came from (the
    file's id, length, head hash and times) and who imported it. The game's meta keeps the same record
    (`provenance`), so every view and listing shows it; fresh seat tokens; `owner` manages it from then on (the
    importing organiser: an import is a game made in its name). All of it is stored, or nothing."""
    envelopes = parse(lines)
    claimed, table = validate(envelopes)
    game, first, last = claimed.game, envelopes[0], envelopes[-1]
    record = tables.RecordImport(claimed.id, len(envelopes), last["hash"], first["at"], last["at"], imported_by, now)
    batch, table = tables.execute(game, table, record, Dealer(claimed.seed), False)
    game_id = ids.new_id()
    docs = [{k: v for k, v in env.items() if k not in CHAIN} for env in envelopes] + documents(game, batch)
    sealed = seal_all(game_id, docs, 0, GENESIS, claimed.seed)
    tokens = [new_seat_token(game_id, seat) for seat in range(claimed.seats)]
    meta = Meta(game_id, claimed.name, claimed.seats, claimed.seed, tuple(token_hash(t) for t in tokens), claimed.open,
                (), owner, provenance={**codec.to_wire(batch[0].event), "imported_at": now})
    try:
        repository.store.log.create(game_id, meta.record(now), sealed)  # all of it or nothing
    except StoreGameExists:  # a fresh id taken: 64 random bits make this a bug, not bad luck
        raise GameExists(game_id) from None
    return repository.load(game_id), tokens
