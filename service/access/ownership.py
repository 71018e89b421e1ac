"""Who manages what. Organisers are tenants of one service: each reaches only what it owns.

Every game, player and tournament has an owner, the organiser (or admin) whose token made it: a game's is in
its meta (`Meta.owner`), a player's is the identity that created it (`created_by`), a tournament's is its
organiser (the first envelope's `by`). A game made without a token, or by a player, has no owner: only admins
manage it. Admins manage everything. Seats are the exception the routes make themselves: a seat may replace
its own token.

Every route that manages something asks `manages`; every route that acts for a player (binds it to a seat,
lists its games, issues or revokes its tokens) asks `speaks_for`; starting a game with open seats before every
seat is claimed asks `hosts`. Nothing else decides it.
"""

from __future__ import annotations

from service.access.identities import Principal

MANAGERS = ("organiser", "admin")


def owner_of(who: Principal | None) -> str | None:
    """The owner of what `who` makes now: itself if it is an organiser or an admin; nobody otherwise (an
    anonymous caller, a player)."""
    return who.identity if who is not None and who.scope in MANAGERS else None


def manages(who: Principal | None, owner: str | None) -> bool:
    """May `who` manage a thing owned by `owner`: an admin always, an organiser only what it owns (so nothing
    that has no owner)."""
    if who is None:
        return False
    if who.scope == "admin":
        return True
    return who.scope == "organiser" and owner is not None and who.identity == owner


def speaks_for(who: Principal | None, identity: str, created_by: str | None) -> bool:
    """May `who` act for this identity (a player): the identity itself (its consent), or whoever manages what
    its creator owns (the organiser that created it, an admin)."""
    return who is not None and (who.identity == identity or manages(who, created_by))


def hosts(who: Principal | None, owner: str | None, creator: str | None) -> bool:
    """May `who` start a game with open seats early: whoever manages the game, or the identity that created it
    (a player that opened a game to strangers; a game made without a token has no creator, so admins only)."""
    return manages(who, owner) or (who is not None and creator is not None and who.identity == creator)
