"""Site-wide pages that belong to no single area."""

from django.shortcuts import render


def home(request):
    """The front page: what the site is, and where to go next."""
    return render(request, "home.html")
