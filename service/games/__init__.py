"""Games and commands: see README.md here."""
