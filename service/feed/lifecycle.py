"""A game's lifecycle facts for the cross-game feed (events/feed.py): which facts an append makes, and which
facts a stored game should have made (the sweep's way to repair a crash between a game's append and the
feed write).

Facts are read off the recorded events and the folded table, never decided here: created with the game's
first batch, started with it too (or with the batch that records `game_started`, for a game whose seats were
claimed) when a player holds a seat, a turn begun when an append leaves awaited a player's seat that did not
make it, a seat forfeited with a `turn_timed_out` of policy "forfeit", finished once the table is over.
"""

from __future__ import annotations

import logging

from domain import table as tables
from events.feed import Fact, Feed, GameCreated, GameFinished, GameStarted, OfferChanged, SeatForfeited, TurnStarted
from events.offers import game_of
from service.games.offers import Folded
from service.games.repository import Loaded, Repository
from service.games.seating import players_of

log = logging.getLogger("bazaar.lifecycle")


def created(loaded: Loaded, at: str) -> GameCreated:
    meta = loaded.meta
    return GameCreated(meta.id, meta.name, meta.seats, at, meta.players, meta.provenance)


def finished(loaded: Loaded, at: str) -> GameFinished:
    meta = loaded.meta
    lobby = loaded.table.lobby
    return GameFinished(meta.id, meta.name, meta.seats, loaded.version, at, loaded.game.result(loaded.state) or {},
                        meta.provenance, lobby is not None and lobby.expired)


def started(loaded: Loaded, at: str) -> GameStarted | None:
    """The game's start, for games with a player in some seat (nobody else is told of it)."""
    players = players_of(loaded)
    if not any(players) or tables.waiting(loaded.table):
        return None
    meta = loaded.meta
    return GameStarted(meta.id, meta.name, meta.seats, loaded.version, at, players)


def turn(loaded: Loaded, sealed: list[dict]) -> TurnStarted | None:
    """The seats bound to players that the append left awaited, but the seat that made it (still in its turn)."""
    acting = sealed[0].get("seat") if sealed else None
    players = players_of(loaded)
    if not any(players):
        return None  # nobody to tell (an anonymous table): whose move is awaited is not even asked
    seats = tuple(s for s in tables.awaited(loaded.game, loaded.table) if s != acting and s < len(players)
                  and players[s] is not None)
    if not seats:
        return None
    meta = loaded.meta
    return TurnStarted(meta.id, meta.name, loaded.version, sealed[-1]["at"] if sealed else "", seats,
                       tuple(players[s] for s in seats))


def forfeits(loaded: Loaded, envelopes: list[dict]) -> list[SeatForfeited]:
    return [SeatForfeited(loaded.meta.id, loaded.meta.name, env["payload"]["seat"], env["version"], env["at"])
            for env in envelopes
            if env["type"] == "turn_timed_out" and env.get("payload", {}).get("policy") == "forfeit"]


def facts(loaded: Loaded, sealed: list[dict]) -> list[Fact]:
    """The facts one append made (`loaded` is the game after it, `sealed` the batch's envelopes)."""
    out: list[Fact] = []
    if sealed and sealed[0]["version"] == 1:
        out.append(created(loaded, sealed[0]["at"]))
    if sealed and (sealed[0]["version"] == 1 or any(e["type"] == "game_started" for e in sealed)):
        out += [fact for fact in (started(loaded, sealed[-1]["at"]),) if fact is not None]
    out += forfeits(loaded, sealed)
    if loaded.finished:
        out.append(finished(loaded, sealed[-1]["at"]))  # a later append to a finished game repeats it: a no-op
    return out


def publish(feed: Feed):
    """The reaction that writes an append's facts to the feed, after the game's own append (a failure is
    logged: the sweep republishes what the game's log says should be there)."""

    def react(loaded: Loaded, sealed: list[dict]) -> None:
        try:
            for fact in facts(loaded, sealed):
                feed.publish(fact)
            began = turn(loaded, sealed)
            if began is not None:
                feed.announce(began)
        except Exception:  # noqa: BLE001 - a reaction must not fail the move; the sweep repairs
            log.exception("feed write failed for game %s", loaded.meta.id)

    return react


def republish(feed: Feed, repository: Repository, loaded: Loaded) -> int:
    """Offer every fact the game's log implies (each is written at most once); how many were missing.

    Forfeits need the log itself, read only for games whose clock can forfeit."""
    first = repository.store.log.read(loaded.meta.id, 0, 1)
    implied: list[Fact] = [created(loaded, first[0]["at"] if first else "")]
    begun = started(loaded, first[0]["at"] if first else "")
    if begun is not None:
        implied.append(begun)
    if loaded.table.platform.timeout_policy != "auto":
        implied += forfeits(loaded, repository.store.log.read(loaded.meta.id))
    if loaded.finished:
        last = repository.store.log.read(loaded.meta.id, loaded.version - 1)
        implied.append(finished(loaded, last[-1]["at"] if last else ""))
    republished = sum(feed.publish(fact) for fact in implied)
    began = turn(loaded, [])  # the turn under way, in case its announcement was lost: consumers keep the newest
    if began is not None and not loaded.finished:
        feed.announce(began)
    return republished


CHANGES = {"offer_made": "made", "offer_accepted": "accepted", "offer_declined": "declined", "offer_settled": "settled"}


def offer_changed(folded: Folded, sealed: list[dict]) -> OfferChanged:
    """The fact of one append to an offer's log: what its first event says was done, and by whom."""
    made = folded.offer.made
    return OfferChanged(game_of(folded.id), folded.id, made.kind, CHANGES[sealed[0]["type"]], folded.version,
                        sealed[0]["by"], sealed[-1]["at"], made.players, made.game, made.source_game)


def publish_offer(feed: Feed):
    """The reaction that writes an offer's change to the feed (its players' notices come from there)."""

    def react(folded: Folded, sealed: list[dict]) -> None:
        try:
            feed.publish(offer_changed(folded, sealed))
        except Exception:  # noqa: BLE001 - the offer stands; its players read it on its route
            log.exception("feed write failed for offer %s", folded.id)

    return react
