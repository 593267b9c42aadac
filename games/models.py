"""Games, their seats and their move logs.

The move log is the truth: a game's position is the engine's replay of its moves from the
seed, and ``Game.state`` is only a cache of that replay. Every change goes through
``games.services``, one transaction with the game row locked.
"""

import hashlib
import uuid
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Case, Count, F, OuterRef, Q, Subquery, When
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.deadlines import Clock, advance, clock, turn_deadline
from games.kinds import GameKind, first_game, game_choices, get_kind

DAYS_PER_MOVE_CHOICES = [(d, d) for d in (1, 2, 3, 5, 7, 10, 14)]
#: The time banks a game may give each seat, in days (0: none).
BANK_DAYS_CHOICES = [(0, _("no time bank")), (3, "3"), (7, "7"), (14, "14")]


def default_bank_days(num_players: int) -> int:
    """The time bank of a new game of ``num_players`` when its creator does not choose one, in
    days: 7 at a table of 3 or more (one slow player should not end it), none for 2 or solo."""
    return 7 if num_players >= 3 else 0
GAME_CHOICES = game_choices()


def seed_commitment(seed: int, salt: str) -> str:
    """SHA-256 hex digest of ``"<seed>:<salt>"``: published at creation, checkable at the end."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


class GameQuerySet(models.QuerySet):
    """Named queries in the product's words."""

    def open(self):
        """Games still gathering players."""
        return self.filter(status=Game.Status.OPEN)

    def active(self):
        """Games being played."""
        return self.filter(status=Game.Status.ACTIVE)

    def finished(self):
        return self.filter(status=Game.Status.FINISHED)

    def joinable_by(self, user):
        """Open games anyone may join, that ``user`` is not already seated in."""
        return self.open().filter(invite_only=False).exclude(seats__user=user)

    def of_player(self, user):
        """Games in which ``user`` has a seat."""
        return self.filter(seats__user=user)

    def awaiting_move_by(self, user):
        """Active games whose current seat is ``user``'s."""
        return self.active().filter(
            seats__user=user, seats__number=models.F("current_seat"), seats__left_at=None
        )

    def overdue(self, now):
        """Active games whose turn deadline has passed."""
        return self.active().filter(turn_deadline__lte=now)


class Game(models.Model):
    """One game of a board game between 2 or more seats.

    ``code`` is the public id used in URLs. ``seed`` stays secret while the game runs (only
    ``seed_commitment`` is shown), and is revealed once it is over so that anyone can replay
    and check it. ``version`` counts the changes applied; a form carries it so that a stale
    submit is refused instead of applied twice.
    """

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    code = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    engine = models.CharField(_("game"), max_length=32, choices=game_choices, default=first_game)
    options = models.JSONField(default=dict, blank=True)
    num_players = models.PositiveSmallIntegerField(_("players"))
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    rated = models.BooleanField(_("rated"), default=True)
    invite_only = models.BooleanField(_("invitation only"), default=False)
    public = models.BooleanField(
        _("others may watch"),
        default=False,
        help_text=_("Anyone may follow the game while it runs (what is hidden stays hidden)."),
    )
    seed = models.BigIntegerField()
    salt = models.CharField(max_length=64)
    seed_commitment = models.CharField(max_length=64)
    version = models.PositiveIntegerField(default=0)
    current_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    state = models.JSONField(null=True, blank=True, editable=False)
    days_per_move = models.PositiveSmallIntegerField(
        _("days per move"), choices=DAYS_PER_MOVE_CHOICES, default=3
    )
    skip_weekends = models.BooleanField(
        _("weekends do not count"),
        default=False,
        help_text=_(
            "Saturdays and Sundays (in each player's time zone) are left out of deadlines."
        ),
    )
    bank_days = models.PositiveSmallIntegerField(
        _("time bank (days)"),
        choices=BANK_DAYS_CHOICES,
        default=0,
        help_text=_("Time each player may use, over the whole game, beyond the time per move."),
    )
    turn_started_at = models.DateTimeField(null=True, blank=True)
    # The end of the move's own time of the turn under way; ``turn_deadline`` is when the
    # mover's bank runs out after it (the same moment without a bank): the timeout.
    move_deadline = models.DateTimeField(null=True, blank=True)
    turn_deadline = models.DateTimeField(null=True, blank=True)
    reminder_due_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Why a finished game ended before the rules ended it: "" (played out, or every player
    # but one left) or END_BY_VOTE (its players voted to end it: ``services.vote_end``).
    end_reason = models.CharField(max_length=16, blank=True, default="")
    # The rounds a finished game lasted, for games that count rounds (Score.rounds_played):
    # a solo game is ranked by its score, then by fewer rounds.
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(
                fields=["turn_deadline"],
                name="games_active_deadline",
                condition=Q(status="active"),
            ),
            models.Index(
                fields=["reminder_due_at"],
                name="games_active_reminder",
                condition=Q(status="active"),
            ),
            models.Index(fields=["status", "-created_at"], name="games_status_created"),
            models.Index(
                F("finished_at").desc(),
                F("id").desc(),
                name="games_finished_recent",
                condition=Q(status="finished"),
            ),
        ]

    def __str__(self):
        return f"{self.get_engine_display()} {str(self.code)[:8]}"

    def get_absolute_url(self):
        return reverse("game_detail", args=[self.code])

    @property
    def kind(self) -> GameKind:
        """How the site shows this game (a ``games.kinds.GameKind``)."""
        return get_kind(self.engine)

    @property
    def options_note(self) -> str:
        """The kind's words for this game's unusual options ("simple variant"), or ""."""
        return self.kind.options_note(self.options)

    def deadline_for(self, user, start):
        """The end of the move's own time of ``user``'s turn starting at ``start`` (days per
        move, weekdays only when the game skips weekends, in the user's time zone), or None in
        a solo game: its player plays at their own pace, nobody waits for them."""
        if self.is_solo:
            return None
        return turn_deadline(
            start, self.days_per_move, skip_weekends=self.skip_weekends, zone=user.zone
        )

    def bank_end(self, user, move_end, bank: timedelta):
        """When ``user``'s ``bank`` (what is left of it) runs out after the move's time that
        ends at ``move_end``: ``bank`` of counted time later (see ``deadlines.advance``)."""
        return advance(move_end, bank, skip_weekends=self.skip_weekends, zone=user.zone)

    def clock_for(self, user, now) -> Clock | None:
        """The ``deadlines.Clock`` at ``now`` of the turn under way, ``user`` being the player
        to move (their time zone counts the weekends); None when the turn has no deadline."""
        if self.turn_deadline is None:
            return None
        move_end = self.move_deadline or self.turn_deadline
        return clock(
            now, move_end, self.turn_deadline, skip_weekends=self.skip_weekends, zone=user.zone
        )

    @property
    def bank(self) -> timedelta:
        """Each seat's time bank for the whole game (``bank_days``)."""
        return timedelta(days=self.bank_days)

    @property
    def is_solo(self) -> bool:
        """A one-player game: no deadline, not rated, ranked on its game's solo table."""
        return self.num_players == 1

    def is_full(self, seats_taken: int) -> bool:
        return seats_taken >= self.num_players

    def seats_with_users(self) -> list:
        """The game's seats [Seat] in seat order, each with its user (None for a computer
        player) at hand: the seats prefetched with the game (``prefetch_related("seats__user")``,
        as the mail sender does for a batch), else read in one query."""
        if "seats" in getattr(self, "_prefetched_objects_cache", {}):
            return list(self.seats.all())
        return list(self.seats.select_related("user"))


class BotLevel(models.TextChoices):
    """How well a computer player plays: the levels of the engines' bots (``engine.choose``)."""

    EASY = "easy", _("easy")
    HARD = "hard", _("hard")


#: The mark shown before a computer player's name wherever a seat's name appears.
ROBOT_MARK = "\N{ROBOT FACE}"
#: The level of the bot that plays the seat of a player who left (resigned, timed out).
TAKEOVER_LEVEL = BotLevel.EASY
#: ``Game.end_reason`` of a game its players voted to end with the scores as they stood.
END_BY_VOTE = "vote"
#: ``Game.end_reason`` of a game ended with the scores as they stood because the competition
#: it belongs to closed (a league's season) and the computer could not finish it in time.
END_AT_CLOSE = "close"


#: The surnames of the computer players at one table, one per seat (explorers of Africa), so
#: that two robots of the same level never look alike.
ROBOT_SURNAMES = ("Livingstone", "Stanley", "Burton", "Speke", "Baker", "Kingsley")


def bot_name(level: str, index: int | None = None) -> str:
    """A computer player's name with its robot mark and level: "🤖 Robot (hard)", or, with the
    ``index`` (0-5) of its seat at a table, "🤖 Robot Livingstone (hard)"."""
    label = BotLevel(level).label
    if index is None:
        return f"{ROBOT_MARK} " + str(_("Robot (%(level)s)") % {"level": label})
    surname = ROBOT_SURNAMES[index % len(ROBOT_SURNAMES)]
    return f"{ROBOT_MARK} " + str(
        _("Robot %(surname)s (%(level)s)") % {"surname": surname, "level": label}
    )


class SeatQuerySet(models.QuerySet):
    """Seats, with the reads that pages listing them share (``Seat.objects``)."""

    def with_robot_rank(self) -> "SeatQuerySet":
        """The seats with ``robot_rank`` read in the same query: for a computer player that has
        no seat number yet (the game has not started), how many computer players sat down at its
        table before it (0 for the first), which ``Seat.name`` needs; None for the other seats.
        Pages that list seats read them so, to name each robot without a query of its own."""
        earlier = (
            Seat.objects.filter(game=OuterRef("game"), number=None, pk__lt=OuterRef("pk"))
            .exclude(bot_level="")
            .order_by()
            .values("game")
            .annotate(robots=Count("pk"))
            .values("robots")
        )
        return self.annotate(
            robot_rank=Case(
                When(Q(number=None) & ~Q(bot_level=""), then=Coalesce(Subquery(earlier), 0)),
                default=None,
            )
        )


class Seat(models.Model):
    """A player's place at a game. ``number`` (0-based, shown as P1..P5) is drawn at start.

    A seat is either a person's (``user`` set, ``bot_level`` empty) or a computer player's
    (no ``user``, ``bot_level`` "easy" or "hard"): a bot has no account, cannot sign in,
    gets no mail and has no deadline; its moves are played by ``games.tasks.play_bot``."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="seats",
        null=True,
        blank=True,
    )
    bot_level = models.CharField(
        _("computer player"), max_length=8, choices=BotLevel.choices, blank=True, default=""
    )
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    colour = models.CharField(max_length=16, blank=True)
    joined_at = models.DateTimeField(default=timezone.now)
    left_at = models.DateTimeField(null=True, blank=True)
    taken_over = models.BooleanField(default=False)
    timeouts = models.PositiveIntegerField(default=0)
    consecutive_timeouts = models.PositiveSmallIntegerField(default=0)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    abort_vote = models.BooleanField(default=False)
    end_vote = models.BooleanField(default=False)  # to end the game with the scores as they are
    # A newcomer who took over the seat from the bot that played it for a player who left
    # (``services.take_over_seat``): the player who left, and the game's version then. The
    # newcomer is not rated for the game; the player who left may not take it back.
    substitute_for = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    substituted_version = models.PositiveIntegerField(null=True, blank=True)
    extension_taken_at = models.DateTimeField(null=True, blank=True)  # the 24 h, once a game
    bank_used = models.DurationField(default=timedelta)  # of the game's bank, by ended turns
    time_given_at = models.DateTimeField(null=True, blank=True)  # the last +24 h to another
    final_score = models.IntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)

    objects = SeatQuerySet.as_manager()

    class Meta:
        ordering = ["number", "joined_at"]
        indexes = [models.Index(fields=["user", "game"], name="games_seat_user_game")]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="games_seat_one_per_user"),
            models.UniqueConstraint(
                fields=["game", "number"],
                condition=Q(number__isnull=False),
                name="games_seat_unique_number",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False, bot_level="")
                | (Q(user__isnull=True) & ~Q(bot_level="")),
                name="games_seat_person_or_bot",
            ),
        ]

    def __str__(self):
        return f"P{self.number + 1}" if self.number is not None else self.name

    @property
    def label(self) -> str:
        """ "P1".."P5", the move notation's name of the seat."""
        return f"P{self.number + 1}"

    @property
    def is_bot(self) -> bool:
        """Whether a computer player holds the seat (it never had a person)."""
        return bool(self.bot_level)

    @property
    def name(self) -> str:
        """The name shown for the seat: the player's display name, or a computer player's
        robot mark, surname and level ("🤖 Robot Livingstone (hard)"), the surname that of its
        seat number (before the game starts, of its rank among the table's robots), so that
        every robot at a table has a name of its own on the page, in the log, the final
        table, the mails and the archive. The rank comes from ``robot_rank`` when the seats were
        read ``with_robot_rank()``, else from a query."""
        if not self.is_bot:
            return self.user.display_name
        if self.number is not None:
            return bot_name(self.bot_level, self.number)
        rank = getattr(self, "robot_rank", None)
        if rank is None:
            earlier = Seat.objects.filter(game_id=self.game_id, number=None, pk__lt=self.pk)
            rank = earlier.exclude(bot_level="").count()
        return bot_name(self.bot_level, rank)

    def bank_left(self, game: "Game") -> timedelta:
        """What is left of the seat's time bank in ``game`` (its game) after its ended turns."""
        return max(game.bank - self.bank_used, timedelta(0))

    @property
    def is_substitute(self) -> bool:
        """Whether a newcomer took the seat over from the bot of a player who left."""
        return self.substitute_for_id is not None

    @property
    def playing_level(self) -> str | None:
        """The level of the bot that moves for this seat: its own for a computer player, the
        easy bot for a player who left (took over), None while a person plays it."""
        if self.is_bot:
            return self.bot_level
        return TAKEOVER_LEVEL if self.left_at is not None else None


class Move(models.Model):
    """One applied action, in the canonical notation of the game's engine.

    Append-only: an undo marks the moves it takes back (``taken_back``) and replay skips them.
    ``version`` is the game's version the action made (``Game.version`` right after it: 1 for
    the first move). ``events`` are the engine's public events for the action (for the log in
    words). ``automatic``: the computer made it for the seat (a timeout, a substitute);
    ``at_close`` too, when a competition closed and the computer played the game to its end,
    which says nothing of the seat's player (reliability does not count it).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    version = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=64)
    events = models.JSONField(default=list)
    automatic = models.BooleanField(default=False)
    at_close = models.BooleanField(default=False)
    taken_back = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "version"]
        constraints = [  # the name is the database's, from when the version was called the ply
            models.UniqueConstraint(fields=["game", "version"], name="games_move_unique_ply"),
        ]

    def __str__(self):
        return f"{self.version}. {self.action}"


class TimeGift(models.Model):
    """24 hours more for the turn of the seat ``seat``: asked by its player (``giver`` None,
    once per game) or given by the player at seat ``giver`` (once a day). Shown in the log
    among the moves, after the move that made ``version``."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="time_gifts")
    seat = models.PositiveSmallIntegerField()
    giver = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "created_at"]

    def __str__(self):
        return f"+24h P{self.seat + 1} @{self.version}"


class Invitation(models.Model):
    """A named player invited to an invitation-only game (by display name)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="games_invitation_once"),
        ]

    def __str__(self):
        return f"{self.user} → {self.game}"
