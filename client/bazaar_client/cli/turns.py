"""A whole game at the terminal, one seat's: at each of its turns the board (with the service's short position in
words), the moves since it last looked (the log in words) and its legal moves numbered with their words; a move
typed as its number or as a line of the game's notation (the service reads it: no notation here); between its
turns it follows the game on the live stream (`wait_for_turn`), the dealer's rolls included, and says the other
seats' moves as they are made and whose turn it is each time that changes; at the end the result in words.

With --json each of these is one JSON document a line instead (`{"log": [...]}`, `{"waiting": [seats]}` while
others play (empty while the dealer draws), then `{"position": [...], "moves": [...]}` when a move is awaited,
`{"refused": {...}}`, `{"result": ..., "words": ...}` at the end), and the program still reads a move a line: a
script can drive it."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

import click

from bazaar_client.cli import boards, said
from bazaar_client.cli.app import Session
from bazaar_client.sdk import BazaarError, Client, GameView
from bazaar_client.sdk.types import LegalMoves

RECENT = 8  # log lines shown when a game is picked up
SHORT = "short"  # the position a turn shows: in a few lines (`bazaar show` has all of it)
QUIT = ("q", "quit", "exit")
AGAIN = ("?", "help", "moves")


@dataclass
class Turns:
    session: Session
    client: Client  # the seat's
    game_id: str
    told: said.Told | None = None  # how far the log is shown (from the game's recent lines on)
    turn_said: tuple[int, ...] | None = None  # whose turn it was, as last said in this wait (`to_act`)

    def play(self) -> GameView | None:
        """Until the game is over (its last view) or the player stops (None)."""
        view = self.client.view(self.game_id, words=SHORT)
        self.told = said.Told(self.client, self.game_id, self.show_recent(view.version))
        while True:
            if not (view.awaited or view.finished):
                self.turn_said = None  # a new wait: whose turn it is is said again
                view = self.client.wait_for_turn(self.game_id, words=SHORT, on_view=self.waiting)
            self.show_log(view.version)
            if view.finished:
                self.finished(view)
                return view
            if not self.turn(view):
                self.stopped()
                return None
            view = self.client.view(self.game_id, words=SHORT)

    def turn(self, view: GameView) -> bool:
        """Show the position and the moves, read moves until one is played (True) or the player stops (False)."""
        legal = self.client.legal_moves(self.game_id, words=True)
        self.show_turn(view, legal)
        while True:
            line = self.read()
            if line is None or line.lower() in QUIT:
                return False
            if not line:
                continue
            if line.lower() in AGAIN:
                self.show_turn(view, legal)
                continue
            try:
                self.move(legal, line)
                return True
            except BazaarError as error:
                if error.is_server_fault:
                    raise
                self.refused(error.code, error.detail)
                if error.code == "version_conflict":  # the game moved on under the player: look again
                    return True
            except click.UsageError as error:
                self.refused("no_such_move", error.message)

    def move(self, legal: LegalMoves, line: str) -> None:
        if line.isdigit():
            number = int(line)
            if not 1 <= number <= len(legal.moves):
                raise click.UsageError(f"there is no move number {number}: the moves are 1 to {len(legal.moves)}")
            self.client.play(self.game_id, legal.moves[number - 1], expected_version=legal.version)
        else:
            self.client.play_notation(self.game_id, line, expected_version=legal.version)

    def read(self) -> str | None:
        if not self.session.json:
            self.session.console.print("your move (a number, a line of notation, ? to list, q to stop)> ", end="")
        sys.stdout.flush()
        line = sys.stdin.readline()  # one line at a time: a reader that buffered ahead would lose the lines it took
        return line.strip() if line else None

    # --- what is shown ------------------------------------------------------------------------------------------
    def show_recent(self, version: int) -> int:
        lines = self.client.log(self.game_id, after=max(0, version - 4 * RECENT)).lines[-RECENT:]
        self.emit({"log": [line.text for line in lines]}, said.log(lines) if lines else None)
        return version

    def show_log(self, version: int) -> None:
        lines = self.told.since(version)
        if lines:
            self.emit({"log": [line.text for line in lines]}, said.log(lines))

    def show_turn(self, view: GameView, legal: LegalMoves) -> None:
        if self.session.json:
            position = list(view.words.position) if view.words is not None else []
            click.echo(_json({"version": legal.version, "seat": legal.seat, "position": position,
                              "moves": said.moves_json(legal)}))
            return
        console = self.session.console
        console.print(boards.render(view))
        console.print(said.moves_table(legal))

    def waiting(self, view: GameView) -> None:
        """A view read while the seat waits: the other seats' moves as they are made, and whose turn it is each
        time that changes (the seats after one another, the dealer's draws between them)."""
        self.show_log(view.version)
        if view.to_act != self.turn_said:
            self.turn_said = view.to_act
            self.emit({"waiting": list(view.to_act)}, f"{said.whose_turn(view)}...")

    def refused(self, code: str, detail: str) -> None:
        self.emit({"refused": {"code": code, "detail": detail}}, f"refused ({code}): {detail}")

    def finished(self, view: GameView) -> None:
        words = said.result(view)
        if self.session.json:
            click.echo(_json({"version": view.version, "result": view.result, "words": words}))
            return
        self.session.console.print(boards.render(view))
        self.session.console.print(f"The game is over. {said.outcome(view)}", style="bold")

    def stopped(self) -> None:
        self.emit({"stopped": True}, f"stopped; the game waits for you: `bazaar play {self.game_id}` with your "
                                     "seat's token picks it up")

    def emit(self, data: dict, human) -> None:
        if self.session.json:
            click.echo(_json(data))
        elif human is not None:
            self.session.console.print(human)


def _json(data: dict) -> str:
    return json.dumps(data, sort_keys=True)
