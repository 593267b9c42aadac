"""The final breakdown of a finished game as every page and mail shows it.

The kind says how each score was made (``Score.final_breakdown``); the site's record of
places (``Seat.place``, which also ranks the players who left) has the last word on places.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Game


def final_breakdown(game: Game, observation: dict | None = None) -> dict | None:
    """``game``'s breakdown {"columns", "rows", "note"} (see ``Score.final_breakdown``),
    with each row's place taken from its seat and the rows in place order, and the same turned
    for a narrow screen: "players" (names in place order) and "lines" ([(words, [one cell a
    player])]: the place, each column, the total); None while the game runs or when its kind
    gives totals only. ``observation`` defaults to the spectator's view of the
    final state; ``game.seat_list`` (its seats with their users) is used when present."""
    if game.status != Game.Status.FINISHED or game.state is None:
        return None
    seats = getattr(game, "seat_list", None) or list(game.seats.select_related("user"))
    if observation is None:
        observation = game.kind.engine.observation(game.state, None)
    names = [seat.name for seat in seats]
    breakdown = game.kind.score.final_breakdown(observation, names)
    if not breakdown:
        return None
    places = {seat.number: seat.place for seat in seats if seat.place is not None}
    rows = [dict(row, place=places.get(row["seat"], row["place"])) for row in breakdown["rows"]]
    return table(breakdown, rows)


def table(breakdown: dict, rows: list[dict]) -> dict:
    """The kind's ``breakdown`` (``Score.final_breakdown``) with its ``rows`` (each with its
    "place") as the final table shows it: {"columns", "rows" (in place order), "note",
    "players" (names in place order), "lines" ([(words, [one cell a player])]: the place,
    each column, the total)}."""
    rows = sorted(rows, key=lambda row: (row["place"], row["seat"]))
    lines = [(_("Place"), [row["place"] for row in rows])]
    lines += [
        (column, [row["cells"][i] for row in rows]) for i, column in enumerate(breakdown["columns"])
    ]
    lines.append((_("Total"), [row["total"] for row in rows]))
    return {
        "columns": breakdown["columns"],
        "rows": rows,
        "note": breakdown.get("note", ""),
        "players": [row["name"] for row in rows],
        "lines": lines,
    }
