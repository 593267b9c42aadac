"""The Source of the Nile's scores: each player's published VP by source at the end
(games.nile.engine.scoring), and the rounds a game lasted (a solo game is ranked by score,
then by fewer rounds)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.kinds import score
from games.nile.engine.scoring import VP_SOURCES

#: The words of each source of VP in the final breakdown (games.nile.engine.scoring).
SOURCE_NAMES = {
    "hexes": gettext_lazy("Hexes"),
    "features": gettext_lazy("Features"),
    "records": gettext_lazy("Records"),
    "nile_source": gettext_lazy("Source of the Nile"),
    "professions": gettext_lazy("Professions"),
}


class Score(score.Score):
    """The Nile's scores: published VP, the final breakdown by source, and rounds played."""

    def final_breakdown(self, observation: dict, names: list[str]) -> dict | None:
        """Each player's published VP by source at the end (see ``games.kinds.score.Score``):
        columns hexes, features (mountains, cataracts, river sources, oases, lakes), records
        (bonus cards and items), the Source of the Nile and professions; None while the game
        runs. Rows in place order, ties in seat order."""
        final = observation.get("final")
        if not observation.get("terminal") or not final:
            return None
        rows = []
        for seat, player in enumerate(observation["players"]):
            parts = player["vp_sources"]
            rows.append(
                {
                    "seat": seat,
                    "name": names[seat] if seat < len(names) else "",
                    "place": final[seat]["rank"],
                    "cells": [parts[source] for source in VP_SOURCES],
                    "total": player["score"],
                }
            )
        rows.sort(key=lambda row: (row["place"], row["seat"]))
        return {"columns": [str(SOURCE_NAMES[source]) for source in VP_SOURCES], "rows": rows}

    def rounds_played(self, observation: dict) -> int | None:
        """The round the game is in, or ended in (``observation["round"]``)."""
        return observation["round"]
