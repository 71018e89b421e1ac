"""Bazaar's Python SDK: a client for every route of the API (see sdk/README.md)."""

from sdk.client import AUTO, Client
from sdk.errors import BazaarError
from sdk.retry import RetryPolicy
from sdk.stream import EventStream
from sdk.tournament_types import (
                                  PlayerRatings,
                                  Rating,
                                  RatingChange,
                                  Registration,
                                  Rounds,
                                  Standing,
                                  Standings,
                                  TableResult,
                                  Tournament,
                                  TournamentEventPage,
                                  TournamentPlayer,
                                  TournamentRound,
                                  TournamentSummary,
                                  TournamentTable,
                                  Withdrawal,
)
from sdk.types import (
                       BotSeat,
                       CommandResult,
                       CreatedGame,
                       Envelope,
                       EventPage,
                       Export,
                       GameSummary,
                       GameView,
                       Health,
                       IssuedToken,
                       LegalMoves,
                       Me,
                       SeatToken,
                       Verification,
)

__all__ = ["AUTO", "BazaarError", "BotSeat", "Client", "CommandResult", "CreatedGame", "Envelope", "EventPage",
           "EventStream", "Export", "GameSummary", "GameView", "Health", "IssuedToken", "LegalMoves", "Me", "RetryPolicy",
           "SeatToken", "Verification", "PlayerRatings", "Rating", "RatingChange", "Registration", "Rounds", "Standing",
           "Standings", "TableResult", "Tournament", "TournamentEventPage", "TournamentPlayer", "TournamentRound",
           "TournamentSummary", "TournamentTable", "Withdrawal"]
