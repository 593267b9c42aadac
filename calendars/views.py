"""The calendar feed (by its signed address, no sign-in) and the settings page's form that
makes a new address or turns the feed off."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from calendars import feeds


@require_GET
def feed(request, token):
    """The iCalendar feed that ``token`` opens; 404 for a forged or revoked one."""
    found = feeds.feed_for_token(token)
    if found is None:
        raise Http404
    body = feeds.calendar(
        found.user, lambda game: request.build_absolute_uri(game.get_absolute_url())
    )
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, max-age=300"
    return response


@login_required
@require_POST
def feed_settings(request):
    """``action`` "new": a new address (the old one stops working); "off": no feed."""
    if request.POST.get("action") == "off":
        feeds.turn_off(request.user)
        messages.success(request, _("Your calendar feed is turned off."))
    else:
        feeds.renew(request.user)
        messages.success(request, _("Your calendar feed has a new address."))
    return redirect("/accounts/settings/#calendar")
