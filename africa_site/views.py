"""Site-wide pages that belong to no single area."""

from django.conf import settings
from django.http import HttpResponseServerError
from django.shortcuts import render
from django.template import loader

from games.kinds import all_kinds, stylesheets


def home(request):
    """The front page: what the site is, its games (each with a one-click game against the
    computer), and where to go next."""
    kinds = all_kinds()
    return render(request, "home.html", {"kinds": kinds, "stylesheets": stylesheets(kinds)})


def server_error(request):
    """The 500 page in the site's layout. Rendered without the request's context processors
    (no database query, no session): whatever failed must not fail the error page too."""
    html = loader.get_template("500.html").render({"site_name": settings.SITE_NAME})
    return HttpResponseServerError(html)
