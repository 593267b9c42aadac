"""Players' ratings per game (openskill's Plackett-Luce model) and every change to them.

``PlayerRating`` is the current rating of one player at one game; ``RatingChange`` records
what one finished rated game did to it (before and after). The changes are the history shown
on profiles; the ratings can always be rebuilt from the finished games
(``manage.py rebuild_ratings``). Only ``ratings.services`` writes these rows.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.kinds import game_choices
from games.models import BotLevel, Game, bot_name

#: A rating is provisional (and left off the leaderboards) until this many rated games.
PROVISIONAL_GAMES = 10


def ordinal(mu: float, sigma: float) -> float:
    """The displayed, conservative rating: mu - 3 sigma (openskill's ``ordinal()``), a skill
    the player very probably has at least. Starts at 0 for a new player (25 - 3 * 25/3)."""
    return mu - 3 * sigma


class PlayerRatingQuerySet(models.QuerySet):
    """Named queries in the product's words."""

    def of_game(self, engine: str):
        return self.filter(engine=engine)

    def established(self):
        """Ratings no longer provisional: at least PROVISIONAL_GAMES rated games."""
        return self.filter(games__gte=PROVISIONAL_GAMES)

    def leaderboard(self, engine: str):
        """The established ratings of people at ``engine``, best first (served by a partial
        index)."""
        return (
            self.of_game(engine)
            .established()
            .filter(user__isnull=False)
            .select_related("user")
            .order_by("-ordinal", "id")
        )

    def computer_players(self, engine: str):
        """The ratings of the computer players' levels at ``engine``, best first (provisional
        ones too: there are only a few)."""
        return self.of_game(engine).filter(user__isnull=True).order_by("-ordinal", "id")


class PlayerRating(models.Model):
    """One player's rating at one game: openskill's ``mu`` and ``sigma`` (skill units, the
    model's defaults 25 and 25/3 for a new player), the conservative ``ordinal`` shown to
    players (kept beside them so leaderboards sort by an index), and counts of rated games.

    A computer player's level is rated like a person: ``user`` empty, ``bot_level`` set (one
    rating per level and game, shared by every seat that level plays)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        null=True,
        blank=True,
    )
    bot_level = models.CharField(max_length=8, choices=BotLevel.choices, blank=True, default="")
    engine = models.CharField(_("game"), max_length=32, choices=game_choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(_("rating"))
    games = models.PositiveIntegerField(_("games"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)

    objects = PlayerRatingQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "engine"], name="ratings_one_per_game"),
            models.UniqueConstraint(
                fields=["bot_level", "engine"],
                condition=Q(user__isnull=True),
                name="ratings_one_per_bot_level",
            ),
        ]
        indexes = [
            models.Index(
                "engine",
                models.F("ordinal").desc(),
                "id",
                name="ratings_leaderboard",
                condition=Q(games__gte=PROVISIONAL_GAMES),
            ),
        ]

    def __str__(self):
        return f"{self.name} {self.engine} {self.ordinal:.1f}"

    @property
    def name(self) -> str:
        """The player's display name, or the computer player's name with its level."""
        return bot_name(self.bot_level) if self.user_id is None else self.user.display_name

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatingChangeQuerySet(models.QuerySet):
    def history(self, user, engine: str):
        """``user``'s changes at ``engine`` in the order they were made (oldest first)."""
        return self.filter(user=user, engine=engine).order_by("finished_at", "game_id")


class RatingChange(models.Model):
    """What one finished rated game did to one player's rating: mu and sigma before and
    after, the place the player took, and when the game finished (the order of the history
    and of a rebuild: ``finished_at``, then the game's id)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        null=True,
        blank=True,
    )
    bot_level = models.CharField(max_length=8, choices=BotLevel.choices, blank=True, default="")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    engine = models.CharField(max_length=32, choices=game_choices)
    finished_at = models.DateTimeField()
    place = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    objects = RatingChangeQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="ratings_change_once_per_game"),
        ]
        indexes = [
            models.Index(
                fields=["user", "engine", "finished_at", "game"], name="ratings_change_history"
            ),
        ]

    def __str__(self):
        return f"{self.user} {self.game}: {self.ordinal_before:.1f} → {self.ordinal_after:.1f}"

    @property
    def ordinal_before(self) -> float:
        return ordinal(self.mu_before, self.sigma_before)

    @property
    def ordinal_after(self) -> float:
        return ordinal(self.mu_after, self.sigma_after)
