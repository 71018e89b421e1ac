"""The SDK's methods for the games in words, against the real server: a view with its position and result in words,
legal moves with each one's notation and words, the log in words, a move played by its notation (read by the
service), and a malformed game id said plainly. The words are all the service's: the SDK has no notation or words
of its own."""

import pytest

from bazaar_client.sdk import BazaarError, Client


def to_act(bazaar: Client, created) -> Client:
    return bazaar.as_seat(created.token(bazaar.view(created.id).to_act[0]))


def recorded(bazaar: Client, game_id: str, version: int) -> dict:
    """The command the log recorded for the event at `version` (the body the service played), read by the seat
    that played it: a spectator reads no command on a batch whose first event is private (a deal, a draw)."""
    envelope = bazaar.events(game_id, after=version - 1, limit=1).events[0]
    return {k: v for k, v in envelope.command.items() if k != "expected_version"}


def test_each_listed_move_is_said_and_its_notation_plays_exactly_that_move(bazaar):
    created = bazaar.create("jaipur")
    for turn in range(6):
        me = to_act(bazaar, created)
        legal = me.legal_moves(created.id, words=True)
        assert legal.said is not None and len(legal.said) == len(legal.moves)
        assert all(s.notation and s.words for s in legal.said)
        # the service's words say more than the line one types ("Sell 3 cloth for 13 rupees")
        assert all(s.words != s.notation for s in legal.said)
        pick = (turn * 7) % len(legal.moves)  # a different kind of move from turn to turn
        played = me.play_notation(created.id, legal.said[pick].notation, expected_version=legal.version)
        assert played.version > legal.version
        assert recorded(me, created.id, legal.version + 1) == legal.moves[pick]


def test_a_line_the_notation_cannot_read_is_bad_notation_and_nothing_is_played(bazaar):
    created = bazaar.create("jaipur")
    me = to_act(bazaar, created)
    before = me.view(created.id).version
    for line in ("sell purple x2", "frobnicate the market", ""):
        with pytest.raises(BazaarError) as refused:
            me.play_notation(created.id, line)
        assert (refused.value.code, refused.value.status) == ("bad_notation", 400), line
        assert refused.value.detail  # what was expected, for people
    assert me.view(created.id).version == before
    # a line read but against the rules is the game's own refusal, as for a posted body
    with pytest.raises(BazaarError) as against:
        me.play_notation(created.id, "sell diamond x1")
    assert against.value.code == "jaipur.too_few_precious"


def test_the_log_in_words_follows_the_events_as_the_reader_sees_them(bazaar):
    created = bazaar.create("jaipur")
    for _ in range(4):
        me = to_act(bazaar, created)
        me.play(created.id, me.legal_moves(created.id).moves[0])
    seat = bazaar.as_seat(created.token(0))
    everything = seat.log(created.id)
    events = seat.events(created.id)
    assert everything.version == events.version
    versions = [line.version for line in everything.lines]
    assert versions == sorted(set(versions)) and set(versions) <= {e.version for e in events.events}
    assert all(line.text.strip() and line.type for line in everything.lines)
    by_version = {e.version: e for e in events.events}
    assert all(line.seat == by_version[line.version].seat for line in everything.lines)
    later = seat.log(created.id, after=versions[2], limit=2)
    # `limit` counts lines, past the events that say none (a dealer's draw); `next` resumes after the last one
    assert [line.version for line in later.lines] == versions[3:5] and later.next == versions[4]
    assert seat.log_lines(created.id, after=versions[2], limit=2).lines == everything.lines[3:]
    assert any(line.text[0].isupper() and " " in line.text for line in everything.lines)


def test_a_view_in_words_says_the_position_and_at_the_end_the_result(bazaar):
    created = bazaar.create("tiny", options={"goal": 3})
    plain = bazaar.view(created.id)
    assert plain.words is None  # only when asked
    said = bazaar.view(created.id, words=True)
    assert said.version == plain.version and said.state == plain.state
    while not said.finished:
        me = to_act(bazaar, created)
        me.play(created.id, {"type": "add", "amount": 2}, expected_version=None)
        said = bazaar.view(created.id, words=True)
    assert said.words.position and all(isinstance(line, str) and line for line in said.words.position)
    assert said.words.result


def test_a_malformed_game_id_is_said_plainly_with_the_services_code(bazaar):
    for method in ("view", "legal_moves", "log", "events", "wait_for_turn"):
        with pytest.raises(BazaarError) as missing:
            getattr(bazaar.as_seat("some-token"), method)("not-an-id")
        error = missing.value
        assert (error.code, error.status) == ("not_found", 404), method
        assert "'not-an-id'" in error.detail and "URL" not in error.detail, error.detail
    with pytest.raises(BazaarError) as unknown:
        bazaar.view("0000000000000000")
    assert unknown.value.code == "game_not_found"  # a well-formed id of no game: the service's own answer
