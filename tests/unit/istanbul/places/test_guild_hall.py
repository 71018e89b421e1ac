"""Guild Hall 18 (6.15, R-26): 1 coffee, the top 2 guild cards, then 1 guild card from hand onto the face-up guild
discard pile; an empty stack is reshuffled from the discard pile at once; guild cards are hidden (R-54)."""

import domain.istanbul as game
from domain.istanbul.commands import EndTurn
from domain.istanbul.mocha_baksheesh.commands import DiscardGuildCard, VisitGuildHall
from domain.istanbul.mocha_baksheesh.events import GuildCardDiscarded, GuildCardDrawn, GuildDeckShuffled, GuildHallVisited
from domain.istanbul.mocha_baksheesh.places.guild_hall import GuildCards
from domain.istanbul.state import GuildDrawing

from ..builders import answer, codes, mocha_acting, play, position


def test_one_coffee_two_guild_cards_then_discard_any_one():
    state = mocha_acting(18, player={"guild_hand": ("G20",)})
    assert VisitGuildHall(0) in game.legal_commands(state, 0)
    events, state = play(state, VisitGuildHall(0))
    assert events == [GuildHallVisited(0, 1, 2, True), GuildCardDrawn(0, "G01"), GuildCardDrawn(0, "G02")]
    assert state.players[0].guild_hand == ("G01", "G02", "G20") and state.players[0].goods == {"coffee": 1}
    assert state.phase.step == GuildDrawing(0, True)
    assert set(game.legal_commands(state, 0)) == {DiscardGuildCard(0, c) for c in ("G01", "G02", "G20")}
    assert codes(lambda: game.decide(state, EndTurn(0))) == "istanbul.decision_pending"
    events, state = play(state, DiscardGuildCard(0, "G20"))
    assert events == [GuildCardDiscarded(0, "G20")]
    assert state.places["guild_hall"].discard == ("G20",) and state.phase.step is None and state.phase.done == 1
    assert EndTurn(0) in game.legal_commands(state, 0)


def test_the_stack_running_out_is_reshuffled_at_once_and_the_draw_goes_on():
    state = mocha_acting(18)
    rest = state.places["guild_hall"].deck
    state = position(state, players={1: {"guild_hand": rest[1:5]}})
    state = position(state, places=state.places.set("guild_hall", GuildCards(rest[:1], rest[5:])))
    assert state.places["guild_hall"].deck == rest[:1]
    events, state = play(state, VisitGuildHall(0))
    assert events == [GuildHallVisited(0, 1, 2, True), GuildCardDrawn(0, rest[0])]
    request = game.chance(state)
    assert request.label == "guild_reshuffle" and request.size == len(rest) - 5 and request.secret
    assert game.to_act(state) == ()
    events, state = answer(state, tuple(range(request.size)))
    new = tuple(sorted(rest[5:]))
    assert events[1:] == [GuildDeckShuffled(len(new), new, True), GuildCardDrawn(0, new[0])]
    assert state.places["guild_hall"].discard == () and state.phase.step == GuildDrawing(0, True)
    assert len(state.players[0].guild_hand) == 2


def test_with_both_piles_empty_only_the_coffee_and_the_discard_of_a_card_held():
    state = mocha_acting(18)
    everything = state.places["guild_hall"].deck
    state = position(state, players={0: {"guild_hand": everything[:1]}, 1: {"guild_hand": everything[1:]}})
    assert state.places["guild_hall"].deck == ()
    events, state = play(state, VisitGuildHall(0))
    assert events == [GuildHallVisited(0, 1, 0, True)]
    assert game.legal_commands(state, 0)[:1] == [DiscardGuildCard(0, everything[0])]
    empty = mocha_acting(18, others={1: {"guild_hand": everything}})
    events, empty = play(empty, VisitGuildHall(0))
    assert events == [GuildHallVisited(0, 1, 0, False)] and empty.phase.step is None


def test_guild_cards_are_hidden_from_the_others_until_the_end():
    state = mocha_acting(18)
    events, state = play(state, VisitGuildHall(0))
    assert game.view(state, 0)["players"][0]["guild_cards"] == ["G01", "G02"]
    for viewer in (1, None):
        mine = game.view(state, viewer)["players"][0]
        assert mine["guild_card_count"] == 2 and "guild_cards" not in mine
        assert game.redact(events[1], viewer) == GuildCardDrawn(0, "")
    assert game.redact(events[1], 0) == events[1]
    assert game.view(state, None)["places"]["guild_hall"] == {"deck_size": 18, "discard_size": 0,
                                                                "discard_top": None}
    assert game.reveals(events[1]) and not game.reveals(events[0])
