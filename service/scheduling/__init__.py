"""Background work: the dealer's rolls, bots' moves, clock timers, sweeps: see README.md here."""
