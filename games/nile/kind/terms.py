"""The words of Source of the Nile as the site shows them, ready for translation.

The engine speaks in codes ("jungle_swamp", "askari", "cape-town"); pages, mails and the map
turn them into words with these tables. Every value is lazy, so it is translated into the
language active when it is rendered.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games import kinds
from games.nile.engine.data import MAP

#: {terrain code: its name}.
TERRAIN_NAMES = {
    "veldt": _("veldt"),
    "desert": _("desert"),
    "lake": _("lake"),
    "swamp": _("swamp"),
    "mountains": _("mountains"),
    "jungle": _("jungle"),
    "jungle_swamp": _("jungle and swamp"),
    "jungle_mountain": _("jungle and mountains"),
    None: _("unexplored"),
}

#: {terrain code: two letters in the mail's text map}.
TERRAIN_LETTERS = {
    "veldt": "Ve",
    "desert": "De",
    "lake": "La",
    "swamp": "Sw",
    "mountains": "Mo",
    "jungle": "Ju",
    "jungle_swamp": "JS",
    "jungle_mountain": "JM",
}

PROFESSION_NAMES = {
    "botanist": _("botanist"),
    "doctor": _("doctor"),
    "ethnologist": _("ethnologist"),
    "explorer": _("explorer"),
    "geologist": _("geologist"),
    "journalist": _("journalist"),
    "missionary": _("missionary"),
    "zoologist": _("zoologist"),
}

#: {kind: its name}, for the people and goods of an expedition.
KIND_NAMES = {
    "askari": _("askaris"),
    "bearer": _("bearers"),
    "guide": _("guides"),
    "rations": _("rations"),
    "water": _("water"),
    "gifts": _("gifts"),
    "musket": _("muskets"),
    "horse": _("horses"),
    "camel": _("camels"),
    "canoe": _("canoes"),
    "item": _("bonus items"),
}

#: {kind: a count of it in words}, singular or plural by the count: COUNTED["askari"] %
#: {"count": 1} is "1 askari".
COUNTED = {
    "askari": ngettext_lazy("%(count)s askari", "%(count)s askaris", "count"),
    "bearer": ngettext_lazy("%(count)s bearer", "%(count)s bearers", "count"),
    "guide": ngettext_lazy("%(count)s guide", "%(count)s guides", "count"),
    "rations": ngettext_lazy("%(count)s ration", "%(count)s rations", "count"),
    "water": ngettext_lazy("%(count)s water", "%(count)s water", "count"),
    "gifts": ngettext_lazy("%(count)s gift", "%(count)s gifts", "count"),
    "musket": ngettext_lazy("%(count)s musket", "%(count)s muskets", "count"),
    "horse": ngettext_lazy("%(count)s horse", "%(count)s horses", "count"),
    "camel": ngettext_lazy("%(count)s camel", "%(count)s camels", "count"),
    "canoe": ngettext_lazy("%(count)s canoe", "%(count)s canoes", "count"),
    "item": ngettext_lazy("%(count)s bonus item", "%(count)s bonus items", "count"),
}


def counted(kind: str, count: int) -> str:
    """``count`` of ``kind`` (a key of KIND_NAMES) in words, in the active language: "1 askari",
    "2 askaris"; an unknown kind gives "2 kind"."""
    if kind not in COUNTED:
        return f"{count} {kind}"
    return str(COUNTED[kind] % {"count": count})


LEVEL_NAMES = {"cautious": _("cautious"), "normal": _("normal"), "reckless": _("reckless")}
MODE_NAMES = {"foot": _("on foot"), "mounted": _("mounted"), "canoe": _("by canoe")}
STATUS_NAMES = {
    "europe": _("in Europe"),
    "africa": _("in Africa"),
    "prisoner": _("prisoner"),
}

#: {port id: its name} (proper nouns from the map).
PORT_NAMES = {pid: port["name"] for pid, port in MAP["ports"].items()}

#: The six shared seat colours (``games.kinds.SEAT_COLOURS``), each with a shape of its own.
SEAT_COLOURS = kinds.SEAT_COLOURS


def port_name(port: str) -> str:
    """A port's name from its id ("cape-town" -> "Cape Town"); the id when unknown."""
    return PORT_NAMES.get(port, port)
