"""How each player's Africa score was made, for the final screen, the replay and the mail.

Rulebook "Game End and Scoring" (ruling 10), as ``games.africa.engine.scoring`` computes it:
goods score 1/3/5/8/12 for 1-5 of a kind, the most gold and the most jewels 10 and the second
6 (ties share), and the player who uncovers the last monument the +3. What a player scored
while the game ran (animals, nomads, research camps, nuggets and gems uncovered) is the rest
of the total.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.africa.engine.scoring import GOODS_POINTS
from games.africa.kind.page import GOODS
from games.africa.kind.terms import MARKER_NAMES
from games.engines.base import shared_places
from games.kinds import score


def _count_and_points(count: int, points: int) -> str:
    """A cell such as "8 (4)": the points, then how many things earned them."""
    return _("%(points)d (%(count)d)") % {"points": points, "count": count}


class Score(score.Score):
    """Africa's scores: the engine's points, and the final breakdown by source."""

    def final_breakdown(self, observation: dict, names: list[str]) -> dict | None:
        """``games.kinds.score.Score.final_breakdown`` for Africa: columns "During play", one
        per kind of goods (points, then how many in brackets), gold and jewels (majority
        points, then nuggets or gems), the +3, the base camps left unused, rows in place order
        (equal totals share a place, ruling 11). None while the game runs
        (``observation["final"]`` is None)."""
        final = observation.get("final")
        if not final:
            return None
        players = observation["players"]
        totals = [player["score"] for player in players]
        places = shared_places(totals)
        columns = [_("During play")]
        columns += [str(MARKER_NAMES[kind]).capitalize() for kind in GOODS]
        columns += [_("Gold"), _("Jewels"), _("+3 for the last monument"), _("Base camps left")]
        rows = []
        for seat, (player, part) in enumerate(zip(players, final, strict=True)):
            goods = player["goods"]
            during = player["score"] - part["goods"] - part["gold"] - part["jewels"] - part["bonus"]
            cells: list[int | str] = [during]
            for kind in GOODS:
                count = goods.get(kind, 0)
                cells.append(_count_and_points(count, GOODS_POINTS[min(count, 5)]) if count else 0)
            cells.append(_count_and_points(player["gold"], part["gold"]))
            cells.append(_count_and_points(player["jewels"], part["jewels"]))
            cells += [part["bonus"], player["camps"]]
            rows.append(
                {
                    "seat": seat,
                    "name": names[seat],
                    "place": places[seat],
                    "cells": cells,
                    "total": player["score"],
                }
            )
        rows.sort(key=lambda row: (row["place"], row["seat"]))
        return {"columns": columns, "rows": rows}
