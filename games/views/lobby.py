"""The lobby, a new game, My games, and the waiting room's actions (join, leave, start,
invite, decline).

Every form works without JavaScript (POST, then redirect); services in ``games.services`` make
every change.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Case, Count, F, Prefetch, When
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.limits import hourly_limit
from friends.services import followed_first
from games import estimates, queries, services
from games.forms import InviteForm, NewGameForm
from games.kinds import game_choices
from games.models import Game, Invitation, Seat
from games.views.common import get_game, is_htmx, to_game

#: My games: the running games shown at most, the finished games a page, the invitations shown
#: at most.
RUNNING_SHOWN = 200
FINISHED_PER_PAGE = 20
INVITATIONS_SHOWN = 100


@require_GET
def lobby(request):
    """Open games anyone may join, newest first, with their computer players; then the seats
    of running games that a newcomer may take over from a bot (``queries.seats_to_take_over``)."""
    games = (
        Game.objects.open()
        .filter(invite_only=False)
        .annotate(seated=Count("seats"))
        .select_related("creator")
        .prefetch_related(
            Prefetch("seats", Seat.objects.exclude(bot_level="").with_robot_rank(), "bot_seats")
        )[:100]
    )
    games = followed_first(games, request.user)  # games of people the user follows first
    estimates.add_estimates(games)
    seats = queries.seats_to_take_over(request.user)
    return render(request, "games/lobby.html", {"games": games, "seats_to_take_over": seats})


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
    template = "games/new.html#game-part" if is_htmx(request) else "games/new.html"
    estimate = _estimate(form.choices(), request.user)
    return render(request, template, {"form": form, "games": game_choices(), "estimate": estimate})


@login_required
@require_GET
def new_game_estimate(request):
    """The new-game form's estimate of the game's length for the choices in the query (the
    form's fields), as the fragment the form swaps in on each change (htmx)."""
    form = NewGameForm(request.GET)
    return render(
        request,
        "games/new.html#estimate",
        {"estimate": _estimate(form.choices(), request.user)},
    )


def _estimate(choices: dict, user) -> int:
    """``estimates.estimate_days`` for the form's ``choices`` and ``user``, who joins first."""
    return estimates.estimate_days(**choices, users=[user])


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
    their finished games, played to the end or aborted, the latest finished first (then the
    highest id).

    One query, from the user's seats by their user index (a few hundred rows for a player of
    550 games): running games have no finish time and come first (PostgreSQL puts NULL first
    in a descending order). Asked for one page of finished games joined to the seats, the
    planner walked the whole archive's index newest first until it met enough of the user's
    games; the running games joined to the seats read every running game."""
    running = [Game.Status.OPEN, Game.Status.ACTIVE]
    rows = (
        Seat.objects.filter(user=user)
        .order_by(
            F("game__finished_at").desc(nulls_first=True),
            Case(When(game__status__in=running, then="game__created_at")).desc(),
            "-game_id",
        )
        .values_list("game_id", "game__status")
    )
    running_ids, finished_ids = [], []
    for pk, status in rows:
        (running_ids if status in running else finished_ids).append(pk)
    return running_ids, finished_ids


@login_required
@require_GET
def my_games(request):
    """The user's games: invitations waiting for an answer, those waiting for their move,
    then the others still running, then the finished ones (aborted ones too), newest first, a
    page at a time (``?page=``)."""
    all_running_ids, finished_ids = _my_game_ids(request.user)
    running_ids = all_running_ids[:RUNNING_SHOWN]
    finished = Paginator(finished_ids, FINISHED_PER_PAGE).get_page(request.GET.get("page"))
    seats = (
        Seat.objects.select_related("user")
        .only(
            "game",
            "user",
            "user__display_name",
            "bot_level",
            "number",
            "left_at",
            "place",
            "final_score",
        )
        .with_robot_rank()
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


@login_required
@require_POST
@hourly_limit("seat", redirect_to=to_game)
def game_join(request, code):
    """Take a free seat (an invitation-only game needs the invitation or its link)."""
    token = request.POST.get("invite")
    game, _seat = get_game(request, code, token=token)
    try:
        services.join_game(game, request.user, token=token)
    except services.GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You have joined the game."))
    return redirect("game_detail", code=code)


@login_required
@require_POST
@hourly_limit("seat", redirect_to=lambda request, code, number: reverse("lobby"))
def game_take_over(request, code, number):
    """Take over seat ``number`` of a running game from the bot that plays it for a player who
    left; on to the game, or back to the lobby with the reason it was refused."""
    game = get_object_or_404(Game, code=code)
    try:
        services.take_over_seat(game, request.user, number)
    except services.GameError as error:
        messages.error(request, error.message)
        return redirect("lobby")
    messages.success(request, _("The seat is yours: you play on with everything it holds."))
    return redirect("game_detail", code=code)


@login_required
@require_POST
@hourly_limit("seat", redirect_to=to_game)
def game_leave(request, code):
    """Leave a game that has not started (its creator calls it off)."""
    game, _seat = get_game(request, code)
    try:
        services.leave_game(game, request.user)
    except services.GameError as error:
        messages.error(request, error.message)
        return redirect("game_detail", code=code)
    messages.success(request, _("You have left the game."))
    return redirect("lobby")


@login_required
@require_POST
def game_start(request, code):
    """Start the game now with the players seated (its creator only)."""
    game, _seat = get_game(request, code)
    try:
        services.start_game(game, request.user)
    except services.GameError as error:
        messages.error(request, error.message)
    return redirect("game_detail", code=code)


@login_required
@require_POST
@hourly_limit("invitation", redirect_to=to_game)
def game_invite(request, code):
    """Invite a player of the site by display name."""
    game, _seat = get_game(request, code)
    form = InviteForm(request.POST)
    if form.is_valid():
        try:
            invitation = services.invite(game, request.user, form.cleaned_data["display_name"])
        except services.GameError as error:
            messages.error(request, error.message)
        else:
            name = invitation.user.display_name
            messages.success(request, _("%(name)s is invited.") % {"name": name})
    return redirect("game_detail", code=code)


@login_required
@require_POST
def game_decline(request, code):
    """Turn down an invitation to a game that gathers players."""
    game = get_object_or_404(Game, code=code)
    try:
        services.decline_invitation(game, request.user)
    except services.GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You have declined the invitation."))
    return redirect("my_games")
