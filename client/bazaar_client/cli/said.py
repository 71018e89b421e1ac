"""What the `bazaar` command says of a game, in one place for every command: whose turn, the log in words, the
legal moves numbered with their notation and words, and the result in words (the position is `boards.render`)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bazaar_client.sdk import Client, GameView
from bazaar_client.sdk.types import LegalMoves, LogLine


@dataclass
class Told:
    """How far a command has told a game's log in words: `since` reads the lines after that, once each."""

    client: Client
    game_id: str
    logged: int = 0  # every event up to this version is told (or has no line)

    def since(self, version: int | None = None) -> tuple[LogLine, ...]:
        """The lines not told yet; none read when `version` (the game's, as last seen) says nothing is new."""
        if version is not None and version <= self.logged:
            return ()
        log = self.client.log_lines(self.game_id, after=self.logged)
        self.logged = log.next
        return log.lines


def counted(number: int, one: str, many: str | None = None) -> str:
    """`1 move`, `2 moves` (`many`: a plural not made with an s): a count as a person writes it."""
    return f"{number} {one}" if number == 1 else f"{number} {many or one + 's'}"


def result(view: GameView) -> str | None:
    """Who won, by how much and how: the service's words (a view read with `words=True`), None before the end."""
    return view.words.result if view.words is not None else None


def outcome(view: GameView) -> str:
    """The result in words for a person; for a game that says none, where to read it."""
    return result(view) or "The result is in the game's view (`bazaar show --json`): this game says none in words."


def whose_turn(view: GameView) -> str:
    if view.finished:
        return "the game is over"
    if view.asks_me:
        return f"seat {view.undo_request.get('by')} asks to take moves back: accept undo, or decline undo"
    if view.my_turn:
        return "your turn"
    if not view.to_act:
        return "the dealer is drawing"
    return "waiting for seat " + ", ".join(map(str, view.to_act))


def log_line(line: LogLine) -> Text:
    return Text(f"{line.version:>5}  ", style="dim").append(line.text)


def log(lines) -> Group:
    return Group(*(log_line(line) for line in lines))


def moves_table(legal: LegalMoves) -> Table:
    """Numbered from 1: the number or the notation is what a player types."""
    table = Table(title=f"your moves (seat {legal.seat}, version {legal.version})", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("type", no_wrap=True)  # the line a player types, whole
    described = any(said.words != said.notation for said in legal.said or ())
    if described:
        table.add_column("does")
    for number, said in enumerate(legal.said or (), 1):
        table.add_row(str(number), said.notation, *([said.words] if described else []))
    return table


def moves_json(legal: LegalMoves) -> list[dict]:
    return [{"number": n, "notation": s.notation, "words": s.words, "move": m}
            for n, (s, m) in enumerate(zip(legal.said or (), legal.moves, strict=True), 1)]
