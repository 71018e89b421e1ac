"""Ratings across tournaments and casual games: a pure module fed finished games (players in seat order and their
places), one book per game, each game rated once (by its id), with every player's history.

- Head-to-head games (Jaipur): Elo, the classic formula, in a dozen lines: expected score E = 1 / (1 + 10^((Rb -
  Ra) / 400)), new rating Ra + K (S - E) with S = 1, ½ or 0, start 1500, K = 32. Why Elo and not Glicko-2:
  results arrive one game at a time, while Glicko-2 is defined over rating periods (batches of games) and needs
  a period length we would have to invent; and no Glicko-2 package on PyPI is kept up the way openskill is.
  Elo is a formula, not a library's job.
- Istanbul tables (3-5, and 2): openskill's Weng-Lin Plackett-Luce model (Weng & Lin 2011, the maintained,
  MIT-licensed implementation), made for free-for-all games with any number of players and ties: mu 25,
  sigma 25/3 at the start; the shown rating is the conservative ordinal mu - 3 sigma.
A walkover (a game decided by a withdrawal, never played) is not rated; a clock forfeit is, as a loss.

Whose games count (`trusted`): a game moves ratings only when its owner (the organiser or admin that made it,
a tournament's organiser for its games) created every player it rates. Each organiser's players thus form a
pool of their own that only its own games move: an organiser controls its games (bots, seat tokens, who sits
where), so a game another organiser owns could move a player's rating as that organiser pleased. A game
across two organisers' players, or one with no owner, is not rated.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from openskill.models import PlackettLuce

from domain.tournament.state import Finished, Running

ELO = "elo"
WENG_LIN = "weng_lin"
ELO_START = 1500.0
ELO_K = 32.0
_MODEL = PlackettLuce()  # stateless: its parameters are the published defaults (mu 25, sigma 25/3, beta 25/6)


@dataclass(frozen=True)
class Rating:
    mu: float  # Elo: the rating; Weng-Lin: the mean skill
    sigma: float  # Elo: 0 (not modelled); Weng-Lin: the uncertainty
    games: int = 0

    @property
    def shown(self) -> float:
        """The number to publish: Elo's rating, or Weng-Lin's ordinal mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Change:
    """One rated game in a player's history."""

    game_id: str
    source: str  # a tournament's id, or "casual"
    owner: str | None  # the game's owner (None: rated before owners were recorded)
    place: int
    before: Rating
    after: Rating


@dataclass(frozen=True)
class RatingBook:
    system: str
    ratings: dict[str, Rating]
    history: dict[str, tuple[Change, ...]]
    rated: frozenset[str]


def new_book(system: str) -> RatingBook:
    if system not in (ELO, WENG_LIN):
        raise ValueError(f"no rating system {system!r}")
    return RatingBook(system, {}, {}, frozenset())


def system_for(table_size: int, max_seats: int) -> str:
    """Elo for a game only ever played by two (Jaipur); Weng-Lin for a game of more (Istanbul, at any size)."""
    return ELO if max_seats == 2 and table_size == 2 else WENG_LIN


def rating(book: RatingBook, player: str) -> Rating:
    if player in book.ratings:
        return book.ratings[player]
    return Rating(ELO_START, 0.0) if book.system == ELO else Rating(_MODEL.mu, _MODEL.sigma)


def trusted(owner: str | None, creators: tuple[str | None, ...]) -> bool:
    """May a game owned by `owner` rate players created by `creators` (one per player, None for a player that
    is no identity): only when its owner created every one of them."""
    return owner is not None and bool(creators) and all(creator == owner for creator in creators)


def rate(book: RatingBook, game_id: str, source: str, owner: str | None, players: tuple[str, ...],
         places: tuple[int, ...]) -> RatingBook:
    """The book after one finished game (`places`: 1 = first, equal places for a tie); its history names the
    game's owner. A game already rated changes nothing, so a result fed twice counts once. Whether the game
    may be rated at all is `trusted`'s question, asked before it is recorded."""
    if game_id in book.rated:
        return book
    before = [rating(book, p) for p in players]
    after = _elo(before, places) if book.system == ELO else _weng_lin(before, places)
    ratings, history = dict(book.ratings), dict(book.history)
    for player, place, old, new in zip(players, places, before, after):
        ratings[player] = new
        history[player] = history.get(player, ()) + (Change(game_id, source, owner, place, old, new),)
    return RatingBook(book.system, ratings, history, book.rated | {game_id})


def _elo(before: list[Rating], places: tuple[int, ...]) -> list[Rating]:
    if len(before) != 2:
        raise ValueError("Elo rates games of two")
    a, b = before
    expected = 1 / (1 + 10 ** ((b.mu - a.mu) / 400))
    score = 1.0 if places[0] < places[1] else 0.5 if places[0] == places[1] else 0.0
    change = ELO_K * (score - expected)
    return [replace(a, mu=a.mu + change, games=a.games + 1), replace(b, mu=b.mu - change, games=b.games + 1)]


def _weng_lin(before: list[Rating], places: tuple[int, ...]) -> list[Rating]:
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    rated = _MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Rating(team[0].mu, team[0].sigma, old.games + 1) for team, old in zip(rated, before)]


def rate_tournament(book: RatingBook, state: Running | Finished, source: str, organiser: str) -> RatingBook:
    """Every played game of a tournament, in round and table order (walkovers are not rated); the tournament's
    organiser owns its games."""
    for round_ in state.rounds:
        for table in round_.tables:
            if table.result is not None and table.result.by == "game" and table.game_id is not None:
                book = rate(book, table.game_id, source, organiser, table.players, table.result.places)
    return book
