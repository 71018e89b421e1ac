"""Mocha & Baksheesh's places: the Coffee Roastery 17, the Guild Hall 18, the Tavern 19, the Coffee House 20. Each
is a place module like the base game's (domain/istanbul/places/__init__.py states what one exports and lists them
all in MODULES); this file imports nothing."""
