"""The mails and pushes the site sends to players: a transactional outbox, one row per mail
(or per push to all of a player's devices), the devices that take pushes and the player's
choices of channel per event.

A row is written in the same database transaction as the move or event it tells of, so a mail
exists exactly when its cause does; ``notifications.sender`` sends due rows (beat runs it
every half minute, a message after the commit only makes it sooner) and each goes out once.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone


class OutboundMail(models.Model):
    """One mail to one user, named by a ``key`` that says what it is about
    ("turn:<game>:<version>:<user>"): writing the same mail twice finds the row.

    ``template`` names the mail (``emails/<template>-*``) and the composer that builds it when it
    is sent (``notifications.sender``) from ``game``, ``version`` (the game's version it is
    about), ``seat`` and ``payload`` (JSON). It is sent no earlier than ``send_after`` (quiet
    hours, a player who is looking at the game, a retry's backoff). A sender holds it until
    ``claimed_until`` while sending; a sender that dies leaves a claim that expires.
    ``channel`` names the channel that sends it (``notifications.channels``: "mail", "push").
    ``status``: pending, sent, or closed with a ``reason`` when it lost its purpose (the turn
    moved on, the player no longer wants such mails); a pending row whose last send failed
    because the mail server was down has the reason "server down" (it goes out as soon as a
    mail does again). ``last_error`` is the last send failure.
    """

    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"
        CLOSED = "closed"

    key = models.CharField(max_length=200, unique=True)
    channel = models.CharField(max_length=16, default="mail")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    template = models.CharField(max_length=64)
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    version = models.PositiveIntegerField(null=True, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    payload = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    send_after = models.DateTimeField(default=timezone.now)
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=64, blank=True)
    last_error = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(
                fields=["send_after"],
                condition=models.Q(status="pending"),
                name="outbound_mail_due",
            )
        ]

    def __str__(self):
        return self.key


class PushSubscription(models.Model):
    """One browser of ``user`` that takes Web Push (``notifications.push``): the push service's
    ``endpoint`` (an https URL, at most 1,000 characters, unique), the browser's key
    ``p256dh`` (URL-safe base64 of an uncompressed P-256 point, 65 bytes) and its ``auth``
    secret (URL-safe base64 of 16 bytes), as ``PushSubscription.toJSON()`` gives them;
    ``label`` is its User-Agent, shortened, to tell the devices apart. ``last_used_at``: the
    last push the service took. Deleted when the service answers 404 or 410."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=32)
    label = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self):
        return self.label or self.endpoint[:60]

    def subscription_info(self) -> dict:
        """The subscription as pywebpush takes it: {"endpoint", "keys": {"p256dh", "auth"}}."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class ChannelChoice(models.Model):
    """``user``'s choice whether ``event`` (``notifications.events.EVENTS``) reaches them on
    ``channel`` ("mail", "push"); an event and channel without a row is wanted
    (``notifications.preferences``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    event = models.CharField(max_length=32)
    channel = models.CharField(max_length=16)
    wanted = models.BooleanField(default=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "event", "channel"], name="channel_choice_unique"
            )
        ]

    def __str__(self):
        return f"{self.event} by {self.channel}: {self.wanted}"
