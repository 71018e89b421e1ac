"""Mocha & Baksheesh (Istanbul's first box, rules 2.2, 4.2, 6.14-6.17, 7.4-7.6, 8.2, 8.5): places 17-20, coffee,
the guild cards, the tavern's tiles, barrier and baksheesh, the M bonus cards, the coffee trader.

Its modules import the base game (domain/istanbul) and each other, never Letters & Seals; the base takes them in
through the composition points README.md names (content.py, commands.py, events.py, places/__init__.py, ...).
This file imports nothing, so importing one module of the box loads no other."""
