"""The transactional outbox: mails are rows written with their cause, and sent from there.

Writing: ``queue(key, user, template, ...)`` adds an ``OutboundMail`` row in the caller's
transaction (a second row with the same key is ignored) and, once that transaction commits,
asks a worker to send it soon (``kick``). When the broker is down the kick is logged and
forgotten: the row waits for beat's periodic ``send_due``, so a move never fails because of
the broker, and nothing is lost when the broker loses its messages.

Sending (``notifications.sender``): ``send_due()`` claims due rows in a short transaction
(``SELECT ... FOR UPDATE SKIP LOCKED`` on PostgreSQL, then a conditional UPDATE that also guards
SQLite) so that two senders never take one row, then builds and sends each over one mail
connection. What a mail says is built when it is sent, by the composer registered for its
template (``composer``), which may instead close the row with a reason (the turn moved on) or
put it off (the player is looking at the game). Quiet hours put a row off to their end, except
for mails in ``QUIET_HOURS_EXEMPT``. A failed send is tried again after MAIL_RETRY_BACKOFF
seconds, doubling, up to MAIL_MAX_ATTEMPTS attempts. ``context_hook(template)`` lets other apps
add to a mail's context. The sender's own writes do not wait for the disk
(``_commits_without_waiting``): a mail may go out twice after a crash of the database, never
not at all.

This module is the writing side and the registry of composers and context hooks; the sending
side is ``notifications.sender``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from celery import current_app
from django.db import connections, router, transaction
from django.db.models.constants import OnConflict
from django.db.models.sql import InsertQuery
from django.utils import timezone

from africa_site.enqueue import send_once
from notifications.models import OutboundMail

#: The templates of mails that answer something the player just did: not held back by quiet
#: hours (registered with ``composer(..., quiet_hours=False)``).
QUIET_HOURS_EXEMPT: set[str] = set()


@dataclass
class Draft:
    """A mail ready to render: ``context`` for ``emails/<template>-*``, extra ``headers``,
    and ``inline_images`` [(content_id, png bytes, alt text)] attached as related parts."""

    context: dict
    headers: dict = field(default_factory=dict)
    inline_images: list = field(default_factory=list)


@dataclass
class Close:
    """The row lost its purpose: it is closed with ``reason`` ("moved on", "not wanted")."""

    reason: str


@dataclass
class Defer:
    """Not yet: the row waits until ``until``."""

    until: datetime


Composer = Callable[[OutboundMail], "Draft | Close | Defer"]
composers: dict[str, Composer] = {}
context_hooks: dict[str, list[Callable[[OutboundMail, dict], None]]] = {}


def composer(*templates: str, quiet_hours: bool = True):
    """Register the decorated ``function(row) -> Draft | Close | Defer`` as the builder of the
    mails ``templates``; with ``quiet_hours=False`` they are sent even in the recipient's quiet
    hours. Each app registers its composers when it is ready (``AppConfig.ready``)."""

    def register(function: Composer) -> Composer:
        for template in templates:
            composers[template] = function
            if not quiet_hours:
                QUIET_HOURS_EXEMPT.add(template)
        return function

    return register


def context_hook(*templates: str):
    """Register the decorated ``function(row, context)``, which adds to the context of the mails
    ``templates`` (in the recipient's language) before they are rendered."""

    def register(function):
        for template in templates:
            context_hooks.setdefault(template, []).append(function)
        return function

    return register


def quiet_hours_end(user, moment: datetime) -> datetime | None:
    """The first moment after ``moment`` (aware) when ``user``'s quiet hours that hold at
    ``moment`` are over: the next ``quiet_hours_end`` o'clock in their time zone, to the
    second; None when ``moment`` is outside them."""
    if not user.in_quiet_hours(moment):
        return None
    zone = user.zone
    local = moment.astimezone(zone)
    end = datetime.combine(local.date(), user.quiet_hours_end, tzinfo=zone)
    if end <= local:
        end = datetime.combine(local.date() + timedelta(days=1), user.quiet_hours_end, tzinfo=zone)
    return end.astimezone(moment.tzinfo)


def queue(
    key: str,
    user,
    template: str,
    *,
    game=None,
    version: int | None = None,
    seat: int | None = None,
    payload: dict | None = None,
    send_after: datetime | None = None,
    channel: str = "mail",
) -> bool:
    """Add the mail ``key`` for ``user`` (or the message of another ``channel``) to the outbox
    in the current transaction, to be sent no earlier than ``send_after`` (now by default; the
    end of the user's quiet hours when later). A mail with the same key already there is left as
    it is (returns False). After the commit a worker is asked to send it (``kick``). A computer
    player's seat (``user`` is None) gets no mail (returns False)."""
    if user is None:
        return False
    now = timezone.now()
    send_after = max(send_after or now, now)
    if template not in QUIET_HOURS_EXEMPT:
        send_after = quiet_hours_end(user, send_after) or send_after
    mail = OutboundMail(
        key=key,
        channel=channel,
        user=user,
        template=template,
        game=game,
        version=version,
        seat=seat,
        payload=payload or {},
        send_after=send_after,
        created_at=now,
    )
    if not insert_new(mail):
        return False
    if send_after <= now:
        kick_after_commit()
    return True


def insert_new(mail: OutboundMail) -> bool:
    """Write the unsaved row ``mail`` unless a row with its key is there already, in one
    statement (``INSERT ... ON CONFLICT DO NOTHING RETURNING``, ``INSERT OR IGNORE ...
    RETURNING`` on SQLite): whether it was written. Two transactions that queue one key at
    once write it once: the second waits for the first and then finds the key taken."""
    fields = [f for f in OutboundMail._meta.concrete_fields if not f.primary_key]
    query = InsertQuery(OutboundMail, on_conflict=OnConflict.IGNORE)
    query.insert_values(fields, [mail])
    connection = connections[router.db_for_write(OutboundMail)]
    ((statement, params),) = query.get_compiler(connection=connection).as_sql()
    returning = connection.ops.quote_name(OutboundMail._meta.pk.column)
    with connection.cursor() as cursor:
        cursor.execute(f"{statement} RETURNING {returning}", params)
        row = cursor.fetchone()
    if row is None:
        return False
    mail.pk = row[0]
    mail._state.adding = False
    return True


class _KickOnce:
    """One kick for every row a transaction writes: the callback registered on commit."""

    def __init__(self, savepoints: list):
        self.done = False
        self.savepoints = list(savepoints)

    def __call__(self):
        self.done = True
        kick()


def kick_after_commit() -> None:
    """Once per transaction (or savepoint): ``kick`` after it commits (at once outside a
    transaction)."""
    connection = transaction.get_connection()
    pending = getattr(connection, "outbox_kick", None)
    if (
        pending is not None
        and not pending.done
        and pending.savepoints == connection.savepoint_ids
        and any(entry[1] is pending for entry in connection.run_on_commit)
    ):
        return
    connection.outbox_kick = _KickOnce(connection.savepoint_ids)
    transaction.on_commit(connection.outbox_kick)


def kick() -> None:
    """Ask a worker to send due mails now, through ``africa_site.enqueue.send_once``: a broker
    that is away is tried once, not raised, and then left alone for a while; the periodic
    sender (beat, every half minute) sends the rows."""
    send_outbox = current_app.tasks["notifications.tasks.send_outbox"]  # its module imports this
    send_once(send_outbox.s(kicked=True), what="the mail kick")
