"""Random complete Jaipur matches through the generic contract (legal_commands / decide / evolve), with the
real dealer. At every step: cards and tokens conserved (R-32), hand limit held, every listed command
accepted, mutated unlisted commands refused with a known code, evolve leaves its input untouched, views
and redacted events leak neither the other hand nor the deck order; at the end, replaying the events
(through the JSON codec) rebuilds exactly the live state."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from domain import jaipur
from domain.core import ChanceDrawn, RuleViolation
from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.components import (
    BONUS_TIERS,
    BONUS_VALUES,
    CAMEL,
    CAMEL_TOKEN_VALUE,
    CARD_COUNTS,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
)
from domain.jaipur.events import BonusPileShuffled, GoodsSold, RoundDealt, RoundEnded
from domain.jaipur.state import Round
from domain.jaipur.violations import ALL_CODES
from events.codec import to_wire
from tests.conftest import GAMES_SCALE, sized
from tests.contract.profiles import JAIPUR_OPTIONS as OPTIONS
from tests.contract.profiles import JAIPUR_RULE_OPTIONS as RULE_OPTIONS
from tests.support.driver import Table
from tests.unit.jaipur.builders import cards_in
from tests.unit.jaipur.observers import Attacker, observed, twin_deal

MATCHES = sized(ci=40, long=500)
DEEP_COPY_EVERY = 25  # besides a hash on every step, compare with a deep copy taken before the step
VIEW_CHECK_EVERY = 4  # the view non-interference check runs on every 4th step (every step with the long profile)
STATS = Counter()


def check_round(r: Round) -> None:
    assert cards_in(r) == Counter(CARD_COUNTS), "55 cards conserved (R-32)"
    assert CAMEL not in r.discard
    for p in r.players:
        assert len(p.hand) <= HAND_LIMIT, "hand limit"
        assert CAMEL not in p.hand and p.herd >= 0 and list(p.hand) == sorted(p.hand)
    for i, good in enumerate(GOODS):
        collected = [t.value for p in r.players for t in p.goods_tokens if t.good == good]
        assert sorted(collected + list(r.goods_piles[i])) == sorted(GOODS_TOKENS[good]), "goods tokens conserved"
        assert r.goods_piles[i] == GOODS_TOKENS[good][len(collected):], "taken from the top"
        assert len(collected) == min(r.discard.count(good), len(GOODS_TOKENS[good]))
    if r.is_set_up:
        for i, tier in enumerate(BONUS_TIERS):
            collected = [t.value for p in r.players for t in p.bonus_tokens if t.tier == tier]
            assert sorted(collected + list(r.bonus_piles[i])) == sorted(BONUS_VALUES[tier]), "bonus tokens conserved"
        assert sum(1 for pile in r.goods_piles if not pile) < 3 and None not in r.market, "round should have ended"
        assert len(r.market) == 5


def check_views(state, r: Round) -> None:
    """No seat sees the other hand, the other seat's split between hand and herd (unless its sizes are
    shown), the deck order or an unrevealed bonus value: changing those leaves the view unchanged."""
    sizes_public = state.options.opponent_sees_herd_size  # equal to opponent_sees_hand_size
    scrambled_players = tuple(
        replace(p, hand=("x",) * (len(p.hand) if sizes_public else len(p.hand) + p.herd),
                herd=p.herd if sizes_public else 0,
                bonus_tokens=tuple(replace(t, value=-1) for t in p.bonus_tokens))
        for p in r.players
    )
    deck_text = json.dumps(list(r.deck))
    for seat in (0, 1, None):
        seen = jaipur.view(state, seat)
        text = json.dumps(seen)
        if len(r.deck) >= 8:
            assert deck_text not in text
        for other in (0, 1):
            if other == seat:
                assert seen["players"][other]["hand"] == list(r.players[other].hand)
                continue
            shown = seen["players"][other]
            assert shown["hand"] is None
            assert (shown["herd"] is None) != sizes_public and (shown["hand_size"] is None) != sizes_public
            assert shown["hand_and_herd_size"] == len(r.players[other].hand) + r.players[other].herd
            players = list(r.players)
            players[other] = scrambled_players[other]
            hidden = replace(state, phase=replace(r, players=tuple(players), deck=tuple(reversed(r.deck)),
                                                  bonus_piles=tuple(p[::-1] for p in r.bonus_piles)))
            assert jaipur.view(hidden, seat) == seen, "view depends on something the seat may not see"


def check_redaction(event, live_hands) -> None:
    for seat in (0, 1, None):
        seen = jaipur.redact(event, seat)
        assert seen is None or seen.TYPE == event.TYPE
        if isinstance(event, ChanceDrawn):
            continue
        if isinstance(event, RoundDealt):
            assert seen.deck is None
            for other in (0, 1):
                if other != seat:
                    assert seen.hands[other] is None
                    assert (seen.herds[other] is None) != event.herds_public  # shown only under R-19's option
                    assert (seen.hand_sizes[other] is None) != event.hand_sizes_public  # R-20's option
        if isinstance(event, BonusPileShuffled):
            assert seen.values is None
        if isinstance(event, GoodsSold) and (seat != event.seat or event.bonus_secret_from_seller):
            assert seen.bonus is None
        json.dumps(to_wire(seen))


def mutations(command, rng: random.Random):
    seat = command.seat
    yield replace(command, seat=1 - seat)
    if isinstance(command, Exchange):
        yield replace(command, camels=command.camels + 1)
        yield replace(command, camels=command.camels - 1)
        yield replace(command, take=command.take[1:])
        yield replace(command, take=tuple(sorted(command.take + (rng.choice(GOODS),))))
        yield replace(command, give=tuple(sorted(command.give + (rng.choice(GOODS),))))
        yield replace(command, take=tuple(reversed(command.take)))
        if command.give:
            yield replace(command, give=command.give[1:], camels=command.camels + 1)
    elif isinstance(command, TakeOne):
        yield TakeOne(seat, rng.choice(GOODS + (CAMEL,)))
    elif isinstance(command, Sell):
        yield replace(command, count=command.count + 1)
        yield replace(command, count=command.count - 1)
        yield Sell(seat, rng.choice(GOODS + (CAMEL,)), command.count)
    yield TakeCamels(seat)


def refused(state, command) -> bool:
    try:
        jaipur.decide(state, command)
    except RuleViolation as error:
        assert error.code in ALL_CODES, error.code
        return True
    return False


def play_match(seed: bytes, policy: int, full_checks: bool, options: dict | None = None) -> Table:
    rng = random.Random(policy)
    table = Table.start(jaipur, options or {}, 2, seed=seed)
    for event in table.events:
        check_redaction(event, None)
    step = 0
    while not jaipur.is_terminal(table.state):
        state = table.state
        assert jaipur.chance(state) is None
        (seat,) = jaipur.to_act(state)
        r = state.phase
        check_round(r)
        legal = jaipur.legal_commands(state, seat)
        assert legal, "a legal command always exists (R-23)"
        assert jaipur.legal_commands(state, 1 - seat) == []
        listed = set(legal)  # that each is accepted is the conformance suite's (tests/contract)
        if full_checks or step % VIEW_CHECK_EVERY == 0:
            check_views(state, r)
        by_type: dict = {}
        for command in legal:
            by_type.setdefault(command.TYPE, []).append(command)
        kind = rng.choice(sorted(by_type))
        command = rng.choice(by_type[kind])
        for mutant in mutations(command, rng):
            if mutant not in listed:
                assert refused(state, mutant), mutant
        new = table.play(command)
        for event in new:
            check_redaction(event, None)
            if isinstance(event, RoundEnded):
                check_scores(r, event)
        step += 1
        STATS["commands"] += 1
    STATS["matches"] += 1
    return table


def check_scores(before: Round, ended: RoundEnded) -> None:
    assert ended.camel_token in (None, 0, 1)
    assert sum(ended.goods_counts) <= 38 and sum(ended.bonus_counts) <= 18
    for seat in (0, 1):
        assert ended.totals[seat] >= sum(ended.bonus_values[seat]) + (CAMEL_TOKEN_VALUE if ended.camel_token == seat else 0)


def check_end(table: Table) -> None:
    state = table.state
    result = jaipur.result(state)
    assert result["scores"] == list(state.seals)
    assert len(result["rounds"]) == len(state.rounds)
    if result["aborted"]:  # R-22 safety cap: reported apart, no winner
        assert result["winners"] == [] and max(state.seals) < 2
        STATS["aborted"] += 1
    else:
        (winner,) = result["winners"]
        assert state.seals[winner] == 2 and state.seals[1 - winner] <= 1
        assert len(state.rounds) >= 2
    assert jaipur.to_act(state) == () and jaipur.chance(state) is None
    check_final_views(state)  # replay, purity and the codec round trip are the conformance suite's


def check_final_views(state) -> None:
    """After the end nothing is secret: everyone sees the final board with every hand, herd and bonus value."""
    board = state.phase.final_round
    assert board is not None and board.is_set_up
    views = [jaipur.view(state, seat) for seat in (0, 1, None)]
    assert all({**v, "you": None} == views[2] for v in views)
    v = views[2]
    assert v["phase"] == "match_over" and v["result"] == jaipur.result(state) and v["round"] == board.number
    assert v["market"] == list(board.market) and v["deck_size"] == len(board.deck)
    for p, shown in zip(board.players, v["players"]):
        assert shown["hand"] == list(p.hand) and shown["herd"] == p.herd and shown["hand_size"] == len(p.hand)
        assert [t["value"] for t in shown["bonus_tokens"]] == [t.value for t in p.bonus_tokens]


HIDDEN_SIZES = {"opponent_sees_hand_size": False, "opponent_sees_herd_size": False}
SHOWN_SIZES = {"opponent_sees_hand_size": True, "opponent_sees_herd_size": True}


@settings(max_examples=MATCHES)
@given(seed=st.binary(min_size=1, max_size=16), policy=st.integers(0, 2**32 - 1), options=OPTIONS)
def random_matches_keep_every_invariant(seed, policy, options):
    table = play_match(seed, policy, full_checks=GAMES_SCALE > 1, options=options)
    check_end(table)


def test_random_matches_keep_every_invariant():
    """Every match keeps the invariants, and the test really played the matches it claims (counted here, in the
    same test, so the count holds whichever worker runs it and whatever else runs)."""
    before = STATS.copy()
    random_matches_keep_every_invariant()
    played, aborted = STATS["matches"] - before["matches"], STATS["aborted"] - before["aborted"]
    assert played >= MATCHES
    assert aborted < played / 2, "most matches are played to a winner"


SECRECY_MATCHES = sized(ci=60, long=200)


def random_command(state, rng: random.Random):
    """A legal command of the seat to act: a random kind, then a random command of that kind."""
    by_type: dict = {}
    for command in jaipur.legal_commands(state, jaipur.to_act(state)[0]):
        by_type.setdefault(command.TYPE, []).append(command)
    return rng.choice(by_type[rng.choice(sorted(by_type))])


def secrecy_run(seed: bytes, policy: int, options: dict) -> None:
    """Round 1 of a match and, in step with it, its twin: dealt alike except that seat `s` got one camel
    more and one goods card fewer (or the reverse), the swapped card lying deepest in the deck.

    With the sizes hidden, seat 1 - s and the spectator must be shown byte-identical events and views until
    the twins really differ (the twin cannot make the same move, the swapped card is drawn, or the round
    is scored), and the attacker (`observers.Attacker`, fed the same) must be left with both herds possible.
    With the sizes shown, the same attacker must name every herd exactly: it is not too weak to notice."""
    hidden = not options.get("opponent_sees_herd_size", True)
    rng = random.Random(policy)
    table = Table.start(jaipur, options, 2, seed=seed)
    draws = [e for e in table.events if isinstance(e, ChanceDrawn)]
    deck_draw = next(d for d in draws if d.label == "deck")
    s = rng.randrange(2)
    twin = twin_deal(deck_draw.outcome, table.state.phase.starter, s)
    if twin is None:
        STATS["secrecy: no twin"] += 1
        return
    outcome, depth = twin
    twin_state, twin_new = jaipur.initial_state(options, 2), []
    for draw in draws:
        draw = replace(draw, outcome=outcome) if draw is deck_draw else draw
        for event in [draw, *jaipur.decide(twin_state, draw)]:
            twin_state = jaipur.evolve(twin_state, event)
            twin_new.append(event)
    new = [list(table.events), twin_new]
    observers = (1 - s, None)
    attackers = {(w, o): Attacker() for w in (0, 1) for o in observers}
    while True:
        states = (table.state, twin_state)
        herds = [tuple(p.herd for p in state.phase.players) for state in states]
        assert abs(herds[0][s] - herds[1][s]) == 1 and herds[0][1 - s] == herds[1][1 - s]
        for o in observers:
            for w in (0, 1):
                attacker = attackers[w, o]
                for event in new[w]:
                    attacker.event(jaipur.redact(event, o))
                attacker.view(jaipur.view(states[w], o))
                assert herds[w] in attacker.splits, "the attacker ruled out the truth"
            if hidden:
                assert observed(states[0], new[0], o) == observed(states[1], new[1], o), (
                    f"what {o} is shown depends on seat {s}'s split")
                assert {herds[0][s], herds[1][s]} <= attackers[0, o].herds(s) == attackers[1, o].herds(s)
                STATS[HIDDEN] += 1
            else:
                assert [attackers[w, o].splits for w in (0, 1)] == [{herds[0]}, {herds[1]}]
                STATS[SHOWN] += 1
        command = random_command(table.state, rng)
        try:
            twin_new = jaipur.decide(twin_state, command)
        except RuleViolation:
            return  # the twins part: one can make this move, the other cannot
        new = [table.play(command), twin_new]
        for event in twin_new:
            twin_state = jaipur.evolve(twin_state, event)
        if jaipur.is_terminal(table.state) or any(isinstance(e, RoundEnded) for e in twin_new) \
                or 40 - len(table.state.phase.deck) > depth:
            return  # scored (the camel token compares the herds), or the swapped card came off the deck


@settings(max_examples=SECRECY_MATCHES)
@given(seed=st.binary(min_size=1, max_size=16), policy=st.integers(0, 2**32 - 1), rules=RULE_OPTIONS)
def hidden_sizes_cannot_be_derived_from_what_the_others_are_shown(seed, policy, rules):
    secrecy_run(seed, policy, {**rules, **HIDDEN_SIZES})
    secrecy_run(seed, policy, {**rules, **SHOWN_SIZES})


HIDDEN, SHOWN = "secrecy: positions where the herd stayed hidden", "secrecy: positions where the shown sizes gave the herds away"


def test_hidden_sizes_cannot_be_derived_from_what_the_others_are_shown():
    """And it really compared twins, with the sizes hidden and shown (counted in the same test)."""
    before = STATS.copy()
    hidden_sizes_cannot_be_derived_from_what_the_others_are_shown()
    hidden, shown = STATS[HIDDEN] - before[HIDDEN], STATS[SHOWN] - before[SHOWN]
    assert hidden >= 10 * SECRECY_MATCHES and shown >= 10 * SECRECY_MATCHES, (hidden, shown)

