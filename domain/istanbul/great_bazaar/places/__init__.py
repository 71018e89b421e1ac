"""The Great Bazaar's place: the Catacombs 25, a place module like the base game's (domain/istanbul/places/__init__.py
states what one exports and lists them all in MODULES); this file imports nothing."""
