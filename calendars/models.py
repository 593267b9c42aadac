"""Each player's private calendar feed of deadlines. The feed's address is signed with a
random ``key``: making a new key (or deleting the row) makes every older address fail."""

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone


def new_key() -> str:
    """A fresh random key (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


class CalendarFeed(models.Model):
    """``user``'s calendar feed; its address holds ``key``, signed."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed"
    )
    key = models.CharField(max_length=32, default=new_key, unique=True)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"calendar of {self.user}"
