import domain.istanbul as game
from domain.istanbul.commands import EndTurn, FillGoods, SendFamilyMember, UseGovernor
from domain.istanbul.events import FamilyMemberSent, GoodsFilled
from domain.istanbul.state import Action

from ..builders import acting, codes, play


def test_send_the_family_member_and_act_there_without_encounters():
    # the rulebook example: family member to the spice warehouse, another merchant and the governor are there
    state = acting(12, others={1: {"merchant": 3}}, governor=3)
    legal = game.legal_commands(state, 0)
    assert SendFamilyMember(0, 12) not in legal
    assert {c.place for c in legal if isinstance(c, SendFamilyMember)} == set(range(1, 17)) - {12}
    events, state = play(state, SendFamilyMember(0, 3))
    assert events == [FamilyMemberSent(0, 3)]
    assert state.phase == Action(place=3, by_family=True)
    events, state = play(state, FillGoods(0))
    assert events == [GoodsFilled(0, "green", 2)]
    assert state.players[0].lira == 2  # nobody was paid
    assert UseGovernor(0) not in game.legal_commands(state, 0)
    assert EndTurn(0) in game.legal_commands(state, 0)


def test_only_while_the_family_member_is_in_the_police_station():
    state = acting(12, player={"family": 5})
    assert codes(lambda: game.decide(state, SendFamilyMember(0, 3))) == "istanbul.family_not_in_police"


def test_never_to_the_police_station_itself():
    state = acting(12)
    assert codes(lambda: game.decide(state, SendFamilyMember(0, 12))) == "istanbul.invalid_target"


def test_the_merchant_still_meets_the_governor_at_the_police_station():
    state = acting(12, governor=12)
    _, state = play(state, SendFamilyMember(0, 2))
    assert UseGovernor(0) in game.legal_commands(state, 0)
