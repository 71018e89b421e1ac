"""The ruby tracks (6.13): the places whose next ruby the tavern's baksheesh (Mocha & Baksheesh, 7.5) and the
Secret Society (Letters & Seals, 6.21) hand out without its price: the Sultan's Palace 13, the Gemstone Dealer 16
and Mocha & Baksheesh's Coffee House 20, each where it is laid out (the Coffee House beside the Secret Society only
in the Great Bazaar, R-22). Each track module offers `has_ruby`, `refill_due` and `advance`.

The list lives here, in the base, so that neither box imports the other's places: the Coffee House is the one
box module named (a composition point, README.md)."""

from __future__ import annotations

from domain.istanbul.mocha_baksheesh.places import coffee_house
from domain.istanbul.places import gemstone_dealer, sultans_palace

TRACKS = {module.PLACES[0]: module for module in (sultans_palace, gemstone_dealer, coffee_house)}


def with_ruby(state) -> list[int]:
    """The tracks laid out with a ruby on them, in place order."""
    return [p for p, track in TRACKS.items() if p in state.layout and track.has_ruby(state)]
