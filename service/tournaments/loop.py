"""The worker's side of tournaments: pair a round whenever the tournament may, create one game per table that
awaits one and assign it, feed each finished game's result in, and finish when the format is done.

Exactly once across crashes: a table's game id is derived from the tournament, round and table
(`table_game_id`), and the table is written into the game-to-table map before the game is created. A worker
that dies after creating a game and before assigning it makes the same id next time: the store refuses a
second game with that id (GameExists), and the assignment of the same id again is a no-op in the Decider. So
a table never gets two games, and no intent record has to be cleaned up. (Recording an intent first and
creating later would need the same idempotent creation anyway; the derived id is that, and nothing more.)
Results come from the feed with the fact's id as the tournament append's idempotency key, and the Decider
counts a game's result once; ratings count a game once by its id.
"""

from __future__ import annotations

import hashlib
import logging
import threading

from domain import tournament
from domain.core import RuleViolation
from domain.table import SeatBot
from domain.table.options import bot_seat
from domain.table.state import bot_of
from domain.tournament.commands import AssignGame, FinishTournament, PairRound, RecordResult
from domain.tournament.decide import places_of
from domain.tournament.state import Running, Table
from events.feed import Entry, GameFinished
from events.ids import is_id
from events.store import GameExists, VersionConflict
from events.tournaments import Seat
from service.feed.consumers import Consumer
from service.games import creation
from service.games.commands import Commands
from service.games.repository import NotFound
from service.tournaments.ratings import RatingBooks
from service.tournaments.repository import SERVICE, Tournaments

log = logging.getLogger("bazaar.tournaments")

MAX_STEPS = 100  # steps one advance takes at most (a round is a few): a bug never spins a worker forever
WITHDRAWN_BOT = "random"  # plays a withdrawn player's seat to the end (the tournament counts it a forfeit)


def table_game_id(tournament_id: str, round_: int, table: int) -> str:
    """The id of the game a table plays: the same on every retry, 16 hex digits like any game's."""
    return hashlib.sha256(f"bazaar/tournament/{tournament_id}/{round_}/{table}".encode()).hexdigest()[:16]


class Loop:
    def __init__(self, tournaments: Tournaments, commands: Commands, books: RatingBooks):
        self.tournaments, self.commands, self.books = tournaments, commands, books
        self.store = tournaments.store

    # --- advancing -----------------------------------------------------------------------------------

    def advance(self, tournament_id: str) -> None:
        """Take every step the tournament allows now: pair, create and assign the round's games, finish.
        Safe to run twice at once and again after a crash (each step is idempotent or conflicts and reloads)."""
        for _ in range(MAX_STEPS):
            folded = self.tournaments.load(tournament_id)
            state = folded.state
            if tournament.may_pair(state):
                self._step(tournament_id, PairRound(), f"pair:{len(state.rounds) + 1}")
            elif tournament.tables_awaiting_games(state):
                self.open_games(tournament_id, state, folded.organiser)
            elif tournament.may_finish(state):
                self._step(tournament_id, FinishTournament(), "finish")
            else:
                if isinstance(state, Running):
                    self.hand_over_withdrawn(state)
                else:
                    self.store.running(tournament_id, False)
                return
        log.error("tournament %s: still not settled after %d steps", tournament_id, MAX_STEPS)

    def _step(self, tournament_id: str, command, key: str) -> None:
        try:
            self.tournaments.execute(tournament_id, [command], SERVICE, idempotency_key=key)
        except RuleViolation as err:  # another worker took this step first: the loop reloads and goes on
            log.info("tournament %s: %s refused (%s)", tournament_id, command.TYPE, err.code)

    def open_games(self, tournament_id: str, state: Running, organiser: str | None) -> list[str]:
        """Create the game of every table that awaits one (or find it, made before a crash) and assign them all
        in one append. The tournament's organiser owns them (it manages their seats, and they rate its players)."""
        awaiting = tournament.tables_awaiting_games(state)
        ids = {(r, t.number): table_game_id(tournament_id, r, t.number) for r, t in awaiting}
        self.store.place_games({gid: Seat(tournament_id, r, n) for (r, n), gid in ids.items()})
        bots = {p.id: p.bot for p in state.players}
        for round_, table in awaiting:
            self.open_game(state, table, ids[round_, table.number], bots, organiser)
        self.tournaments.execute(tournament_id, [AssignGame(r, t.number, ids[r, t.number]) for r, t in awaiting],
                                 SERVICE)
        return list(ids.values())

    def open_game(self, state: Running, table: Table, game_id: str, bots: dict[str, str | None],
                  organiser: str | None) -> None:
        settings = state.settings
        options = dict(settings.options)
        if settings.clock:
            options["clock"] = settings.clock
        options["timeout_policy"] = settings.timeout_policy
        seated = [{"bot": bots[p]} if bots.get(p) else None for p in table.players]
        if any(seated):
            options["bots"] = seated
        try:
            creation.create(self.commands, settings.game, len(table.players), options, players=table.players,
                            game_id=game_id, owner=organiser)
        except GameExists:
            log.info("game %s exists already (made before a crash): assigning it", game_id)

    def hand_over_withdrawn(self, state: Running) -> None:
        """A withdrawn player's open games go on without them: a bot plays their seat to the end (the tournament
        counts it lost), so the others' game is never stuck waiting for someone who left."""
        withdrawn = {p.id for p in state.players if p.withdrawn}
        if not withdrawn or not state.rounds:
            return
        for table in state.rounds[-1].tables:
            if table.game_id is None or not withdrawn & set(table.players):
                continue
            for seat, player in enumerate(table.players):
                if player in withdrawn:
                    self.seat_bot(table.game_id, seat)

    def seat_bot(self, game_id: str, seat: int) -> None:
        try:
            loaded = self.commands.repository.load(game_id)
        except NotFound:
            return
        if loaded.finished or bot_of(loaded.table, seat) is not None:
            return
        try:
            self.commands.execute(loaded, SeatBot(seat, bot_seat({"bot": WITHDRAWN_BOT}, "bot"),
                                                  self.commands.clock()))
        except (VersionConflict, RuleViolation) as err:  # a move came first: the next sweep tries again
            log.info("seating a bot for a withdrawn player in %s: %s", game_id, err)

    # --- results from the feed -----------------------------------------------------------------------

    def handle(self, entry: Entry) -> None:
        """The tournament consumer: a finished game's result into its tournament (once: the fact id is the
        append's idempotency key), its rating (once per game id), and the tournament's next steps."""
        fact = entry.fact
        if not isinstance(fact, GameFinished):
            return  # a forfeit on the clock is in the finished game's result; creations need nothing
        if fact.provenance is not None or not is_id(fact.game_id):
            return  # imported (now, or under its file's id before): not played here, neither a table's nor rated
        seat = self.store.seat_of(fact.game_id)
        if seat is None:
            self.rate_casual(fact)
            return
        try:
            self.record(seat, fact, entry.id)
        except RuleViolation as err:  # a result the tournament refuses is refused forever: no use retrying it
            log.error("tournament %s refused the result of game %s: %s", seat.tournament, fact.game_id, err.code)
            return
        self.advance(seat.tournament)

    def record(self, seat: Seat, fact: GameFinished, key: str) -> None:
        state = self.tournaments.load(seat.tournament).state
        table = _table(state, seat)
        if table is None:
            return
        if table.game_id not in (None, fact.game_id) or (table.game_id is None and table.result is not None):
            return  # the table was decided without this game (a withdrawal)
        commands = []
        if table.game_id is None:  # created, and the worker died before assigning it
            commands.append(AssignGame(seat.round, seat.table, fact.game_id))
        result = fact.result
        commands.append(RecordResult(fact.game_id, tuple(result.get("winners", ())), tuple(result.get("scores", ())),
                                     tuple(result.get("lira", ())), forfeited_seats(result)))
        folded, _ = self.tournaments.execute(seat.tournament, commands, SERVICE, idempotency_key=key)
        table = _table(folded.state, seat)
        if table is not None and table.result is not None and table.result.by == "game":
            self.books.record(folded.state.settings.game, fact.game_id, seat.tournament, folded.organiser,
                              table.players, table.result.places)

    def rate_casual(self, fact: GameFinished) -> None:
        """A game outside tournaments is rated when every seat is bound to a different player (and its owner
        created them all: RatingBooks.record)."""
        try:
            meta = self.commands.repository.meta(fact.game_id)
        except NotFound:
            return
        players = meta.players
        if len(players) != fact.seats or None in players or len(set(players)) != len(players):
            return
        result = fact.result
        scores = tuple(result.get("scores", ()))
        if len(scores) != fact.seats:
            return
        lira = tuple(result.get("lira", ())) or (0,) * fact.seats
        forfeited = tuple(s in forfeited_seats(result) for s in range(fact.seats))
        self.books.record(fact.game, fact.game_id, "casual", meta.owner, tuple(players),
                          places_of(tuple(result.get("winners", ())), scores, lira, forfeited))

    def consumer(self) -> Consumer:
        return Consumer("tournaments", self.handle)

    def sweep(self) -> int:
        """Advance every running tournament (the backstop for a lost job or a step a crash cut short)."""
        done = 0
        for tournament_id in self.store.running_ids():
            try:
                self.advance(tournament_id)
                done += 1
            except Exception:  # noqa: BLE001 - one tournament's trouble must not stop the others
                log.exception("advancing tournament %s failed", tournament_id)
        return done

    def sweep_every(self, interval_s: float, stop: threading.Event) -> None:
        self.sweep()
        while not stop.wait(interval_s):
            self.sweep()


def forfeited_seats(result: dict) -> tuple[int, ...]:
    """Seats that lost on the clock, as the game's result names them (Istanbul's `forfeited`, Jaipur's
    `forfeited_by`)."""
    if result.get("forfeited"):
        return tuple(result["forfeited"])
    return (result["forfeited_by"],) if result.get("forfeited_by") is not None else ()


def _table(state, seat: Seat) -> Table | None:
    rounds = getattr(state, "rounds", ())
    if not 1 <= seat.round <= len(rounds):
        return None
    tables = rounds[seat.round - 1].tables
    return tables[seat.table - 1] if 1 <= seat.table <= len(tables) else None
