"""The Source of the Nile's scores: each player's published VP by source at the end
(games.nile.engine.scoring), and the rounds a game lasted (a solo game is ranked by score,
then by fewer rounds)."""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from games.kinds import score
from games.nile.engine.scoring import VP_SOURCES, vp_sources

#: The words of each source of VP in the final breakdown (games.nile.engine.scoring).
SOURCE_NAMES = {
    "hexes": gettext_lazy("Hexes"),
    "features": gettext_lazy("Features"),
    "records": gettext_lazy("Records"),
    "nile_source": gettext_lazy("Source of the Nile"),
    "professions": gettext_lazy("Professions"),
}


#: The events that end an explorer's life or freedom (a disaster they did not survive).
LOST_EXPLORER = frozenset(("death", "killed", "illness", "captive"))


class Score(score.Score):
    """The Nile's scores: published VP, the final breakdown by source, rounds played, and the
    statistics of a finished game."""

    statistic_labels = {
        "hexes_mapped": gettext_lazy("Hexes mapped"),
        "tribes_met": gettext_lazy("Tribes met"),
        "disasters_survived": gettext_lazy("Disasters survived"),
        "turns_in_africa": gettext_lazy("Turns in Africa"),
        "books_published": gettext_lazy("Journals published"),
        **{
            f"vp_{source}": format_lazy(gettext_lazy("VP: {source}"), source=SOURCE_NAMES[source])
            for source in VP_SOURCES
        },
    }

    counted_events = {
        "map": "hexes_mapped",
        "natives": "tribes_met",
        "camp": "turns_in_africa",
        "publish": "books_published",
    }

    def counted(self, event: dict, action: list[dict]) -> list[tuple[str, int]]:
        """``games.kinds.score.Score.counted`` for the Nile: a "disaster" counts as survived
        unless the same action lost its explorer (``LOST_EXPLORER``)."""
        if event["type"] == "disaster":
            lost = {other.get("seat") for other in action if other["type"] in LOST_EXPLORER}
            return [] if event["seat"] in lost else [("disasters_survived", 1)]
        return super().counted(event, action)

    def statistics(self, moves: list[list[dict]], final: dict) -> dict[str, list[int]]:
        """The Nile's statistics (``games.kinds.score.Score.statistics``): from the log, the
        hexes an expedition mapped ("map" events), the tribes it met ("natives"), the
        disasters that struck it and left its explorer alive and free (no death, killing,
        fatal illness or captivity in the same action), the turns it ended in Africa ("camp":
        each turn in Africa ends in camp) and the journals it published ("publish"); from the
        final state, the published VP by source (``VP_SOURCES``)."""
        counts = self.count_events(moves, len(final["players"]))
        for seat, player in enumerate(final["players"]):
            for source, points in vp_sources(player).items():
                counts[f"vp_{source}"][seat] = points
        return counts

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
