"""check_outcome refuses every outcome the dealer could not have drawn for the awaited request."""

import pytest

from domain.core import ChanceDrawn, InvalidChanceOutcome, Pick, Roll, Shuffle, check_outcome
from domain.table.dealer import draw


def drawn(request, outcome, **changes):
    honest = draw(b"seed", 0, request)
    fields = {**honest.__dict__, "outcome": tuple(outcome), **changes}
    return ChanceDrawn(**fields)


@pytest.mark.parametrize("request_, outcome", [
    (Roll("governor", 2, 6), (7, 1)),
    (Roll("governor", 2, 6), (0, 3)),
    (Roll("governor", 2, 6), (3,)),
    (Roll("governor", 2, 6), (3, 3, 3)),
    (Shuffle("deck", 4), (0, 1, 2)),
    (Shuffle("deck", 4), (0, 1, 1, 3)),
    (Shuffle("deck", 4), (0, 1, 2, 4)),
    (Pick("start_player", 3), (3,)),
    (Pick("start_player", 3), (-1,)),
    (Pick("start_player", 3), (True,)),
])
def test_impossible_outcomes_are_refused(request_, outcome):
    with pytest.raises(InvalidChanceOutcome) as err:
        check_outcome(request_, drawn(request_, outcome))
    assert err.value.code == "invalid_chance_outcome"


@pytest.mark.parametrize("change", [{"label": "smuggler"}, {"kind": "pick"}, {"size": 8}, {"dice": 3},
                                    {"secret": True}])
def test_a_draw_for_another_request_is_refused(change):
    request = Roll("governor", 2, 6)
    with pytest.raises(InvalidChanceOutcome):
        check_outcome(request, drawn(request, (3, 4), **change))


def test_nothing_awaited():
    with pytest.raises(InvalidChanceOutcome):
        check_outcome(None, drawn(Roll("governor"), (1, 1)))


@pytest.mark.parametrize("request_", [Roll("governor", 2, 6), Shuffle("deck", 26), Pick("start_player", 5)])
def test_every_honest_draw_passes(request_):
    for index in range(50):
        check_outcome(request_, draw(b"seed", index, request_))
