"""Personal API tokens: a player makes them on the settings page and revokes them there.

Only the SHA-256 digest of a token is stored; the token itself is shown once, when made.
"""

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    """A personal token of ``user`` for the JSON API (``Authorization: Bearer <token>``)."""

    code = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=64)
    prefix = models.CharField(max_length=12)  # the token's first characters, to recognise it
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"token {self.pk} ({self.prefix}…)"
