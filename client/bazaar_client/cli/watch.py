"""`bazaar watch`: follow a game live, its log in words line by line under a board redrawn on each event, until it
ends. The live stream resumes by itself after a dropped connection or a server restart (with `Last-Event-ID`:
nothing lost, nothing twice); while the server is away the board and the log wait for it instead of ending the
command."""

from __future__ import annotations

import json

import click
from rich.live import Live

from bazaar_client.cli import boards, said
from bazaar_client.cli.app import Session
from bazaar_client.sdk import BazaarError, GameView


@click.command()
@click.argument("game_id")
@click.option("--after", type=int, default=None, help="Start after this version (default: now).")
@click.pass_obj
def watch(session: Session, game_id: str, after: int | None) -> None:
    """Follow GAME_ID live: the moves in words as they are made, under the board, until the game ends (Ctrl-C to
    stop). With --json, one envelope per line."""
    client = session.client
    view = client.view(game_id, words=True)
    stream = client.stream(game_id, view.version if after is None else after)
    if session.json:
        for envelope in stream:
            click.echo(json.dumps(envelope.raw, sort_keys=True))
        return
    shown = Shown(session, game_id, view, stream.last_id)
    with Live(boards.render(view), console=session.console, auto_refresh=False) as shown.live:
        for envelope in stream:
            if envelope.version > shown.logged:  # else its line is out already: the log is read by batch
                shown.catch_up()
        shown.catch_up()
    session.console.print(ending(shown.view))


class Shown:
    """What the watcher has shown: the log up to `logged`, the board of `view`."""

    def __init__(self, session: Session, game_id: str, view: GameView, logged: int):
        self.session, self.game_id, self.view, self.logged = session, game_id, view, logged
        self.live: Live | None = None

    def catch_up(self) -> None:
        """The log's new lines and the board as it is now; while the server is away, nothing (the stream waits for
        it to come back, and the next event catches up)."""
        client = self.session.client
        try:
            log = client.log_lines(self.game_id, after=self.logged)
            view = client.view(self.game_id, words=True)
        except BazaarError as error:
            if not error.is_server_fault:
                raise
            return
        for line in log.lines:
            self.live.console.print(said.log_line(line))
        self.logged, self.view = log.next, view  # every event up to there is said (or has no line)
        self.live.update(boards.render(view), refresh=True)


def ending(view: GameView) -> str:
    if view.finished:
        return f"game over at version {view.version}: {said.outcome(view)}"
    return "stream closed"


COMMANDS = (watch,)
