"""What a timed-out seat's batch holds: pure, so the importer can re-run it like any command."""

from __future__ import annotations

from domain.core import RuleViolation
from events import codec
from events.platform import TurnTimedOut
from service import clock
from service.fold import Loaded

MAX_AUTO_STEPS = 64  # a seat's obligations are completed in far fewer; this only bounds a faulty game


def wire(seat: int) -> dict:
    return {"type": "timeout", "seat": seat}


def timeout_command(game, state, seat: int):
    """The game's smallest legal completion for the seat; without a game hook, its first legal command."""
    choose = getattr(game, "timeout_command", None)
    if choose is not None:
        return choose(state, seat)
    return game.legal_commands(state, seat)[0]


def plan_timeout(loaded: Loaded, now: str, include_dealer: bool) -> tuple[list[dict], Loaded]:
    from service.games import plan  # the command path's planner; imported here to keep modules acyclic

    platform = loaded.meta.platform
    seat = clock.check_due(loaded.clocks, platform, now)
    policy = clock.policy_for(platform, loaded.clocks, seat)
    deadline = clock.to_iso(clock.deadline_ms(loaded.clocks, platform)[0])
    game = loaded.game
    docs, after = plan(loaded, [(None, TurnTimedOut(seat, policy, deadline))], wire(seat), include_dealer, now)
    if policy == "forfeit":
        forfeit = getattr(game, "forfeit", None)
        if forfeit is None:
            raise RuleViolation("forfeit_unsupported", f"{game.NAME} does not define a forfeit")
        more, after = plan(after, [(None, e) for e in forfeit(after.state, seat)], None, include_dealer, now)
        return docs + more, after
    for _ in range(MAX_AUTO_STEPS):
        state = after.state
        if game.is_terminal(state) or game.chance(state) is not None or seat not in game.to_act(state):
            break
        command = timeout_command(game, state, seat)
        decided = [(seat, e) for e in game.decide(state, command)]
        more, after = plan(after, decided, None, include_dealer, now)
        more[0]["auto"] = codec.command_to_wire(command)
        docs += more
    return docs, after
