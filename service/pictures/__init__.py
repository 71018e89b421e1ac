"""Pictures of a game: pure functions from the view the service already serves to a self-contained SVG.

They read only the view dict (`service.games.views.view`'s output for the caller), never the game's state, so a
picture cannot show more than the JSON view the same caller may read.
"""
