"""Tournaments in the service: see README.md here."""
