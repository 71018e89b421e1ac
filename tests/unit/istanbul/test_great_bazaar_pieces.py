"""What the Great Bazaar adds to pieces of the two boxes (rulebook p.13 and p.17, reference 3, 7.7, 8.3, 11.3,
rulings R-20, R-22, R-41): coffee wherever a Letters & Seals item shows it ("Wenn auf Karten oder Plättchen Kaffee
abgebildet ist, wird das nur für die Variante 'Der Große Basar' benötigt": K13, K14, K20, K23, L03), never where
an item says "any good" (the Auction House); the Coffee House 20 as the Secret Society's third track; the tavern's
encounter tile covering the courier; L09 with the coffee trader, paid even with that tile; M06 on the active seat's
K16 die (R-53); L05 carrying out M06 (R-52); L09 in a guild card's turn. BAZAAR_ROWS:

     1  2  3  4  5
     6  8 10 11 12
    13 14  7 15 16
    17 18 19 20 21
    22 23 24  9 25
"""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul.commands import AcceptRoll, BuyRuby, PlayBonusCard, VisitTeaHouse
from domain.istanbul.events import BonusCardPlayed, DiceRolled, RollResolved
from domain.istanbul.letters_seals.commands import (
    ChooseKioskTile,
    JoinSecretSociety,
    UseCourier,
    UseNeutralFigure,
    VisitAuctionHouse,
    VisitKiosk,
)
from domain.istanbul.letters_seals.events import (
    BonusCardCopied,
    CourierUsed,
    KioskDieRolled,
    KioskTileChosen,
    LettersDrawn,
    NeutralFigureUsed,
    SecretSocietyJoined,
)
from domain.istanbul.mocha_baksheesh.commands import PlayGuildCard, TurnDieToSix
from domain.istanbul.mocha_baksheesh.events import DieTurned, YieldsTaken
from domain.istanbul.state import MOVEMENT, CardRoll

from .builders import answer, bazaar, bazaar_acting, codes, play, position, roll
from .places.test_kiosk import on_top


def kiosk_choice(*tiles: str, others: dict | None = None, **player):
    state = bazaar_acting(22, setup_kwargs={"kiosk": on_top(*tiles)}, player={"lira": 5, **player}, others=others)
    _, state = play(state, VisitKiosk(0))
    return state


def uses(state, tile: str, seat: int = 0) -> list:
    return [c for c in game.legal_commands(state, seat) if c.tile == tile and c.use]


def test_k13_and_k14_offer_their_coffee():
    state = kiosk_choice("K13", "K14", "K07")
    assert uses(state, "K13") == [ChooseKioskTile(0, "K13", True, 0), ChooseKioskTile(0, "K13", True, 1)]
    events, after = play(state, ChooseKioskTile(0, "K14", True, 0))
    assert events == [KioskTileChosen(0, "K14", True, 0, gained={"coffee": 1})]
    assert after.players[0].goods == {"coffee": 1}


def test_m06_turns_the_active_seats_k16_die_to_six_a_passive_seats_die_pays_at_once():
    """R-53: M06 ("Drehe nach einem Wurf einen der Würfel auf 6") applies to any roll for the active seat's own
    effect, K16 included: its die waits for accept_roll or M06 before the next seat chooses. A passive seat chooses
    outside its own turn and plays no card, so its die pays at once."""
    state = kiosk_choice("K16", "K07", "K05", hand=("M06",))
    _, state = play(state, ChooseKioskTile(0, "K16", True))
    events, state = answer(state, (2,))
    assert events[1:] == [DiceRolled(0, "kiosk_die", (2,))] and state.card_step == CardRoll("kiosk_die", (2,))
    assert game.to_act(state) == (0,) and game.legal_commands(state, 0) == [AcceptRoll(0), TurnDieToSix(0, 0)]
    assert game.legal_commands(state, 1) == [] and game.timeout_command(state, 0) == AcceptRoll(0)
    events, state = play(state, TurnDieToSix(0, 0))
    assert events == [BonusCardPlayed(0, "M06", "die_to_six"), DieTurned(0, 0, (6,)), YieldsTaken(0, (6,), {}, 6)]
    assert state.players[0].lira == 11 and state.card_step is None and game.to_act(state) == (1,)
    passive = kiosk_choice("K07", "K16", "K05", others={1: {"hand": ("M06",)}})
    _, passive = play(passive, ChooseKioskTile(0, "K07", True))
    _, passive = play(passive, ChooseKioskTile(1, "K16", True))
    events, passive = answer(passive, (2,))
    assert events[1:] == [KioskDieRolled(1, 2)] and game.to_act(passive) == (0,)


def test_l05_carries_out_m06_on_top_of_the_discard_pile_even_the_one_just_played():
    """R-52: L05 carries out the discard pile's top card under its own timing; M06's is "after a roll", so L05
    copies it with turn_die_to_six (`card` L05), and a roll waits for it as for M06 itself."""
    state = bazaar_acting(9, player={"hand": ("L05",)}, discard=("M06",))
    _, state = play(state, VisitTeaHouse(0, 9))
    events, state = roll(state, 3, 5)
    assert events[1:] == [DiceRolled(0, "tea_house", (3, 5))]
    assert game.legal_commands(state, 0) == [AcceptRoll(0), TurnDieToSix(0, 0, "L05"), TurnDieToSix(0, 1, "L05")]
    events, state = play(state, TurnDieToSix(0, 1, "L05"))
    assert events == [BonusCardPlayed(0, "L05", "copy_discard"), BonusCardCopied(0, "M06", "die_to_six"),
                      DieTurned(0, 1, (3, 6)), RollResolved(0, "tea_house", 9, 0, 9)]
    assert state.discard == ("M06", "L05") and state.players[0].hand == ()
    both = bazaar_acting(9, player={"hand": ("L05", "M06")})
    _, both = play(both, VisitTeaHouse(0, 12))
    _, both = roll(both, 3, 5)
    assert TurnDieToSix(0, 0, "L05") not in game.legal_commands(both, 0)  # the discard pile is empty
    events, both = play(both, TurnDieToSix(0, 0))
    assert events == [BonusCardPlayed(0, "M06", "die_to_six"), DieTurned(0, 0, (6, 5))]  # L05 may copy it now
    assert game.legal_commands(both, 0) == [AcceptRoll(0), TurnDieToSix(0, 1, "L05")]
    events, both = play(both, TurnDieToSix(0, 1, "L05"))
    assert events[-1] == RollResolved(0, "tea_house", 12, 0, 12) and both.players[0].lira == 2 + 12


def test_k20_pays_or_takes_coffee_too():
    state = kiosk_choice("K20", "K07", "K08", goods={"coffee": 1})
    assert ChooseKioskTile(0, "K20", True, 0, "coffee") in uses(state, "K20")
    events, after = play(state, ChooseKioskTile(0, "K20", True, 0, "coffee"))
    assert events[0] == KioskTileChosen(0, "K20", True, 0, paid={"coffee": 1})
    assert isinstance(events[1], LettersDrawn) and after.players[0].goods == {}
    took = [c for c in uses(state, "K20") if c.option == 1]  # the kiosk's own letter may pay
    assert {c.good for c in took} == {"red", "green", "yellow", "blue", "coffee"}


def test_k23_buys_or_sells_coffee_too():
    state = kiosk_choice("K23", "K07", "K08", goods={"coffee": 2})
    assert {c.good for c in uses(state, "K23") if c.option == 0} == {"red", "green", "yellow", "blue", "coffee"}
    assert [c.good for c in uses(state, "K23") if c.option == 1] == ["coffee"]
    events, after = play(state, ChooseKioskTile(0, "K23", True, 1, "coffee"))
    assert events == [KioskTileChosen(0, "K23", True, 1, lira=3, paid={"coffee": 1})]
    assert after.players[0].goods == {"coffee": 1} and after.players[0].lira == 8


def test_l03_takes_coffee_as_its_good():
    state = position(bazaar(2), current=0, phase=MOVEMENT, players={0: {"hand": ("L03",), "goods": {"coffee": 1},
                                                                       "lira": 0}})
    assert [c for c in game.legal_commands(state, 0) if c.card == "L03"] == [PlayBonusCard(0, "L03", "coffee")]
    events, after = play(state, PlayBonusCard(0, "L03", "coffee"))
    assert events == [BonusCardPlayed(0, "L03", "good_for_lira", good="coffee", lira=7)]
    assert after.players[0].lira == 7 and after.players[0].goods == {}


def test_the_auction_houses_good_is_never_coffee():
    """Rulebook p.21: "Nimm 1 beliebige Ware" (R-20: no "auch Kaffee", so no coffee)."""
    state = bazaar_acting(23, player={"lira": 3})
    assert {c.good for c in game.legal_commands(state, 0) if isinstance(c, VisitAuctionHouse)} == {
        "red", "green", "yellow", "blue"}


def test_the_secret_society_may_take_the_coffee_houses_ruby():
    """Rulebook p.21: "Sultanspalast 13, Edelsteinhändler 16 oder Kaffeehaus 20 (bei der Variante 'Der Große
    Basar')" (R-22)."""
    state = bazaar_acting(24, seats=3, player={"sealed": (1, 2, 3)})
    pile = list(state.letters.pile)
    for place in (1, 2, 3):
        pile.remove(place)
    state = position(state, letters=state.letters.__class__(pile=tuple(pile)))
    assert {c.place for c in game.legal_commands(state, 0) if isinstance(c, JoinSecretSociety)} == {13, 16, 20}
    house = state.places["coffee_house"]
    events, after = play(state, JoinSecretSociety(0, (), 3, 20))
    assert events == [SecretSocietyJoined(0, (), (1, 2, 3), 20, False, 3)]
    assert after.players[0].rubies == 1 and after.places["coffee_house"].taken == house.taken + 1
    assert after.places["coffee_house"].rubies == house.rubies - 1


def test_the_tavern_encounter_tile_covers_the_courier():
    """Rulebook p.17: "Das Tavernen-Plättchen, das sich auf Gouverneur, Schmuggler und Kaffeehändler bezieht, gilt
    auch für den Kurier." """
    state = bazaar_acting(3, courier=3, player={"tavern_tiles": ("encounter_1",), "lira": 0})
    assert [c for c in game.legal_commands(state, 0) if isinstance(c, UseCourier)] == [UseCourier(0, "free")]
    events, after = play(state, UseCourier(0, "free"))
    assert isinstance(events[0], LettersDrawn) and events[1] == CourierUsed(0, 0, (), ())
    assert len(after.players[0].letters) == 1 and after.players[0].lira == 0


def test_l09_uses_the_coffee_trader_and_pays_even_with_the_encounter_tile():
    """L09: "Nutze den Gouverneur, Schmuggler, Kurier oder Kaffeehändler (bei der Variante 'Der Große Basar') und
    zahle die Kosten"; R-41: the tavern's encounter tile waives nothing here."""
    state = position(bazaar(2), current=0, phase=MOVEMENT, coffee_trader=10,
                     players={0: {"hand": ("L09",), "lira": 2, "goods": {"red": 1}, "tavern_tiles": ("encounter_1",)}})
    listed = [c for c in game.legal_commands(state, 0) if isinstance(c, UseNeutralFigure) and
              c.figure == "coffee_trader"]
    assert listed == [UseNeutralFigure(0, "L09", "coffee_trader", "lira"),
                      UseNeutralFigure(0, "L09", "coffee_trader", "red")]
    events, after = play(state, UseNeutralFigure(0, "L09", "coffee_trader", "red"))
    assert events[1] == NeutralFigureUsed(0, "coffee_trader", "coffee", 1, 0, None, "red")
    assert after.players[0].goods == {"coffee": 1} and game.chance(after).label == "coffee_trader"


def test_l09_in_a_guild_cards_turn_while_its_action_stays_possible():
    """Rulebook p.13: in a guild card's turn only the bonus cards and tiles bound to a place are barred ("Andere
    Bonuskarten dürfen aber gespielt werden"); L09 is neither bound to a place nor an encounter. The card's action
    is still owed (5.8): a use after which it could not be carried out is not offered (16 lira, price 15)."""
    state = position(bazaar(2), current=0, phase=MOVEMENT, smuggler=10,
                     players={0: {"guild_hand": ("G16",), "hand": ("L09",), "lira": 16, "goods": {"red": 1}}})
    _, state = play(state, PlayGuildCard(0, "G16"))
    listed = [c for c in game.legal_commands(state, 0) if isinstance(c, UseNeutralFigure) and c.good == "blue"]
    assert listed == [UseNeutralFigure(0, "L09", "smuggler", pay, "blue") for pay in ("blue", "red")]
    assert codes(lambda: game.decide(state, UseNeutralFigure(0, "L09", "smuggler", "lira", "blue"))) == \
        "istanbul.guild_card_incomplete"
    events, state = play(state, UseNeutralFigure(0, "L09", "smuggler", "red", "blue"))
    assert events[1] == NeutralFigureUsed(0, "smuggler", "blue", 1, 0, None, "red")
    _, state = roll(state, 3, 3)
    assert state.figures["smuggler"] == 6 and BuyRuby(0) in game.legal_commands(state, 0)
