"""Jaipur's table from a seat's (or the spectator's) view: the market, the token piles with their top values,
the caller's own hand (others' hands as face-down cards, or nothing when the options hide their size), herds,
goods and bonus tokens, and seals."""

from __future__ import annotations

from domain.jaipur.words import result as result_words
from domain.svg import (
    circle,
    document,
    el,
    good_colour,
    ink,
    paragraph,
    rect,
    seat_colour,
    status_line,
    text,
    viewer,
)

WIDTH, MARGIN = 640, 10
CARD_W, CARD_H = 70, 96
SMALL_W, SMALL_H = 44, 60
BACK = "#5f3dc4"


def empty_slot(x: float, y: float, w: float = CARD_W, h: float = CARD_H) -> str:
    """A market slot a failed refill left empty (the round's last market): an outline, no card."""
    return el("g", [rect(x, y, w, h, "none", "#adb5bd", 5, stroke_dasharray="4 3"),
                    text(x + w / 2, y + h / 2 + 4, "empty", 9, None, "middle", "#868e96")], class_="card empty")


def card(x: float, y: float, good: str | None, w: float = CARD_W, h: float = CARD_H, kind: str = "card",
         **where) -> str:
    """A face-up card (its good's colour and name) or, with `good` None, a card's back. `where`: the card's slot
    (`data_market=i`, `data_hand=i`) and box (`data_x` ...), which the page's clickable cards are laid over."""
    if good is None:
        return el("g", [rect(x, y, w, h, BACK, "#212529", 5), text(x + w / 2, y + h / 2 + 5, "?", 16, "bold",
                                                                   "middle", "#fff")], class_="card back")
    colour = good_colour(good)
    if where:
        where = {**where, "data_x": round(x, 1), "data_y": round(y, 1), "data_w": w, "data_h": h}
    return el("g", [rect(x, y, w, h, colour, "#212529", 5),
                    text(x + w / 2, y + h / 2 + 4, good, 11 if w >= CARD_W else 9, "bold", "middle", ink(colour))],
              class_=kind, data_good=good, **where)


def token_piles(state: dict, y: float) -> tuple[list[str], float]:
    out = [text(MARGIN, y + 12, "goods tokens (top value, tokens left)", 12, "bold")]
    x = MARGIN + 10
    for good, pile in (state.get("goods_tokens") or {}).items():
        colour = good_colour(good)
        top = pile[0] if pile else "-"
        out.append(el("g", [circle(x + 22, y + 40, 18, colour),
                            text(x + 22, y + 45, top, 14, "bold", "middle", ink(colour)),
                            text(x + 22, y + 74, f"{good} ×{len(pile)}", 10, anchor="middle")],
                      class_="pile", data_good=good))
        x += 70
    bonus = state.get("bonus_tokens") or {}
    labels = {"three": "3 cards", "four": "4 cards", "five_plus": "5+ cards"}
    line = " · ".join(f"{labels.get(tier, tier)}: {count}" for tier, count in bonus.items())
    out.append(text(MARGIN, y + 96, f"bonus tokens left: {line}", 11))
    return out, y + 106


def player_block(body: dict, p: dict, y: float) -> tuple[list[str], float]:
    seat = p["seat"]
    colour = seat_colour(seat)
    acting = seat in (body.get("to_act") or [])
    you = " (you)" if seat == body.get("seat") else ""
    height = 40 + SMALL_H + 26
    out = [rect(MARGIN, y, WIDTH - 2 * MARGIN, height, "#fff4e0" if acting else "#fffdf8", colour, 4,
                stroke_width=3 if acting else 1),
           circle(MARGIN + 14, y + 16, 8, colour), text(MARGIN + 28, y + 20, f"Seat {seat}{you}", 13, "bold")]
    if acting:
        out.append(text(MARGIN + 128, y + 20, "▶ to act", 11, "bold", fill="#d9480f"))
    seals = p.get("seals") or 0
    out.append(text(MARGIN + 204, y + 20, "seals", 11))
    for i in range(max(2, seals)):
        out.append(circle(MARGIN + 246 + 20 * i, y + 16, 7, "#f59f00" if i < seals else "#fff", class_="seal"))
    herd = p.get("herd")
    out.append(text(MARGIN + 310, y + 20, f"herd: {'?' if herd is None else herd} camel"
                    f"{'' if herd == 1 else 's'}", 11))
    tokens = p.get("goods_tokens") or []
    bonus = p.get("bonus_tokens") or []
    out.append(text(MARGIN + 420, y + 20, f"tokens {len(tokens)} = {p.get('goods_total', '?')} · bonus {len(bonus)}",
                    11))
    hand = p.get("hand")
    size = p.get("hand_size")
    cy = y + 30
    if hand is not None:
        for i, good in enumerate(hand):
            out.append(card(MARGIN + 10 + (SMALL_W + 6) * i, cy, good, SMALL_W, SMALL_H, data_hand=i))
        label = f"hand: {len(hand)} card{'' if len(hand) == 1 else 's'}"
    elif size is not None:
        for i in range(size):
            out.append(card(MARGIN + 10 + (SMALL_W + 6) * i, cy, None, SMALL_W, SMALL_H))
        label = f"hand: {size} cards"
    else:
        label = f"hand and herd: {p.get('hand_and_herd_size', '?')} cards"
    if herd:
        hx = MARGIN + 10 + (SMALL_W + 6) * max(len(hand or ()), size or 0, 1) + 24
        out += [card(hx + 5 * i, cy, "camel", SMALL_W, SMALL_H, "card herd")
                for i in range(min(herd, 4))]
        out.append(text(hx + SMALL_W / 2 + 8, cy + SMALL_H + 18, f"herd {herd}", 11, anchor="middle"))
    out.append(text(MARGIN + 10, cy + SMALL_H + 18, label, 11))
    return [el("g", out, class_="player", data_seat=seat)], y + height + 8


def picture(body: dict) -> str:
    state = body.get("state") or {}
    out = [text(MARGIN, 22, f"Jaipur · version {body.get('version')} · {status_line(body)}", 15, "bold")]
    seals = state.get("seals") or []
    out.append(text(MARGIN, 42, f"seen by {viewer(body)} · round {state.get('round')} · "
                                f"seals of excellence {' : '.join(str(s) for s in seals)}", 11))
    y = 56
    out.append(text(MARGIN, y + 12, "market", 12, "bold"))
    for i, good in enumerate(state.get("market") or []):
        x = MARGIN + (CARD_W + 8) * i
        out.append(card(x, y + 20, good, data_market=i) if good is not None else empty_slot(x, y + 20))
    dx = MARGIN + (CARD_W + 8) * 5 + 16
    out += [card(dx, y + 20, None), text(dx + CARD_W / 2, y + CARD_H + 36, f"deck {state.get('deck_size')}", 11,
                                         anchor="middle")]
    discard = state.get("discard") or []
    top = discard[-1] if discard else None
    out.append(text(dx + CARD_W + 12, y + 40, f"discard {len(discard)}", 11))
    if top:
        out.append(text(dx + CARD_W + 12, y + 56, f"top: {top}", 11))
    y += CARD_H + 46
    shapes, y = token_piles(state, y)
    out += shapes
    for p in state.get("players") or []:
        shapes, y = player_block(body, p, y)
        out += shapes
    said = result_words({"result": body.get("result") or state.get("result")})
    if said:
        lines, after = paragraph(MARGIN + 10, y + 20, said, WIDTH - 2 * MARGIN - 20, 12, 6, 16)
        out += [rect(MARGIN, y, WIDTH - 2 * MARGIN, after - y - 4, "#fff4e0", "#d9480f", 6, class_="result"),
                *lines]
        y = after + 4
    return document(WIDTH, y + MARGIN, out, f"Jaipur game {body.get('id')}, {viewer(body)}'s view")
