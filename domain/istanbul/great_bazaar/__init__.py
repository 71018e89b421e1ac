"""The Great Bazaar (rules 3, 11.1, 11.3; rulebook p.17): both boxes with the base game on a 5x5 grid, and what
exists only then, the Catacombs 25.

What the two boxes change in each other lives in their own modules, read from what is in play (content.py);
this package holds what belongs to neither box alone. Its modules may import the base and both boxes; the base
takes them in through the composition points README.md names. This file imports nothing."""
