"""Players: an account per person, signed in by email, known in games by a display name."""

import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

display_name_validator = RegexValidator(
    r"^[\w][\w .'-]*$",
    _("Use letters, digits, spaces and . ' - _ only, starting with a letter or digit."),
)


def validate_time_zone(value: str) -> None:
    """Raise ValidationError unless ``value`` is an IANA time zone name ("Europe/Paris")."""
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("%(value)s is not a known time zone."), params={"value": value})


class UserManager(BaseUserManager):
    """Creates users keyed by email address (there is no username)."""

    use_in_migrations = True

    def _create_user(self, email, password, **extra_fields):
        if not email:
            raise ValueError("An email address is required.")
        email = self.normalize_email(email).lower()
        extra_fields.setdefault("display_name", email.split("@")[0][:30])
        user = self.model(email=email, **extra_fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email, password=None, **extra_fields):
        """A player. Raises ValueError without an email address."""
        extra_fields.setdefault("is_staff", False)
        extra_fields.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra_fields)

    def create_superuser(self, email, password=None, **extra_fields):
        """A staff member with every permission."""
        extra_fields["is_staff"] = True
        extra_fields["is_superuser"] = True
        return self._create_user(email, password, **extra_fields)


class User(AbstractBaseUser, PermissionsMixin):
    """A person with an account: signs in with ``email``, appears in games as ``display_name``.

    Also holds the person's preferences: the site's language, the time zone in which deadlines
    are shown, the text mode of the play page (``text_mode``, see ``games.text_mode``), and how
    and when they want to be told by email that a game waits for them.
    """

    class Notifications(models.TextChoices):
        EACH_TURN = "each_turn", _("An email for each turn")
        DAILY_DIGEST = "daily_digest", _("One daily digest")
        NONE = "none", _("No email")

    email = models.EmailField(_("email address"), unique=True)
    display_name = models.CharField(
        _("display name"),
        max_length=30,
        validators=[display_name_validator],
        help_text=_("How other players see you in games. Up to 30 characters."),
    )
    is_staff = models.BooleanField(
        _("staff status"),
        default=False,
        help_text=_("Whether the user can log into the admin site."),
    )
    is_active = models.BooleanField(_("active"), default=True)
    date_joined = models.DateTimeField(_("date joined"), default=timezone.now)
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, default="UTC", validators=[validate_time_zone]
    )
    notifications = models.CharField(
        _("turn notifications"),
        max_length=16,
        choices=Notifications.choices,
        default=Notifications.EACH_TURN,
    )
    text_mode = models.BooleanField(
        _("text mode of the play page"),
        default=False,
        help_text=_(
            "Show the board as lists of words and the moves as buttons and a typed line: for "
            "screen readers and small screens. Each play page also has a link to switch."
        ),
    )
    quiet_hours_start = models.TimeField(
        _("quiet hours from"),
        null=True,
        blank=True,
        help_text=_("No email is sent between these two times (your time zone)."),
    )
    quiet_hours_end = models.TimeField(_("quiet hours until"), null=True, blank=True)
    vacation_started_at = models.DateTimeField(_("on vacation since"), null=True, blank=True)
    vacation_year = models.PositiveSmallIntegerField(default=0)
    vacation_days_used = models.FloatField(_("vacation days used this year"), default=0)

    objects = UserManager()

    EMAIL_FIELD = "email"
    USERNAME_FIELD = "email"
    REQUIRED_FIELDS = ["display_name"]

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        constraints = [
            models.UniqueConstraint(
                Lower("display_name"),
                name="accounts_user_display_name_unique",
                violation_error_message=_("This display name is already taken."),
            )
        ]

    def __str__(self):
        return self.display_name

    def clean(self):
        super().clean()
        self.email = self.__class__.objects.normalize_email(self.email).lower()
        self.display_name = " ".join(self.display_name.split())

    def get_short_name(self):
        return self.display_name

    def get_full_name(self):
        return self.display_name

    @property
    def on_vacation(self) -> bool:
        return self.vacation_started_at is not None

    def in_quiet_hours(self, moment) -> bool:
        """Whether ``moment`` (aware) falls in the user's quiet hours, in their time zone."""
        start, end = self.quiet_hours_start, self.quiet_hours_end
        if start is None or end is None or start == end:
            return False
        local = moment.astimezone(self.zone).time()
        return start <= local < end if start < end else (local >= start or local < end)

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        """The user's time zone as a ZoneInfo (UTC if the stored name is unknown)."""
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo("UTC")
