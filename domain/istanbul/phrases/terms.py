"""Istanbul's vocabulary, and a reader's board: what a view shows, read as the rulebook names it.

Goods are fabric, spice, fruit and jewelry (the colours red, green, yellow, blue of the wire), plus coffee; places
by their names ("the Sultan's Palace"); money is lira; figures are merchants, assistants, family members, the
companion, the governor, the smuggler, the coffee trader and the courier. `Board(view)` answers the questions the
words ask of a view (where a place lies, how far, who stands there), from the view alone.
"""

from __future__ import annotations

from domain.istanbul.data import PLACE_NAMES as BASE_PLACE_NAMES
from domain.words import count, listing, seat

GOOD_NAMES = {"red": "fabric", "green": "spice", "yellow": "fruit", "blue": "jewelry", "coffee": "coffee"}
FIGURE_NAMES = {"governor": "the governor", "smuggler": "the smuggler", "coffee_trader": "the coffee trader",
                "courier": "the courier"}
SUPPLIES = {-1: "in the general supply", 0: "in its owner's supply"}  # the companion off the board (letters_seals)


def good(name: str | None) -> str:
    return "a good" if name is None else GOOD_NAMES.get(name, name.replace("_", " "))


def goods(amounts, empty: str = "nothing") -> str:
    """A goods mapping (or pairs) in words: "1 fabric and 2 jewelry"."""
    items = amounts.items() if hasattr(amounts, "items") else amounts
    return listing((f"{n} {good(g)}" for g, n in items if n), empty)


def goods_and_lira(amounts, lira: int = 0, empty: str = "nothing") -> str:
    parts = [f"{n} {good(g)}" for g, n in (amounts or {}).items() if n] + ([count(lira, "lira", "lira")] if lira else [])
    return listing(parts, empty)


def lira(n: int) -> str:
    return count(n, "lira", "lira")


def runs(table: dict) -> str:
    """A table of yields by dice total as runs of equal yields, nothing left out: "7-8: 1, 9-10: 2, 11-12: 3"."""
    out: list = []
    for total, n in sorted(table.items()):
        if n and out and out[-1][2] == n and out[-1][1] == total - 1:
            out[-1][1] = total
        elif n:
            out.append([total, total, n])
    return ", ".join(f"{a}-{b}: {n}" if a != b else f"{a}: {n}" for a, b, n in out)


def figure(name: str) -> str:
    return FIGURE_NAMES.get(name, "the " + name.replace("_", " "))


class Board:
    """A view read for words: places by name, distances on the grid, the figures on each place."""

    def __init__(self, view: dict):
        self.view = view
        self.reader = view.get("you")
        names = view.get("place_names") or {}
        self.names = {int(k): v for k, v in names.items()} or dict(BASE_PLACE_NAMES)
        self.cells = {pid: (r, c) for r, row in enumerate(view.get("layout") or ()) for c, pid in enumerate(row)}
        self.players = view.get("players") or []

    def place(self, pid: int | None) -> str:
        """"the Sultan's Palace" (a place the view does not name: "place 26")."""
        if pid is None:
            return "nowhere"
        return f"the {self.names[pid]}" if pid in self.names else f"place {pid}"

    def places(self, pids, last: str = "and") -> str:
        return listing((self.place(p) for p in pids), "no place", last)

    def steps(self, a: int | None, b: int) -> int | None:
        if a not in self.cells or b not in self.cells:
            return None
        (ra, ca), (rb, cb) = self.cells[a], self.cells[b]
        return abs(ra - rb) + abs(ca - cb)

    def player(self, s: int | None) -> dict:
        return self.players[s] if s is not None and 0 <= s < len(self.players) else {}

    def me(self) -> dict:
        return self.player(self.reader)

    def acting(self) -> int | None:
        """The seat whose turn it is (the current seat)."""
        return self.view.get("current")

    def figures_at(self, pid: int, but: int | None = None) -> list[str]:
        """Who stands at `pid` besides seat `but`'s own pieces: merchants, companions, family members, neutral
        figures and neutral merchants, in words."""
        out = []
        for p in self.players:
            if p["seat"] == but:
                continue
            if p.get("merchant") == pid:
                out.append(f"{seat(p['seat'])}'s merchant")
            if p.get("companion") == pid:
                out.append(f"{seat(p['seat'])}'s companion")
            if p.get("family_member") == pid:
                out.append(f"{seat(p['seat'])}'s family member")
        out += [figure(name) for name in FIGURE_NAMES if self.view.get(name) == pid]
        out += ["a neutral merchant" for place in self.view.get("neutral_merchants") or () if place == pid]
        return out

    def payees(self, pid: int, mover: int | None, joined: int | None = None) -> list[str]:
        """The figures a merchant arriving at `pid` pays 2 lira each (other players' merchants and companions,
        the neutral merchants), less the merchant an L07 move joined."""
        out = []
        for p in self.players:
            if p["seat"] == mover:
                continue
            if p.get("merchant") == pid and p["seat"] != joined:
                out.append(f"{seat(p['seat'])}'s merchant")
            if p.get("companion") == pid:
                out.append(f"{seat(p['seat'])}'s companion")
        out += ["a neutral merchant" for place in self.view.get("neutral_merchants") or () if place == pid]
        return out

    def assistant_at(self, pid: int, owner: int | None) -> bool:
        return [pid, owner] in (self.view.get("assistants") or [])

    def phase(self) -> dict:
        return self.view.get("phase") or {}
