"""The writers and readers of a game's talk: chat messages, mutes, reports and notes.

Who talks where: the players of a game (anyone who holds a seat, even after leaving it) read
and write the players' channel; when the creator opens the watchers' channel, signed-in
watchers who may see the game read and write it, and the players read it too. Nobody but
the players ever reads the players' channel. A refused request raises ``TalkError`` (a
sentence for the writer) and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.limits import over_limit
from africa_site.cached import forget, kept
from africa_site.middleware import storable
from games.models import Game, Seat
from notifications.events import notify
from talk.models import (
    MESSAGE_MAX_LENGTH,
    NOTE_MAX_LENGTH,
    GameChat,
    Message,
    Mute,
    Note,
    Report,
)

SHOWN = 50  # messages shown per channel, the newest


class TalkError(Exception):
    """A chat or notes request that cannot be honoured; ``message`` is for the writer."""

    def __init__(self, message):
        super().__init__(str(message))
        self.message = str(message)


@dataclass(frozen=True)
class Channels:
    """What a viewer of a game may do in its chat: the channels read (in the order shown)
    and the one written (None: they only read, or nothing)."""

    read: tuple[str, ...]
    write: str | None


@dataclass(frozen=True)
class PanelFacts:
    """What the play page's talk panel needs to know before it reads the messages:
    ``watchers`` (the watchers' channel is open), ``mutes`` (the reader muted somebody) and
    ``note`` (the reader's notes on the game, "" when none)."""

    watchers: bool
    mutes: bool
    note: str


#: How long the shared cache keeps the talk panel's facts (seconds); a change to the rows they
#: are read from forgets them before (``forget_facts``).
FACTS_SECONDS = 60 * 60


def watchers_key(game_id: int) -> str:
    """The shared cache's key of whether the game ``game_id``'s watchers' channel is open."""
    return f"talk-watchers:{game_id}"


def mutes_key(user_id: int) -> str:
    """The shared cache's key of whether the user ``user_id`` muted somebody."""
    return f"talk-mutes:{user_id}"


def note_key(game_id: int, user_id: int) -> str:
    """The shared cache's key of the notes of the user ``user_id`` on the game ``game_id``."""
    return f"talk-note:{game_id}:{user_id}"


def panel_facts(game: Game, user) -> PanelFacts:
    """The ``PanelFacts`` of ``game``'s talk panel for ``user`` (signed in or not): from the
    shared cache, else in one query (``watchers_may_talk``, whether ``muted_ids`` has any and
    ``note_of``), then kept until one of them changes."""
    if not user.is_authenticated:
        return PanelFacts(watchers_may_talk(game), False, "")
    keys = (watchers_key(game.pk), mutes_key(user.pk), note_key(game.pk, user.pk))
    found = cache.get_many(keys)
    if len(found) == len(keys):
        return PanelFacts(*(found[key] for key in keys))
    notes = Note.objects.filter(game=OuterRef("pk"), user=user).order_by("id").values("text")
    row = (
        Game.objects.filter(pk=game.pk)
        .annotate(
            opened=Exists(GameChat.objects.filter(game=OuterRef("pk"), watchers_may_talk=True)),
            muting=Exists(Mute.objects.filter(user=user)),
            notes=Subquery(notes[:1]),
        )
        .values_list("opened", "muting", "notes")
        .first()
    )
    opened, muting, note = row or (False, False, None)
    facts = PanelFacts(watchers=opened, mutes=muting, note=note or "")
    values = (facts.watchers, facts.mutes, facts.note)
    cache.set_many(dict(zip(keys, values, strict=True)), FACTS_SECONDS)
    return facts


def watchers_may_talk(game: Game) -> bool:
    """Whether the creator of ``game`` opened its watchers' channel (kept in the shared cache
    as ``panel_facts`` keeps it)."""
    opened = GameChat.objects.filter(game=game, watchers_may_talk=True)
    return kept(watchers_key(game.pk), FACTS_SECONDS, opened.exists)


def forget_facts(sender, instance, using, **kwargs) -> None:
    """``post_save`` and ``post_delete`` of GameChat, Mute and Note: forget the panel fact
    the row is read into (``panel_facts``)."""
    if isinstance(instance, GameChat):
        forget([watchers_key(instance.game_id)], using)
    elif isinstance(instance, Mute):
        forget([mutes_key(instance.user_id)], using)
    elif isinstance(instance, Note):
        forget([note_key(instance.game_id, instance.user_id)], using)


def channels(game: Game, user, seat: Seat | None, watchers: bool | None = None) -> Channels:
    """The channels ``user`` (who holds ``seat`` in ``game``, or None, and may see the game:
    see ``games.access``) reads and writes; ``watchers``: ``watchers_may_talk(game)``, when
    the caller knows it already."""
    watchers = watchers_may_talk(game) if watchers is None else watchers
    if seat is not None:
        read = (
            (Message.Channel.PLAYERS, Message.Channel.WATCHERS)
            if watchers
            else (Message.Channel.PLAYERS,)
        )
        return Channels(read=read, write=Message.Channel.PLAYERS)
    if watchers and user.is_authenticated:
        return Channels(read=(Message.Channel.WATCHERS,), write=Message.Channel.WATCHERS)
    return Channels(read=(), write=None)


def muted_ids(user) -> set[int]:
    """The ids of the accounts ``user`` muted."""
    if not user.is_authenticated:
        return set()
    return set(Mute.objects.filter(user=user).values_list("muted_id", flat=True))


def messages_for(
    game: Game, user, seat: Seat | None, *, allowed: Channels | None = None, muted=None
) -> dict[str, list[Message]]:
    """{channel: its last ``SHOWN`` messages, oldest first, without muted authors} for each
    channel ``user`` reads (``allowed`` and ``muted``: ``channels`` and ``muted_ids`` of the
    same request, when the caller has them already)."""
    muted = muted_ids(user) if muted is None else muted
    allowed = channels(game, user, seat) if allowed is None else allowed
    shown = {}
    for channel in allowed.read:
        latest = (
            Message.objects.filter(game=game, channel=channel)
            .exclude(author_id__in=muted)
            .select_related("author")
            .order_by("-created_at", "-id")[:SHOWN]
        )
        shown[channel] = list(reversed(latest))
    return shown


def messages_since(game: Game, user, seat: Seat, since) -> list[Message]:
    """The messages of the channels the player in ``seat`` reads, written by others (not
    muted) after ``since`` (None: all), oldest first: what a mail tells them was said."""
    if seat is not None:  # ``channels`` as one condition: the whole answer is one query
        opened = Exists(GameChat.objects.filter(game=game, watchers_may_talk=True))
        read = Q(channel=Message.Channel.PLAYERS) | Q(opened, channel=Message.Channel.WATCHERS)
    else:
        read = Q(channel__in=channels(game, user, seat).read)
    found = (
        Message.objects.filter(read, game=game)
        .exclude(author=user)
        .exclude(author_id__in=Mute.objects.filter(user=user).values("muted_id"))
        .select_related("author")
    )
    if since is not None:
        found = found.filter(created_at__gt=since)
    return list(found.order_by("created_at", "id")[:SHOWN])


def post_message(game: Game, user, seat: Seat | None, text: str) -> Message:
    """Store ``text`` (blanks trimmed, at most ``MESSAGE_MAX_LENGTH`` characters) from
    ``user`` in the channel they write in ``game``.

    Raises TalkError when they may not write, the text is empty or too long, or they went
    over the hourly chat limit (``HOURLY_LIMITS["chat"]``)."""
    channel = channels(game, user, seat).write
    if channel is None:
        raise TalkError(_("You cannot write in this game's chat."))
    text = storable(text).strip()
    if not text:
        raise TalkError(_("Write something first."))
    if len(text) > MESSAGE_MAX_LENGTH:
        raise TalkError(
            _("A message has at most %(max)d characters.") % {"max": MESSAGE_MAX_LENGTH}
        )
    if over_limit(user, "chat"):
        raise TalkError(_("You have written many messages in the last hour. Please wait a while."))
    with transaction.atomic():
        message = Message.objects.create(game=game, author=user, channel=channel, text=text)
        tell_addressees(message)
    return message


def addressees(message: Message) -> list:
    """The players a players'-channel ``message`` is addressed to: in a game of two people
    every line goes to the other; else those named in it with "@" and their display name
    (any case). Never its author, a player who left or one who muted the author."""
    if message.channel != Message.Channel.PLAYERS:
        return []
    every = list(message.game.seats.select_related("user"))
    people = {seat.user_id for seat in every if seat.user_id}
    seats = [
        seat
        for seat in every
        if seat.user is not None and seat.user_id != message.author_id and seat.left_at is None
    ]
    text = message.text.casefold()
    named = [
        seat.user
        for seat in seats
        if len(people) == 2 or f"@{seat.user.display_name.casefold()}" in text
    ]
    muting = set(
        Mute.objects.filter(muted=message.author, user__in=named).values_list("user_id", flat=True)
    )
    return [user for user in named if user.pk not in muting]


def tell_addressees(message: Message) -> None:
    """Tell each of ``addressees(message)`` of the chat line (the ``chat_line`` event); call
    inside the transaction that stores it."""
    game = message.game
    for user in addressees(message):
        notify(
            "chat_line",
            user,
            game,
            game.version,
            about=f"{message.pk}:{user.pk}",
            payload={"message": message.pk},
        )


def open_watchers_channel(game: Game, user, open_it: bool) -> None:
    """Open or close the watchers' channel of ``game``; only its creator may. Raises
    TalkError."""
    if user.pk != game.creator_id:
        raise TalkError(_("Only the player who created the game can change this."))
    GameChat.objects.update_or_create(game=game, defaults={"watchers_may_talk": open_it})


def mute(user, other, muted: bool) -> None:
    """``user`` stops (``muted`` True) or starts again reading ``other``'s messages."""
    if other.pk == user.pk:
        raise TalkError(_("You cannot mute yourself."))
    if muted:
        Mute.objects.get_or_create(user=user, muted=other)
    else:
        Mute.objects.filter(user=user, muted=other).delete()


def report(message: Message, user, seat: Seat | None) -> Report:
    """``user``, who reads ``message``'s channel, reports it to the staff (once)."""
    if message.channel not in channels(message.game, user, seat).read:
        raise TalkError(_("You cannot report this message."))
    if message.author_id == user.pk:
        raise TalkError(_("You cannot report your own message."))
    found, _created = Report.objects.get_or_create(message=message, reporter=user)
    return found


def note_of(game: Game, user) -> str:
    """``user``'s notes on ``game`` ("" when they have none)."""
    if not user.is_authenticated:
        return ""
    return Note.objects.filter(game=game, user=user).values_list("text", flat=True).first() or ""


@transaction.atomic
def save_note(game: Game, user, seat: Seat | None, text: str) -> Note:
    """Keep ``text`` as ``user``'s notes on ``game`` (players only; at most
    ``NOTE_MAX_LENGTH`` characters). Raises TalkError."""
    if seat is None:
        raise TalkError(_("Only the players of a game keep notes on it."))
    text = storable(text)
    if len(text) > NOTE_MAX_LENGTH:
        raise TalkError(_("Notes have at most %(max)d characters.") % {"max": NOTE_MAX_LENGTH})
    note, _created = Note.objects.update_or_create(
        game=game, user=user, defaults={"text": text, "updated_at": timezone.now()}
    )
    return note
