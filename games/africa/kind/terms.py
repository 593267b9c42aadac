"""The words of Africa as the site shows them, ready for translation.

The engine speaks in codes ("elephant", "gold2", "C2"); pages, emails and the board turn them
into words with these tables. Game things take the rulebook's words (discovery marker,
researcher, base camp), web things Django's. Every value is lazy, so it is translated into the
language active when it is rendered.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import kinds

HIDDEN = "hidden"

#: {marker code: its name in a sentence}, for every code of the marker mix and for "hidden",
#: the face-down marker whose code nobody may know while the game runs.
MARKER_NAMES = {
    "monument": _("monument"),
    "statue": _("statue"),
    "kettle": _("kettle"),
    "clothing": _("clothing"),
    "mask": _("mask"),
    "drum": _("drum"),
    "elephant": _("elephant"),
    "zebra": _("zebra"),
    "giraffe": _("giraffe"),
    "lion": _("lion"),
    "rhino": _("rhino"),
    "nomad": _("nomad"),
    "gold1": _("1 gold nugget"),
    "gold2": _("2 gold nuggets"),
    "jewels1": _("1 jewel"),
    "jewels2": _("2 jewels"),
    HIDDEN: _("face-down marker"),
}

#: {marker code: a short label of its kind}, printed under a face-up marker on the board (a
#: gold or jewel marker shows its 1 or 2 beside the icon, so its label is the kind alone).
MARKER_LABELS = {
    "monument": pgettext_lazy("board label", "Monument"),
    "statue": pgettext_lazy("board label", "Statue"),
    "kettle": pgettext_lazy("board label", "Kettle"),
    "clothing": pgettext_lazy("board label", "Clothing"),
    "mask": pgettext_lazy("board label", "Mask"),
    "drum": pgettext_lazy("board label", "Drum"),
    "elephant": pgettext_lazy("board label", "Elephant"),
    "zebra": pgettext_lazy("board label", "Zebra"),
    "giraffe": pgettext_lazy("board label", "Giraffe"),
    "lion": pgettext_lazy("board label", "Lion"),
    "rhino": pgettext_lazy("board label", "Rhino"),
    "nomad": pgettext_lazy("board label", "Nomad"),
    "gold1": pgettext_lazy("board label", "Gold"),
    "gold2": pgettext_lazy("board label", "Gold"),
    "jewels1": pgettext_lazy("board label", "Jewels"),
    "jewels2": pgettext_lazy("board label", "Jewels"),
}

#: {start city cell: city name}; proper nouns, still translated where a language spells the
#: city its own way.
START_CITY_NAMES = {
    "C2": _("Casablanca"),
    "I3": _("Alexandria"),
    "D7": _("Lagos"),
    "K10": _("Mombasa"),
    "H16": _("Cape Town"),
}

#: The seat colours in seat order: the first five of the shared ones
#: (``games.kinds.SEAT_COLOURS``: told apart by people with the common forms of colour
#: blindness, the ink at 4.5:1 or more on its fill). Colour is never the only cue: a
#: researcher also shows its seat number and a shape of its own.
SEAT_COLOURS = kinds.SEAT_COLOURS[:5]
