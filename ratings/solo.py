"""The solo high-score tables: one per game that can be played alone, its finished one-player
games ranked by score, then by fewer rounds, then by who got there first. Solo games are never
rated (nobody to be rated against); this table is where they count."""

from django.core.paginator import Paginator
from django.db.models import F
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.kinds import get_kind, kind_names
from games.models import Game, Seat

SCORES_PER_PAGE = 50


def solo_results():
    """The seats of finished solo games, best first: score (VP) down, rounds up, earliest
    finish first. Rows are Seats with their game and user."""
    return (
        Seat.objects.filter(
            game__num_players=1,
            game__status=Game.Status.FINISHED,
            final_score__isnull=False,
        )
        .select_related("user", "game")
        .order_by(
            F("final_score").desc(),
            F("game__rounds").asc(nulls_last=True),
            "game__finished_at",
            "game__id",
        )
    )


def has_solo_table(engine: str) -> bool:
    """Whether the game ``engine`` can be played alone, so has a solo high-score table."""
    return engine in kind_names() and get_kind(engine).min_players == 1


@require_GET
def solo_scores(request, engine):
    """The solo high-score table of ``engine`` (404 for a game that cannot be played alone)."""
    if not has_solo_table(engine):
        raise Http404("no solo table for this game")
    results = solo_results().filter(game__engine=engine)
    page = Paginator(results, SCORES_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "ratings/solo_scores.html",
        {"engine": engine, "game_name": get_kind(engine).label, "page": page},
    )


def player_solo_results(player, limit: int = 10):
    """``player``'s latest finished solo games (Seats with their game), newest first."""
    return solo_results().filter(user=player).order_by("-game__finished_at", "-game__id")[:limit]
