"""The play page and its actions: act, act in a batch, ask why not, undo, poll, vote to call
off, vote to end, resign, ask for or give 24 more hours.

Every form works without JavaScript (POST, then redirect to the game); with htmx the same
endpoints answer with what changed on the page the request came from (out-of-band swaps of
its pieces, ``games.pieces``) or, when that cannot be told, the ``game`` partial. The page's
context comes from ``games.page``; services in ``games.services`` make every change.
"""

from typing import NoReturn

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.limits import hourly_limit
from games import access, pieces, polling, queries, services, text_mode
from games.context_processors import waiting_games
from games.forms import ActionForm, VersionForm
from games.kinds.rules_links import WhyNot
from games.models import Game, Seat
from games.page import play_context
from games.views.common import get_game, is_htmx, to_game


def _render_game(request, game, seat):
    """The play page; with htmx its ``game`` partial or, when the request came from a page a
    few versions behind (its page key), only what changed since (``games.pieces``)."""
    if not is_htmx(request):
        return render(request, "games/play.html", play_context(request, game, seat))
    return _partial(request, game, seat)


def _partial(request, game, seat):
    """The ``game`` partial, or a patch of the page the request came from (see
    ``_render_game``): 200 with ``HX-Reswap: none`` and the changed pieces. A signed-in
    player's answer says how many games wait for them (``X-Games-Waiting``)."""
    page = pieces.requested_page(request.POST if request.method == "POST" else request.GET)
    context = play_context(request, game, seat, page=page)
    body = pieces.patch(context)
    if body is None:
        response = render(request, "games/play.html#game", context)
    else:
        response = HttpResponse(body)
        response["HX-Reswap"] = "none"
    waiting = waiting_games(request)["waiting_games"]
    if waiting is not None:  # the tab's title and the app's badge follow it (static/js/app.js)
        response["X-Games-Waiting"] = str(waiting.count)
    return response


def game_detail(request, code):
    """The play page (or, while the game gathers players, its waiting room). ``?mode=text``
    or ``?mode=board`` (the link at the top of the page) switches this browser to the text
    mode or back (``games.text_mode``), then redirects to the page without it."""
    game, seat = get_game(request, code, token=request.GET.get("invite"))
    if text_mode.choose(request, request.GET.get("mode", "")):
        rest = request.GET.copy()
        del rest["mode"]
        query = f"?{rest.urlencode()}" if rest else ""
        return redirect(f"{game.get_absolute_url()}{query}#main")
    active = game.status == Game.Status.ACTIVE
    if seat is not None and active and queries.seen_long_ago(seat.last_seen_at):
        services.mark_seen(game.code, request.user)
    return _render_game(request, game, seat)


@login_required
@require_POST
def game_act(request, code):
    """Apply one action of the player whose turn it is; a stale page gets the fresh board."""
    form = ActionForm(request.POST)
    if not form.is_valid():
        if access.seat_for(request.user, code) is None:
            _refuse(request, code)
        messages.error(request, _("That request was incomplete. Please try again."))
        return _after_change(request, code)
    data = form.cleaned_data
    # The game is read once, locked, with its position and only for a player of it: the
    # service checks the rest. Someone without a seat gets 404 or 403 as on the page.
    try:
        moved = services.submit_action_in(code, request.user, data["action"], data["version"])
    except services.IllegalMove as error:
        kind = Game.objects.only("engine").get(code=code).kind
        messages.error(request, _said(kind.rules_links.why_not(error.error.why)))
        return _after_change(request, code)
    except services.GameError as error:
        messages.error(request, error.message)
        return _after_change(request, code)
    if moved is None:
        _refuse(request, code)
    if is_htmx(request):
        mover = next((s for s in moved.seat_list if s.number == moved.current_seat), None)
        if mover is not None and mover.playing_level and moved.status == Game.Status.ACTIVE:
            return _after_change(request, code)  # a computer player may have moved since
        # The service's game is the position just committed, with its seats and players.
        mine = next(s for s in moved.seat_list if s.user_id == request.user.pk)
        return _render_game(request, moved, mine)
    return _after_change(request, code)


def _refuse(request, code) -> NoReturn:
    """Refuse a change to the game with public ``code`` by someone without a seat in it:
    Http404 or PermissionDenied as the play page would answer them, else PermissionDenied
    (a watcher may not act)."""
    get_game(request, code, defer=("state",))
    raise PermissionDenied


def _my_game(request, code) -> tuple[Game, Seat]:
    """The game with public ``code`` and the requesting player's seat in it; 404 or 403 as
    on the page for someone who may not see it, 403 for a watcher."""
    game, seat = get_game(request, code)
    if seat is None:
        raise PermissionDenied
    return game, seat


def _posted_version(request) -> int | None:
    """The game version of the page the player acted on (its form's ``version``), or None
    with a message when the request lacks it (a stale page gets the fresh board instead)."""
    form = VersionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That request was incomplete. Please try again."))
        return None
    return form.cleaned_data["version"]


@login_required
@require_POST
def game_act_batch(request, code):
    """Apply several actions of the player whose turn it is (a market form), by the rule of
    ``games.lines``: when one fails, those since the last revealing one and after it are not
    applied, and the message says which were and why the failed one was refused."""
    game, _seat = _my_game(request, code)
    version = _posted_version(request)
    if version is None:
        return _after_change(request, code)
    actions = game.kind.page.batch_actions(request.POST)
    try:
        _game, plan = services.submit_actions(game, request.user, actions, version)
    except services.GameError as error:
        messages.error(request, error.message)
    else:
        if plan.failed is not None:
            messages.error(request, _batch_failure(game, plan))
    return _after_change(request, code)


def _said(said: WhyNot) -> SafeString:
    """A refusal as a message: its reason in words, with the "?" link to its rule."""
    return mark_safe(render_to_string("games/partials/why_not.html", {"said": said}).strip())


def _batch_failure(game, plan) -> SafeString:
    """The message for a batch whose ``plan`` (``games.lines.Plan``) has a failed action: its
    reason with its rule, after the actions that were applied all the same (those up to a
    revealing one)."""
    _index, line = plan.failed
    reason = _said(game.kind.rules_links.why_not(line.why))
    if not plan.keep:
        return reason
    return mark_safe(  # the actions escaped here, the reason by its template
        _("Applied: %(applied)s. Not applied: %(rest)s. %(reason)s")
        % {
            "applied": conditional_escape(", ".join(plan.keep)),
            "rest": conditional_escape(", ".join(plan.lines[n].action for n in plan.not_applied)),
            "reason": reason,
        }
    )


@login_required
@require_http_methods(["GET", "POST"])
def game_why_not(request, code):
    """Why the player may not play ``action`` now (GET: a click on a board place that is no
    target; POST: the typed form's "Why not?"): the rule that forbids it, in words with its
    "?" link, as a message on the page (htmx: what changed on it). It changes nothing."""
    game, seat = _my_game(request, code)
    data = request.POST if request.method == "POST" else request.GET
    text = data.get("action", "")[: ActionForm.base_fields["action"].max_length]
    said = queries.why_not(game, seat.number if seat.left_at is None else None, text)
    if said is None:
        messages.success(request, _("%(action)s can be played now.") % {"action": text.strip()})
    else:
        messages.error(request, _said(said))
    return _after_change(request, code)


@login_required
@require_POST
def game_undo(request, code):
    """Take back the last action of the turn, if it revealed nothing."""
    game, _seat = _my_game(request, code)
    version = _posted_version(request)
    if version is not None:
        try:
            services.undo_action(game, request.user, version)
        except services.GameError as error:
            messages.error(request, error.message)
    return _after_change(request, code)


def _after_change(request, code):
    """htmx: what changed on the page (or the fresh ``game`` partial); otherwise
    POST/redirect/GET to the play page."""
    if is_htmx(request):
        game, seat = get_game(request, code)
        return _render_game(request, game, seat)
    return redirect("game_detail", code=code)


@require_GET
def game_poll(request, code):
    """204 while the game is still at the page's version, else what changed on the page (a
    patch, see ``games.pieces``) or the fresh ``game`` partial.

    Access is checked first, so that nobody learns a private game's version from a 204. A
    player's poll reads their seat and the game in one query, without the position, and
    notes the visit at most once a minute (``seen_long_ago``): a poll that finds nothing new
    writes nothing; one that brings the page new moves notes the visit at once, as those
    moves are seen live (``services.mark_seen(news=True)``).

    A page whose poll token is no longer fresh (or not its session's) gets its news even when
    the game did not move on: at least a new ``#game-sync``, with a fresh token for its poll
    and its stream (the live process ends a stream when its token expires)."""
    form = VersionForm(request.GET)
    version = form.cleaned_data["version"] if form.is_valid() else None
    token = request.GET.get("t", "")
    if token and polling.token_holder(str(code), token, request.session.session_key) is None:
        version = None  # an old token: the answer brings a fresh one
    mine = access.seat_for(request.user, code)
    if mine is not None:
        news = version is not None and mine.game.version != version
        if news or queries.seen_long_ago(mine.last_seen_at):
            services.mark_seen(code, request.user, news=news)
        if mine.game.version == version:
            return HttpResponse(status=204)
    game, seat = get_game(request, code, defer=("state",))
    if game.version == version:
        return HttpResponse(status=204)
    return _partial(request, game, seat)


@login_required
@require_POST
@hourly_limit("seat", redirect_to=to_game)
def game_abort_vote(request, code):
    """Vote to call off a game that a player has left."""
    game, _seat = get_game(request, code)
    try:
        game = services.vote_abort(game, request.user)
    except services.GameError as error:
        messages.error(request, error.message)
    else:
        if game.status == Game.Status.ABORTED:
            messages.success(request, _("The game is called off."))
        else:
            messages.success(request, _("Your vote is counted. The others must agree too."))
    return redirect("game_detail", code=code)


@login_required
@require_POST
@hourly_limit("seat", redirect_to=to_game)
def game_ask_time(request, code):
    """The player to move takes their 24 more hours of the game (once per game)."""
    return _more_time(request, code, services.take_extension, _("You have 24 more hours."))


@login_required
@require_POST
@hourly_limit("seat", redirect_to=to_game)
def game_give_time(request, code):
    """A seated player gives the player to move 24 hours more (once a day)."""
    return _more_time(request, code, services.give_time, _("You gave 24 more hours."))


def _more_time(request, code, give, done: str):
    """Apply ``give`` (a service adding time) for the user; a refusal is told as an error and
    changes nothing. Redirects to the game."""
    game, _seat = get_game(request, code)
    try:
        give(game, request.user)
    except services.GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect("game_detail", code=code)


@login_required
@require_POST
@hourly_limit("seat", redirect_to=to_game)
def game_end_vote(request, code):
    """Vote to end a game of three or more with the scores as they stand (``vote=yes``), or
    withdraw the vote (``vote=no``)."""
    game, _seat = _my_game(request, code)
    vote = request.POST.get("vote") != "no"
    try:
        game = services.vote_end(game, request.user, vote)
    except services.GameError as error:
        messages.error(request, error.message)
    else:
        if game.status == Game.Status.FINISHED:
            messages.success(request, _("The game is over: the scores as they stood are final."))
        elif vote:
            messages.success(request, _("Your vote to end the game is counted."))
        else:
            messages.success(request, _("You have withdrawn your vote to end the game."))
    return redirect("game_detail", code=code)


@login_required
def game_resign(request, code):
    """Leave a running game for good, after a confirmation page."""
    game, _seat = _my_game(request, code)
    if request.method == "POST":
        try:
            services.resign(game, request.user)
        except services.GameError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("You have left the game."))
        return redirect("game_detail", code=code)
    return render(request, "games/resign.html", {"game": game})
