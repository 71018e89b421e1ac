"""Istanbul in words, for every box: the entry the service asks (`WORDS` in the game's __init__; the contract is
DEVELOPERS.md's). Every function reads only what its reader is shown, a view or an envelope as served, never the
state, so the words cannot tell what a view hides (another seat's bonus cards, a card drawn from the deck, the
demand stacks). Names are the rulebook's (domain/istanbul/phrases/terms.py); cards and tiles are named by their
effect, never by their ids. The base game's phrases and each box's are gathered here, table by table, so adding a
box adds a line to BOXES and nothing else; the platform's commands and events are the table's words.
"""

from __future__ import annotations

from domain.istanbul.great_bazaar import words as great_bazaar
from domain.istanbul.letters_seals import words as letters_seals
from domain.istanbul.mocha_baksheesh import words as mocha_baksheesh
from domain.istanbul.phrases import board, cards, log, moves, places, short
from domain.istanbul.phrases.terms import Board
from domain.table import words as table
from domain.words import count, listing, seat, seats, sentence

BOXES = (mocha_baksheesh, letters_seals, great_bazaar)
COMMANDS = {**moves.WORDS, **{kind: said for box in BOXES for kind, said in box.COMMANDS.items()}}
EVENTS = {**log.WORDS, **{kind: said for box in BOXES for kind, said in box.EVENTS.items()}}
TABLES = board.Tables(
    offers={**places.OFFERS, **{pid: said for box in BOXES for pid, said in box.OFFERS.items()}},
    phases={**board.PHASES, **{name: said for box in BOXES for name, said in getattr(box, "PHASES", {}).items()}},
    holdings=tuple(box.holdings for box in BOXES if hasattr(box, "holdings")),
    table=tuple(extra for box in BOXES for extra in (getattr(box, "table", None), getattr(box, "guild_turn", None))
                if extra is not None),
    steps={name: said for box in BOXES for name, said in getattr(box, "STEPS", {}).items()},
    turn=tuple(extra for box in BOXES for extra in (getattr(box, "guild_turn", None), getattr(box, "turn", None))
               if extra is not None),
)
BOX_NAMES = {"mocha_baksheesh": "Mocha & Baksheesh", "letters_seals": "Letters & Seals"}
LAYOUTS = {"short_paths": "the short paths layout", "long_paths": "the long paths layout",
           "ordered": "the places in order", "random": "places laid out at random",
           "recommended": "the rulebook's first layout"}


def command(view: dict, command: dict) -> str:
    """A legal command (wire form, without `seat`) in words, with what it costs and yields as the view shows it."""
    return _command(Board(view), command)


def _command(b: Board, command: dict) -> str:
    said = COMMANDS.get(command.get("type"))
    if said is not None:
        return said(b, command)
    return table.command(command, lambda move: _command(b, move)) or str(command.get("type", "")).replace("_", " ")


def event(envelope: dict, view: dict, reader: int | None) -> str | None:
    """One line of the log from an envelope as served to `reader`, or None for one not worth a line."""
    if table.is_platform(envelope):
        return table.event(envelope, reader, options)
    payload = envelope.get("payload")
    said = EVENTS.get(envelope.get("type"))
    if payload is None or said is None:
        return None
    return said(Board(view), payload)


def options(game_options: dict) -> str | None:
    """The options a game was created with, in words."""
    boxes = list(game_options.get("expansions") or ())
    parts = [listing(BOX_NAMES.get(b, b) for b in boxes) + (" (the Great Bazaar)" if len(boxes) == 2 else "")
             ] if boxes else []
    if game_options.get("layout"):
        parts.append(LAYOUTS.get(game_options["layout"], "its own layout"))
    if game_options.get("neutral_assistants"):
        parts.append("neutral assistants")
    if game_options.get("caravan_leader"):
        parts.append("the caravan leader")
    if game_options.get("bonus_deck") == "letters_seals":
        parts.append("only Letters & Seals' bonus cards")
    return f"with {listing(parts)}" if parts else None


def position(view: dict) -> list[str]:
    """The position in words for the viewer of `view`."""
    return board.position(Board(view), TABLES, result(view))


def short_position(view: dict) -> list[str]:
    """The position in a few lines for the viewer of `view`: what it needs to choose its next move."""
    return short.short_position(Board(view), TABLES, result(view))


def place(view: dict, place_id: int) -> str:
    """A place by name with what it offers now and who stands there."""
    return board.place_line(Board(view), place_id, TABLES)


def card(card_id: str) -> str:
    """A bonus card's, guild card's, tavern or kiosk tile's (or `mosque:<colour>`, `demand:<tile>`, `letter:<place>`,
    `baksheesh:<side>`) effect in a sentence."""
    return cards.card(card_id)


def result(view: dict) -> str | None:
    """Who won, by how much and how (rubies, then the tie-breaks), from a finished view's `result`."""
    res = view.get("result")
    if not res:
        return None
    winners, rubies = res.get("winners") or [], res.get("scores") or []
    ranking = sorted(range(len(rubies)), key=lambda s: (-rubies[s], s))
    scores = "; ".join(f"{seat(s)} with {count(rubies[s], 'ruby', 'rubies')}, {res['lira'][s]} lira, "
                       f"{res['goods'][s]} goods, {count(res['bonus_cards'][s], 'bonus card')}" for s in ranking)
    how = {None: "on rubies", "lira": "on rubies, then lira", "goods": "on rubies, lira, then goods",
           "bonus_cards": "on rubies, lira, goods, then bonus cards",
           "shared": "sharing the victory: tied on rubies, lira, goods and bonus cards"}.get(res.get("tie_break"), "")
    out = [s for s in res.get("forfeited") or []]
    gone = f" ({seats(out)} forfeited)" if out else ""
    verb = "wins" if len(winners) == 1 else "win"
    return sentence(f"{seats(winners)} {verb} {how}{gone}. Final standing: {scores}.")
