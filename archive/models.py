"""What the site keeps about a finished game beside its log: its review and statistics."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class GameReview(models.Model):
    """The statistics and the bot's review of one finished game, made in the background
    (``archive.tasks.review_game``) once the game has ended, never before.

    ``statistics``: {key: [count per seat]} of the game's kind (``Score.statistics``), written
    first; ``review``: the bot's look at the game (``archive.review.review_game``), {} until it
    is done: {"seats", "solo", "points": [{"step", "turn", "seat", "chances"}], "turning":
    [turn numbers], "mistakes": [{"seat", "turn", "step", "played", "better", "before",
    "after", "instead"}], "seconds"}. ``reviewed_at`` is set when the review is done.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="review")
    statistics = models.JSONField(default=dict, blank=True)
    review = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    reviewed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("game review")

    def __str__(self):
        return f"review of {self.game}"

    @property
    def is_done(self) -> bool:
        """Whether the bot's review is there (the statistics come first)."""
        return self.reviewed_at is not None
