"""Every rule-violation code the tournament Decider raises, defined once. Clients branch on codes, never on messages."""

from __future__ import annotations

INVALID_OPTIONS = "invalid_options"  # shared with the games (domain.core.InvalidOptions)
UNKNOWN_COMMAND = "tournament.unknown_command"  # not one of the tournament's commands
NOT_CREATED = "tournament.not_created"  # any command before create
ALREADY_CREATED = "tournament.already_created"
NOT_REGISTERING = "tournament.not_registering"  # registration and start only before the start
NOT_RUNNING = "tournament.not_running"  # pairing, games and results only between start and finish
ALREADY_REGISTERED = "tournament.already_registered"
UNKNOWN_PLAYER = "tournament.unknown_player"
ALREADY_WITHDRAWN = "tournament.already_withdrawn"
TOO_FEW_PLAYERS = "tournament.too_few_players"  # fewer than one game's worth at the start
BAD_ORDER = "tournament.bad_order"  # a seeding order that is not a permutation of the registered players
SEEDING_DRAWN = "tournament.seeding_drawn"  # registering, drawing again or giving an order after the draw by lot
ROUND_IN_PROGRESS = "tournament.round_in_progress"  # pairing or finishing before the last game of the round ended
NO_ROUNDS_LEFT = "tournament.no_rounds_left"  # pairing after the format's last round
ROUNDS_REMAINING = "tournament.rounds_remaining"  # finishing before the format's last round
UNKNOWN_TABLE = "tournament.unknown_table"  # a game assigned to a table of no current round
TABLE_HAS_GAME = "tournament.table_has_game"  # another game already plays that table
GAME_ELSEWHERE = "tournament.game_elsewhere"  # the game id already plays another table
UNKNOWN_GAME = "tournament.unknown_game"  # a result for a game no table plays
BAD_RESULT = "tournament.bad_result"  # seats out of range, lengths that differ from the table's

ALL_CODES = (
    INVALID_OPTIONS, UNKNOWN_COMMAND, NOT_CREATED, ALREADY_CREATED, NOT_REGISTERING, NOT_RUNNING, ALREADY_REGISTERED,
    UNKNOWN_PLAYER, ALREADY_WITHDRAWN, TOO_FEW_PLAYERS, BAD_ORDER, SEEDING_DRAWN, ROUND_IN_PROGRESS, NO_ROUNDS_LEFT,
    ROUNDS_REMAINING, UNKNOWN_TABLE, TABLE_HAS_GAME, GAME_ELSEWHERE, UNKNOWN_GAME, BAD_RESULT,
)

# A recorded pairing that breaks its format's rules (`decide.accept_pairing`: what an exported log's verifier asks
# instead of running today's planner again). The API never answers these: the service pairs with the planner.
PAIRING_MALFORMED = "tournament.pairing_malformed"  # wrong round number, table numbers, a game or result already
PAIRING_SEATS_TWICE = "tournament.pairing_seats_twice"  # a player at two tables, or seated and given a bye
PAIRING_SEATS_WITHDRAWN = "tournament.pairing_seats_withdrawn"  # a withdrawn player where the format has no place
PAIRING_UNKNOWN_PLAYER = "tournament.pairing_unknown_player"  # a player the tournament does not have
PAIRING_LEAVES_OUT = "tournament.pairing_leaves_out"  # a player of the field neither seated nor given a bye
PAIRING_TABLE_SIZES = "tournament.pairing_table_sizes"  # table sizes or byes the format does not give this field
PAIRING_REPEAT = "tournament.pairing_repeat"  # a repeat pairing (or second bye) the format forbids or could avoid
PAIRING_NOT_THE_BRACKET = "tournament.pairing_not_the_bracket"  # an elimination round the bracket does not give

PAIRING_CODES = (
    PAIRING_MALFORMED, PAIRING_SEATS_TWICE, PAIRING_SEATS_WITHDRAWN, PAIRING_UNKNOWN_PLAYER, PAIRING_LEAVES_OUT,
    PAIRING_TABLE_SIZES, PAIRING_REPEAT, PAIRING_NOT_THE_BRACKET,
)
