"""The friends page (whom you follow, their open games), follow and unfollow, and "play
again" from a finished game."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.limits import hourly_limit
from accounts.models import User
from friends import services
from friends.models import Follow
from games import access
from games import services as games


@login_required
def friends(request):
    """Whom the user follows, a form to follow someone by name, and their open games."""
    context = {
        "follows": Follow.objects.filter(user=request.user).select_related("followed"),
        "open_games": services.open_games_of_followed(request.user),
    }
    return render(request, "friends/friends.html", context)


def _back(request):
    """Back to ``next`` when it is a path of this site ("/..."), else to the friends page.
    The path is never taken for a URL name (``redirect`` would look up "-1" or "None")."""
    target = request.POST.get("next", "")
    local = target.startswith("/") and url_has_allowed_host_and_scheme(
        target, {request.get_host()}, request.is_secure()
    )
    return HttpResponseRedirect(target) if local else redirect("friends")


@login_required
@require_POST
def follow(request):
    """Follow (``follow`` = "1") or unfollow the player called ``name``, then go back to
    ``next`` (a page of this site) or the friends page."""
    name = request.POST.get("name", "").strip()
    other = User.objects.filter(display_name__iexact=name, is_active=True).first()
    if other is None:
        messages.error(request, _("Nobody is called %(name)s.") % {"name": name})
        return _back(request)
    if request.POST.get("follow") == "1":
        try:
            services.follow(request.user, other)
        except services.FriendError as error:
            messages.error(request, error.message)
            return _back(request)
        messages.success(request, _("You follow %(name)s.") % {"name": other.display_name})
    else:
        services.unfollow(request.user, other)
        message = _("You no longer follow %(name)s.") % {"name": other.display_name}
        messages.success(request, message)
    return _back(request)


@login_required
@require_POST
@hourly_limit("new_game", redirect_to=lambda request, code: f"/games/{code}/")
def play_again(request, code):
    """Create (or find) the rematch of a finished game and go to it."""
    game, seat = access.game_for(request.user, code)
    if seat is None:
        raise Http404
    try:
        rematch = services.play_again(game, request.user)
    except (services.FriendError, games.GameError) as error:
        messages.error(request, error.message)
        return redirect(game)
    return redirect(rematch)
