"""Ratings: Elo by hand, openskill's Weng-Lin on tables, each game once, histories, and a whole tournament fed in."""

from __future__ import annotations

import pytest

from domain.tournament.ratings import (
    ELO,
    WENG_LIN,
    Rating,
    new_book,
    rate,
    rate_tournament,
    rating,
    system_for,
    trusted,
)
from tests.unit.tournament.play import Tournament, strongest_wins

CLUB = "c1ub000000000000"  # the organiser that owns the games below


def test_elo_moves_equal_players_by_half_of_k():
    book = rate(new_book(ELO), "g1", "casual", CLUB, ("ann", "bob"), (1, 2))
    assert book.ratings == {"ann": Rating(1516.0, 0.0, 1), "bob": Rating(1484.0, 0.0, 1)}


def test_elo_rewards_an_upset_more_than_an_expected_win():
    book = rate(new_book(ELO), "g1", "casual", CLUB, ("ann", "bob"), (1, 2))  # 1516 vs 1484
    # expected score of bob: 1 / (1 + 10^(32/400)) = 0.454078; bob wins: 32 * (1 - 0.454078) = 17.4695
    upset = rate(book, "g2", "casual", CLUB, ("ann", "bob"), (2, 1))
    assert upset.ratings["bob"].mu == pytest.approx(1484 + 17.4695, abs=1e-3)
    assert upset.ratings["ann"].mu == pytest.approx(1516 - 17.4695, abs=1e-3)
    drawn = rate(book, "g2", "casual", CLUB, ("ann", "bob"), (1, 1))
    assert drawn.ratings["ann"].mu == pytest.approx(1516 - 32 * (0.545922 - 0.5), abs=1e-3)


def test_a_game_is_rated_once():
    book = rate(new_book(ELO), "g1", "casual", CLUB, ("ann", "bob"), (1, 2))
    assert rate(book, "g1", "casual", CLUB, ("ann", "bob"), (1, 2)) is book


def test_weng_lin_orders_a_table_by_its_places():
    book = rate(new_book(WENG_LIN), "g1", "t1", CLUB, ("a", "b", "c", "d"), (1, 2, 2, 4))
    mu = {p: book.ratings[p].mu for p in "abcd"}
    assert mu["a"] > 25 > mu["d"] and mu["b"] == pytest.approx(mu["c"]) and mu["a"] > mu["b"] > mu["d"]
    assert all(book.ratings[p].sigma < 25 / 3 for p in "abcd")  # one game in, everyone is better known
    assert rating(book, "new").shown == pytest.approx(0.0)  # 25 - 3 * 25/3


def test_history_lists_each_rated_game_with_before_and_after():
    book = rate(new_book(ELO), "g1", "casual", CLUB, ("ann", "bob"), (1, 2))
    book = rate(book, "g2", "t7", CLUB, ("bob", "cy"), (1, 2))
    assert [(c.game_id, c.source, c.owner, c.place) for c in book.history["bob"]] == [
        ("g1", "casual", CLUB, 2), ("g2", "t7", CLUB, 1)]
    assert book.history["bob"][1].before == book.history["bob"][0].after


def test_a_tournament_rates_its_played_games_and_not_its_walkovers():
    run = Tournament.started("istanbul", "swiss", 8, table_size=4, rounds=2)
    run.to_the_end(strongest_wins(run.state.seeding))
    book = rate_tournament(new_book(WENG_LIN), run.state, "t1", CLUB)
    assert len(book.rated) == 4 and all(len(book.history[p]) == 2 for p in run.state.seeding)
    assert book.ratings["p1"].mu > book.ratings["p8"].mu


def test_the_system_follows_the_game():
    assert system_for(2, 2) == ELO and system_for(4, 5) == WENG_LIN and system_for(2, 5) == WENG_LIN


def test_a_game_is_trusted_only_when_its_owner_created_every_player_it_rates():
    assert trusted(CLUB, (CLUB, CLUB)) and trusted(CLUB, (CLUB, CLUB, CLUB, CLUB, CLUB))
    assert not trusted("rival", (CLUB, CLUB))  # another organiser's game moves none of the club's ratings
    assert not trusted(CLUB, (CLUB, "rival"))  # across two pools: neither is moved
    assert not trusted(CLUB, (CLUB, None))  # an id that is no player of anyone's
    assert not trusted(None, (None, None))  # a game with no owner (made without a token, or by a player)
    assert not trusted(CLUB, ())
