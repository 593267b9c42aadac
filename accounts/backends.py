"""The sign-in backend, whose user of a session is read from the shared cache.

Every request of a signed-in player looks up the user of its session (Django's
``auth.get_user``, through the backend that signed them in). ``CachedAuthenticationBackend``
keeps that user in the shared cache under ``user_key`` for ``USER_SECONDS``, so that a page, a
poll or a move reads no user row; every save or deletion of a user forgets it at once and
again when its transaction commits (``forget_user``, connected in ``AccountsConfig.ready``),
so that a changed password, a deactivated account or a new language is seen by the next
request. Signing in is allauth's (by username or email address), unchanged.
"""

from __future__ import annotations

import functools

from allauth.account.auth_backends import AuthenticationBackend
from django.core.cache import cache
from django.db import transaction

#: How long the shared cache keeps a signed-in user (seconds); a save forgets it before.
USER_SECONDS = 15 * 60


def user_key(user_id) -> str:
    """The shared cache's key of the user ``user_id`` (their primary key)."""
    return f"session-user:{user_id}"


class CachedAuthenticationBackend(AuthenticationBackend):
    """allauth's backend, with the user of a session read from the shared cache."""

    def get_user(self, user_id):
        """The active user ``user_id`` (a primary key, as the session keeps it), or None when
        there is none or the account is inactive: from the shared cache, else one query,
        then kept for ``USER_SECONDS``."""
        key = user_key(user_id)
        user = cache.get(key)
        if user is None:
            user = super().get_user(user_id)
            if user is None:
                return None
            cache.set(key, user, USER_SECONDS)
        return user if self.user_can_authenticate(user) else None


def forget_user(sender, instance, using, **kwargs) -> None:
    """``post_save`` and ``post_delete`` of the user model: forget the user kept for their
    sessions, at once and again when the transaction commits (a request that read the old
    row meanwhile does not keep it)."""
    key = user_key(instance.pk)
    cache.delete(key)
    if transaction.get_connection(using).in_atomic_block:
        transaction.on_commit(functools.partial(cache.delete, key), using=using)
