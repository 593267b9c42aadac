"""A learner's progress through a game's tutorial.

A tutorial is not a ``games.Game``: it has no seats to fill, no deadline, no rating, no mail,
and appears in no lobby, archive or leaderboard. Its position is kept as the engine's state
after the script's actions; the step says how far the learner is.
"""

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.kinds import game_choices, get_kind


class Tutorial(models.Model):
    """One learner's run of a game's tutorial (``tutorials.script``).

    ``step`` is the index of the step to do next in the script (its number of steps once the
    tutorial is over, then ``finished_at`` is set); ``state`` is the engine's state after
    the steps done (the learner sees it only through ``engine.observation``); ``version``
    counts the steps done, so that a page a step behind is refused instead of played twice.
    """

    code = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tutorials"
    )
    engine = models.CharField(_("game"), max_length=32, choices=game_choices)
    step = models.PositiveIntegerField(default=0)
    state = models.JSONField(editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.get_engine_display()} tutorial {str(self.code)[:8]}"

    def get_absolute_url(self):
        return reverse("tutorials:tutorial", args=[self.code])

    @property
    def kind(self):
        """The game's kind (``games.kinds.GameKind``)."""
        return get_kind(self.engine)

    @property
    def is_over(self) -> bool:
        return self.finished_at is not None
