"""Leaderboards per game and the players' profiles."""

from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from accounts.models import User
from accounts.services import vacation_until
from archive.profile import head_to_head, placements, statistics_totals
from games import estimates
from games.models import GAME_CHOICES, Game, Seat
from ratings.chart import rating_chart
from ratings.models import PROVISIONAL_GAMES, PlayerRating, RatingChange
from ratings.services import reliability, results_by_game
from ratings.solo import has_solo_table, player_solo_results

PLAYERS_PER_PAGE = 50
RECENT_GAMES = 10
GAME_NAMES = dict(GAME_CHOICES)


@require_GET
def leaderboards(request):
    """The first game's leaderboard (there is one per game)."""
    return redirect("leaderboard", engine=GAME_CHOICES[0][0])


@require_GET
def leaderboard(request, engine):
    """The players of ``engine`` with an established rating, best first, paginated; and the
    computer players' levels, in a table of their own."""
    if engine not in GAME_NAMES:
        raise Http404("no such game")
    page = Paginator(PlayerRating.objects.leaderboard(engine), PLAYERS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "engine": engine,
            "game_name": GAME_NAMES[engine],
            "games": GAME_CHOICES,
            "page": page,
            "computer_players": PlayerRating.objects.computer_players(engine),
            "provisional_games": PROVISIONAL_GAMES,
            "has_solo_table": has_solo_table(engine),
        },
    )


def _visible_games(games, viewer):
    """Of ``games``, those ``viewer`` may see while they run: their own and public ones."""
    if viewer.is_authenticated:
        return games.filter(public=True) | games.filter(seats__user=viewer)
    return games.filter(public=True)


@require_GET
def player_profile(request, name):
    """A player's results and ratings per game, rating history, reliability, median time to
    move over the last 30 days, the end of their vacation, their statistics, head-to-head
    record and places (``archive.profile``), and their recent and current games (current
    games only those the viewer may watch)."""
    player = get_object_or_404(User, display_name__iexact=name)
    seats = Prefetch("seats", Seat.objects.select_related("user").order_by("number"))
    mine = Game.objects.of_player(player).prefetch_related(seats)
    ratings = []
    for rating in PlayerRating.objects.filter(user=player).order_by("engine"):
        history = list(RatingChange.objects.history(player, rating.engine).select_related("game"))
        ratings.append(
            {
                "rating": rating,
                "game_name": GAME_NAMES.get(rating.engine, rating.engine),
                "chart": rating_chart(history),
                "history": history,
            }
        )
    results = results_by_game(player)
    for row in results:
        row["game_name"] = GAME_NAMES.get(row["engine"], row["engine"])
    context = {
        "player": player,
        "results": results,
        "ratings": ratings,
        "reliability": reliability(player),
        "recent": mine.finished().order_by("-finished_at", "-id")[:RECENT_GAMES],
        "current": _visible_games(mine.active(), request.user).distinct().order_by("-started_at"),
        "provisional_games": PROVISIONAL_GAMES,
        "solo_results": player_solo_results(player),
        "median_reply": estimates.median_reply([player]),
        "vacation_until": vacation_until(player),
        "statistics": statistics_totals(player),
        "head_to_head": head_to_head(player),
        "placements": placements(player),
    }
    return render(request, "ratings/profile.html", context)
