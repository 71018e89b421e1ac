"""For the no-leak checks of the routes: the truth about a game, read beside the service, and the secrets a
viewer must never be served.

`Truth` reads a game's log from Redis with the store and folds it here, version by version, so a served body
can be compared with what the one redaction and the game's view compute for that viewer at that version.
`Secrets` judges served bodies without the service's redaction at all (see its docstring).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Iterator

from domain import table as tables
from events import codec
from events.envelope import check_sealed, decode_event
from events.store import Store
from service.games.redaction import redact_all
from service.games.repository import Loaded, Repository, fold
from tests.support.lobby import dealt_seed

SECRET_LIST = 8  # a list this long from a hidden payload (a deck order, a shuffle) cannot appear by chance


class Truth:
    """A game's true log and its table after each version (index = version), folded from the store's log."""

    def __init__(self, store: Store, game_id: str):
        self.store, self.id = store, game_id
        self.meta = Repository(store).meta(game_id)
        self.envelopes: list[dict] = []
        self._tables: list[Loaded] = [Loaded(self.meta, None)]

    @property
    def game(self):
        return self.meta.game

    @property
    def now(self) -> Loaded:
        return self._tables[-1]

    def at(self, version: int) -> Loaded:
        return self._tables[version]

    def refresh(self) -> Loaded:
        for env in self.store.log.read(self.id, len(self.envelopes)):
            self._tables.append(fold(self._tables[-1], [env]))
            self.envelopes.append(env)
        return self.now

    def settled(self, timeout_s: float = 30) -> Loaded:
        """The game once no roll of the background dealer (the worker) is pending: nothing moves by itself."""
        deadline = time.monotonic() + timeout_s
        while True:
            loaded = self.refresh()
            request = tables.pending_chance(loaded.game, loaded.table)
            if request is None or not request.by_dealer:
                return loaded
            assert time.monotonic() < deadline, f"the worker never drew {request}"
            time.sleep(0.01)

    def redacted(self, viewer: int | None, after: int, until: int, finished: bool) -> list[dict]:
        """Envelopes after..until as the one redaction shows them to `viewer` (finished: the game is over)."""
        return redact_all(self.game, finished, viewer, self.envelopes[after:until])


def entitled(game, env: dict, viewer: int | None) -> bool:
    """Whether the rules let `viewer` see this event whole while the game runs, judged by the game's own
    `redact` (not by the service's redaction): another seat's command behind a private event stays hidden."""
    visibility = env["visibility"]
    if visibility == "public":
        return True
    if visibility.startswith("seat:") or visibility == "hidden" or env["type"] == "chance_drawn":
        return visibility == f"seat:{viewer}"
    if env.get("command") is not None and env.get("seat") != viewer:
        return False
    event = decode_event(game, env)
    return game.redact(event, viewer) == event


def lists(node, at_least: int = SECRET_LIST) -> Iterator[str]:
    """The canonical JSON of every list in a document with at least `at_least` items."""
    if isinstance(node, dict):
        for value in node.values():
            yield from lists(value, at_least)
    elif isinstance(node, list):
        if len(node) >= at_least:
            yield json.dumps(node, sort_keys=True)
        for value in node:
            yield from lists(value, at_least)


class Secrets:
    """What one viewer must not find in anything served to it, judged from the true log alone.

    Always: any seat token or its stored hash. Before the end: the game's seed (unless the game is open), the
    seal key of any private event, any long list of a payload the game's `redact` hides from the viewer (a
    deck order, a shuffle's outcome) unless the viewer's own copy shows it, and in a served envelope the
    preimage of its `sealed` commitment when the viewer may not see that event whole.
    """

    def __init__(self, truth: Truth, tokens: list[str], viewer: int | None):
        self.truth, self.viewer = truth, viewer
        self.running = not truth.now.finished
        meta, game = truth.meta, truth.game
        self.texts = plain_secrets(truth, tokens, truth.now.version)
        self.sequences: set[str] = set()
        if self.running:
            for env in truth.envelopes:
                if env["visibility"] == "public":
                    continue
                self.texts.add(seal_key(meta.seed, env["version"]))
                if not entitled(game, env, viewer):
                    self.sequences |= set(lists(env["payload"])) - set(lists(own_copy(game, env, viewer)))

    def check_text(self, route: str, text: str) -> None:
        for secret in self.texts:
            assert secret not in text, f"{route} serves viewer {self.viewer} a secret ({secret[:12]}...)"

    def check_json(self, route: str, doc) -> None:
        self.check_text(route, json.dumps(doc))
        leaked = self.sequences & set(lists(doc))
        assert not leaked, f"{route} serves viewer {self.viewer} a hidden sequence: {sorted(leaked)[0][:80]}"

    def check_envelopes(self, route: str, served: list[dict]) -> None:
        self.check_json(route, served)
        if self.running:
            check_sealed_preimages(self.truth, self.viewer, route, served)


def plain_secrets(truth: Truth, tokens: list[str], version: int) -> set[str]:
    """The seat tokens (and their secrets) and their hashes, and while the game runs at `version`, its seed (unless it is open). A
    game whose seats were claimed has no stored hash for a claimed seat (""), but a key its claimers' tokens and
    codes come from, and, once dealt, the seed its draws come from (recomputed here from the log's contributions,
    as tests/support/lobby.py reads the documented construction): both are secrets too while it runs."""
    # a token names its game and seat in front of its secret (`<game>.<seat>.<secret>`): the secret is what counts
    texts = {*tokens, *(t.rsplit(".", 1)[-1] for t in tokens), *(h for h in truth.meta.token_hashes if h)}
    if truth.meta.token_key:
        texts.add(truth.meta.token_key)
    if not truth.at(version).finished and not truth.meta.open:
        texts.add(truth.meta.seed)
        claims = {env["payload"]["seat"]: env["payload"]["entropy"] for env in truth.envelopes
                  if env["type"] == "seat_claimed"}
        if any(env["type"] == "game_started" for env in truth.envelopes):
            texts.add(dealt_seed(truth.meta.seed, [claims.get(s) for s in range(truth.meta.seats)]))
    return texts


# Of an event the viewer may not see whole, which private fields it may still be served (judged here, from the rules'
# own `redact` and the event's seat, never from the service's redaction): its own command and what the clock played
# for it, when the event is the viewer's own; never another seat's.
OWN_ONLY = ("command", "auto")


def check_sealed_preimages(truth: Truth, viewer: int | None, route: str, served: list[dict]) -> None:
    """No envelope served while the game runs holds the private fields its `sealed` commits to, unless the
    viewer may see that event whole; nor another seat's command or automatic move behind a private event."""
    game, seed = truth.game, truth.meta.seed
    for env in served:
        true = truth.envelopes[env["version"] - 1]
        if "sealed" in env and not entitled(game, true, viewer):
            assert env.get("redacted") is True and not check_sealed(env, seed), (
                f"{route} serves viewer {viewer} the hidden content of {env['type']} v{env['version']}")
        if true["visibility"] != "public" and not entitled(game, true, viewer):
            own = viewer is not None and true.get("seat") == viewer
            for field in OWN_ONLY:
                assert own or env.get(field) is None, (
                    f"{route} serves viewer {viewer} another seat's {field} behind {env['type']} v{env['version']}")


def own_copy(game, env: dict, viewer: int | None):
    """The payload the game's own `redact` lets `viewer` see of a private event (None: nothing)."""
    if env["type"] == "chance_drawn" or env["visibility"] != "redacted":
        return None
    shown = game.redact(decode_event(game, env), viewer)
    return None if shown is None else codec.to_wire(shown)


def seal_key(seed: str, version: int) -> str:
    """The key of a private event's `sealed` commitment (events/envelope.py), as a served text would hold it."""
    return hmac.new(seed.encode(), f"bazaar/seal/{version}".encode(), hashlib.sha256).hexdigest()


def sse_frames(lines: Iterator[str]) -> Iterator[dict]:
    """Server-Sent Events frames ({"id", "event", "data"} as sent) from a stream's lines; comments skipped."""
    frame: dict[str, str] = {}
    for line in lines:
        if not line:
            if "data" in frame:
                yield frame
            frame = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            frame[name] = value[1:] if value.startswith(" ") else value
