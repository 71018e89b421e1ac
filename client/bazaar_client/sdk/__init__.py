"""Bazaar's Python SDK: a client for every route of the API (see client/README.md).

Each public name is imported from its module when it is first asked for (`from sdk import Client` works as
always): a program that needs only the views, as the bots and the service that seats them do, does not load
requests and urllib3 (~170 ms of every process's start)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what checkers and editors see (re-exports: pyproject.toml lets ruff know)
    from bazaar_client.sdk.client import AUTO, Client
    from bazaar_client.sdk.errors import BazaarError
    from bazaar_client.sdk.lobby_types import ClaimedSeat, ListedGame, MyGame, Notice, Offer, OpenGame
    from bazaar_client.sdk.notices import PlayerStream
    from bazaar_client.sdk.retry import RetryPolicy
    from bazaar_client.sdk.stream import EventStream
    from bazaar_client.sdk.tournament_types import (
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
    from bazaar_client.sdk.types import (
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
        SeatMe,
        SeatToken,
        Verification,
    )

_MODULES = {
    "bazaar_client.sdk.client": ("AUTO", "Client"),
    "bazaar_client.sdk.errors": ("BazaarError",),
    "bazaar_client.sdk.lobby_types": ("ClaimedSeat", "ListedGame", "MyGame", "Notice", "Offer", "OpenGame"),
    "bazaar_client.sdk.notices": ("PlayerStream",),
    "bazaar_client.sdk.retry": ("RetryPolicy",),
    "bazaar_client.sdk.stream": ("EventStream",),
    "bazaar_client.sdk.tournament_types": ("PlayerRatings", "Rating", "RatingChange", "Registration", "Rounds", "Standing",
                             "Standings", "TableResult", "Tournament", "TournamentEventPage", "TournamentPlayer",
                             "TournamentRound", "TournamentSummary", "TournamentTable", "Withdrawal"),
    "bazaar_client.sdk.types": ("BotSeat", "CommandResult", "CreatedGame", "Envelope", "EventPage", "Export", "GameSummary",
                  "GameView", "Health", "IssuedToken", "LegalMoves", "Me", "SeatMe", "SeatToken", "Verification"),
}
_WHERE = {name: module for module, names in _MODULES.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module 'sdk' has no attribute {name!r}")
    value = getattr(import_module(_WHERE[name]), name)
    globals()[name] = value  # looked up once
    return value
