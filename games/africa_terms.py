"""The game's words for the site, translatable: marker names and player colours."""

from django.utils.translation import gettext_lazy as _

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
    "hidden": _("face-down marker"),
}

PLAYER_COLOURS = [
    ("blue", _("blue"), "#1f5fa8", "#ffffff"),
    ("orange", _("orange"), "#e08a1e", "#1f1a14"),
    ("green", _("green"), "#2f8a4c", "#ffffff"),
    ("purple", _("purple"), "#7b3f9e", "#ffffff"),
    ("white", _("white"), "#f4f1ea", "#1f1a14"),
]
