"""What the Istanbul boxes add to a seat's holdings, valued in lira, for both Istanbul bots: the mcts evaluation
(`bazaar_client.bots.mcts.istanbul.worth`) adds `pieces` to the base game's worth, and greedy's one-ply scores
(`bazaar_client.bots.greedy.istanbul`) value a command that gains or spends these pieces by the same weights, in its own points
(`LIRA_POINTS` per lira). The base game has none of them, so its evaluations are unchanged.

Weights, in lira (a ruby is worth 40 to the mcts evaluation, a lira 1 up to the dearest ruby's price):
- Coffee (Mocha & Baksheesh), `COFFEE` = 2 each up to `COFFEE_NEEDED` = 10, `COFFEE_HOARDED` = 0.3 beyond. It
  buys rubies: 6-10 coffee at the Coffee House, 4 coffee and the baksheesh tile's goods at the Tavern, so 10
  pays for the dearest ruby and more waits for the next one. The Roastery sells 2 coffee for 2 lira, a good or a
  card, the coffee trader 1 for 2 lira: at 2 a roast is a small gain, the trader's lira price none, so
  neither is played for its own sake once the seat holds enough.
- A tavern tile, `TAVERN_TILE` = 8: an ability for the rest of the game (straight moves of any length, or free
  neutral figures), half a mosque tile's 16; it costs 1-4 coffee.
- A guild card, `GUILD_CARD` = 5: a place's action from anywhere instead of moving, plus its extra: twice a
  bonus card's 2.5.
- A seal (Letters & Seals: 1 per face-up letter, 2 per delivered one), `SEAL` = 5: six make a ruby at the
  Secret Society (6 x 5 = 30, below a ruby's 40: the walk there and the ruby track's end), three or four a bonus
  turn.
- The companion once won (in the personal supply or on the board), `COMPANION` = 8: a second figure that acts
  where it stands, worth what the first free assistant is.
- Kiosk tiles act at once, so a seat holds none: a kiosk visit is worth what its letter and tile bring.
- A bonus turn (3 or 4 seals given up), `BONUS_TURN` = 10: about what a turn gains, so it is worth less than the
  seals it costs (15-20) while six seals still buy a ruby: a greedy that valued it at a flat 15 points gave up
  its seals every round and won 2 of 40 Letters & Seals games against one that never took it.
"""

from __future__ import annotations

COFFEE = 2.0
COFFEE_NEEDED = 10
COFFEE_HOARDED = 0.3
TAVERN_TILE = 8.0
GUILD_CARD = 5.0
SEAL = 5.0
COMPANION = 8.0
BONUS_TURN = 10.0
RUBY = 40.0  # the mcts evaluation's ruby, in lira
LIRA_POINTS = 2.5  # greedy's points per lira: its ruby is 100 points
GENERAL_SUPPLY = -1  # the companion's place before anyone won it (domain.istanbul.letters_seals.data)


def coffee(count: int) -> float:
    return COFFEE * min(count, COFFEE_NEEDED) + COFFEE_HOARDED * max(0, count - COFFEE_NEEDED)


def pieces(coffee_held: int = 0, tavern_tiles: int = 0, guild_cards: int = 0, seals: int = 0,
           companion: int = GENERAL_SUPPLY) -> float:
    """The boxes' pieces a seat holds, in lira (0 in the base game)."""
    return (coffee(coffee_held) + TAVERN_TILE * tavern_tiles + GUILD_CARD * guild_cards + SEAL * seals
            + (COMPANION if companion != GENERAL_SUPPLY else 0.0))


def shown(player: dict) -> float:
    """`pieces` of a player as a seat's view shows it (other seats' guild cards by their count)."""
    return pieces(player.get("goods", {}).get("coffee", 0), len(player.get("tavern_tiles", ())),
                  player.get("guild_card_count", 0), player.get("seals", 0),
                  player.get("companion", GENERAL_SUPPLY))
