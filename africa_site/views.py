"""Site-wide pages that belong to no single area."""

from datetime import timedelta

from django.conf import settings
from django.http import HttpResponseServerError
from django.shortcuts import render
from django.template import loader
from django.utils import timezone

from games.kinds import all_kinds, stylesheets

#: How long an account is new: its owner is welcomed, not welcomed back.
NEW_ACCOUNT = timedelta(days=1)


def home(request):
    """The front page: what the site is, its games (each with a one-click game against the
    computer), and where to go next; a signed-in player is welcomed ("Welcome back" once
    their account is older than NEW_ACCOUNT)."""
    kinds = all_kinds()
    user = request.user
    new_account = user.is_authenticated and user.date_joined > timezone.now() - NEW_ACCOUNT
    context = {"kinds": kinds, "stylesheets": stylesheets(kinds), "new_account": new_account}
    return render(request, "home.html", context)


def server_error(request):
    """The 500 page in the site's layout. Rendered without the request's context processors
    (no database query, no session): whatever failed must not fail the error page too."""
    html = loader.get_template("500.html").render({"site_name": settings.SITE_NAME})
    return HttpResponseServerError(html)
