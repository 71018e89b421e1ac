"""Commands about bots: `bot` (one bot in one seat of a live game), `match` (a local series between bots) and
`listen` (a bot plays every game of a player, from the player's own stream)."""

from __future__ import annotations

import time

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from bazaar_client.bots import BOTS, make_bot
from bazaar_client.bots.listener import listen as listen_for
from bazaar_client.bots.runner import play_match, play_seat
from bazaar_client.bots.stats import wilson
from bazaar_client.cli import said
from bazaar_client.cli.app import Session
from bazaar_client.sdk import GameView


@click.command()
@click.argument("game_id")
@click.option("--bot", "bot_name", type=click.Choice(sorted(BOTS)), default="greedy", show_default=True)
@click.option("--seed", default=None, help="The bot's random seed (ties, random moves).")
@click.option("--budget-ms", type=click.FloatRange(min=1), default=None,
              help="mcts: milliseconds to think per decision (default: a fixed 200 iterations).")
@click.pass_obj
def bot(session: Session, game_id: str, bot_name: str, seed: str | None, budget_ms: float | None) -> None:
    """Play your seat (BAZAAR_TOKEN) of GAME_ID with a bot until the game ends: each move in words as it is made
    (the bot's and the others'), and after each of the bot's how many it has played; while the others play, whose
    turn it is, each time it changes; at the end the result in words."""
    client = session.client
    if client.token is None:
        raise click.UsageError("a bot needs a seat: pass --token or set BAZAAR_TOKEN")
    player = make_bot(bot_name, seed, budget_ms)
    progress = Playing(session, game_id, client.view(game_id).version)
    play_seat(client, game_id, player, on_move=progress.moved, on_wait=progress.waiting)
    progress.catch_up()
    final = client.view(game_id, words=True)
    session.emit({"game_id": game_id, "moves": progress.moves, "result": final.result, "words": said.result(final)},
                 f"{bot_name} played {said.counted(progress.moves, 'move')}. {said.outcome(final)}")


class Playing:
    """What `bazaar bot` shows as it plays (nothing with --json, whose one document comes at the end)."""

    def __init__(self, session: Session, game_id: str, logged: int):
        self.session, self.told, self.moves = session, said.Told(session.client, game_id, logged), 0
        self.turn_said: str | None = None  # whose turn it is, as last said in this wait

    def moved(self, _view: GameView) -> None:
        self.moves += 1
        self.catch_up()
        self.say(Text(f"{said.counted(self.moves, 'move')} played", style="bold"))
        self.turn_said = None  # a new wait says whose turn it is again

    def waiting(self, view: GameView) -> None:
        """A view read while the bot waits: the moves made since, then whose turn it is if that changed (at a
        table of five, seats 2, 3 and 4 follow seat 1 within one wait; the dealer draws between turns)."""
        self.catch_up(view.version)
        turn = said.whose_turn(view)
        if turn != self.turn_said:
            self.turn_said = turn
            self.say(Text(turn, style="dim"))

    def catch_up(self, version: int | None = None) -> None:
        """Say the moves after those said (`said.Told.since`)."""
        lines = self.told.since(version)
        if lines:
            self.say(said.log(lines))

    def say(self, renderable) -> None:
        if not self.session.json:
            self.session.console.print(renderable)


@click.command()
@click.option("--game", default="jaipur", show_default=True, help="A game the service hosts (`bazaar catalogue`).")
@click.option("--bots", "bot_names", default="greedy,random", show_default=True,
              help="Comma-separated bots, one per seat; seats rotate between matches.")
@click.option("--matches", "-n", default=10, show_default=True, type=click.IntRange(1, 100000))
@click.option("--seed", default="0", show_default=True, help="Seeds the bots (match i uses SEED-i).")
@click.option("--max-moves", default=20000, show_default=True, help="Give up a match after this many moves.")
@click.option("--budget-ms", type=click.FloatRange(min=1), default=None,
              help="mcts: milliseconds to think per decision (default: a fixed 200 iterations).")
@click.pass_obj
def match(session: Session, game: str, bot_names: str, matches: int, seed: str, max_moves: int,
          budget_ms: float | None) -> None:
    """Play a series of matches between local bots on the server; shows a progress bar, then each bot's wins, win
    rate with a 95% interval, and speed."""
    names = [n.strip() for n in bot_names.split(",") if n.strip()]
    unknown = [n for n in names if n not in BOTS]
    if unknown or len(names) < 2:
        raise click.UsageError(f"--bots needs two or more of {', '.join(sorted(BOTS))}")
    wins = {name: 0.0 for name in names}
    moves, seconds, results = 0, 0.0, []
    started = time.monotonic()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=session.console, disable=session.json) as progress:
        task = progress.add_task(f"{game}: {' vs '.join(names)}", total=matches)
        for i in range(matches):
            # rotate seats so no bot always starts in the same seat
            order = names[i % len(names):] + names[:i % len(names)]
            result = play_match(session.client, game, [make_bot(n, f"{seed}-{i}-{s}", budget_ms) for s, n in enumerate(order)],
                                max_moves=max_moves)
            for winner in result.winners:
                # a shared win counts as a share of one
                wins[result.bots[winner]] += 1 / len(result.winners)
            moves += result.moves
            seconds += result.seconds
            results.append(result)
            progress.advance(task)
    elapsed = time.monotonic() - started
    rows = []
    for name in dict.fromkeys(names):
        low, high = wilson(wins[name], matches)
        rows.append({"bot": name, "wins": wins[name], "matches": matches, "rate": wins[name] / matches,
                     "ci95": [round(low, 3), round(high, 3)]})
    summary = {"game": game, "matches": matches, "moves": moves, "seconds": round(elapsed, 2),
               "moves_per_s": round(moves / elapsed, 1) if elapsed else None, "bots": rows,
               "games": [r.game_id for r in results]}
    table = Table(title=f"{game}: {said.counted(matches, 'match', 'matches')}, {said.counted(moves, 'move')}, "
                        f"{summary['moves_per_s']} moves/s")
    for column in ("bot", "wins", "win rate", "95% interval"):
        table.add_column(column)
    for row in rows:
        table.add_row(row["bot"], f"{row['wins']:g}", f"{row['rate']:.0%}", f"{row['ci95'][0]:.0%}-{row['ci95'][1]:.0%}")
    session.emit(summary, table)


@click.command()
@click.option("--bot", "bot_name", type=click.Choice(sorted(BOTS)), default="greedy", show_default=True)
@click.option("--seed", default=None, help="The bot's random seed (ties, random moves).")
@click.option("--budget-ms", type=click.FloatRange(min=1), default=None,
              help="mcts: milliseconds to think per decision (default: a fixed 200 iterations).")
@click.option("--games", type=click.IntRange(min=1), default=None, help="Stop once this many games have ended.")
@click.pass_obj
def listen(session: Session, bot_name: str, seed: str | None, budget_ms: float | None, games: int | None) -> None:
    """Play every game of your player (BAZAAR_TOKEN: a player's token) as its own stream announces them: a game
    started, your turn began (tournament rounds, accepted challenges and rematches alike). No polling."""
    if session.client.token is None:
        raise click.UsageError("listen needs a player's token: pass --token or set BAZAAR_TOKEN")

    def told(notice):
        if not session.json:
            session.console.print(f"{notice.type} {notice.game_id or notice.fields.get('offer_id', '')}")

    made = listen_for(session.client, make_bot(bot_name, seed, budget_ms), games, on_notice=told)
    session.emit({"moves": made}, f"{bot_name} played {said.counted(made, 'move')}")


COMMANDS = (bot, match, listen)
