"""Letters & Seals (Istanbul's second box, rules 2.3, 4.2, 5.7, 5.9, 5.10, 6.18-6.21, 7.7, 7.8, 8.3, 9.2): places
21-24, letters and seals, the bonus turn, the companion, the kiosk's tiles, the auction, the L bonus cards, the
courier.

Its modules import the base game (domain/istanbul) and each other, never Mocha & Baksheesh; the base takes them in
through the composition points README.md names (content.py, commands.py, events.py, places/__init__.py, ...).
This file imports nothing, so importing one module of the box loads no other."""
