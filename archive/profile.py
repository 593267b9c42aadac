"""A player's figures over their finished games, for their profile: the statistics of each
game kind in total and per game, their record against each opponent met at least twice, and
their places by the number of players at the table."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from archive.models import GameReview
from games.kinds import get_kind, kind_names
from games.models import Game, Seat

#: An opponent is shown in the head-to-head record after this many finished games together.
HEAD_TO_HEAD_GAMES = 2


def _finished_seats(user) -> list[Seat]:
    """``user``'s seats in finished games, with the game read along (not its position)."""
    seats = Seat.objects.filter(user=user, game__status=Game.Status.FINISHED)
    return list(seats.select_related("game").defer("game__state"))


def statistics_totals(user) -> list[dict[str, Any]]:
    """For each game kind of which ``user`` finished games with counted statistics
    (``GameReview.statistics``): {"game_name", "games" (how many such games), "lines":
    [(label, total, average per game)]}, games in the registry's order, statistics in the
    kind's."""
    mine = {seat.game_id: seat for seat in _finished_seats(user)}
    kept = GameReview.objects.filter(game_id__in=list(mine)).values_list("game_id", "statistics")
    totals: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    games: dict[str, int] = defaultdict(int)
    for game_id, stats in kept:
        if not stats:
            continue
        seat = mine[game_id]
        engine = seat.game.engine
        games[engine] += 1
        for key, values in stats.items():
            totals[engine][key] += values[seat.number]
    figures = []
    for engine in (name for name in kind_names() if name in games):
        kind = get_kind(engine)
        lines = [
            (label, totals[engine][key], totals[engine][key] / games[engine])
            for key, label in kind.score.statistic_labels.items()
            if key in totals[engine]
        ]
        figures.append({"game_name": kind.label, "games": games[engine], "lines": lines})
    return figures


def head_to_head(user) -> list[dict[str, Any]]:
    """``user``'s record against each person they finished at least ``HEAD_TO_HEAD_GAMES``
    games with: {"name", "games", "won" (``user`` placed better), "lost" (placed worse),
    "tied" (the same place)}, most games first, then by name. Computer players are left out."""
    mine = {seat.game_id: seat.place for seat in _finished_seats(user)}
    others = (
        Seat.objects.filter(game_id__in=list(mine), user__isnull=False)
        .exclude(user=user)
        .select_related("user")
    )
    records: dict[int, dict[str, Any]] = {}
    for seat in others:
        record = records.setdefault(
            seat.user_id,
            {"name": seat.user.display_name, "games": 0, "won": 0, "lost": 0, "tied": 0},
        )
        mine_place = mine[seat.game_id]
        record["games"] += 1
        if mine_place is None or seat.place is None or mine_place == seat.place:
            record["tied"] += 1
        elif mine_place < seat.place:
            record["won"] += 1
        else:
            record["lost"] += 1
    met = [record for record in records.values() if record["games"] >= HEAD_TO_HEAD_GAMES]
    return sorted(met, key=lambda record: (-record["games"], record["name"].lower()))


def placements(user) -> list[dict[str, Any]]:
    """How ``user`` placed in their finished games with other players, by the number of
    players at the table: [{"players", "games", "places": [how many times 1st, 2nd, ...]}],
    fewest players first (a solo game has no place to speak of)."""
    counts: dict[int, list[int]] = {}
    for seat in _finished_seats(user):
        players = seat.game.num_players
        if players < 2 or seat.place is None:
            continue
        places = counts.setdefault(players, [0] * players)
        places[min(seat.place, players) - 1] += 1
    return [
        {"players": players, "games": sum(places), "places": places}
        for players, places in sorted(counts.items())
    ]
