"""Letters & Seals (and so the Great Bazaar) for the Istanbul search: what the box adds to a state determinised
from a seat's view (`bazaar_client.bots.mcts.istanbul.IstanbulSimulator.determinise`).

The view shows every seat's face-up letters (their places), how many letters each has delivered, its seals and
its companion; the letter pile's size and how many letters are spent; this round's bonus turns; the kiosk's
stack size, its discard pile's size and top, and the tiles of a visit under way; the Secret Society's lira stacks
left; the auction's bids (they are open). Hidden, and drawn here afresh for each determinisation:
- the places of the delivered letters (their backs look alike, even to their owner), the pile's order and the
  spent letters: the 36 letters less the face-up ones, dealt at random to the delivered piles, the pile and the
  spent pile;
- the kiosk's stack and its discard pile below the top: the 24 tiles less the visit's and the discard's top;
- who took the Secret Society's lira stacks (the view shows how many are left, not who took them: distinct seats,
  drawn at random);
- the action a kiosk choice or an auction interrupts (the view hides it: the active seat's action at that place,
  done once when the choosing or the bidding ends).
The L bonus cards are in the box's bonus deck and are dealt with it (`deal_cards`).
"""

from __future__ import annotations

import random

from bazaar_client.bots.mcts.draws import shuffle
from domain.istanbul.letters_seals.data import AUCTION_HOUSE, KIOSK, KIOSK_TILE_IDS, LETTERS, SOCIETY_LIRA
from domain.istanbul.letters_seals.places import auction_house, kiosk, secret_society
from domain.istanbul.state import LetterSupply, action_at

# the phases the box adds, by the name the view gives them, with the place whose action they interrupt
PHASES = {"KioskChoice": (kiosk.KioskChoice, KIOSK), "Auction": (auction_house.Auction, AUCTION_HOUSE)}


def in_play(v: dict) -> bool:
    return "letters" in v


def paused_phase(name: str, fields: dict):
    """A kiosk choice or an auction, with the action it interrupts (hidden in the view) as a fresh action at
    its place."""
    cls, place = PHASES[name]
    return cls(**fields, action=action_at(place))


def deal_letters(v: dict, rng: random.Random) -> tuple[list[tuple[int, ...]], LetterSupply]:
    """(each seat's delivered letters, the letter supply): the letters nobody shows face up, at random."""
    unseen = [letter.place for letter in LETTERS]
    for p in v["players"]:
        for place in p["letters"]:
            unseen.remove(place)
    shuffle(rng, unseen)
    sealed = []
    for p in v["players"]:
        n = p["sealed_letters"]
        sealed.append(tuple(sorted(unseen[:n])))
        unseen = unseen[n:]
    shown = v["letters"]
    size = shown["pile_size"]
    pile, spent = tuple(unseen[:size]), tuple(unseen[size:size + shown["spent"]])
    supply = LetterSupply(pile=pile, discard=spent, bonus_turns=tuple(shown["bonus_turns"]),
                          bonus_turn=shown["bonus_turn"])
    return sealed, supply


def deal_kiosk_tiles(v: dict, rng: random.Random) -> kiosk.KioskTiles:
    """The kiosk's tiles: the visit's and the discard's top as shown, the others dealt to the stack and below
    the discard's top at random."""
    shown = v["places"]["kiosk"]
    top = shown["discard_top"]
    seen = {*shown["shown"], *shown["turned"], *([top] if top else [])}
    unseen = [tile for tile in KIOSK_TILE_IDS if tile not in seen]
    shuffle(rng, unseen)
    size = shown["stack_size"]
    stack, rest = tuple(unseen[:size]), tuple(unseen[size:])
    return kiosk.KioskTiles(stack=stack, discard=(*rest, top) if top else rest, shown=tuple(shown["shown"]),
                            turned=tuple(shown["turned"]))


def society(v: dict, rng: random.Random) -> secret_society.SecretSociety:
    """Who took the lira stacks taken so far: as many distinct seats, at random."""
    taken = len(SOCIETY_LIRA) - len(v["places"]["secret_society"]["lira_stacks"])
    return secret_society.SecretSociety(tuple(rng.sample(range(v["seats"]), taken)))


def slices(v: dict, rng: random.Random) -> dict:
    """The box's place slices for one determinisation."""
    return {kiosk.KEY: deal_kiosk_tiles(v, rng), secret_society.KEY: society(v, rng)}
