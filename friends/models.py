"""The people a player follows, and the rematches played after a finished game."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models import Game


class Follow(models.Model):
    """``user`` follows ``followed``: their open games come first, and they are offered in
    the list of friends to invite."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follows"
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["followed__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["user", "followed"], name="friends_follow_once"),
            models.CheckConstraint(
                condition=~models.Q(user=models.F("followed")), name="friends_follow_not_self"
            ),
        ]

    def __str__(self):
        return f"{self.user} follows {self.followed}"


class Rematch(models.Model):
    """``game`` is the rematch of the finished game ``previous`` (one rematch per game)."""

    previous = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch_of")
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"{self.game} after {self.previous}"
