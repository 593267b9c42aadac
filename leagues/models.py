"""Leagues, their seasons, divisions, entrants and tables.

A ``League`` belongs to one game and its options; it runs ``Season`` after ``Season``. A season
is open for entry until it starts; it then has ``Division`` levels (1 is the top), each with its
``Entry`` rows (a player's place and, once the season is closed, final standing) and its
``Table`` rows (one ``games.Game`` each, all created when the season starts). Everything of a
season is public: who plays whom comes from the season's public number, nothing hidden.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.kinds import game_choices, get_kind
from games.models import BANK_DAYS_CHOICES, DAYS_PER_MOVE_CHOICES, Game

#: The fewest and most players of a division (a short division merges with the next).
DIVISION_MIN = 8
DIVISION_MAX = 20
#: The days between a season's close and the start of the next (its time for entry).
ENTRY_DAYS = 7


class League(models.Model):
    """A league of one game with its options (``engine``, ``options``), played at tables of
    ``table_size`` with ``days_per_move`` and a time bank of ``bank_days`` per game, in
    seasons of ``season_days``; players below ``min_reliability`` (percent, the share on
    profiles) may not join."""

    name = models.CharField(_("name"), max_length=80)
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    engine = models.CharField(_("game"), max_length=32, choices=game_choices)
    options = models.JSONField(_("options"), default=dict, blank=True)
    table_size = models.PositiveSmallIntegerField(_("players per table"), default=4)
    days_per_move = models.PositiveSmallIntegerField(
        _("days per move"), choices=DAYS_PER_MOVE_CHOICES, default=3
    )
    bank_days = models.PositiveSmallIntegerField(
        _("time bank (days)"), choices=BANK_DAYS_CHOICES, default=7
    )
    season_days = models.PositiveSmallIntegerField(_("days per season"), default=42)
    min_reliability = models.PositiveSmallIntegerField(_("lowest reliability (%)"), default=80)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("leagues:detail", args=[self.slug])

    @property
    def kind(self):
        """The ``games.kinds.GameKind`` of the league's game."""
        return get_kind(self.engine)

    def current_season(self) -> Season | None:
        """The season being played, else the last one closed, else None."""
        return self.seasons.exclude(status=Season.Status.OPEN).order_by("-number").first()

    def next_season(self) -> Season | None:
        """The season open for entry, or None."""
        return self.seasons.filter(status=Season.Status.OPEN).order_by("number").first()


class Season(models.Model):
    """One season of a league: open for entry until ``starts_at``, played until ``ends_at``."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open for entry")
        RUNNING = "running", _("In progress")
        CLOSED = "closed", _("Closed")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField(_("season"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    starts_at = models.DateTimeField(_("starts"))
    ends_at = models.DateTimeField(_("ends"))
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "-number"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="leagues_season_once"),
        ]
        indexes = [models.Index(fields=["status", "starts_at"], name="leagues_season_due")]

    def __str__(self):
        return f"{self.league} {self.number}"

    def get_absolute_url(self):
        return reverse("leagues:detail", args=[self.league.slug]) + f"?season={self.number}"

    @classmethod
    def after(cls, league: League, number: int, start) -> Season:
        """A new season ``number`` of ``league`` open for entry, starting at ``start``."""
        return cls.objects.create(
            league=league,
            number=number,
            starts_at=start,
            ends_at=start + timedelta(days=league.season_days),
        )


class Division(models.Model):
    """A division of a season: ``level`` 1 is the top; a ``rookie`` division is the lowest,
    of players new to the league."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    level = models.PositiveSmallIntegerField(_("level"))
    rookie = models.BooleanField(_("rookie division"), default=False)

    class Meta:
        ordering = ["season", "level"]
        constraints = [
            models.UniqueConstraint(fields=["season", "level"], name="leagues_division_once"),
        ]

    def __str__(self):
        return f"{self.season} / {self.level}"

    @property
    def name(self) -> str:
        """ "Division 2", or "Rookie division" for the rookies'."""
        if self.rookie:
            return str(_("Rookie division"))
        return str(_("Division %(level)d") % {"level": self.level})


class Entry(models.Model):
    """A player in a season: entered (``division`` empty until it starts), then placed; at the
    close, the final standing (``rank``, ``points``, ``wins``, ``score_sum``, ``games``,
    ``timeout_games``) and ``movement`` to the next season. ``previous_level`` and
    ``previous_rank`` say where the player stood in the season before (None: a newcomer);
    ``left_out`` says the player may not take part in the next season (too many timeouts)."""

    class Movement(models.TextChoices):
        UP = "up", _("promoted")
        DOWN = "down", _("relegated")
        STAY = "", _("stays")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_entries"
    )
    division = models.ForeignKey(
        Division, on_delete=models.CASCADE, related_name="entries", null=True, blank=True
    )
    joined_at = models.DateTimeField(default=timezone.now)
    left_at = models.DateTimeField(null=True, blank=True)
    previous_level = models.PositiveSmallIntegerField(null=True, blank=True)
    previous_rank = models.PositiveSmallIntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.DecimalField(max_digits=7, decimal_places=2, default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    score_sum = models.IntegerField(default=0)
    games = models.PositiveSmallIntegerField(default=0)
    timeout_games = models.PositiveSmallIntegerField(default=0)
    movement = models.CharField(max_length=4, choices=Movement.choices, blank=True, default="")
    left_out = models.BooleanField(default=False)

    class Meta:
        ordering = ["season", "division", "rank", "joined_at"]
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="leagues_entry_once"),
        ]

    def __str__(self):
        return f"{self.user} @ {self.season}"


class Table(models.Model):
    """One game of a division, in ``round`` (1, 2, ...) of its schedule. ``closed_with`` says
    how the season's close ended it when it was still running: the bot played it to its end
    ("bot", from ``closed_version`` on), or it ended with the scores as they stood ("scores")."""

    class Closing(models.TextChoices):
        PLAYED = "", _("played out")
        BOT = "bot", _("played to its end by the computer")
        SCORES = "scores", _("ended with the scores as they stood")

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="tables")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="league_table")
    round = models.PositiveSmallIntegerField(_("round"))
    closed_with = models.CharField(max_length=8, choices=Closing.choices, blank=True, default="")
    closed_version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["division", "round", "pk"]

    def __str__(self):
        return f"{self.division} r{self.round}: {self.game}"
