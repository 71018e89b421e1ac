"""`bazaar play`: a whole game at the terminal (a new one against the service's bots, or your seat of a running one:
cli/turns.py), or one move of a game."""

from __future__ import annotations

import click
from rich.console import Group
from rich.text import Text

from bazaar_client.cli import said
from bazaar_client.cli.app import Session
from bazaar_client.cli.games import parse_option
from bazaar_client.cli.turns import Turns
from bazaar_client.sdk import CreatedGame


@click.command()
@click.argument("game")
@click.argument("move", nargs=-1)
@click.option("--bot", "bot_name", default="greedy", show_default=True,
              help="A new game: the bot that plays every other seat (`bazaar catalogue` lists them).")
@click.option("--seats", type=int, default=None, help="A new game: how many seats (default: the fewest it takes).")
@click.option("--option", "-o", "options", multiple=True, help="A new game: a game option as key=value (repeatable).")
@click.option("--seed", default=None, help="A new game: entropy to mix into the deal.")
@click.pass_context
def play(ctx: click.Context, game: str, move: tuple[str, ...], bot_name: str, seats: int | None,
         options: tuple[str, ...], seed: str | None) -> None:
    """Play GAME at the terminal until it ends. GAME is a game's name (`bazaar play jaipur`: a new game, you in seat
    0 and the --bot in every other seat, played by the service) or a game's id (your seat of it, BAZAAR_TOKEN or
    --token). At each of your turns: the board, the last moves in words and your moves numbered with what they
    do; type a number or a line of the game's notation (`sell cloth x3`, `move sultans-palace`), `?` to list the
    moves again, `q` to stop (the game waits: `bazaar play GAME_ID` picks it up). Between your turns it follows
    the game live; at the end it says the result.

    With MOVE, plays that one move of the game GAME (an id) and returns: its number from `bazaar moves`, or its
    notation (read by the service, which says why a move is refused)."""
    session: Session = ctx.obj
    names = {g["name"]: g for g in session.client.catalogue()["games"]}
    if move:
        if game in names:
            raise click.UsageError(f"one move is played in a running game: GAME is its id, not a game's name ({game})")
        play_one(session, game, " ".join(move))
        return
    if game in names:
        created = create_against_bots(session, names[game], bot_name, seats, dict(map(parse_option, options)), seed)
        client, game_id = session.client.as_seat(created.token(0)), created.id
    else:
        if session.client.token is None:
            raise click.UsageError("to play your seat of a running game, give its token: --token or BAZAAR_TOKEN")
        client, game_id = session.client, game
    if client.view(game_id).seat is None:
        raise click.UsageError(f"this token holds no seat of game {game_id}")
    Turns(session, client, game_id).play()


def create_against_bots(session: Session, game: dict, bot: str, seats: int | None, options: dict,
                        seed: str | None) -> CreatedGame:
    seats = seats or game["min_seats"]
    options.setdefault("bots", [None] + [{"bot": bot}] * (seats - 1))
    created = session.client.create(game["name"], seats, options, seed)
    token = created.token(0)
    others = "seat 1" if seats == 2 else f"seats 1 to {seats - 1}"
    # plain lines: a terminal's width must not break the token in two
    if session.json:
        session.emit({"game_id": created.id, "seat": 0, "token": token})
    else:
        click.echo(f"{game['title']} {created.id}: you are seat 0, {bot} plays {others}.")
        click.echo(f"To come back to it: bazaar play {created.id} --token {token}")
    return created


def play_one(session: Session, game_id: str, text: str) -> None:
    client = session.client
    legal = client.legal_moves(game_id, words=True)
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(legal.moves):
            raise click.UsageError(f"no move number {number}: there are {len(legal.moves)} (see `bazaar moves`)",
                                   click.get_current_context())
        result = client.play(game_id, legal.moves[number - 1], expected_version=legal.version)
        typed = legal.said[number - 1].notation
    else:
        result = client.play_notation(game_id, text, expected_version=legal.version)
        typed = text
    lines = [line for line in client.log(game_id, after=legal.version).lines if line.version <= result.version]
    played = result.events[0].command if result.events and result.events[0].command else None
    move = {k: v for k, v in (played or {}).items() if k != "expected_version"}
    session.emit({"version": result.version, "move": move, "events": [e.type for e in result.events],
                  "log": [line.text for line in lines]},
                 Group(Text(f"played {typed}: version {result.version}"), said.log(lines)))


COMMANDS = (play,)
