"""The backend that finds the user of a signed-in session, in the shared cache.

Every request of a signed-in player looks up the user of its session (Django's
``auth.get_user``, through the backend the session names). Signing in stays with Django's and
allauth's backends (by username or email address, unchanged); once a player is signed in,
``use_cached_backend`` (on ``user_logged_in``) names ``CachedSessionBackend`` in their session,
which keeps the user in the shared cache under ``user_key`` for ``USER_SECONDS``: a page, a
poll or a move reads no user row. Every save or deletion of a user forgets it at once and
again when its transaction commits (``forget_user``, connected in ``AccountsConfig.ready``),
so that a changed password, a closed account or a new language is seen by the next request.
A session signed in before keeps the backend it names, and reads its user as before.
"""

from __future__ import annotations

import functools

from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.auth.backends import ModelBackend

from africa_site.cached import forget, kept

#: How long the shared cache keeps a signed-in user (seconds); a save forgets it before.
USER_SECONDS = 15 * 60

#: The dotted path of ``CachedSessionBackend``, as sessions and AUTHENTICATION_BACKENDS name it.
SESSION_BACKEND = "accounts.backends.CachedSessionBackend"


def user_key(user_id) -> str:
    """The shared cache's key of the user ``user_id`` (their primary key)."""
    return f"session-user:{user_id}"


class CachedSessionBackend(ModelBackend):
    """Finds the user of a session (``get_user``) in the shared cache; signs nobody in."""

    def authenticate(self, request, **credentials):
        """None: signing in is the other backends' (this one only serves sessions)."""
        return None

    def get_user(self, user_id):
        """The active user ``user_id`` (a primary key, as the session keeps it), or None when
        there is none or the account is inactive: from the shared cache, else one query,
        then kept for ``USER_SECONDS``."""
        read = functools.partial(super().get_user, user_id)
        user = kept(user_key(user_id), USER_SECONDS, read)
        return user if user is not None and self.user_can_authenticate(user) else None


def use_cached_backend(sender, request, user, **kwargs) -> None:
    """``user_logged_in``: the session just signed in finds its user through
    ``CachedSessionBackend`` from now on (whichever backend checked the password)."""
    session = getattr(request, "session", None)
    if session is not None:
        session[BACKEND_SESSION_KEY] = SESSION_BACKEND


def forget_user(sender, instance, using, **kwargs) -> None:
    """``post_save`` and ``post_delete`` of the user model: forget the user kept for their
    sessions, at once and again when the transaction commits (a request that read the old
    row meanwhile does not keep it)."""
    forget([user_key(instance.pk)], using)
