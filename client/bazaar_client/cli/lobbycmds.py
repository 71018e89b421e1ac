"""Commands that bring strangers together: `seek` (join an open game, or open one), `join CODE` (take the seat an
invitation names) and `challenge` (challenge a player, or answer a challenge)."""

from __future__ import annotations

import click
from rich.table import Table

from bazaar_client.cli.app import Session
from bazaar_client.cli.games import parse_option


def seated(session: Session, claimed, note: str = "") -> None:
    table = Table(title=f"seat {claimed.seat} of {claimed.game_id} ({claimed.status}){note}")
    table.add_column("what")
    table.add_column("token")
    table.add_row("seat token (export BAZAAR_TOKEN=...)", claimed.token)
    if claimed.player_token:
        table.add_row(f"your player token ({claimed.player_id}: `bazaar listen`, your games)", claimed.player_token)
    session.emit(claimed, table)


@click.command()
@click.argument("game")
@click.option("--seats", default=2, show_default=True, help="How many seats.")
@click.option("--option", "-o", "options", multiple=True, help="A game option as key=value (repeatable).")
@click.option("--name", default=None, help="Your name, if you come as a guest (no player token).")
@click.pass_obj
def seek(session: Session, game: str, seats: int, options: tuple[str, ...], name: str | None) -> None:
    """Play GAME with strangers: take a seat of a game waiting for players with these seats and options, or open
    one (every seat public) and take its first seat. The deal is drawn when the last seat is taken, from the
    server's secret mixed with every player's entropy (this command makes yours). Without a player token you come
    as a guest: keep the player token it prints."""
    wanted = dict(parse_option(o) for o in options)
    for listed in session.client.open_games(game, seats, wanted or None):
        if listed.joinable:
            seated(session, session.client.claim(listed.id, listed.joinable[0], name=name), " (joined)")
            return
    created = session.client.create_open(game, seats, ["public"] * seats, wanted)
    seated(session, session.client.claim(created.id, 0, name=name), " (opened: waiting for players)")


@click.command()
@click.argument("code")
@click.option("--name", default=None, help="Your name, if you come as a guest (no player token).")
@click.pass_obj
def join(session: Session, code: str, name: str | None) -> None:
    """Take the seat an invitation CODE names (`<game>-<seat>-<secret>`, from whoever opened the game)."""
    try:
        claimed = session.client.join(code, name=name)
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    seated(session, claimed)


@click.command()
@click.argument("player", required=False)
@click.argument("game", required=False)
@click.option("--option", "-o", "options", multiple=True, help="A game option as key=value (repeatable).")
@click.option("--accept", "accept_id", default=None, help="Accept the challenge with this id.")
@click.option("--decline", "decline_id", default=None, help="Decline (or withdraw) the challenge with this id.")
@click.pass_obj
def challenge(session: Session, player: str | None, game: str | None, options: tuple[str, ...],
              accept_id: str | None, decline_id: str | None) -> None:
    """Challenge PLAYER (an id) to a GAME of two, or answer a challenge with --accept / --decline ID. Needs your
    player token; the other player learns of it on its own stream (`bazaar listen`)."""
    client = session.client
    if accept_id:
        offer = client.accept_challenge(accept_id)
    elif decline_id:
        offer = client.decline_challenge(decline_id)
    elif player and game:
        offer = client.challenge(player, game, dict(parse_option(o) for o in options))
    else:
        raise click.UsageError("challenge PLAYER GAME, or --accept ID, or --decline ID")
    text = f"challenge {offer.id}: {offer.status}" + (f"; game {offer.game_id}, your seat {offer.seat}, "
                                                      f"seat token {offer.token}" if offer.game_id else "")
    session.emit(offer, text)


COMMANDS = (seek, join, challenge)
