"""Limits on what one account may do in an hour on the site: create games, invite players, take
or leave seats and vote, write in the chat. (Emailed replies are counted in the database:
``mailplay.limits``.)

Counted with django-ratelimit (fixed one-hour windows, per account) in the shared cache, so
every web process and worker counts together. The rates are the setting ``HOURLY_LIMITS``
({kind: "N/h"}). While the cache is unreachable nothing is counted and every request goes
through (RATELIMIT_FAIL_OPEN; django-redis logs a warning). django-ratelimit is used as a
library only (not an installed app): its system check refuses the file cache of a local run,
where counting on one machine is good enough.
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _
from django_ratelimit.core import is_ratelimited

#: What a player reads when a limit is hit, by kind.
MESSAGES = {
    "new_game": _(
        "You have created many games in the last hour. Please wait a while before creating "
        "another one."
    ),
    "invitation": _(
        "You have sent many invitations in the last hour. Please wait a while before inviting "
        "more players."
    ),
    "seat": _(
        "You have joined, left or voted many times in the last hour. Please wait a while "
        "before trying again."
    ),
}


def over_limit(user, kind: str, request=None) -> bool:
    """Count one more ``kind`` of request by ``user`` (an account) and say whether it goes
    over the hourly limit of ``HOURLY_LIMITS[kind]``. ``request`` may be None (a
    mail). Raises KeyError for a kind with no limit set."""
    rate = settings.HOURLY_LIMITS[kind]
    return is_ratelimited(
        request,
        group=f"account:{kind}",
        key=lambda _group, _request: str(user.pk),
        rate=rate,
        increment=True,
    )


def hourly_limit(kind: str, *, redirect_to):
    """Decorate a view so that its POSTs count against ``kind``'s hourly limit for the signed-in
    user; over it, the view is not run: the player reads ``MESSAGES[kind]`` on the page that
    ``redirect_to(request, **kwargs)`` names (a URL or a model, as ``redirect`` takes)."""

    def decorator(view):
        @functools.wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method == "POST" and over_limit(request.user, kind, request):
                messages.error(request, MESSAGES[kind])
                return redirect(redirect_to(request, *args, **kwargs))
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
