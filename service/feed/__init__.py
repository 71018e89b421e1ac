"""The cross-game feed: what follows an append: see README.md here."""
