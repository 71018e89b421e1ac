"""Open seats at the table (domain/table/seating.py): nothing is dealt before the last claim, claims race and
repeat, the deal is drawn from the committed secret mixed with every contribution, early starts and expiry.

Driven through the real runner with explicit times. The expected seeds are computed here with hmac from the
documented construction, not with `seating.mixed`."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from domain import table as tables
from domain.core import Conflict, InvalidOptions, Refused, RuleViolation
from domain.table import Act, ClaimSeat, Create, Dealer, Expire, StartEarly
from domain.table.events import Invitation
from domain.table.options import BotSeat
from domain.table.runner import dealt_by
from events.snapshots import Snapshot, decode, encode
from tests.support import tiny_game as tiny
from tests.support.tiny_game import Add
from tests.unit.table.support import at

SECRET = "server-secret-for-the-seating-tests"
ENTROPY = ("a" * 32, "b" * 32)
PUBLIC, CODE = Invitation("public"), Invitation("code")


class Lobby:
    """A tiny game with open seats at a table, every command through the runner."""

    def __init__(self, invitations=(PUBLIC, CODE), options=None, expires_at=at(3600)):
        self.dealer = Dealer(SECRET)
        self.log: list = []
        self.state = None
        self.run(Create("tiny", 2, dict(options or {}), hashlib.sha256(SECRET.encode()).hexdigest(), None, at(0),
                        invitations=tuple(invitations), expires_at=expires_at))

    def run(self, command):
        batch, self.state = tables.execute(tiny, self.state, command, self.dealer, False)
        self.log += batch
        return [r.event.TYPE for r in batch]

    def claim(self, seat: int, player: str, entropy: str | None = None, seconds: float = 1):
        return self.run(ClaimSeat(seat, player, entropy or ENTROPY[seat], False, at(seconds)))


def expected_seed(contributions) -> str:
    """The documented construction: HMAC-SHA256(secret, compact JSON array of the contributions)."""
    body = "[" + ",".join("null" if c is None else f'"{c}"' for c in contributions) + "]"
    return hmac.new(SECRET.encode(), body.encode(), hashlib.sha256).hexdigest()


def test_nothing_is_dealt_and_nobody_is_awaited_until_the_last_seat_is_claimed():
    lobby = Lobby()
    assert [r.event.TYPE for r in lobby.log] == ["game_created", "seats_opened"]
    assert lobby.claim(0, "p0") == ["seat_claimed"]
    assert lobby.state.draws == 0 and tables.awaited(tiny, lobby.state) == ()
    assert tables.pending_chance(tiny, lobby.state) is None
    with pytest.raises(Conflict) as refused:
        lobby.run(Act(0, Add(0, 1), at(2)))
    assert refused.value.code == "game_not_started"
    assert lobby.claim(1, "p1")[:3] == ["seat_claimed", "game_started", "chance_drawn"]
    assert lobby.state.draws == 2 and tables.awaited(tiny, lobby.state) != ()


def test_the_deal_comes_from_the_committed_secret_keyed_over_every_contribution_in_seat_order():
    lobby = Lobby()
    lobby.claim(1, "p1")
    lobby.claim(0, "p0")
    shuffle = next(r.event for r in lobby.log if r.event.TYPE == "chance_drawn")
    assert shuffle.outcome == Dealer(expected_seed(ENTROPY)).draw(0, tiny.chance(tiny.initial_state({}, 2))).outcome
    assert dealt_by(lobby.dealer, lobby.state).seed == expected_seed(ENTROPY)
    # the claims' order changes nothing, each contribution does
    other = Lobby()
    other.claim(0, "p0")
    other.claim(1, "p1", "c" * 32)
    assert dealt_by(other.dealer, other.state).seed == expected_seed((ENTROPY[0], "c" * 32)) != expected_seed(ENTROPY)


def test_a_repeated_claim_changes_nothing_and_a_second_claimer_is_refused_with_a_conflict():
    lobby = Lobby()
    lobby.claim(0, "p0")
    assert lobby.claim(0, "p0", "z" * 32) == []  # the same claimer: it holds the seat, its first entropy stays
    for seat, player, code in ((0, "p1", "seat_taken"), (1, "p0", "already_seated")):
        with pytest.raises(Conflict) as refused:
            lobby.claim(seat, player)
        assert refused.value.code == code
    lobby.claim(1, "p1")
    with pytest.raises(Conflict) as late:
        lobby.claim(1, "p2")
    assert late.value.code == "seat_taken"


def test_a_reserved_seat_takes_only_its_player_and_an_entropy_of_the_documented_form():
    lobby = Lobby((Invitation("player", "ada"), PUBLIC))
    with pytest.raises(Refused) as reserved:
        lobby.claim(0, "bob")
    assert reserved.value.code == "seat_reserved"
    for bad in ("short", "x" * 129, "not base64url!" * 2):
        with pytest.raises(RuleViolation) as malformed:
            lobby.claim(1, "bob", bad)
        assert malformed.value.code == "invalid_entropy"
    assert lobby.claim(0, "ada") == ["seat_claimed"]


@pytest.mark.parametrize(("invitations", "why"), [
    ((PUBLIC,), "one per seat"),
    ((Invitation("bot"), PUBLIC), "public, code"),  # a bot's seat comes from the options, never an invitation
    ((Invitation("lobby"), PUBLIC), "public, code"),
    ((Invitation("player"), PUBLIC), "public, code"),
])
def test_invitations_that_do_not_fit_the_seats_are_refused(invitations, why):
    with pytest.raises(InvalidOptions, match=why):
        Lobby(invitations)


def test_a_player_is_invited_to_one_seat_of_a_game():
    with pytest.raises(RuleViolation) as twice:
        Lobby((Invitation("player", "ada"), Invitation("player", "ada")))
    assert twice.value.code == "player_seated_twice"


def test_a_table_of_bots_only_is_dealt_at_once():
    lobby = Lobby((PUBLIC, PUBLIC), {"bots": [{"bot": "random"}, {"bot": "greedy"}]})
    assert [r.event.TYPE for r in lobby.log][:4] == ["game_created", "seats_opened", "game_started", "chance_drawn"]
    assert [i.kind for i in lobby.state.lobby.invitations] == ["bot", "bot"]


def test_an_open_game_cannot_have_open_seats():
    create = Create("tiny", 2, {}, "0" * 64, "public-seed", at(0), invitations=(PUBLIC, PUBLIC), expires_at=at(60))
    with pytest.raises(InvalidOptions, match="published seed"):
        tables.execute(tiny, None, create, Dealer("public-seed"), False)


def test_a_bot_seat_of_the_options_is_not_open_and_the_last_human_claim_starts_the_game():
    lobby = Lobby((PUBLIC, CODE), {"bots": [None, {"bot": "random"}]})  # the options' bot takes seat 1
    with pytest.raises(RuleViolation) as bot_seat:
        lobby.claim(1, "p1")
    assert bot_seat.value.code == "seat_not_open"
    assert lobby.claim(0, "p0")[:2] == ["seat_claimed", "game_started"]
    assert dealt_by(lobby.dealer, lobby.state).seed == expected_seed((ENTROPY[0], None))


def test_the_creator_starts_early_with_bots_in_the_open_seats_once_someone_sat_down():
    lobby = Lobby()
    with pytest.raises(Conflict) as empty:
        lobby.run(StartEarly(BotSeat("random"), at(5)))
    assert empty.value.code == "nobody_seated"
    lobby.claim(1, "p1")
    started = lobby.run(StartEarly(BotSeat("random"), at(6)))
    assert started[:3] == ["bot_seated", "game_started", "chance_drawn"]
    assert lobby.state.bots[0] == BotSeat("random") and lobby.state.draws == 2
    assert dealt_by(lobby.dealer, lobby.state).seed == expected_seed((None, ENTROPY[1]))
    with pytest.raises(Conflict) as late:
        lobby.claim(0, "p0")
    assert late.value.code == "game_started"


def test_a_waiting_game_expires_only_once_its_time_is_up_and_then_is_over_without_a_deal():
    lobby = Lobby(expires_at=at(60))
    lobby.claim(0, "p0")
    with pytest.raises(Conflict) as early:
        lobby.run(Expire(at(59)))
    assert early.value.code == "not_expired_yet"
    assert lobby.run(Expire(at(60))) == ["game_expired", "seed_revealed"]
    assert lobby.state.over and lobby.state.draws == 0
    with pytest.raises(Conflict) as expired:
        lobby.claim(1, "p1")
    assert expired.value.code == "game_expired"


def test_a_started_game_does_not_expire_and_replay_folds_the_same_table():
    lobby = Lobby(expires_at=at(60))
    lobby.claim(0, "p0")
    lobby.claim(1, "p1")
    with pytest.raises(Conflict) as started:
        lobby.run(Expire(at(61)))
    assert started.value.code == "game_started"
    assert tables.replay(tiny, None, lobby.log) == lobby.state


def test_a_waiting_table_round_trips_through_a_snapshot():
    lobby = Lobby((Invitation("player", "ada"), CODE))
    lobby.claim(0, "ada")
    again = decode(tiny, encode(tiny, Snapshot(lobby.state.version, "0" * 64, lobby.state)))
    assert again.table == lobby.state and again.table.lobby.claims[0].entropy == ENTROPY[0]
