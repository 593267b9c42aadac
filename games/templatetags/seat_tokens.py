"""The token of a seat beside a player's name (the players' panel of the play page and the
replay): the seat's shape in its colour with the seat number on it, as the board draws the
player's pieces, from the kind's palette (``GameKind.seat_colours``), so that the colours are
written in one place and colour is never the only cue."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

#: {shape: SVG markup of it in the box -10 -10 20 20} (``games.kinds.SEAT_SHAPES``).
SHAPES = {
    "circle": '<circle r="9"/>',
    "square": '<rect x="-8" y="-8" width="16" height="16"/>',
    "diamond": '<path d="M0-9.8 9.8 0 0 9.8-9.8 0Z"/>',
    "triangle": '<path d="M0-9.5 9.8 8H-9.8Z"/>',
    "hexagon": '<path d="M-9.5 0-4.8-8.3H4.8L9.5 0 4.8 8.3H-4.8Z"/>',
    "star": '<path d="M0-9.5 2.6-3.2H9.5L4-1 6.2 8 0 3.5-6.2 8-4-1-9.5-3.2H-2.6Z"/>',
}


def token_svg(fill: str, ink: str, shape: str, text_dy: float, text) -> str:
    """The inline SVG of a token: ``shape`` (a key of SHAPES) filled with ``fill``, ``text``
    (a seat number or a company's initial) on it in ``ink``; hidden from screen readers (the
    words beside it name the player and the colour)."""
    return format_html(
        '<svg class="seat-token" viewBox="-10.5 -10.5 21 21" aria-hidden="true" '
        'focusable="false"><g fill="{}" stroke="#1f1a14" stroke-width="1.4">{}</g>'
        '<text y="4" dy="{}" fill="{}" font-size="11" font-weight="700" '
        'text-anchor="middle">{}</text></svg>',
        fill,
        mark_safe(SHAPES[shape]),
        text_dy,
        ink,
        text,
    )


@register.simple_tag
def seat_token(kind, colour_key: str, number: int):
    """The token (``token_svg``) of the seat ``number`` (0-based) whose colour is
    ``colour_key`` in ``kind``'s palette, with its seat number (1-based). An unknown key falls
    back on the seat's colour in seat order."""
    palette = {colour.key: colour for colour in kind.seat_colours}
    colour = palette.get(colour_key) or kind.seat_colours[number % len(kind.seat_colours)]
    return token_svg(colour.fill, colour.ink, colour.shape, colour.text_dy, number + 1)


@register.filter
def piece_token(piece: dict):
    """The token (``token_svg``) of a board's seat dict {"fill", "ink", "shape", "text_dy",
    and "initial" or "number"}, as a kind's board context gives them."""
    text = piece.get("initial") or piece["number"]
    return token_svg(piece["fill"], piece["ink"], piece["shape"], piece.get("text_dy", 0), text)
