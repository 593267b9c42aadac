"""The archive: finished games listed and filtered, replayed step by step, exported as records.

Finished games are open to everyone. A running game is never replayed or exported here (its
seed, salt and face-down markers stay secret): the replay sends those who may watch it to its
play page and refuses everybody else, the record is not found.
"""

import functools
import hashlib

from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import get_template, render_to_string
from django.utils import timezone
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from archive.forms import ArchiveFilterForm
from archive.pagination import ArchivePaginator, IdListPaginator
from archive.records import game_record
from archive.replay import replay_context
from archive.reviews import may_see_review
from games.access import game_for
from games.models import Game, Seat

GAMES_PER_PAGE = 25
#: The columns of a game that the archive's row (ROW_TEMPLATE) shows.
ROW_FIELDS = ("code", "engine", "num_players", "rated", "finished_at")


def _get_finished_game(request, code) -> Game:
    """The game with public ``code`` if it is finished, with ``seat_list`` filled.

    Raises Http404 for an unknown code or a game not finished that the user may watch,
    PermissionDenied for a game the user may not see at all
    (``games.access``).
    """
    game, _seat = game_for(request.user, code)
    if game.status != Game.Status.FINISHED:
        raise Http404("only finished games are in the archive")
    return game


@require_GET
def archive_list(request):
    """Finished games, newest first, filtered by the GET form and paginated."""
    form = ArchiveFilterForm(request.GET or None)
    games = Game.objects.finished()
    if form.is_valid():
        games = form.filter(games)
    games = games.order_by("-finished_at", "-id")
    query = request.GET.copy()
    query.pop("page", None)
    filters = form.cleaned_data if form.is_valid() else {}
    count_key = repr(sorted((k, str(v)) for k, v in filters.items() if v not in (None, "")))
    # Only the columns a row shows (ROW_TEMPLATE) and its cache key (the seats' names).
    seats = (
        Seat.objects.select_related("user")
        .only("game", "user", "user__display_name", "bot_level", "number", "place", "final_score")
        .order_by("place", "number")
    )
    rows = Game.objects.only(*ROW_FIELDS).prefetch_related(Prefetch("seats", seats))
    if filters.get("player"):
        # One player's games, a few hundred at most: all their ids in order, from the
        # player's seats, then a page's rows. Asked for one page (LIMIT), the planner guessed
        # the player's share of the archive and walked it newest first until it met enough
        # of their games: every game for a player whose games are all old.
        ids = list(games.values_list("pk", flat=True))
        paginator = IdListPaginator(ids, GAMES_PER_PAGE, rows=rows)
    else:
        paginator = ArchivePaginator(games, GAMES_PER_PAGE, count_key=count_key, rows=rows)
    page = paginator.get_page(request.GET.get("page"))
    return render(
        request,
        "archive/list.html",
        {"form": form, "page": page, "rows": _rows(page.object_list), "query": query.urlencode()},
    )


ROW_TEMPLATE = "archive/partials/row.html"
ROW_SECONDS = 24 * 60 * 60


@functools.cache
def _row_generation() -> str:
    """A digest of the row template, so that a deployment that changes it renders anew."""
    return hashlib.sha256(get_template(ROW_TEMPLATE).template.source.encode()).hexdigest()[:12]


def _rows(games) -> list[str]:
    """The archive table's row of each of ``games`` (finished, with their seats and users),
    kept in the shared cache: a finished game does not change, so a row is rendered once per
    language, time zone and players' names (a renamed player gets a new row). One round trip
    to the cache looks them all up, one more stores those rendered."""
    suffix = f"{get_language()}:{timezone.get_current_timezone_name()}:{_row_generation()}"
    keys = {}
    for game in games:
        names = "\n".join(seat.name for seat in game.seats.all())
        digest = hashlib.sha256(names.encode()).hexdigest()[:12]
        keys[game.pk] = f"archive-row:{game.pk}:{digest}:{suffix}"
    found = cache.get_many(keys.values())
    missing = {}
    for game in games:
        if keys[game.pk] not in found:
            game.results = _results(game)
            missing[keys[game.pk]] = render_to_string(ROW_TEMPLATE, {"game": game})
    if missing:
        cache.set_many(missing, ROW_SECONDS)
    # Rendered by the template engine, which escaped them.
    return [mark_safe(found.get(keys[game.pk]) or missing[keys[game.pk]]) for game in games]


def _results(game) -> list[str]:
    """The row's line of each seat of ``game`` (its seats with their users, best first):
    "1. Alice (54)", translated, the values escaped as a template would. Built here, not by a
    blocktranslate per seat in ROW_TEMPLATE, which took half of a page of rows' time."""
    line = gettext("%(place)s. %(name)s (%(score)s)")
    return [
        mark_safe(  # the values are escaped; the line is the catalogue's
            line
            % {
                "place": conditional_escape(localize(seat.place)),
                "name": conditional_escape(seat.name),
                "score": conditional_escape(localize(seat.final_score)),
            }
        )
        for seat in game.seats.all()
    ]


@require_GET
def replay(request, code):
    """A finished game at one step (``?step=N``, the number of actions played; the last by
    default), with the whole layout revealed; htmx gets only the replay panel."""
    game, seat = game_for(request.user, code)
    if game.status != Game.Status.FINISHED:
        return redirect(game)
    try:
        step = int(request.GET["step"])
    except (KeyError, ValueError):
        step = None
    context = {"game": game, "seat": seat, "seats": game.seat_list, **replay_context(game, step)}
    htmx = bool(request.htmx) and not request.htmx.boosted
    template = "archive/replay.html#replay" if htmx else "archive/replay.html"
    return render(request, template, context)


@require_GET
def record(request, code):
    """The game record as JSON (see ``archive.records``), for finished games only."""
    game = _get_finished_game(request, code)
    response = JsonResponse(game_record(game), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'inline; filename="{game.engine}-{game.code}.json"'
    return response


@require_GET
def review(request, code):
    """The bot's review and the statistics of a finished game, alone on a page: not found
    while the game runs, refused to those who do not play in a private game
    (``archive.reviews.may_see_review``)."""
    game, seat = game_for(request.user, code)
    if game.status != Game.Status.FINISHED:
        raise Http404("a game is reviewed once it is over")
    if not may_see_review(game, seat):
        raise PermissionDenied
    return render(request, "archive/review.html", {"game": game, "seat": seat})
