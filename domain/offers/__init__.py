"""Offers of a game to named players: a challenge (one player to another) and a rematch (a seat of a finished
game to every player of it, seats rotated). A Decider like the table's: `decide(state, command)` -> events or a
RuleViolation, `evolve(state, event)` -> state, pure and total.

An offer names its game, options and players in seat order; its maker accepts by making it. Each other player
accepts (with its entropy for the deal, as a claim of its seat would bring) or declines; once every player has
accepted, the service opens the game with every seat reserved for its player and claims each seat with that
player's entropy (service/games/offers.py), then records `offer_settled`. An offer not accepted by everyone
before `expires_at` lapses: nobody may accept it any more.
"""

from domain.offers.rules import (
    EVENTS,
    Accept,
    Decline,
    Make,
    Offer,
    OfferAccepted,
    OfferDeclined,
    OfferMade,
    OfferSettled,
    Settle,
    decide,
    evolve,
    replay,
    status,
)

__all__ = ["EVENTS", "Accept", "Decline", "Make", "Offer", "OfferAccepted", "OfferDeclined", "OfferMade",
           "OfferSettled", "Settle", "decide", "evolve", "replay", "status"]
