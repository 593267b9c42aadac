"""The final scores of an Africana game part by part: the breakdown of
``GameKind.final_breakdown`` and the table the board area shows once the game is over."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

#: The final scoring's parts in the rulebook's order (Scoring): (key of the engine's final
#: entry, column heading).
FINAL_PARTS = [
    ("expeditions", _lazy("Expeditions")),
    ("artifacts", _lazy("Artifacts")),
    ("sets", _lazy("Artifact sets")),
    ("assistants", _lazy("Assistants")),
    ("silver", _lazy("Silver (1 per 10)")),
    ("travel_cards", _lazy("Travel cards (1 per 2)")),
    ("unfinished", _lazy("Unfinished adventures")),
]


def final_breakdown(observation: dict, names: list[str]) -> dict | None:
    """How each final score is made (see ``GameKind.final_breakdown``), or None while the
    game runs: one column per part of the rulebook's Scoring, in victory points, then the
    silver coins that break a tie (Scoring, last paragraph); rows by place, then seat."""
    final = observation.get("final")
    if not final:
        return None
    places = observation["places"]
    columns = [str(heading) for _key, heading in FINAL_PARTS] + [_("Silver coins (tie-break)")]
    rows = [
        {
            "seat": seat,
            "name": names[seat],
            "place": places[seat],
            "cells": [entry[key] for key, _heading in FINAL_PARTS]
            + [observation["players"][seat]["silver"]],
            "total": entry["total"],
        }
        for seat, entry in enumerate(final)
    ]
    rows.sort(key=lambda row: (row["place"], row["seat"]))
    return {"columns": columns, "rows": rows}


def final_table(breakdown: dict | None) -> dict | None:
    """``breakdown`` turned for a narrow screen, or None: {"players": [names in place order],
    "lines": [(heading, [one cell a player])]} with the place first, then each part, the
    total and the silver coins that break a tie."""
    if breakdown is None:
        return None
    rows = breakdown["rows"]
    columns = breakdown["columns"]
    lines = [(_("Place"), [row["place"] for row in rows])]
    lines += [(heading, [row["cells"][i] for row in rows]) for i, heading in enumerate(columns)]
    lines.insert(-1, (_("Total"), [row["total"] for row in rows]))
    return {"players": [row["name"] for row in rows], "lines": lines}
