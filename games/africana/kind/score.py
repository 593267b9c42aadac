"""The final scores of an Africana game part by part: the breakdown of
``games.kinds.score.Score.final_breakdown``."""

from __future__ import annotations

from django.utils.translation import gettext as _
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
    """Africana's scores: the engine's points, and the final breakdown by part."""

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
