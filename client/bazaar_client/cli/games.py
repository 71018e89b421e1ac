"""Commands about games: catalogue, create, list, show, moves, export, verify (`play` and `watch` have modules of their
own)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
from rich.table import Table

from bazaar_client.cli import boards, said
from bazaar_client.cli.app import INVALID, OK, USAGE, Session
from bazaar_client.sdk.verify import verify_export

pass_session = click.pass_obj


def parse_option(text: str) -> tuple[str, object]:
    """`key=value`; the value read as JSON when it is JSON (numbers, booleans, objects), else as a string."""
    key, eq, value = text.partition("=")
    if not eq:
        raise click.BadParameter(f"{text!r} is not key=value")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


@click.command()
@click.argument("game")
@click.option("--seats", default=2, show_default=True, help="How many seats.")
@click.option("--option", "-o", "options", multiple=True, help="A game option as key=value (repeatable).")
@click.option("--seed", default=None, help="Entropy to mix into the deal.")
@pass_session
def create(session: Session, game: str, seats: int, options: tuple[str, ...], seed: str | None) -> None:
    """Create a GAME (one of `bazaar catalogue`'s); prints its id and one token per seat (shown only now)."""
    created = session.client.create(game, seats, dict(parse_option(o) for o in options), seed)
    table = Table(title=f"{created.game} {created.id} (version {created.version})")
    table.add_column("seat")
    table.add_column("token (export BAZAAR_TOKEN=...)")
    for seat in created.seats:
        table.add_row(str(seat.seat), seat.token)
    session.emit(created, table)


@click.command()
@pass_session
def catalogue(session: Session) -> None:
    """The games the service hosts (their seats and commands) and the bots that may hold a seat."""
    answer = session.client.catalogue()
    table = Table(title="games")
    for column in ("game", "title", "seats", "commands"):
        table.add_column(column)
    for g in answer["games"]:
        seats = str(g["min_seats"]) if g["min_seats"] == g["max_seats"] else f"{g['min_seats']}-{g['max_seats']}"
        table.add_row(g["name"], g["title"], seats, ", ".join(g["commands"]))
    table.caption = "bots: " + ", ".join(answer["bots"])
    session.emit(answer, table)


@click.command(name="list")
@click.option("--status", type=click.Choice(["active", "finished"]), default=None, help="Only games with this status.")
@pass_session
def list_games(session: Session, status: str | None) -> None:
    """List the games in the service's index, each with its status and the version and time it took that status
    (the index is written when a game starts and ends, not at each move: `bazaar show` says where one stands)."""
    games = session.client.games(status)
    table = Table()
    table.add_column("id", no_wrap=True, min_width=16)  # whole, whatever the width: it is what a person copies
    for column in ("game", "seats", "status", "since", "at version"):
        table.add_column(column)
    for g in games:
        # to the minute, in UTC as the service writes it: `2026-12-05T05:29:42.772Z` -> `2026-12-05 05:29`
        since = g.updated_at[:16].replace("T", " ")
        table.add_row(g.id, g.game, str(g.seats), g.status, since, str(g.version))
    session.emit(games, table)


@click.command()
@click.argument("game_id")
@click.option("--version", "version", type=int, default=None, help="Time travel: the game as it stood at VERSION.")
@pass_session
def show(session: Session, game_id: str, version: int | None) -> None:
    """Draw the board of GAME_ID as your seat (BAZAAR_TOKEN) or as a spectator sees it."""
    view = session.client.state(game_id, version) if version else session.client.view(game_id, words=True)
    session.emit(view, boards.render(view))


@click.command()
@click.argument("game_id")
@pass_session
def moves(session: Session, game_id: str) -> None:
    """Your legal moves in GAME_ID, numbered, each with its notation and what it does (`bazaar play GAME_ID 3`, or
    `bazaar play GAME_ID sell cloth x3`)."""
    legal = session.client.legal_moves(game_id, words=True)
    session.emit({"version": legal.version, "seat": legal.seat, "moves": said.moves_json(legal)},
                 said.moves_table(legal) if legal.moves else "no move is awaited from you now")


@click.command()
@click.argument("game_id")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write to this file (default: standard output).")
@pass_session
def export(session: Session, game_id: str, output: str | None) -> None:
    """The log of GAME_ID as NDJSON (redacted for you while the game runs, complete once it is over)."""
    exported = session.client.export(game_id)
    if output:
        Path(output).write_text(exported.text, encoding="utf-8")
        click.echo(f"{exported.version} events written to {output}", err=True)
    else:
        click.echo(exported.text, nl=False)


@click.command()
@click.argument("source")
@click.pass_context
def verify(ctx: click.Context, source: str) -> None:
    """Check SOURCE, an export file or a game id: the hash chain always; for a finished game also the seed, every
    draw and every move re-executed (the service's own verifier, `python -m service.operations.verify`). Exit 1 if it fails."""
    session: Session = ctx.obj
    text = Path(source).read_text(encoding="utf-8") if os.path.exists(source) else session.client.export(source).text
    chain = verify_export(text)
    report = {"chain": {"ok": chain.ok, "report": chain.report}}
    ok = chain.ok
    if chain.ok and '"redacted":true' not in text.replace(" ", ""):
        ok, report["full"] = full_verification(text)
    session.emit({"ok": ok, **report}, "\n".join(
        ["chain: " + chain.report] + ([f"full: {report['full']['report']}"] if "full" in report else
                                      ["full: skipped (the export is redacted until the game is over)"])))
    ctx.exit(OK if ok else INVALID)


def full_verification(text: str) -> tuple[bool, dict]:
    """The service's verifier in a child process: it needs the rules, which the CLI does not import."""
    done = subprocess.run([sys.executable, "-m", "service.operations.verify", "/dev/stdin"], input=text, text=True,
                          capture_output=True, timeout=300)
    if done.returncode == USAGE:
        return False, {"ok": False, "report": done.stderr.strip()}
    return done.returncode == 0, {"ok": done.returncode == 0, "report": (done.stdout or done.stderr).strip()}


COMMANDS = (catalogue, create, list_games, show, moves, export, verify)
