"""The final scores of an Africana game part by part: the breakdown of
``games.kinds.score.Score.final_breakdown``."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _lazy

from games.kinds import score

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


class Score(score.Score):
    """Africana's scores: the engine's points, the final breakdown by part, and the
    statistics of a finished game."""

    statistic_labels = {
        "cards_drawn": gettext_lazy("Travel cards drawn"),
        "journeys": gettext_lazy("Journeys made"),
        "expeditions_taken": gettext_lazy("Expeditions taken"),
        "expeditions_joined": gettext_lazy("Expeditions joined by an assistant"),
        "books": gettext_lazy("Adventure cards bought from the books"),
        "adventure_cards": gettext_lazy("Adventure cards played"),
        "points_expeditions": gettext_lazy("Points from expeditions"),
        "points_other": gettext_lazy("Other points"),
    }

    counted_events = {
        "go": "journeys",
        "expedition": "expeditions_taken",
        "join": "expeditions_joined",
        "buy": "books",
        "adventure": "adventure_cards",
    }

    def counted(self, event: dict, action: list[dict]) -> list[tuple[str, int]]:
        """``games.kinds.score.Score.counted`` for Africana: a "draw" counts its cards."""
        if event["type"] == "draw":
            return [("cards_drawn", event["cards"])]
        return super().counted(event, action)

    def statistics(self, moves: list[list[dict]], final: dict) -> dict[str, list[int]]:
        """Africana's statistics (``games.kinds.score.Score.statistics``): from the log, the
        travel cards drawn ("draw" events), the journeys made ("go"), the expeditions taken
        ("expedition"), those an assistant joined ("join"), the adventure cards bought from a
        book ("buy") and played ("adventure"); from the final scoring, the points of the
        expeditions and the rest."""
        counts = self.count_events(moves, len(final["players"]))
        # A game ended early (a vote to end) has no final scoring to split its points by.
        parts = final.get("final") or [{"expeditions": 0}] * len(final["players"])
        for seat, (player, part) in enumerate(zip(final["players"], parts, strict=True)):
            counts["points_expeditions"][seat] = part["expeditions"]
            counts["points_other"][seat] = player["score"] - part["expeditions"]
        return counts

    def final_breakdown(self, observation: dict, names: list[str]) -> dict | None:
        """How each final score is made (see ``games.kinds.score.Score``), or None while the
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
        note = _(
            "Equal totals are decided by the most silver coins; a tie in silver too shares the "
            "place."
        )
        return {"columns": columns, "rows": rows, "note": note}
