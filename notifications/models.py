"""The mails the site sends to players, one row per mail, so that each goes out once."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class OutboundMail(models.Model):
    """One mail to one user, named by a ``key`` that says what it is about
    ("turn:<game>:<ply>:<user>"). A task that runs twice finds the row and sends nothing more;
    a worker that dies while sending leaves a claim that expires, and the retry sends it."""

    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"

    key = models.CharField(max_length=200, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    template = models.CharField(max_length=64)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.key
