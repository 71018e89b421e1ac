"""Letters & Seals' places: the Embassy 21, the Kiosk 22, the Auction House 23, the Secret Society 24. Each is a
place module like the base game's (domain/istanbul/places/__init__.py states what one exports and lists them all
in MODULES); this file imports nothing."""
