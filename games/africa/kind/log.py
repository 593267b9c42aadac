"""The Africa move log in words, in the reader's language.

The engine records each action's public events (see ``games.africa.engine``); this module
turns one event into one sentence. Only public things are named: an event never carries a
face-down marker.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.africa.kind.terms import MARKER_NAMES, START_CITY_NAMES
from games.kinds import log


def marker_name(code: str) -> str:
    """The translated name of a marker code ("elephant" -> "éléphant")."""
    return str(MARKER_NAMES.get(code, code))


def _points(points: int) -> str:
    return ngettext("%(points)d point", "%(points)d points", points) % {"points": points}


def city(cell: str) -> str:
    """A start city in words: "Lagos (D7)"."""
    name = START_CITY_NAMES.get(cell)
    return f"{name} ({cell})" if name else cell


class Log(log.Log):
    """Africa's move log: one sentence a public event."""

    def describe(self, event: dict, names: list[str]) -> str | None:
        """One sentence for ``event`` ({"type": ..., "seat": n, ...}), or None for events that the
        log leaves out (the turn passing). ``names`` are the players' display names by seat."""
        kind = event["type"]
        values = {
            "player": names[event["seat"]] if event.get("seat") is not None else "",
            "cell": event.get("cell", ""),
            "from": event.get("from", ""),
            "to": event.get("to", ""),
        }
        if "marker" in event:
            values["marker"] = marker_name(event["marker"])
        if "points" in event:
            values["points"] = _points(event["points"])
        if kind == "start":
            return _("%(player)s starts in %(city)s.") % (values | {"city": city(event["cell"])})
        if kind == "anywhere":
            return _("%(player)s travels from %(from)s to %(to)s.") % values
        if kind == "move":
            return _("%(player)s moves from %(from)s to %(to)s.") % values
        if kind == "uncover":
            if event.get("points"):
                return _("%(player)s uncovers %(marker)s on %(cell)s: %(points)s.") % values
            return _("%(player)s uncovers %(marker)s on %(cell)s.") % values
        if kind == "place":
            if event["from"] == event["to"]:
                return _("%(player)s leaves the %(marker)s on %(to)s: %(points)s.") % values
            return _("%(player)s places the %(marker)s on %(to)s: %(points)s.") % values
        if kind == "keep":
            return _("%(player)s keeps the %(marker)s.") % values
        if kind == "swap":
            swap = {
                "count": event["count"],
                "gave": marker_name(event["gave"]),
                "took": marker_name(event["took"]),
                "other": names[event["other"]],
            }
            return _(
                "%(player)s gives %(count)d × %(gave)s to %(other)s in exchange for their %(took)s."
            ) % (values | swap)
        if kind in ("animal", "nomad"):
            return (
                _("%(player)s moves the %(marker)s from %(from)s to %(to)s: %(points)s.") % values
            )
        if kind == "camp":
            if event["use"] == "research":
                return _(
                    "%(player)s sets up a base camp on %(cell)s to do research: %(points)s."
                ) % (values)
            taken = {"gold": event.get("gold", 0), "jewels": event.get("jewels", 0)}
            if not (taken["gold"] or taken["jewels"]):
                return (
                    _(
                        "%(player)s sets up a base camp on %(cell)s to use natural resources, "
                        "but none lie next to it."
                    )
                    % values
                )
            return ngettext(
                "%(player)s sets up a base camp on %(cell)s and takes %(gold)d gold and "
                "%(jewels)d jewel.",
                "%(player)s sets up a base camp on %(cell)s and takes %(gold)d gold and "
                "%(jewels)d jewels.",
                taken["jewels"],
            ) % (values | taken)
        if kind == "supply_camp":
            return _("%(player)s takes a base camp from the supply.") % values
        if kind == "end":
            return _("%(player)s ends the turn.") % values
        if kind == "bonus":
            return _("%(player)s finds the last monument: %(points)s bonus.") % values
        if kind == "game_end":
            totals = ", ".join(f"{names[i]} {score}" for i, score in enumerate(event["scores"]))
            return _("Final scoring: %(totals)s.") % {"totals": totals}
        return None
