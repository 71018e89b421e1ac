"""Pictures of a game: pure functions from the view the service already serves to a self-contained SVG.

Each game's own drawing is in its package (`picture`, from domain/svg.py's building blocks); here the dispatch
(`board.py`), the text picture of a game that draws none (`generic.py`) and SVG into PNG (`png.py`). They read
only the view dict (`service.games.views.view`'s output for the caller), never the game's state, so a
picture cannot show more than the JSON view the same caller may read.
"""
