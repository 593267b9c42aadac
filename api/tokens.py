"""Make, find and revoke personal API tokens. A token is ``afr_`` and 43 random URL-safe
characters (256 bits); the database keeps its SHA-256 digest only."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from api.models import ApiToken

PREFIX = "afr_"
MAX_TOKENS = 10
USED_EVERY = timedelta(minutes=5)  # last_used_at is written at most this often


class TokenError(Exception):
    """A token request that cannot be honoured; ``message`` is for the player."""

    def __init__(self, message):
        super().__init__(str(message))
        self.message = str(message)


def digest(token: str) -> str:
    """The SHA-256 hex digest under which ``token`` is stored."""
    return hashlib.sha256(token.encode()).hexdigest()


@transaction.atomic
def make_token(user, name: str) -> tuple[ApiToken, str]:
    """A new token of ``user`` called ``name``: (its row, the token itself, to show once).
    Raises TokenError past ``MAX_TOKENS`` tokens or for an empty name. The user's row is
    locked while the tokens are counted, so that concurrent requests never make more than
    ``MAX_TOKENS``."""
    name = name.strip()[:64]
    if not name:
        raise TokenError(_("Give the token a name."))
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
    if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS:
        raise TokenError(
            _("You have %(max)d tokens already: revoke one first.") % {"max": MAX_TOKENS}
        )
    token = PREFIX + secrets.token_urlsafe(32)
    row = ApiToken.objects.create(
        user=user, name=name, prefix=token[: len(PREFIX) + 4], digest=digest(token)
    )
    return row, token


def revoke(user, code) -> bool:
    """Delete ``user``'s token with public ``code``; whether there was one."""
    deleted, _rows = ApiToken.objects.filter(user=user, code=code).delete()
    return bool(deleted)


def token_for(token: str) -> ApiToken | None:
    """The live token row for the presented ``token`` (with its active user), or None; notes
    when it was last used."""
    if not token.startswith(PREFIX) or "\x00" in token:
        return None
    row = (
        ApiToken.objects.select_related("user")
        .filter(digest=digest(token), user__is_active=True)
        .first()
    )
    if row is not None:
        now = timezone.now()
        if row.last_used_at is None or row.last_used_at < now - USED_EVERY:
            ApiToken.objects.filter(pk=row.pk).update(last_used_at=now)
    return row
