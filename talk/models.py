"""What players say and keep about a game: chat messages in two channels (the players', the
watchers'), mutes, reports of messages for the staff, and each player's private notes.

The watchers' channel exists only when the game's creator opens it (``GameChat``); the
players' channel is read by the players of the game alone, whatever the game's status.
"""

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Game

MESSAGE_MAX_LENGTH = 500
NOTE_MAX_LENGTH = 10_000


class GameChat(models.Model):
    """A game's chat settings, chosen by its creator: whether watchers may talk."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="chat")
    watchers_may_talk = models.BooleanField(_("watchers may talk"), default=False)

    def __str__(self):
        return f"chat of {self.game}"


class Message(models.Model):
    """One chat message (plain text, escaped when shown) in one channel of one game."""

    class Channel(models.TextChoices):
        PLAYERS = "players", _("Players")
        WATCHERS = "watchers", _("Watchers")

    code = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    channel = models.CharField(max_length=16, choices=Channel.choices, default=Channel.PLAYERS)
    text = models.CharField(max_length=MESSAGE_MAX_LENGTH)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [
            models.Index(fields=["game", "channel", "created_at"], name="talk_message_game_time")
        ]

    def __str__(self):
        return f"{self.author}: {self.text[:40]}"


class Mute(models.Model):
    """``user`` no longer reads what ``muted`` writes, in any game."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="talk_mute_once")]

    def __str__(self):
        return f"{self.user} mutes {self.muted}"


class Report(models.Model):
    """A message that a reader reported to the staff (seen in the admin)."""

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    resolved = models.BooleanField(_("dealt with"), default=False)

    class Meta:
        ordering = ["resolved", "-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["message", "reporter"], name="talk_report_once")
        ]

    def __str__(self):
        return f"report of {self.message}"


class Note(models.Model):
    """A player's private free-text notes about one game; nobody else reads them."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(blank=True, max_length=NOTE_MAX_LENGTH)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="talk_note_once")]

    def __str__(self):
        return f"notes of {self.user} on {self.game}"
