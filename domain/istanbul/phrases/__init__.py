"""The phrases Istanbul's words are made of (domain/istanbul/words.py is the entry): its vocabulary and a reader's
board (terms), every card's sentence (cards), the base game's commands (moves), events (log), places (places) and
the position (board). Each box has its own beside its rules (`<box>/card_words.py`, `<box>/words.py`). This file
imports nothing, so importing one phrase module loads no other."""
