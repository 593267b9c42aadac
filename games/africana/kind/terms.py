"""The words of Africana as the site shows them, ready for translation.

The engine speaks in codes ("magenta", "assistant-gray", "cape-town", "A03"); pages, mails and
the board turn them into words with these tables. Every value is lazy, so it is translated into
the language active when it is rendered.
"""

from django.utils.translation import gettext_lazy as _

from games.kinds import SeatColour

#: {travel colour: (its name, one letter printed beside its dot, fill, ink on the fill)}; the
#: letter is the cue that is not colour.
TRAVEL_COLOURS = {
    "magenta": (_("magenta"), "M", "#C2187A", "#FFFFFF"),
    "turquoise": (_("turquoise"), "T", "#1AA6A6", "#000000"),
    "gray": (_("gray"), "G", "#8A8A8A", "#000000"),
    "orange": (_("orange"), "O", "#F08A00", "#000000"),
    "violet": (_("violet"), "V", "#6A3FA0", "#FFFFFF"),
}

#: {travel colour: a travel card of that colour}, each a whole phrase so that languages
#: where the colour agrees with the noun write it out ("carte violette", "carte grise").
CARD_NAMES = {
    "magenta": _("magenta card"),
    "turquoise": _("turquoise card"),
    "gray": _("gray card"),
    "orange": _("orange card"),
    "violet": _("violet card"),
}

#: {company id: its name}, in seat order.
COMPANY_NAMES = {
    "italy": _("Italy"),
    "france": _("France"),
    "germany": _("Germany"),
    "england": _("England"),
}

#: {artifact code: its name}.
ARTIFACT_NAMES = {
    "drum": _("drum"),
    "mask": _("mask"),
    "necklace": _("necklace"),
    "statue": _("statue"),
    "vase": _("vase"),
}

#: The seat colours in seat order: the companies' colours of the box (white Italy, blue
#: France, yellow Germany, red England), in shades that stay apart for colour-blind players
#: (tests/site/test_palettes.py). Colour is never the only cue: a token has a shape of its
#: own and shows the company's initial, and the panel names the company.
SEAT_COLOURS = [
    SeatColour("white", _("white"), "#FFFFFF", "#000000", "circle"),
    SeatColour("blue", _("blue"), "#0A3561", "#FFFFFF", "square"),
    SeatColour("yellow", _("yellow"), "#F2C500", "#000000", "diamond"),
    SeatColour("red", _("red"), "#C8102E", "#FFFFFF", "triangle", 2.5),
]

#: The initial printed on each company's tokens, in seat order (translated company names
#: would give clashing initials, so these stay the box's).
INITIALS = ["I", "F", "G", "E"]


def colour_name(colour: str) -> str:
    """A travel colour's name in the active language ("orange")."""
    return str(TRAVEL_COLOURS[colour][0]) if colour in TRAVEL_COLOURS else colour


def card_name(card: str) -> str:
    """A hand card in words: "orange card", "joker", "orange assistant"; a recolour spec
    ("orange-as-violet") names the card and the colour it is played as."""
    if "-as-" in card:
        base, _sep, colour = card.rpartition("-as-")
        return _("%(card)s played as %(colour)s (5 silver)") % {
            "card": card_name(base),
            "colour": colour_name(colour),
        }
    if card == "joker":
        return str(_("joker"))
    if card.startswith("assistant-"):
        return _("%(colour)s assistant") % {"colour": colour_name(card.removeprefix("assistant-"))}
    if card in CARD_NAMES:
        return str(CARD_NAMES[card])
    return _("%(colour)s card") % {"colour": colour_name(card)}
