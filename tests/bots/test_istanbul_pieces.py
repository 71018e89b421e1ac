"""The Istanbul boxes' pieces in both bots' evaluations (weights in client/bazaar_client/bots/istanbul_pieces.py): the
mcts evaluation counts coffee, tavern tiles, guild cards, seals and the companion by their documented weights, and the places
where coffee or seals buy a ruby pull the merchant; greedy scores the commands that gain or spend them by the same
weights, so it buys a ruby with coffee, roasts, takes a tavern tile and walks to a ruby it can pay."""

from dataclasses import replace

from bazaar_client.bots import istanbul_pieces as box
from bazaar_client.bots.greedy import istanbul as greedy
from bazaar_client.bots.mcts.istanbul import RUBY, gain_at, reach, worth
from domain.istanbul.goods import Goods
from domain.istanbul.mocha_baksheesh.data import COFFEE_HOUSE, TAVERN
from domain.istanbul.mocha_baksheesh.places import coffee_house
from tests.bots.test_mcts_istanbul import MOCHA, positions


def mocha_position():
    state, seat = next(positions(2, "pieces", 30, every=5, options=MOCHA))
    return state, seat


def with_player(state, seat, **changes):
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def held(state, seat) -> float:
    """`worth` without the walking reach (which looks at where the pieces could be spent next)."""
    return worth(state, seat) - reach(state, seat)


def test_mcts_counts_each_piece_by_its_weight():
    state, seat = mocha_position()
    p = state.players[seat]
    base = held(state, seat)
    coffee = p.goods.count("coffee")
    more_coffee = with_player(state, seat, goods=Goods({**p.goods, "coffee": coffee + 1}))
    assert held(more_coffee, seat) - base == box.COFFEE  # the seat holds fewer than COFFEE_NEEDED
    hoard = with_player(state, seat, goods=Goods({**p.goods, "coffee": 20}))
    assert held(hoard, seat) - base == box.COFFEE * (10 - coffee) + box.COFFEE_HOARDED * 10
    assert held(with_player(state, seat, tavern_tiles=("movement_1",)), seat) - base == box.TAVERN_TILE
    assert held(with_player(state, seat, guild_hand=p.guild_hand + ("G01",)), seat) - base == box.GUILD_CARD
    assert held(with_player(state, seat, letters=(21,), sealed=(22,)), seat) - base == 3 * box.SEAL
    assert held(with_player(state, seat, companion=0), seat) - base == box.COMPANION


def test_mcts_sees_a_ruby_for_coffee_at_the_coffee_house_and_the_tavern():
    state, seat = mocha_position()
    p = state.players[seat]
    price = coffee_house.cost(state)
    enough = with_player(state, seat, goods=Goods({**p.goods, "coffee": price}))
    short = with_player(state, seat, goods=Goods({**p.goods, "coffee": price - 1}))
    assert gain_at(enough, seat, COFFEE_HOUSE) == RUBY - box.COFFEE * price
    assert gain_at(short, seat, COFFEE_HOUSE) == 0
    baksheesh = with_player(state, seat, goods=Goods({"coffee": 4, "yellow": 3}))  # side A: 3 fruit
    assert gain_at(baksheesh, seat, TAVERN) == RUBY - 4 * box.COFFEE - 3 * 2.5


ME = {"seat": 0, "lira": 5, "merchant": 7, "stack": [0, 0], "goods": {"red": 1, "coffee": 6}, "capacity": 2,
      "tavern_tiles": [], "seals": 0, "letters": []}
PLACES = {"coffee_house": {"coffee": 6, "rubies": 5},
          "tavern": {"tiles": {"movement": [{"tile": "movement_1", "coffee": 1}],
                               "encounter": [{"tile": "encounter_1", "coffee": 1}]},
                     "baksheesh": {"side": "A", "goods": {"yellow": 3}}}}


def view(**me) -> dict:
    return {"you": 0, "players": [{**ME, **me}], "places": PLACES, "assistants": []}


def test_greedy_buys_a_ruby_with_coffee_and_walks_to_one_it_can_pay():
    state = view()
    assert greedy.score(state, {"type": "deliver_coffee"}) > greedy.score(state, {"type": "end_turn"})
    assert greedy.score(state, {"type": "pay_baksheesh", "place": 13}) == greedy.RUBY
    house = {"type": "move", "place": COFFEE_HOUSE, "card": None}
    warehouse = {"type": "move", "place": 2, "card": None}
    assert greedy.score(state, house) > greedy.score(state, warehouse)
    assert greedy.score(view(goods={"coffee": 5}), house) == 0  # one coffee short


def test_greedy_values_coffee_tavern_tiles_and_seals_by_the_shared_weights():
    state = view(goods={"coffee": 0})
    roast_lira = {"type": "roast_coffee", "lira": True, "good": None, "card": None}
    # 2 coffee for 2 lira: 6 points for the action, 2 x 2 - 2 = 2 lira gained
    assert greedy.score(state, roast_lira) == 6.0 + box.LIRA_POINTS * (2 * box.COFFEE - 2)
    tile = {"type": "take_tavern_tile", "kind": "movement"}
    assert greedy.score(view(goods={"coffee": 1}), tile) == 6.0 + box.LIRA_POINTS * (box.TAVERN_TILE - box.COFFEE)
    assert greedy.score(state, tile) > greedy.score(state, {"type": "end_turn"})
    assert greedy.score(state, {"type": "visit_embassy"}) == box.LIRA_POINTS * 2 * box.SEAL
    society = {"type": "move", "place": greedy.SECRET_SOCIETY, "card": None}
    assert greedy.score(view(seals=6), society) > greedy.score(view(seals=5), society) == 0
    # a face-up letter naming the place is delivered on arrival: a seal more
    embassy = {"type": "move", "place": greedy.EMBASSY, "card": None}
    assert greedy.score(view(letters=[21]), embassy) - greedy.score(view(), embassy) == box.LIRA_POINTS * box.SEAL


def test_greedy_keeps_its_seals_for_a_ruby_rather_than_a_bonus_turn():
    state = view(seals=4)
    bonus_turn = {"type": "take_bonus_turn", "letters": [2, 3, 4], "sealed": 0}
    assert greedy.score(state, bonus_turn) < greedy.score(state, {"type": "end_turn"})


def test_greedy_does_not_shuttle_its_companion_through_the_fountain():
    state = view(stack=[], companion=0, merchant=7)
    assert greedy.score(state, {"type": "bring_in_companion"}) == 0
    assert greedy.score(state, {"type": "take_companion"}) < 1
    assert greedy.score(view(companion=-1), {"type": "take_companion"}) == box.LIRA_POINTS * box.COMPANION
    assert greedy.score(view(merchant=2), {"type": "bring_in_companion"}) > 0
