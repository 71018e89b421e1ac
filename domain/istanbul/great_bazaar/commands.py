"""The Great Bazaar's command (imperative), documented like commands.py's: each field's meaning and range as
`Annotated[T, Doc(...)]`."""

from __future__ import annotations

from typing import Annotated

from domain.core import Doc
from domain.istanbul.docs import GOODS_AND_COFFEE, SEAT
from domain.istanbul.frozen import message


@message("visit_catacombs")
class VisitCatacombs:
    """Catacombs 25 (the Great Bazaar): take 1 good of any type or 1 coffee, then the figure that carried out the
    action (merchant stack, companion, or the family member sent from the police station) moves to any other place:
    no action and no encounters there (6.22, R-40)."""

    seat: Annotated[int, SEAT]
    good: Annotated[str, Doc("the good taken (coffee too)", choices=GOODS_AND_COFFEE)]
    place: Annotated[int | None, Doc("where the acting figure goes (any place but the Catacombs 25); null when no "
                                     "figure acted (the tavern's barrier)", minimum=1, maximum=25)] = None


ALL = (VisitCatacombs,)
