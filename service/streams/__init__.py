"""Live streams: see README.md here."""
