"""Identities and who owns what: see README.md here."""
