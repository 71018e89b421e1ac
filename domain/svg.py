"""SVG building blocks for the games' pictures (each game's `picture`, e.g. domain/jaipur/picture.py): strings out of
a view, nothing else (no I/O, no state: a picture reads only the view its caller may read).

Everything is drawn with plain shapes and the generic `sans-serif` family: no external font, image or script,
so the document renders the same in a browser, an `<img>` tag and a PNG converter.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

FONT = "sans-serif"

# One colour per seat, told apart also in greyscale (light to dark alternate), up to the 5 seats Istanbul takes.
SEAT_COLOURS = ("#d9480f", "#1c7ed6", "#2b8a3e", "#f59f00", "#862e9c", "#495057")

GOOD_COLOURS = {
    "red": "#c92a2a", "green": "#2f9e44", "yellow": "#f2c200", "blue": "#1864ab", "coffee": "#6f4e37",
    "diamond": "#d0ebff", "gold": "#fcc419", "silver": "#adb5bd", "cloth": "#9c36b5", "spice": "#37b24d",
    "leather": "#8d5524", "camel": "#e8c39e",
}
FALLBACK_GOOD_COLOURS = ("#868e96", "#a61e4d", "#0b7285", "#5c940d", "#e67700")


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def good_colour(good: str) -> str:
    """Known goods keep their colour; a good an expansion adds gets a stable one from its name."""
    if good in GOOD_COLOURS:
        return GOOD_COLOURS[good]
    return FALLBACK_GOOD_COLOURS[sum(good.encode()) % len(FALLBACK_GOOD_COLOURS)]


def attrs(values: dict) -> str:
    # trailing underscores let callers write `class_=`; other underscores become the dashes SVG uses
    return "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in values.items()
                   if v is not None)


def el(tag: str, children: Iterable[str] | str = (), **values) -> str:
    inner = children if isinstance(children, str) else "".join(children)
    if not inner:
        return f"<{tag}{attrs(values)}/>"
    return f"<{tag}{attrs(values)}>{inner}</{tag}>"


def text(x: float, y: float, content, size: float = 12, weight: str | None = None, anchor: str | None = None,
         fill: str = "#212529", **values) -> str:
    return el("text", escape(str(content)), x=round(x, 1), y=round(y, 1), font_size=size, font_weight=weight,
              text_anchor=anchor, fill=fill, **values)


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str | None = "#343a40", rx: float = 0,
         **values) -> str:
    return el("rect", x=round(x, 1), y=round(y, 1), width=round(w, 1), height=round(h, 1), fill=fill,
              stroke=stroke, rx=rx or None, **values)


def circle(cx: float, cy: float, r: float, fill: str, stroke: str | None = "#212529", **values) -> str:
    return el("circle", cx=round(cx, 1), cy=round(cy, 1), r=r, fill=fill, stroke=stroke, **values)


def diamond(cx: float, cy: float, r: float, fill: str, **values) -> str:
    points = f"{cx},{cy - r} {cx + r},{cy} {cx},{cy + r} {cx - r},{cy}"
    return el("polygon", points=points, fill=fill, stroke="#212529", **values)


def ink(fill: str) -> str:
    """Black or white text, whichever reads on `fill` (a #rrggbb colour)."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def document(width: float, height: float, body: Iterable[str], title: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + el("svg", [el("title", escape(title)), rect(0, 0, width, height, "#fdfaf3", None), *body],
                 xmlns="http://www.w3.org/2000/svg", width=round(width), height=round(height),
                 viewBox=f"0 0 {round(width)} {round(height)}", font_family=FONT, role="img"))


def compact(value) -> str:
    """A short text for a value an expansion adds that the picture has no drawing for."""
    if isinstance(value, dict):
        return " ".join(f"{k}:{compact(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ",".join(compact(v) for v in value)
    if value is None:
        return "-"
    return str(value) if not isinstance(value, bool) else ("yes" if value else "no")


def status_line(body: dict) -> str:
    """Whose decision the game awaits, or how it ended, from the table's summary around the view; and that it was
    imported (its play happened elsewhere), which every picture of it says."""
    mark = " · imported" if body.get("imported") else ""
    if body.get("status") == "finished":
        winners = (body.get("result") or {}).get("winners")
        return "finished" + (f" · winner{'s' if len(winners) > 1 else ''}: "
                             + ", ".join(f"seat {s}" for s in winners) if winners else "") + mark
    if body.get("awaiting_chance"):
        return "the dealer is drawing" + mark
    to_act = body.get("to_act") or []
    return "to act: " + (", ".join(f"seat {s}" for s in to_act) or "nobody") + mark


def viewer(body: dict) -> str:
    return "spectator" if body.get("seat") is None else f"seat {body['seat']}"


def chips(x: float, y: float, goods: dict, size: float = 11, zero: bool = False) -> tuple[list[str], float]:
    """Each good as a square of its colour and its count; returns the shapes and the x after them."""
    out = []
    for good, count in goods.items():
        if not zero and not count:
            continue
        out.append(rect(x, y - size + 1, size, size, good_colour(good), "#343a40", data_good=good))
        out.append(text(x + size + 2, y, count, size))
        x += size + 8 + 7 * len(str(count))
    return out, x


# Text widths as em fractions of DejaVu Sans (what `sans-serif` is on Debian, and wider than most sans fonts
# elsewhere), rounded up: a line measured here fits when the browser draws it.
NARROW = set("ijl.,;:'|!()[] ")
SEMI = set("frtI-\"/1")
WIDE = set("mwMW@%")


def text_width(content: str, size: float, bold: bool = False) -> float:
    """An upper estimate of the drawn width of `content` at font size `size`."""
    em = 0.0
    for ch in str(content):
        if ch in NARROW:
            em += 0.34
        elif ch in SEMI:
            em += 0.45
        elif ch in WIDE:
            em += 0.98
        elif ch.isupper() or ch.isdigit():
            em += 0.72 if ch.isupper() else 0.64
        else:
            em += 0.64
    return em * size * (1.14 if bold else 1.0)


def fit(content: str, width: float, size: float, bold: bool = False) -> str:
    """`content`, cut with an ellipsis where it would overflow `width`."""
    content = str(content)
    if text_width(content, size, bold) <= width:
        return content
    while content and text_width(content + "…", size, bold) > width:
        content = content[:-1]
    return content.rstrip(" ,;:") + "…"


def wrap(content: str, width: float, size: float, lines: int, bold: bool = False) -> list[str]:
    """`content` in at most `lines` lines no wider than `width`, words kept whole, the last cut with an ellipsis."""
    out: list[str] = []
    words = str(content).split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and text_width(line + " " + words[0], size, bold) <= width:
            line += " " + words.pop(0)
        out.append(line)
    if words and out:
        out[-1] = fit(out[-1] + " " + " ".join(words), width, size, bold)
    return [fit(line, width, size, bold) for line in out]


def paragraph(x: float, y: float, content: str, width: float, size: float, lines: int, leading: float | None = None,
              **values) -> tuple[list[str], float]:
    """`content` wrapped into text lines from baseline `y`; returns the shapes and the baseline after them."""
    step = leading or size * 1.25
    out = []
    for line in wrap(content, width, size, lines, values.get("weight") == "bold"):
        out.append(text(x, y, line, size, **values))
        y += step
    return out, y


def disc(cx: float, cy: float, colour: str, rx: float = 8, ry: float = 3.5, stroke_width: float = 1,
         **values) -> str:
    """A wooden disc seen from the side: a merchant's or an assistant's."""
    return el("ellipse", cx=round(cx, 1), cy=round(cy, 1), rx=rx, ry=ry, fill=colour, stroke="#212529",
              stroke_width=stroke_width, **values)


def pawn(cx: float, base: float, colour: str, height: float = 18, **values) -> list[str]:
    """A pawn standing on `base`: a body and a head."""
    w = height * 0.42
    top = base - height * 0.62
    body = el("path", d=(f"M{cx - w:.1f},{base:.1f} L{cx - w * 0.45:.1f},{top:.1f} L{cx + w * 0.45:.1f},{top:.1f} "
                         f"L{cx + w:.1f},{base:.1f} Z"), fill=colour, stroke="#212529", stroke_width=1, **values)
    head = circle(cx, top - height * 0.16, height * 0.22, colour)
    return [body, head]
