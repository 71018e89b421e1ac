"""What each of the base game's places offers now, in words, from the view's `places` (its rubies, its tiles, its
prices): "a ruby for 12 lira (9 left)". One function per place number (`OFFERS`: board -> words); each box adds
its own places' (`<box>/words.py`)."""

from __future__ import annotations

from domain.istanbul.data import (
    BLACK_MARKET_BLUE,
    CARAVANSARY_DRAWS,
    MOSQUE_OF,
    SMALL_MOSQUE,
    TEA_HOUSE_FAIL,
    TEA_HOUSE_MAX,
    TEA_HOUSE_MIN,
    WAINWRIGHT_COST,
    WAREHOUSE_GOOD,
)
from domain.istanbul.phrases.terms import Board, good, goods, goods_and_lira, lira, runs
from domain.words import count, listing, seat


def places_of(b: Board) -> dict:
    return b.view.get("places") or {}


def _wainwright(b: Board) -> str:
    here = places_of(b).get("wainwright") or {}
    return (f"a wheelbarrow extension for {lira(WAINWRIGHT_COST)}, the third bringing a ruby "
            f"({count(here.get('extensions', 0), 'extension')} and {count(here.get('rubies', 0), 'ruby', 'rubies')} "
            "left)")


def _caravansary(b: Board) -> str:
    coffee = "; also 1 coffee" if "mocha_baksheesh" in (b.view.get("options") or {}).get("expansions", ()) else ""
    text = f"draw {CARAVANSARY_DRAWS} bonus cards, each from the deck or the discard pile, then discard 1{coffee}"
    tile = places_of(b).get("caravan_tile")
    if tile is not None:
        holder = "lies here" if tile.get("leader") is None else f"is with {seat(tile['leader'])}"
        text += f"; the caravan tile {holder} (its leader keeps both cards)"
    return text


def _fountain(b: Board) -> str:
    text = "bring any of your assistants back to your merchant; no assistant is needed here"
    if (b.view.get("letters")) is not None:
        text += "; the first visit also wins your companion, a later one takes it back from the board"
    return text


def _market(key: str):
    def offers(b: Board) -> str:
        here = places_of(b).get(key) or {}
        if not here.get("demand"):
            return "no demand tile is left"
        payout = listing(here.get("payout") or ())
        return (f"sell up to 5 of the demand tile's goods ({goods(here.get('demand_goods') or {})}) for {payout} lira "
                f"by how many are sold; {count(max(here.get('stack_size', 1) - 1, 0), 'tile')} below")
    return offers


def _palace(b: Board) -> str:
    here = places_of(b).get("sultans_palace") or {}
    extra = f", plus {count(here['any'], 'good')} of any kind" if here.get("any") else ""
    return (f"deliver {goods(here.get('next_goods') or {})}{extra} for a ruby "
            f"({count(here.get('rubies', 0), 'ruby', 'rubies')} left)")


def _mosque(pid: int):
    def offers(b: Board) -> str:
        mosque = (places_of(b).get("mosques") or {}).get("small" if pid == SMALL_MOSQUE else "great") or {}
        tiles = []
        for colour in MOSQUE_OF[pid]:
            stack = mosque.get(colour) or []
            tiles.append(f"the {colour} tile for 1 {good(colour)}, holding {stack[0]}" if stack
                         else f"no {colour} tile left")
        return (f"{'; '.join(tiles)}; owning both of its tiles brings a ruby "
                f"({count(mosque.get('rubies', 0), 'ruby', 'rubies')} left)")
    return offers


def _gemstones(b: Board) -> str:
    here = places_of(b).get("gemstone_dealer") or {}
    return f"a ruby for {lira(here.get('price', 0))} ({count(here.get('rubies', 0), 'ruby', 'rubies')} left)"


def _warehouse(kind: str):
    return lambda b: f"fill your {good(kind)} to capacity"


def _post(b: Board) -> str:
    here = places_of(b).get("post_office") or {}
    return f"the mail: {goods_and_lira(here.get('goods') or {}, here.get('lira', 0))}"


OFFERS = {
    1: _wainwright,
    **{pid: _warehouse(kind) for pid, kind in WAREHOUSE_GOOD.items()},
    5: _post,
    6: _caravansary,
    7: _fountain,
    8: lambda b: f"take 1 fabric, spice or fruit, then roll 2 dice for jewelry ({runs(BLACK_MARKET_BLUE)})",
    9: lambda b: (f"announce {TEA_HOUSE_MIN} to {TEA_HOUSE_MAX} and roll 2 dice: at least the number pays it in lira, "
                  f"less pays {lira(TEA_HOUSE_FAIL)}"),
    10: _market("large_market"),
    11: _market("small_market"),
    12: lambda b: "send your family member to any other place to carry out its action there",
    13: _palace,
    14: _mosque(14),
    15: _mosque(15),
    16: _gemstones,
}
