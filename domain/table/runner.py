"""The one place a table command is carried out in memory: decide, fold, then the chance steps the command
resolves, the moves the engine plays for a timed-out seat, and the seed reveal at the end.

The service (before appending), the tests' driver, import and the offline verifier all call `execute`, so
replaying an export is the same code as playing. Pure: the dealer derives every draw from the game's seed; a
game with open seats is dealt from that seed mixed with every claimer's contribution (`seating.mixed`), and
nothing at all is drawn while its seats are still open.
"""

from __future__ import annotations

from domain.core import copied
from domain.table.commands import Act, Deal, Draw, RevealSeed, TimeOut
from domain.table.dealer import Dealer
from domain.table.decide import decide
from domain.table.events import Recorded, TurnTimedOut
from domain.table.evolve import evolve
from domain.table.seating import contributions, mixed
from domain.table.state import TableState, waiting

MAX_AUTO_MOVES = 64  # a seat's obligations are completed in far fewer; this only bounds a faulty game


def execute(game, state: TableState | None, command, dealer: Dealer, dealer_rolls: bool
            ) -> tuple[list[Recorded], TableState]:
    """The recorded events of `command` and the table after them (nothing is stored here); each event is
    folded exactly once. `dealer_rolls`: also draw the rolls a background dealer would otherwise resolve
    (neutral figures). The first event records the command that caused the batch."""
    # the background dealer's own command always draws what it was called for
    run = _Run(game, state, dealer, dealer_rolls or isinstance(command, Deal), command.at)
    run.take(decide(game, state, command))
    run.settle()
    if isinstance(command, TimeOut):
        run.play_for_late_seat()
    if run.state.over and not run.state.revealed:
        run.take(decide(game, run.state, RevealSeed(dealer.seed, command.at)))
    if run.batch:
        run.batch[0] = copied(run.batch[0], command=command)
    return run.batch, run.state


class _Run:
    def __init__(self, game, state, dealer: Dealer, dealer_rolls: bool, at: str):
        self.game, self.state, self.dealer, self.dealer_rolls, self.at = game, state, dealer, dealer_rolls, at
        self.batch: list[Recorded] = []

    def take(self, recorded: list[Recorded]) -> None:
        for r in recorded:
            self.state = evolve(self.game, self.state, r)
            self.batch.append(r)

    def settle(self) -> None:
        """Draw every pending chance step this command may resolve (the only chance loop)."""
        game = self.game
        if waiting(self.state):
            return  # nothing is dealt before every seat is claimed
        while not self.state.over and (request := game.chance(self.state.game_state)) is not None:
            if request.by_dealer and not self.dealer_rolls:
                return
            drawn = dealt_by(self.dealer, self.state).draw(self.state.draws, request)
            self.take(decide(game, self.state, Draw(drawn, self.at)))

    def play_for_late_seat(self) -> None:
        """Timeout policies "auto" and "bot": the game's smallest legal completion of the seat's obligations, move
        by move (the table cannot wait for a bot on a seat whose time is up; the bot plays its later turns)."""
        timed_out = next(r.event for r in self.batch if isinstance(r.event, TurnTimedOut))
        if timed_out.policy not in ("auto", "bot"):
            return
        game, seat = self.game, timed_out.seat
        for _ in range(MAX_AUTO_MOVES):
            game_state = self.state.game_state
            if self.state.over or game.chance(game_state) is not None or seat not in game.to_act(game_state):
                return
            move = timeout_command(game, game_state, seat)
            recorded = decide(game, self.state, Act(seat, move, self.at, auto=True))
            if recorded:
                recorded[0] = copied(recorded[0], auto=move)
            self.take(recorded)
            self.settle()


def dealt_by(dealer: Dealer, state: TableState) -> Dealer:
    """The dealer of this table's draws: the game's own seed, or for a table whose seats were claimed that seed
    mixed with the claimers' contributions (the seed revealed at the end stays the committed one)."""
    if state.lobby is None:
        return dealer
    return Dealer(mixed(dealer.seed, contributions(state.lobby)))


def timeout_command(game, game_state, seat: int):
    """The game's smallest legal completion for the seat; without a game hook, its first legal command."""
    choose = getattr(game, "timeout_command", None)
    if choose is not None:
        return choose(game_state, seat)
    return game.legal_commands(game_state, seat)[0]
