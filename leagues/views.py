"""The leagues' pages: the list, a league's season (divisions, standings, tables), the next
season's entrants and the archive; joining and leaving."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from leagues import services
from leagues.models import League, Season, Table


def league_list(request):
    """Every league, with its game, its season under way and the next one's date."""
    rows = [
        {"league": league, "current": league.current_season(), "next": league.next_season()}
        for league in League.objects.all()
    ]
    return render(request, "leagues/list.html", {"rows": rows})


def _shown_season(league: League, number: str | None) -> Season | None:
    """The season the page shows: ``number`` (the archive's links), else the league's
    current one. Raises Http404 for a number that is no season of the league."""
    if number is None:
        return league.current_season()
    try:
        return league.seasons.get(number=int(number))
    except (ValueError, Season.DoesNotExist):
        raise Http404 from None


def league_detail(request, slug):
    """A league's page: the season shown (its divisions, standings and tables), the next
    season's entrants with the join or leave button (or why the player may not join), and
    the archive of closed seasons."""
    league = get_object_or_404(League, slug=slug)
    season = _shown_season(league, request.GET.get("season"))
    following = league.next_season()
    divisions = []
    if season is not None and season.status != Season.Status.OPEN:
        for division in season.divisions.all():
            tables = Table.objects.filter(division=division).select_related("game")
            divisions.append(
                {
                    "division": division,
                    "standings": services.standings(division),
                    "tables": tables,
                }
            )
    entrants = []
    mine = refused = None
    if following is not None:
        entrants = list(following.entries.filter(left_at=None).select_related("user"))
        if request.user.is_authenticated:
            mine = next((e for e in entrants if e.user_id == request.user.pk), None)
            if mine is None:
                refused = services.refusal(league, request.user, following)
    playing = (
        request.user.is_authenticated
        and season is not None
        and season.status == Season.Status.RUNNING
        and season.entries.filter(user=request.user, left_at=None).exists()
    )
    context = {
        "league": league,
        "season": season,
        "divisions": divisions,
        "following": following,
        "entrants": entrants,
        "mine": mine,
        "refused": refused,
        "playing": playing,
        "archive": league.seasons.filter(status=Season.Status.CLOSED).order_by("-number"),
    }
    return render(request, "leagues/detail.html", context)


@login_required
@require_POST
def league_join(request, slug):
    """Enter the signed-in player in the league's next season, or say why not."""
    league = get_object_or_404(League, slug=slug)
    try:
        services.join(league, request.user)
    except services.LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You are in the next season. Good luck!"))
    return redirect(league)


@login_required
@require_POST
def league_leave(request, slug):
    """Take the signed-in player out of the league (the season under way's games forfeited)."""
    league = get_object_or_404(League, slug=slug)
    try:
        services.leave(league, request.user)
    except services.LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You have left the league."))
    return redirect(league)
