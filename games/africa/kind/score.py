"""How each player's Africa score was made, for the final screen, the replay and the mail.

Rulebook "Game End and Scoring" (ruling 10), as ``games.africa.engine.scoring`` computes it:
goods score 1/3/5/8/12 for 1-5 of a kind, the most gold and the most jewels 10 and the second
6 (ties share), and the player who uncovers the last monument the +3. What a player scored
while the game ran (animals, nomads, research camps, nuggets and gems uncovered) is the rest
of the total.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.africa.engine.data import ANIMAL, MONUMENT, NOMAD
from games.africa.engine.legal import ADJ, KIND
from games.africa.engine.scoring import GOODS_POINTS
from games.africa.kind.page import GOODS
from games.africa.kind.terms import MARKER_NAMES
from games.engines.base import shared_places
from games.kinds import score


def _count_and_points(count: int, points: int) -> str:
    """A cell such as "8 (4)": the points, then how many things earned them."""
    return _("%(points)d (%(count)d)") % {"points": points, "count": count}


#: The researcher's moves a turn (rulebook "Moving"): a "move" goes one cell or two.
MOVE_EVENT = "move"


class Score(score.Score):
    """Africa's scores: the engine's points, the final breakdown by source, and the
    statistics of a finished game."""

    statistic_labels = {
        "cells_moved": gettext_lazy("Cells moved"),
        "markers_uncovered": gettext_lazy("Markers uncovered"),
        "animals_uncovered": gettext_lazy("Animals uncovered"),
        "nomads_uncovered": gettext_lazy("Nomads uncovered"),
        "monuments_uncovered": gettext_lazy("Monuments uncovered"),
        "animals_placed": gettext_lazy("Animals placed"),
        "camps_used": gettext_lazy("Base camps used"),
        "points_during_play": gettext_lazy("Points during play"),
        "points_at_the_end": gettext_lazy("Points at the end"),
    }

    counted_events = {"camp": "camps_used"}

    def counted(self, event: dict, action: list[dict]) -> list[tuple[str, int]]:
        """``games.kinds.score.Score.counted`` for Africa: a "move" walks one cell to a
        neighbour, else two; an uncovered marker counts, and by kind for animals, nomads and
        monuments; an animal placed; a base camp used."""
        kind = event["type"]
        if kind == MOVE_EVENT:
            return [("cells_moved", 1 if event["to"] in ADJ[event["from"]] else 2)]
        if kind == "uncover":
            found = {ANIMAL: "animals", NOMAD: "nomads", MONUMENT: "monuments"}
            category = found.get(KIND.get(event["marker"]))
            by_kind = [(f"{category}_uncovered", 1)] if category else []
            return [("markers_uncovered", 1), *by_kind]
        if kind == "place" and KIND.get(event["marker"]) == ANIMAL:
            return [("animals_placed", 1)]
        return super().counted(event, action)

    def statistics(self, moves: list[list[dict]], final: dict) -> dict[str, list[int]]:
        """Africa's statistics (``games.kinds.score.Score.statistics``): from the log, the
        cells each researcher moved ("move" events, one cell to a neighbour, else two; a move
        "anywhere" after a monument is no walk and does not count), the markers uncovered, in
        all and by kind (animals, nomads, monuments), the animals placed, the base camps set
        up; from the final scores, the points made during play and at the end (goods, gold,
        jewels and the +3, rulebook "Game End and Scoring")."""
        seats = len(final["players"])
        counts = self.count_events(moves, seats)
        # A game ended early (a vote to end, a game closed by hand) has no final scoring: its
        # points were all made during play.
        parts = final.get("final") or [None] * seats
        for seat, (player, part) in enumerate(zip(final["players"], parts, strict=True)):
            at_end = part["goods"] + part["gold"] + part["jewels"] + part["bonus"] if part else 0
            counts["points_at_the_end"][seat] = at_end
            counts["points_during_play"][seat] = player["score"] - at_end
        return counts

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
