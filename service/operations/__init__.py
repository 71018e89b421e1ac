"""Operations: the composition roots and the processes: see README.md here."""
