"""Each player's own stream of notices (events/inbox.py), written by a consumer of the cross-game feed.

From the feed's facts: a game it holds a seat of started (and, for a tournament's table, that the round paired
it: the tournaments' map says which), its turn began, a game of its ended or expired, an offer (a challenge, a
rematch) was made to it or answered by another player. Delivery is idempotent on the fact (a one-off notice's
slot is its fact's id; a turn's slot is its game, ordered by version), so a fact delivered twice makes one notice.
"""

from __future__ import annotations

from events.feed import Entry, GameFinished, GameStarted, OfferChanged, TurnStarted
from events.inbox import Inbox
from events.tournaments import TournamentStore
from service.feed.consumers import Consumer
from service.games.repository import NotFound, Repository
from service.games.seating import players_of

CONSUMER = "players"


class Notices:
    def __init__(self, inbox: Inbox, repository: Repository, tournaments: TournamentStore):
        self.inbox, self.repository, self.tournaments = inbox, repository, tournaments

    def handle(self, entry: Entry) -> None:
        fact = entry.fact
        if isinstance(fact, GameStarted):
            self.started(entry.id, fact)
        elif isinstance(fact, TurnStarted):
            for seat, player in zip(fact.seats, fact.players, strict=True):
                if player is not None:
                    self.inbox.deliver(player, f"turn:{fact.game_id}", fact.version,
                                       {"type": "your_turn", "game_id": fact.game_id, "game": fact.game, "seat": seat,
                                        "version": fact.version, "at": fact.at})
        elif isinstance(fact, GameFinished):
            self.finished(entry.id, fact)
        elif isinstance(fact, OfferChanged):
            self.offered(entry.id, fact)

    def started(self, fact_id: str, fact: GameStarted) -> None:
        table = self.tournaments.seat_of(fact.game_id)
        for seat, player in enumerate(fact.players):
            if player is None:
                continue
            if table is not None:
                self.inbox.deliver(player, f"{fact_id}:paired", 1,
                                   {"type": "round_paired", "tournament_id": table.tournament, "round": table.round,
                                    "table": table.table, "game_id": fact.game_id, "game": fact.game, "seat": seat,
                                    "at": fact.at})
            self.inbox.deliver(player, fact_id, 1,
                               {"type": "game_started", "game_id": fact.game_id, "game": fact.game, "seat": seat,
                                "players": list(fact.players), "version": fact.version, "at": fact.at})

    def finished(self, fact_id: str, fact: GameFinished) -> None:
        try:
            loaded = self.repository.load(fact.game_id)
        except NotFound:
            return
        expired = fact.expired
        for seat, player in enumerate(players_of(loaded)):
            if player is not None:
                notice = {"type": "game_expired" if expired else "game_finished", "game_id": fact.game_id,
                          "game": fact.game, "seat": seat, "version": fact.version, "at": fact.at}
                if not expired:
                    notice["result"] = fact.result
                self.inbox.deliver(player, fact_id, 1, notice)

    def offered(self, fact_id: str, fact: OfferChanged) -> None:
        kind = {"made": f"{fact.kind}_offered", "accepted": "offer_accepted", "declined": "offer_declined",
                "settled": "offer_settled"}[fact.change]
        notice = {"type": kind, "offer_id": fact.offer_id, "kind": fact.kind, "by": fact.by, "game": fact.game,
                  "players": list(fact.players), "at": fact.at}
        if fact.change == "settled":
            notice["game_id"] = fact.game_id
        if fact.source_game is not None:
            notice["source_game"] = fact.source_game
        for player in fact.players:
            if player != fact.by or fact.change == "settled":
                self.inbox.deliver(player, fact_id, 1, notice)

    def consumer(self) -> Consumer:
        return Consumer(CONSUMER, self.handle)
