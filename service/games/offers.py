"""Challenges and rematches in the service: an offer's log folded through `domain.offers` and its commands run
(load, decide, append at that version, or nothing), and the game an accepted offer opens.

The game is opened with every seat reserved for its player ("player" invitations) and each seat claimed with the
entropy its player brought when it accepted (the maker's when it made the offer), so it is dealt like any game
with open seats: from the server's committed secret mixed with every player's contribution. Its id is derived
from the offer's (`events.offers.game_of`): opening it again after a crash finds it, and claims repeat as no-ops.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from domain import offers, registry
from domain import table as tables
from domain.core import Conflict
from domain.table import Create
from domain.table.clock import later
from domain.table.events import Invitation
from events.envelope import GENESIS
from events.offers import OfferStore, decode, document, game_of, rematch_id
from events.store import GameExists, VersionConflict
from service.games import creation, seating
from service.games.commands import Commands
from service.games.problems import BadRequest, Missing
from service.games.repository import Loaded

RETRIES = 10  # compare-and-append attempts of one command racing others (two players answering at once)


@dataclass(frozen=True)
class Folded:
    id: str
    version: int
    head_hash: str
    offer: offers.Offer | None


class OfferNotFound(Missing):
    def __init__(self, offer_id: str):
        super().__init__("offer_not_found", f"there is no offer {offer_id}")


class Offers:
    def __init__(self, store: OfferStore, commands: Commands, open_for_s: int):
        self.store, self.commands, self.open_for_s = store, commands, open_for_s
        self.after_append: list[Callable[[Folded, list[dict]], None]] = []  # the feed's facts (service/feed)

    def load(self, offer_id: str) -> Folded:
        envelopes = self.store.read(offer_id)
        if not envelopes:
            raise OfferNotFound(offer_id)
        return Folded(offer_id, len(envelopes), envelopes[-1]["hash"],
                      offers.replay(None, (decode(e) for e in envelopes)))

    def run(self, offer_id: str, command, by: str) -> Folded:
        """Decide `command` on the newest offer and append its events; again on a conflict."""
        for _ in range(RETRIES):
            try:
                folded = self.load(offer_id)
            except OfferNotFound:
                folded = Folded(offer_id, 0, GENESIS, None)
            events = offers.decide(folded.offer, command)
            if not events:
                return folded
            try:
                sealed = self.store.append(offer_id, [document(e, command.at, by) for e in events], folded.version,
                                           folded.head_hash)
            except VersionConflict:
                continue
            after = Folded(offer_id, folded.version + len(sealed), sealed[-1]["hash"],
                           offers.replay(folded.offer, events))
            for react in self.after_append:
                react(after, sealed)
            return after
        raise Conflict("offer_busy", "the offer is changing under many answers at once: try again")

    # --- making, answering, opening ----------------------------------------------------------------------

    def challenge(self, by: str, opponent: str, game: str, options: dict, entropy: str | None) -> Folded:
        """`by` offers `opponent` a game of two; `by` takes seat 0 (the first player is drawn by lot anyway)."""
        players = (by, opponent)
        at = self.commands.clock()
        self._check_game(game, players, options, at)
        generated, entropy = _entropy(entropy)
        make = offers.Make("challenge", game, options, players, by, entropy, generated, later(at, self.open_for_s), at)
        return self.run(secrets.token_hex(8), make, by)

    def rematch(self, finished: Loaded, options: dict, player: str, entropy: str | None) -> Folded:
        """A seat of a finished game offers it again (or accepts the offer another seat made): the same options,
        every seat moved on by one, bots where bots played."""
        if not finished.finished or (finished.table.lobby is not None and finished.table.lobby.expired):
            raise Conflict("game_not_finished", "a rematch is offered once a game has been played to its end")
        offer_id = rematch_id(finished.meta.id)
        try:
            folded = self.load(offer_id)
        except OfferNotFound:
            folded = None
        if folded is not None:
            return self.accept(offer_id, player, entropy)
        holders = seating.players_of(finished)
        table, n = finished.table, finished.meta.seats
        bots = [table.bots[s] if s < len(table.bots) else None for s in range(n)]
        if any(holders[s] is None and bots[s] is None for s in range(n)):
            raise Conflict("rematch_unavailable", "a rematch needs a player or a bot in every seat")
        rotated = [(s - 1) % n for s in range(n)]  # the new seat s is the old seat s - 1's
        options = {k: v for k, v in options.items() if k != "bots"}
        if any(bots):
            options["bots"] = [None if bots[old] is None or holders[old] is not None
                               else {"bot": bots[old].bot, "budget_ms": bots[old].budget_ms} for old in rotated]
        players = tuple(holders[old] for old in rotated if holders[old] is not None)
        at = self.commands.clock()
        self._check_game(finished.meta.name, _seat_players(options, players, n), options, at)
        generated, entropy = _entropy(entropy)
        make = offers.Make("rematch", finished.meta.name, options, players, player, entropy, generated,
                           later(at, self.open_for_s), at, finished.meta.id)
        return self.settle_if_accepted(self.run(offer_id, make, player))

    def accept(self, offer_id: str, player: str, entropy: str | None) -> Folded:
        generated, entropy = _entropy(entropy)
        folded = self.run(offer_id, offers.Accept(player, entropy, generated, self.commands.clock()), player)
        return self.settle_if_accepted(folded)

    def decline(self, offer_id: str, player: str) -> Folded:
        return self.run(offer_id, offers.Decline(player, self.commands.clock()), player)

    def settle_if_accepted(self, folded: Folded) -> Folded:
        """Once every player accepted: open the game, claim each seat with its player's entropy, record it."""
        offer = folded.offer
        if offers.status(offer, self.commands.clock()) != "accepted":
            return folded
        made, game_id = offer.made, game_of(folded.id)
        seats = _seat_players(made.options, made.players, len(made.players) + _bots(made.options))
        invitations = tuple(Invitation("bot") if p is None else Invitation("player", p) for p in seats)
        try:
            creation.create(self.commands, made.game, len(seats), dict(made.options), game_id=game_id,
                            invitations=invitations, open_for_s=self.open_for_s, creator=made.by)
        except GameExists:
            pass  # opened before a crash: claim what is left
        given = {a.player: a for a in offer.accepted}
        for seat, player in enumerate(seats):
            if player is not None:
                accepted = given[player]
                seating.claim(self.commands, game_id, seat, player, accepted.entropy, None, accepted.generated)
        return self.run(folded.id, offers.Settle(game_id, self.commands.clock()), made.by)

    def _check_game(self, name: str, seats: tuple[str | None, ...], options: dict, at: str) -> None:
        """The game the offer would open, checked now as the table will when it opens (a dry run of its Create)."""
        try:
            game = registry.get(name)
        except registry.UnknownGame:
            raise BadRequest("unknown_game", f"no game named {name!r}", "game") from None
        creation.check_bots(options)
        invitations = tuple(Invitation("bot") if p is None else Invitation("player", p) for p in seats)
        tables.decide(game, None, Create(name, len(seats), options, hashlib.sha256(b"").hexdigest(), None, at,
                                         getattr(game, "DEFAULT_UNDO", "turn"), invitations, later(at, 1)))


def _entropy(entropy: str | None) -> tuple[bool, str]:
    """(generated, the entropy): the service makes one for a player that brings none (which then trusts it)."""
    return (True, secrets.token_hex(32)) if entropy is None else (False, entropy)


def _bots(options: dict) -> int:
    return sum(1 for b in options.get("bots") or () if b)


def _seat_players(options: dict, players: tuple[str, ...], seats: int) -> tuple[str | None, ...]:
    """Each seat's player in order, None where the options seat a bot."""
    bots = list(options.get("bots") or ()) + [None] * seats
    waiting = iter(players)
    return tuple(None if bots[s] else next(waiting, None) for s in range(seats))
