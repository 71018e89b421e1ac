"""Pairing properties of every format with 7, 8, 9, 16 and 33 players, results drawn by hypothesis: round robin
meets every pair once (Berger, or a resolvable design at tables) or seats tables as evenly as a search can
(checked against brute force where that is small), Swiss never repeats a pairing while a complete pairing without
one exists and gives byes only to players without one, elimination brackets halve with the byes on the top seeds.
Replays through JSON equal play."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.tournament import elimination, schedule, seating, swiss
from domain.tournament.commands import WithdrawPlayer
from domain.tournament.records import meetings
from domain.tournament.state import Finished
from tests.conftest import PROFILE, sized
from tests.unit.tournament.play import Tournament

SIZES = (7, 8, 9, 16, 33)


def random_results(data):
    """Each game: a winner drawn by hypothesis (a draw now and then at two seats), scores by place."""

    def result(table):
        seats = len(table.players)
        if seats == 2 and data.draw(st.integers(0, 9), label="draw?") == 0:
            return (0, 1), (1, 1)
        winner = data.draw(st.integers(0, seats - 1), label="winner")
        scores = tuple(data.draw(st.integers(0, 6), label="rubies") for _ in range(seats))
        return (winner,), scores

    return result


def seated_once(round_, players):
    seated = [p for t in round_.tables for p in t.players] + list(round_.byes)
    assert sorted(seated) == sorted(players)


# --- round robin -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("count", SIZES)
def test_round_robin_head_to_head_meets_every_pair_exactly_once(count):
    run = Tournament.started("jaipur", "round_robin", count)
    run.to_the_end(lambda table: ((0,), (2, 0)))
    rounds = run.state.rounds
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    pairs = Counter(frozenset(t.players) for r in rounds for t in r.tables)
    assert len(pairs) == count * (count - 1) // 2 and set(pairs.values()) == {1}
    byes = Counter(p for r in rounds for p in r.byes)
    assert byes == (Counter(run.state.seeding) if count % 2 else Counter())
    for r in rounds:
        seated_once(r, run.state.seeding)
        assert len(r.byes) == count % 2


def partitions(players, sizes):
    """Every way to seat `players` at tables of `sizes` (tables of one size unordered)."""
    if not sizes:
        yield ()
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for others in itertools.combinations(rest, size - 1):
            table = (first, *others)
            for tail in partitions([p for p in rest if p not in others], left):
                yield (table, *tail)


def evenness(counts: Counter) -> tuple[int, int]:
    """What a plan is judged by, lower is better: pairs that met (negated), then the sum of squared counts."""
    return -len(counts), sum(c * c for c in counts.values())


def meeting_counts(rounds) -> Counter:
    return Counter(frozenset(pair) for r in rounds for t in r for pair in itertools.combinations(t, 2))


def best_evenness(count, sizes, rounds):
    """The best plan there is, by brute force: round 1 may be any seating (rename the players), the later rounds
    are every multiset of seatings."""
    seatings = list(partitions(list(range(count)), list(sizes)))
    first = meeting_counts([seatings[0]])
    best = None
    for later in itertools.combinations_with_replacement(seatings, rounds - 1):
        judged = evenness(first + meeting_counts(later))
        best = judged if best is None else min(best, judged)
    return best


def perfect_evenness(count, sizes, rounds):
    """The plan's meetings poured over the pairs, fewest met first: no plan can do better."""
    meetings_ = sum(s * (s - 1) // 2 for s in sizes) * rounds
    pairs = count * (count - 1) // 2
    low, high = divmod(meetings_, pairs)
    counts = [low + 1] * high + [low] * (pairs - high)
    return -sum(1 for c in counts if c), sum(c * c for c in counts)


def no_swap_evens_it(rounds, players):
    """No swap of two players of one round makes the whole tournament's meetings more even (fewer pairs apart,
    else a smaller sum of squares): no pair meets again while a swap could seat an unmet pair instead."""
    counts = meeting_counts(rounds)
    for number, r in enumerate(rounds):
        for a, b in itertools.combinations(range(len(r)), 2):
            for x in r[a]:
                for z in r[b]:
                    apart, squares = 0, 0  # the change in pairs apart and in the sum of squares
                    for table, leaving, joining in ((r[a], x, z), (r[b], z, x)):
                        for other in table:
                            if other != leaving:
                                gone, met = counts[frozenset((leaving, other))], counts[frozenset((joining, other))]
                                apart += (gone == 1) - (met == 0)
                                squares += (met + 1) ** 2 - met ** 2 + (gone - 1) ** 2 - gone ** 2
                    assert (apart, squares) >= (0, 0), f"round {number + 1}: swapping {x} and {z} evens the meetings"


@pytest.mark.parametrize("count", SIZES)
@pytest.mark.parametrize("table_size", (3, 4, 5))
def test_round_robin_tables_meet_pairs_as_evenly_as_known(count, table_size):
    run = Tournament.started("istanbul", "round_robin", count, table_size=table_size)
    players = run.state.seeding
    run.to_the_end(lambda table: ((0,), tuple(range(len(table.players), 0, -1))))
    rounds = [[t.players for t in r.tables] for r in run.state.rounds]
    sizes = seating.table_sizes(count, table_size)
    assert len(rounds) == math.ceil((count - 1) / (table_size - 1))
    for r in run.state.rounds:
        seated_once(r, players)
        assert sorted(len(t.players) for t in r.tables) == sorted(sizes)
    judged = evenness(meeting_counts(rounds))
    if judged != perfect_evenness(count, sizes, len(rounds)) and count <= 9:  # brute force is cheap up to 9
        assert judged == best_evenness(count, sizes, len(rounds))
    no_swap_evens_it(rounds, players)


@pytest.mark.parametrize("count, table_size", [(9, 3), (15, 3), (21, 3), (27, 3), (33, 3), (16, 4), (28, 4), (25, 5)])
def test_round_robin_tables_meet_every_pair_exactly_once_where_a_design_fits(count, table_size):
    """A Kirkman schedule and its kin (domain/tournament/designs): the search alone met 500 of 33 players' 528
    pairs at tables of three; the tournament meets them all, each once."""
    run = Tournament.started("istanbul", "round_robin", count, table_size=table_size)
    run.to_the_end(lambda table: ((0,), tuple(range(len(table.players), 0, -1))))
    counts = meeting_counts([[t.players for t in r.tables] for r in run.state.rounds])
    assert len(run.state.rounds) == (count - 1) // (table_size - 1)
    assert len(counts) == count * (count - 1) // 2 and set(counts.values()) == {1}


def test_ten_players_at_tables_of_five_meet_42_of_45_pairs_in_three_rounds():
    """The case seating round by round got wrong: 38 pairs; the best plan there is meets 42."""
    run = Tournament.started("istanbul", "round_robin", 10, table_size=5)
    run.to_the_end(lambda table: ((0,), (5, 4, 3, 2, 1)))
    counts = meeting_counts([[t.players for t in r.tables] for r in run.state.rounds])
    assert evenness(counts) == best_evenness(10, (5, 5), 3) and len(counts) == 42


def test_twelve_players_at_tables_of_four_meet_59_pairs_the_most_four_rounds_can():
    """The planner's 59 of 66 (12 players, tables of four, four rounds) is the optimum; a proof by exhaustion,
    under the long profile (about 7 s of CPU; `make test` checks only the planner's figure).

    Counting alone gives 63: fix a round; at each table of another round, four players from three tables of the
    fixed round put two together, so a table meets at most 5 of the pairs the fixed round did not, three rounds
    at most 45 of those 48. That bound is not reached. The search: round 1 is {0-3}, {4-7}, {8-11} (rename the
    players). Round 2 is fixed, up to renaming players within round 1's tables and reordering tables, by how
    many of each round-1 table sit at each round-2 table: a 3x3 matrix with row and column sums 4, up to the
    order of rows and of columns (9 of them). Rounds 3 and 4 are every unordered pair of the 5,775 seatings; a
    round meets at most 18 pairs, so a round 3 already 18 short of 60 is passed over. No plan meets 60.
    (20 players at tables of five meet 175 of 190: the same counting bounds it by 184, and an independent
    simulated annealing from random starts also stopped at 175; a search over 2.4e9 seatings a round is out of
    reach, so that figure is the best found, not a proven optimum.)"""
    run = Tournament.started("istanbul", "round_robin", 12, table_size=4)
    run.to_the_end(lambda table: ((0,), (4, 3, 2, 1)))
    assert len(run.state.rounds) == 4 and len(meeting_counts([[t.players for t in r.tables]
                                                             for r in run.state.rounds])) == 59
    if PROFILE != "long":
        return
    index = {pair: 1 << i for i, pair in enumerate(itertools.combinations(range(12), 2))}

    def pairs_of(seating_):
        return sum(index[pair] for table in seating_ for pair in itertools.combinations(sorted(table), 2))

    seatings = list(partitions(list(range(12)), [4, 4, 4]))
    masks = [pairs_of(s) for s in seatings]
    first = pairs_of(((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)))
    seconds = {}
    for seating_, mask in zip(seatings, masks):
        matrix = [[sum(p // 4 == g for p in table) for g in range(3)] for table in seating_]
        shape = min(tuple(sorted(tuple(row[c] for c in columns) for row in matrix))
                    for columns in itertools.permutations(range(3)))
        seconds.setdefault(shape, mask)
    assert len(seatings) == 5775 and len(seconds) == 9
    for second in seconds.values():
        two = first | second
        for i, third in enumerate(masks):
            three = two | third
            if three.bit_count() + 18 < 60:
                continue
            assert all((three | fourth).bit_count() < 60 for fourth in masks[i:])


def test_a_withdrawal_replans_the_rounds_left_over_the_meetings_so_far():
    run = Tournament.started("istanbul", "round_robin", 9, table_size=3)
    run.round(lambda table: ((0,), (3, 2, 1)))
    run.play(WithdrawPlayer("p9"))
    run.to_the_end(lambda table: ((0,), tuple(range(len(table.players), 0, -1))))
    rounds = run.state.rounds
    assert len(rounds) == 4
    for r in rounds[1:]:
        seated_once(r, [p for p in run.state.seeding if p != "p9"])
        assert sorted(len(t.players) for t in r.tables) == [4, 4]
    # the later rounds cannot be evened out by any swap, counting the first round's meetings too
    no_swap_evens_it([[t.players for t in r.tables] for r in rounds[1:]] + [[t.players for t in rounds[0].tables]],
                     run.state.seeding)
    assert run.replayed_through_json() == run.state


def test_the_plan_is_the_same_every_time():
    def rounds():
        run = Tournament.started("istanbul", "round_robin", 16, table_size=3)
        run.to_the_end(lambda table: ((0,), tuple(range(len(table.players), 0, -1))))
        return [r.tables for r in run.state.rounds]

    first = rounds()
    schedule._plan.cache_clear()
    assert rounds() == first


# --- Swiss -------------------------------------------------------------------------------------------------------

def repeat_free_pairing_exists(state, round_index):
    """Whether round `round_index` could have paired everyone (a bye for a player without one) with no repeat:
    a perfect matching in the graph of allowed pairs (checked with plain maximum cardinality)."""
    rounds = state.rounds[:round_index]
    met = meetings(rounds)
    had_bye = {p for r in rounds for p in r.byes}
    players = list(state.seeding)
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from((a, b) for a, b in itertools.combinations(players, 2) if frozenset((a, b)) not in met)
    if len(players) % 2:
        graph.add_edges_from(("BYE", p) for p in players if p not in had_bye)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == len(players) + len(players) % 2


@pytest.mark.parametrize("count", SIZES)
@settings(max_examples=sized(2, 20))
@given(data=st.data())
def test_swiss_never_repeats_a_pairing_while_avoidable(count, data):
    rounds = min(count - 1, 6) if count > 9 else count  # small fields run past the point where repeats must come
    run = Tournament.started("jaipur", "swiss", count, rounds=rounds)
    run.to_the_end(random_results(data))
    state = run.state
    assert len(state.rounds) == rounds
    seen: Counter = Counter()
    byes: Counter = Counter()
    for index, r in enumerate(state.rounds):
        seated_once(r, state.seeding)
        assert len(r.byes) == count % 2
        repeats = [t.players for t in r.tables if seen[frozenset(t.players)]]
        repeated_bye = [p for p in r.byes if byes[p]]
        if repeat_free_pairing_exists(state, index):
            assert not repeats and not repeated_bye, f"round {index + 1}"
        seen.update(frozenset(t.players) for t in r.tables)
        byes.update(r.byes)
    assert run.replayed_through_json() == state


@pytest.mark.parametrize("count", (8, 16))
def test_swiss_second_round_pairs_within_score_groups(count):
    run = Tournament.started("jaipur", "swiss", count, rounds=3)
    run.round(lambda table: ((0,), (2, 0)))
    run.pair()
    points = {p: 0 for p in run.state.seeding}
    for t in run.state.rounds[0].tables:
        points[t.players[0]] += 1
    assert all(points[a] == points[b] for a, b in (t.players for t in run.state.rounds[1].tables))


@pytest.mark.parametrize("count", SIZES)
@settings(max_examples=sized(1, 10))
@given(data=st.data())
def test_swiss_tables_seat_everyone_by_score(count, data):
    run = Tournament.started("istanbul", "swiss", count, table_size=4, rounds=3)
    run.to_the_end(random_results(data))
    for r in run.state.rounds:
        seated_once(r, run.state.seeding)
        sizes = sorted(len(t.players) for t in r.tables)
        assert sizes == sorted(seating.table_sizes(count, 4))
    assert run.replayed_through_json() == run.state


# --- single elimination ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("count", SIZES)
@settings(max_examples=sized(2, 20))
@given(data=st.data())
def test_elimination_bracket_halves_with_byes_on_the_top_seeds(count, data):
    run = Tournament.started("jaipur", "elimination", count)
    run.to_the_end(random_results(data))
    state = run.state
    size = 1 << (count - 1).bit_length()
    assert len(state.rounds) == int(math.log2(size))
    first = state.rounds[0]
    assert sorted(first.byes) == sorted(state.seeding[:size - count])
    assert [sorted(t.players) for t in first.tables] == [
        sorted(pair) for pair in _pairs(elimination.first_line(state.seeding)) if None not in pair]
    losses = Counter()
    for before, r in zip(state.rounds, state.rounds[1:]):
        winners = {elimination.advancing(t, t.result, 1, _seed(state))[0] for t in before.tables} | set(before.byes)
        assert {p for t in r.tables for p in t.players} | set(r.byes) == winners
    for r in state.rounds:
        for t in r.tables:
            losses.update(p for p in t.players if p != elimination.advancing(t, t.result, 1, _seed(state))[0])
    assert set(losses.values()) == {1} and len(losses) == count - 1  # everyone but the champion lost once
    assert isinstance(state, Finished)


@pytest.mark.parametrize("count", SIZES)
@pytest.mark.parametrize("advance", (1, 2))
@settings(max_examples=sized(1, 10))
@given(data=st.data())
def test_elimination_tables_send_the_top_on_until_a_final_table(count, advance, data):
    run = Tournament.started("istanbul", "elimination", count, table_size=4, advance=advance)
    run.to_the_end(random_results(data))
    state = run.state
    players = list(state.seeding)
    for r in state.rounds:
        seated_once(r, players)
        players = [p for t in r.tables for p in elimination.advancing(t, t.result, advance, _seed(state))]
    assert len(state.rounds[-1].tables) == 1 and len(state.rounds[-1].tables[0].players) <= 4


def _pairs(line):
    return list(zip(line[0::2], line[1::2]))


def _seed(state):
    return {p: i for i, p in enumerate(state.seeding)}


@pytest.mark.parametrize("near", (1, 3, swiss.NEAR))
@settings(max_examples=sized(2, 20))
@given(data=st.data())
def test_swiss_first_attempt_on_near_vertices_keeps_the_guarantees(near, data):
    """Above swiss.FULL players the matching first sees only vertices `near` apart (and the bye only the lowest
    players); when that leaves someone out or forces a repeat, the complete graph decides. Here every field takes
    that road (FULL is lowered for the test; a window of 1 almost always needs the fallback)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(swiss, "FULL", 0)
        patch.setattr(swiss, "NEAR", near)
        run = Tournament.started("jaipur", "swiss", 17, rounds=10)
        run.to_the_end(random_results(data))
    state = run.state
    seen: Counter = Counter()
    byes: Counter = Counter()
    for index, r in enumerate(state.rounds):
        seated_once(r, state.seeding)
        if repeat_free_pairing_exists(state, index):
            assert not [t for t in r.tables if seen[frozenset(t.players)]] and not [p for p in r.byes if byes[p]]
        seen.update(frozenset(t.players) for t in r.tables)
        byes.update(r.byes)
