"""Lobby, game creation, "my games" and the play page with its actions.

Every form works without JavaScript (POST, then redirect to the game); with htmx the same
endpoints answer with the ``game`` partial of the play page, which replaces only the board,
the panel and the log. Services in ``games.services`` make every change.
"""

import functools
import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Case, Count, F, Prefetch, When
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.limits import hourly_limit
from friends.services import followed_first
from games import access, polling, scoresheet, services
from games.forms import ActionForm, InviteForm, NewGameForm, VersionForm
from games.kinds import game_choices
from games.models import Game, Invitation, Seat

FRAGMENT_SECONDS = 60 * 60
#: My games: the running games shown at most, the finished games a page, the invitations shown
#: at most.
RUNNING_SHOWN = 200
FINISHED_PER_PAGE = 20
INVITATIONS_SHOWN = 100


def _get_game(request, code, *, token=None, defer=()) -> tuple[Game, Seat | None]:
    """The game with public ``code`` and the requesting user's seat in it (or None); see
    ``games.access.game_for`` for who may see it and what ``defer`` leaves unread."""
    return access.game_for(request.user, code, token=token, defer=defer)


@functools.cache
def _template_generation(sources: tuple[str, ...]) -> str:
    """A short digest of the templates ``sources`` (a partial and those it includes), so that
    a deployment that changes them never serves fragments cached by the version before."""
    texts = [get_template(name).template.source for name in sources]
    return hashlib.sha256("".join(texts).encode()).hexdigest()[:12]


def _cached_fragments(kind, fragments: dict[str, tuple[str, str, object]]) -> dict[str, str]:
    """The game's partials rendered, kept in the shared cache: ``fragments`` is {name: (key,
    part, make_context)}, the answer {name: the partial ``part`` rendered with
    ``make_context()``, cached under ``key``}. All are looked up in one round trip to the
    cache and those missing stored in another.

    For the parts of the play page that depend only on the game's version, the viewer's role
    and language (the board, the log): a page reload or another watcher's poll reuses them.
    """
    keys = {
        name: f"{key}:{_template_generation(tuple(kind.sources(part)))}"
        for name, (key, part, _make) in fragments.items()
    }
    found = cache.get_many(keys.values())
    missing = {}
    html = {}
    for name, (_key, part, make_context) in fragments.items():
        text = found.get(keys[name])
        if text is None:
            text = missing[keys[name]] = render_to_string(kind.template(part), make_context())
        html[name] = mark_safe(text)  # rendered by the template engine, which escaped it
    if missing:
        cache.set_many(missing, FRAGMENT_SECONDS)
    return html


def _is_htmx(request) -> bool:
    return bool(request.htmx) and not request.htmx.boosted


@require_GET
def lobby(request):
    """Open games anyone may join, newest first, with their computer players."""
    games = (
        Game.objects.open()
        .filter(invite_only=False)
        .annotate(seated=Count("seats"))
        .select_related("creator")
        .prefetch_related(Prefetch("seats", Seat.objects.exclude(bot_level=""), "bot_seats"))[:100]
    )
    games = followed_first(games, request.user)  # games of people the user follows first
    return render(request, "games/lobby.html", {"games": games})


def _to_game(request, code):
    return reverse("game_detail", kwargs={"code": code})


@login_required
@hourly_limit("new_game", redirect_to=lambda request: reverse("new_game"))
def new_game(request):
    """The form that creates a game; its creator takes the first seat. The game is chosen
    first (``?game=<name>``, a link on the page); with htmx the links swap only the part of
    the form that depends on the game."""
    form = NewGameForm(request.POST or None, game=request.GET.get("game"))
    if request.method == "POST" and form.is_valid():
        try:
            game = services.create_game(request.user, **form.game_arguments())
        except services.GameError as error:
            form.add_error(None, error.message)
        else:
            return redirect(game)
    template = "games/new.html#game-part" if _is_htmx(request) else "games/new.html"
    return render(request, template, {"form": form, "games": game_choices()})


@require_POST
@login_required
@hourly_limit("new_game", redirect_to=lambda request: reverse("new_game"))
def play_now(request, engine):
    """One click from the home page: a game of ``engine`` against one easy computer player,
    started at once; an unknown game is a 404."""
    if engine not in dict(game_choices()):
        raise Http404
    game = services.create_game(request.user, engine=engine, num_players=2, bots=1)
    return redirect(game)


def _my_game_ids(user) -> tuple[list[int], list[int]]:
    """The ids of all ``user``'s running games (open or active), newest first, and of all
    their finished games, the latest finished first (then the highest id).

    One query, from the user's seats by their user index (a few hundred rows for a player of
    550 games): running games have no finish time and come first (PostgreSQL puts NULL first
    in a descending order). Asked for one page of finished games joined to the seats, the
    planner walked the whole archive's index newest first until it met enough of the user's
    games; the running games joined to the seats read every running game."""
    running = [Game.Status.OPEN, Game.Status.ACTIVE]
    rows = (
        Seat.objects.filter(user=user, game__status__in=[*running, Game.Status.FINISHED])
        .order_by(
            F("game__finished_at").desc(nulls_first=True),
            Case(When(game__status__in=running, then="game__created_at")).desc(),
            "-game_id",
        )
        .values_list("game_id", "game__status")
    )
    running_ids, finished_ids = [], []
    for pk, status in rows:
        (finished_ids if status == Game.Status.FINISHED else running_ids).append(pk)
    return running_ids, finished_ids


@login_required
@require_GET
def my_games(request):
    """The user's games: invitations waiting for an answer, those waiting for their move,
    then the others still running, then the finished ones, newest first, a page at a time
    (``?page=``)."""
    all_running_ids, finished_ids = _my_game_ids(request.user)
    running_ids = all_running_ids[:RUNNING_SHOWN]
    finished = Paginator(finished_ids, FINISHED_PER_PAGE).get_page(request.GET.get("page"))
    seats = Seat.objects.select_related("user").only(
        "game",
        "user",
        "user__display_name",
        "bot_level",
        "number",
        "left_at",
        "place",
        "final_score",
    )
    games = (
        Game.objects.defer("state")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .in_bulk([*running_ids, *finished.object_list])
    )
    running = [games[pk] for pk in running_ids]
    finished.object_list = [games[pk] for pk in finished.object_list]
    for game in [*running, *finished.object_list]:
        game.my_seat = next(s for s in game.seats.all() if s.user_id == request.user.pk)
        game.my_turn = (
            game.status == Game.Status.ACTIVE
            and game.current_seat == game.my_seat.number
            and game.my_seat.left_at is None
        )
    # The nearest deadline first; a game without one (solo, or claimed by the sweep) last.
    waiting = sorted(
        (g for g in running if g.my_turn),
        key=lambda g: (g.turn_deadline is None, g.turn_deadline or 0),
    )
    others = [g for g in running if not g.my_turn]
    invitations = list(
        Invitation.objects.filter(user=request.user, game__status=Game.Status.OPEN)
        .exclude(game__seats__user=request.user)
        .select_related("game", "invited_by")
        .annotate(seated=Count("game__seats"))
        .order_by("-created_at")[:INVITATIONS_SHOWN]
    )
    return render(
        request,
        "games/mine.html",
        {"waiting": waiting, "others": others, "finished": finished, "invitations": invitations},
    )


def play_context(request, game: Game, seat: Seat | None) -> dict:
    """Everything the play page shows ``seat`` (None: someone without a seat)."""
    context = {
        "game": game,
        "seat": seat,
        "seats": game.seat_list,
        "poll_token": polling.poll_token(game, seat, request.session.session_key),
    }
    if game.status == Game.Status.OPEN:
        context["invite_form"] = InviteForm()
        if seat is not None:
            context["invite_token"] = services.invite_token(game)
        return context
    if game.state is None:
        return context
    kind = game.kind
    rules = kind.engine
    viewer = seat.number if seat is not None else None
    observation = rules.observation(game.state, viewer)
    names = [s.name for s in game.seat_list]
    my_turn = (
        seat is not None
        and seat.left_at is None
        and game.status == Game.Status.ACTIVE
        and game.current_seat == seat.number
    )
    legal = rules.legal_actions(game.state) if my_turn else []
    page = kind.page_context(request, game, seat, observation, legal, names)
    label = page.pop("action_label")
    since = since_last_visit(game, seat, names)
    board_context = _marking_changes(kind, page.pop("board_context"), since["cells"])
    full_log = request.GET.get("log") == "all"

    def log_context():
        moves = game.moves.filter(taken_back=False).order_by("-ply")
        entries = kind.log_entries(moves if full_log else moves[: kind.log_length], names)
        for entry in entries:  # newest first within an action too, as the actions are
            entry["lines"].reverse()
        return {"log": entries}

    language = get_language()
    role = f"seat{seat.number}:{page.pop('role')}" if my_turn else "watch"
    if since["cells"]:
        role += ":new-" + hashlib.sha256(" ".join(sorted(since["cells"])).encode()).hexdigest()[:12]
    prefix = f"game:{game.code}:{game.version}:{language}"
    fragments = {
        "board_html": (f"{prefix}:board:{role}", "board_area", board_context),
        "log_html": (f"{prefix}:log:{full_log}", "log", log_context),
    }
    if my_turn:
        fragments["action_options_html"] = (
            f"{prefix}:options:{seat.number}",
            "action_options",
            lambda: {"actions": [(a, label(a)) for a in legal]},
        )
    context.update(page)
    context.update(
        {
            "kind": kind,
            "observation": observation,
            "my_turn": my_turn,
            "action_options_html": "",
            **_cached_fragments(kind, fragments),
            "question": kind.question(observation) if my_turn else None,
            "has_action_list": len(legal) > 1,
            "can_undo": my_turn and services.undoable(game, seat.number),
            "can_vote_abort": seat is not None
            and seat.left_at is None
            and not seat.abort_vote
            and game.status == Game.Status.ACTIVE
            and any(s.left_at for s in game.seat_list),
            "panel": kind.panel(observation, game.seat_list),
            "full_log": full_log,
            "breakdown": scoresheet.final_breakdown(game, observation),
            "winners": [s.name for s in game.seat_list if s.place == 1]
            if game.status == Game.Status.FINISHED and game.num_players > 1
            else [],
            "since_last_visit": since,
        }
    )
    return context


#: The most moves "since your last visit" lists (a longer absence shows the newest ones).
SINCE_LIMIT = 50


def since_last_visit(game: Game, seat: Seat | None, names: list[str]) -> dict:
    """What the other players did since ``seat`` last had the game open (``Seat.last_seen_at``,
    noted by ``services.mark_seen``): {"count" (moves, at most SINCE_LIMIT), "log" (their
    entries in words, as ``GameKind.log_entries``), "cells" (the board cells they changed)}.
    Empty for a watcher and on a player's first visit."""
    if seat is None or seat.last_seen_at is None or seat.number is None:
        return {"count": 0, "log": [], "cells": set()}
    moves = list(
        game.moves.filter(taken_back=False, created_at__gt=seat.last_seen_at)
        .exclude(seat=seat.number)
        .order_by("-ply")[:SINCE_LIMIT]
    )
    moves.reverse()
    kind = game.kind
    events = [event for move in moves for event in move.events]
    return {
        "count": len(moves),
        "log": kind.log_entries(moves, names),
        "cells": kind.changed_cells(events),
    }


def _marking_changes(kind, board_context, cells: set[str]):
    """The kind's ``board_context`` callable, with ``cells`` marked as changed."""
    if not cells:
        return board_context
    return lambda: kind.mark_changed(board_context(), cells)


def _attempt(request, service, *args, success=None):
    """Run the game service ``service(*args)``: on GameError show its message and return
    None; otherwise show ``success`` (if any) and return the service's result, or True."""
    try:
        result = service(*args)
    except services.GameError as error:
        messages.error(request, error.message)
        return None
    if success:
        messages.success(request, success)
    return True if result is None else result


def _render_game(request, game, seat):
    template = "games/play.html#game" if _is_htmx(request) else "games/play.html"
    return render(request, template, play_context(request, game, seat))


def game_detail(request, code):
    """The play page (or, while the game gathers players, its waiting room)."""
    game, seat = _get_game(request, code, token=request.GET.get("invite"))
    active = game.status == Game.Status.ACTIVE
    if seat is not None and active and services.seen_long_ago(seat.last_seen_at):
        services.mark_seen(game.code, request.user)
    return _render_game(request, game, seat)


@login_required
@require_POST
def game_act(request, code):
    """Apply one action of the player whose turn it is; a stale page gets the fresh board."""
    # The player's seat with the game, in one query: the service reads the game again, locked,
    # with its position and seats. Someone without a seat gets 404 or 403 as on the page.
    mine = access.seat_for(request.user, code)
    if mine is None:
        _get_game(request, code, defer=("state",))
        raise PermissionDenied
    game = mine.game
    form = ActionForm(request.POST)
    moved = None
    if not form.is_valid():
        messages.error(request, _("That request was incomplete. Please try again."))
    else:
        data = form.cleaned_data
        moved = _attempt(
            request, services.submit_action, game, request.user, data["action"], data["version"]
        )
    if moved and _is_htmx(request):
        mover = next((s for s in moved.seat_list if s.number == moved.current_seat), None)
        if mover is not None and mover.playing_level and moved.status == Game.Status.ACTIVE:
            return _after_change(request, code)  # a computer player may have moved since
        # The service's game is the position just committed, with its seats and players.
        mine = next(s for s in moved.seat_list if s.user_id == request.user.pk)
        return _render_game(request, moved, mine)
    return _after_change(request, code)


@login_required
@require_POST
def game_act_batch(request, code):
    """Apply several actions of the player whose turn it is (a market form), by the rule of
    ``games.lines``: when one fails, those since the last revealing one and after it are not
    applied, and the message says which were and why the failed one was refused."""
    game, seat = _get_game(request, code)
    if seat is None:
        raise PermissionDenied
    form = VersionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That request was incomplete. Please try again."))
    else:
        actions = game.kind.batch_actions(request.POST)
        version = form.cleaned_data["version"]
        done = _attempt(request, services.submit_actions, game, request.user, actions, version)
        if done and done[1].failed is not None:
            messages.error(request, _batch_failure(done[1]))
    return _after_change(request, code)


def _batch_failure(plan) -> str:
    """The message for a batch whose ``plan`` (``games.lines.Plan``) has a failed action: its
    reason, after the actions that were applied all the same (those up to a revealing one)."""
    _index, line = plan.failed
    if not plan.keep:
        return line.reason
    return _("Applied: %(applied)s. Not applied: %(rest)s. %(reason)s") % {
        "applied": ", ".join(plan.keep),
        "rest": ", ".join(plan.lines[n].action for n in plan.not_applied),
        "reason": line.reason,
    }


@login_required
@require_POST
def game_undo(request, code):
    """Take back the last action of the turn, if it revealed nothing."""
    game, seat = _get_game(request, code)
    if seat is None:
        raise PermissionDenied
    form = VersionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That request was incomplete. Please try again."))
    else:
        _attempt(request, services.undo_action, game, request.user, form.cleaned_data["version"])
    return _after_change(request, code)


def _after_change(request, code):
    """htmx: the fresh ``game`` partial; otherwise POST/redirect/GET to the play page."""
    if _is_htmx(request):
        game, seat = _get_game(request, code)
        return _render_game(request, game, seat)
    return redirect("game_detail", code=code)


@require_GET
def game_poll(request, code):
    """204 while the game is still at the page's version, else the fresh ``game`` partial.

    Access is checked first, so that nobody learns a private game's version from a 204. A
    player's poll reads their seat and the game in one query, without the position, and
    notes the visit at most once a minute (``seen_long_ago``): a poll that finds nothing new
    writes nothing."""
    form = VersionForm(request.GET)
    version = form.cleaned_data["version"] if form.is_valid() else None
    mine = access.seat_for(request.user, code)
    if mine is not None:
        if services.seen_long_ago(mine.last_seen_at):
            services.mark_seen(code, request.user)
        if mine.game.version == version:
            return HttpResponse(status=204)
    game, seat = _get_game(request, code, defer=("state",))
    if game.version == version:
        return HttpResponse(status=204)
    return render(request, "games/play.html#game", play_context(request, game, seat))


@login_required
@require_POST
@hourly_limit("seat", redirect_to=_to_game)
def game_join(request, code):
    """Take a free seat (an invitation-only game needs the invitation or its link)."""
    token = request.POST.get("invite")
    game, _seat = _get_game(request, code, token=token)
    _attempt(
        request,
        lambda: services.join_game(game, request.user, token=token),
        success=_("You have joined the game."),
    )
    return redirect("game_detail", code=code)


@login_required
@require_POST
@hourly_limit("seat", redirect_to=_to_game)
def game_leave(request, code):
    """Leave a game that has not started (its creator calls it off)."""
    game, _seat = _get_game(request, code)
    left = _attempt(
        request, services.leave_game, game, request.user, success=_("You have left the game.")
    )
    return redirect("lobby") if left else redirect("game_detail", code=code)


@login_required
@require_POST
def game_start(request, code):
    """Start the game now with the players seated (its creator only)."""
    game, _seat = _get_game(request, code)
    _attempt(request, services.start_game, game, request.user)
    return redirect("game_detail", code=code)


@login_required
@require_POST
@hourly_limit("invitation", redirect_to=_to_game)
def game_invite(request, code):
    """Invite a player of the site by display name."""
    game, _seat = _get_game(request, code)
    form = InviteForm(request.POST)
    if form.is_valid():
        invitation = _attempt(
            request, services.invite, game, request.user, form.cleaned_data["display_name"]
        )
        if invitation:
            name = invitation.user.display_name
            messages.success(request, _("%(name)s is invited.") % {"name": name})
    return redirect("game_detail", code=code)


@login_required
@require_POST
def game_decline(request, code):
    """Turn down an invitation to a game that gathers players."""
    game = get_object_or_404(Game, code=code)
    _attempt(
        request,
        services.decline_invitation,
        game,
        request.user,
        success=_("You have declined the invitation."),
    )
    return redirect("my_games")


@login_required
@require_POST
@hourly_limit("seat", redirect_to=_to_game)
def game_abort_vote(request, code):
    """Vote to call off a game that a player has left."""
    game, _seat = _get_game(request, code)
    game = _attempt(request, services.vote_abort, game, request.user)
    if game and game.status == Game.Status.ABORTED:
        messages.success(request, _("The game is called off."))
    elif game:
        messages.success(request, _("Your vote is counted. The others must agree too."))
    return redirect("game_detail", code=code)


@login_required
def game_resign(request, code):
    """Leave a running game for good, after a confirmation page."""
    game, seat = _get_game(request, code)
    if seat is None:
        raise PermissionDenied
    if request.method == "POST":
        _attempt(request, services.resign, game, request.user, success=_("You have left the game."))
        return redirect("game_detail", code=code)
    return render(request, "games/resign.html", {"game": game})
