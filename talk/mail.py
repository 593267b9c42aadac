"""The chat in mails: what was said since the player's last visit (for the turn mail and the
daily digest), and chat lines in a mail reply.

A reply line whose first word is "say" (any case, then a blank or a colon) is a chat message:
"say Well played!" writes "Well played!" in the players' channel. Such lines are taken out of
the reply before its actions are read, wherever they stand, so a chat line is never read as an
action and an action line is never posted as chat. Every other line is read as before.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from games.models import Game, Seat
from notifications.emails import absolute_url
from notifications.outbox import Close, Defer, Draft, composer
from notifications.preferences import wants
from talk import services
from talk.models import Message

logger = logging.getLogger(__name__)

SAY = re.compile(r"^\s*(?:[-*•]\s+)?say(?:\s*:\s*|\s+)(?P<text>\S.*?)\s*$", re.IGNORECASE)
MAIL_MESSAGES = 20  # at most this many messages, the newest, in one mail


def chat_for_mail(game: Game, seat: Seat) -> list[dict]:
    """What others wrote in the channels the player of ``seat`` reads since their last visit
    of the game (``Seat.last_seen_at``; all when they never came), without muted authors:
    [{"author": name, "text": str, "created_at": datetime}], oldest first, at most the
    newest ``MAIL_MESSAGES``."""
    found = services.messages_since(game, seat.user, seat, seat.last_seen_at)
    return [
        {"author": m.author.display_name, "text": m.text, "created_at": m.created_at}
        for m in found[-MAIL_MESSAGES:]
    ]


@dataclass
class Said:
    """A reply split in two: its chat ``messages`` and the ``rest`` of its text (the lines
    to read as actions), plus the ``refused`` messages and why."""

    messages: list[str] = field(default_factory=list)
    rest: str = ""
    refused: list[str] = field(default_factory=list)

    @property
    def only_talk(self) -> bool:
        """Whether the reply held chat lines and nothing else."""
        return bool(self.messages) and not self.rest.strip()


def split_said(text: str) -> Said:
    """``text`` (a reply's new text) split into its "say" lines and the rest, whose other
    lines keep their places (a "say" line becomes blank, so line numbers stay right)."""
    said = Said()
    rest = []
    for line in text.split("\n"):
        match = SAY.match(line)
        if match:
            said.messages.append(match["text"])
            rest.append("")
        else:
            rest.append(line)
    said.rest = "\n".join(rest)
    return said


def post_said(game: Game, seat: Seat, text: str) -> Said:
    """Post the "say" lines of a reply's ``text`` from the player of ``seat`` in the chat
    (as the play page would: ``talk.services.post_message``) and return the split reply; a
    message the chat refuses (too long, over the hourly limit) is listed in ``refused``."""
    said = split_said(text)
    for message in said.messages:
        try:
            services.post_message(game, seat.user, seat, message)
        except services.TalkError as error:
            logger.info("a chat line of a mail reply for game %s was refused", game.pk)
            said.refused.append(error.message)
    return said


@composer("chat_line")
def compose_chat_line(row) -> Draft | Close | Defer:
    """A chat line addressed to the player (``services.addressees``): who wrote it in which
    game, and the line. Not sent when the line is gone, the player no longer wants it or
    has been on the game's page since it was written; put off while they are on the page
    (their last visit younger than TURN_MAIL_IDLE_MINUTES), where the line shows."""
    message = (
        Message.objects.select_related("author", "game").filter(pk=row.payload.get("message"))
    ).first()
    if message is None or row.game is None:
        return Close("moved on")
    if not wants(row.user, row.template, row.channel):
        return Close("not wanted")
    seat = row.game.seats.filter(user=row.user).first()
    seen = seat.last_seen_at if seat is not None else None
    if seen is not None and seen >= message.created_at:
        return Close("seen")
    idle = timedelta(minutes=settings.TURN_MAIL_IDLE_MINUTES)
    if seen is not None and seen > timezone.now() - idle:  # on the page: it shows the line
        return Defer(seen + idle)
    return Draft(
        {
            "game": row.game,
            "game_url": absolute_url(row.game.get_absolute_url()),
            "author": message.author.display_name,
            "text": message.text,
        }
    )
