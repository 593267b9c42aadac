"""The transactional outbox: mails are rows written with their cause, and sent from there.

Writing: ``queue(key, user, template, ...)`` adds an ``OutboundMail`` row in the caller's
transaction (a second row with the same key is ignored) and, once that transaction commits,
asks a worker to send it soon (``kick``). When the broker is down the kick is logged and
forgotten: the row waits for beat's periodic ``send_due``, so a move never fails because of
the broker, and nothing is lost when the broker loses its messages.

Sending: ``send_due()`` claims due rows in a short transaction (``SELECT ... FOR UPDATE SKIP
LOCKED`` on PostgreSQL, then a conditional UPDATE that also guards SQLite) so that two senders
never take one row, then builds and sends each over one mail connection. What a mail says is
built when it is sent, by the composer registered for its template (``composer``), which may
instead close the row with a reason (the turn moved on) or put it off (the player is looking at
the game). Quiet hours put a row off to their end, except for mails in ``QUIET_HOURS_EXEMPT``.
A failed send is tried again after MAIL_RETRY_BACKOFF seconds, doubling, up to
MAIL_MAX_ATTEMPTS attempts. ``context_hook(template)`` lets other apps add to a mail's context.
The sender's own writes do not wait for the disk (``_commits_without_waiting``): a mail may go
out twice after a crash of the database, never not at all.
"""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.core.mail import get_connection
from django.db import DatabaseError, transaction
from django.db.models import F, Q
from django.utils import timezone, translation

from notifications.emails import make_message
from notifications.models import OutboundMail

logger = logging.getLogger(__name__)

#: Rows claimed per batch, and batches per run of ``send_due`` at most. A batch is small: the
#: rows of a sender that dies wait for their claim to expire (MAIL_CLAIM_SECONDS), so a dead
#: sender holds back at most BATCH mails; each row is marked sent as soon as the mail server
#: accepted it, so at most the one mail in flight goes out twice.
BATCH = 10
MAX_BATCHES = 200
#: Rows whose user, game and seats are read together just before their mails are built
#: (``_read_fresh``): a turn mail decides "moved on" and "is looking" on data read at most
#: this many mails earlier, not when its batch was claimed.
FRESH = 5
#: The templates of mails that answer something the player just did: not held back by quiet
#: hours (registered with ``composer(..., quiet_hours=False)``).
QUIET_HOURS_EXEMPT: set[str] = set()
#: Errors of a single recipient: the connection is still good for the next mail.
RECIPIENT_ERRORS = (smtplib.SMTPRecipientsRefused, smtplib.SMTPSenderRefused, smtplib.SMTPDataError)


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
_composers: dict[str, Composer] = {}
_context_hooks: dict[str, list[Callable[[OutboundMail, dict], None]]] = {}


def composer(*templates: str, quiet_hours: bool = True):
    """Register the decorated ``function(row) -> Draft | Close | Defer`` as the builder of the
    mails ``templates``; with ``quiet_hours=False`` they are sent even in the recipient's quiet
    hours. Each app registers its composers when it is ready (``AppConfig.ready``)."""

    def register(function: Composer) -> Composer:
        for template in templates:
            _composers[template] = function
            if not quiet_hours:
                QUIET_HOURS_EXEMPT.add(template)
        return function

    return register


def context_hook(*templates: str):
    """Register the decorated ``function(row, context)``, which adds to the context of the mails
    ``templates`` (in the recipient's language) before they are rendered."""

    def register(function):
        for template in templates:
            _context_hooks.setdefault(template, []).append(function)
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
) -> bool:
    """Add the mail ``key`` for ``user`` to the outbox in the current transaction, to be sent
    no earlier than ``send_after`` (now by default; the end of the user's quiet hours when
    later). A mail with the same key already there is left as it is (returns False). After
    the commit a worker is asked to send it (``kick``). A computer player's seat (``user`` is
    None) gets no mail (returns False)."""
    if user is None or OutboundMail.objects.filter(key=key).exists():
        return False
    now = timezone.now()
    send_after = max(send_after or now, now)
    if template not in QUIET_HOURS_EXEMPT:
        send_after = quiet_hours_end(user, send_after) or send_after
    OutboundMail.objects.bulk_create(
        [
            OutboundMail(
                key=key,
                user=user,
                template=template,
                game=game,
                ply=version,
                seat=seat,
                payload=payload or {},
                send_after=send_after,
                created_at=now,
            )
        ],
        ignore_conflicts=True,
    )
    if send_after <= now:
        kick_after_commit()
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
    """Ask a worker to send due mails now. A broker that does not answer is logged, not
    raised: the periodic sender will send the rows."""
    try:  # found by name: the task's module imports this one
        send_outbox = current_app.tasks["notifications.tasks.send_outbox"]
        send_outbox.apply_async(kwargs={"kicked": True}, retry=False)
    except Exception:  # any broker error: the rows wait for beat
        logger.warning("the broker did not take the mail kick; beat will send the mails")


def _claim(now: datetime, limit: int) -> list[OutboundMail]:
    """Claim up to ``limit`` due rows for MAIL_CLAIM_SECONDS; the rows this sender got (their
    user, game and seats are read when they are built: ``_read_fresh``)."""
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    until = now + timedelta(seconds=settings.MAIL_CLAIM_SECONDS)
    with transaction.atomic():
        due = list(
            OutboundMail.objects.select_for_update(skip_locked=True)
            .filter(free, status=OutboundMail.Status.PENDING, send_after__lte=now)
            .order_by("send_after")
            .values_list("pk", flat=True)[:limit]
        )
        # One conditional UPDATE for them all: a row that another sender took meanwhile (SQLite
        # has no row locks) is not free any more and keeps that sender's claim. ``until``, to
        # the microsecond, then names this sender's rows.
        OutboundMail.objects.filter(free, pk__in=due, status=OutboundMail.Status.PENDING).update(
            claimed_until=until
        )
    return list(
        OutboundMail.objects.filter(pk__in=due, claimed_until=until)
        .only("pk", "attempts")
        .order_by("send_after")
    )


def _read_fresh(rows: list[OutboundMail]) -> dict[int, OutboundMail]:
    """{pk: row} of ``rows`` read again, with their user, their game and its seats and players
    (``Game.seats_with_users``) as they are now, in three queries (a row deleted meanwhile is
    not there)."""
    return (
        OutboundMail.objects.filter(pk__in=[row.pk for row in rows])
        .select_related("user", "game")
        .prefetch_related("game__seats__user")
        .in_bulk()
    )


def _close(row: OutboundMail, reason: str) -> None:
    OutboundMail.objects.filter(pk=row.pk).update(
        status=OutboundMail.Status.CLOSED, reason=reason[:64], claimed_until=None
    )


def _defer(row: OutboundMail, until: datetime) -> None:
    OutboundMail.objects.filter(pk=row.pk).update(send_after=until, claimed_until=None)


def _failed(row: OutboundMail, error: Exception, now: datetime) -> None:
    attempts = row.attempts + 1
    if attempts >= settings.MAIL_MAX_ATTEMPTS:
        logger.error("mail %s given up after %s attempts", row.pk, attempts)
        OutboundMail.objects.filter(pk=row.pk).update(
            status=OutboundMail.Status.CLOSED,
            reason="failed",
            attempts=attempts,
            last_error=repr(error)[:300],
            claimed_until=None,
        )
        return
    backoff = min(settings.MAIL_RETRY_BACKOFF * 2 ** (attempts - 1), 60 * 60)
    OutboundMail.objects.filter(pk=row.pk).update(
        attempts=attempts,
        last_error=repr(error)[:300],
        send_after=now + timedelta(seconds=backoff),
        claimed_until=None,
    )


def build(row: OutboundMail):
    """The message of ``row`` (an EmailMultiAlternatives), or the Close or Defer its composer
    decided. Raises KeyError for a template no composer builds."""
    if row.template not in QUIET_HOURS_EXEMPT and (
        end := quiet_hours_end(row.user, timezone.now())
    ):
        return Defer(end)
    with translation.override(row.user.language), timezone.override(row.user.zone):
        decision = _composers[row.template](row)
        if not isinstance(decision, Draft):
            return decision
        for hook in _context_hooks.get(row.template, []):
            hook(row, decision.context)
    message = make_message(
        row.template, row.user, decision.context, key=row.key, images=decision.inline_images
    )
    message.extra_headers.update(decision.headers)
    return message


def seconds_to_next_due(cap: float) -> float:
    """Seconds until the earliest pending row is due (at least 1, at most ``cap``)."""
    first = (
        OutboundMail.objects.filter(status=OutboundMail.Status.PENDING)
        .order_by("send_after")
        .values_list("send_after", flat=True)
        .first()
    )
    if first is None:
        return cap
    return max(1.0, min(cap, (first - timezone.now()).total_seconds() + 0.5))


def send_due(limit: int = BATCH) -> dict[str, int]:
    """Send the due rows of the outbox, ``limit`` per batch, over one mail connection per batch.

    Returns counts {"sent", "closed", "deferred", "failed"}. A failed row is retried later
    (backoff); a failure of the connection itself ends the run, leaving the other rows due."""
    counts = {"sent": 0, "closed": 0, "deferred": 0, "failed": 0}
    with _commits_without_waiting():
        for _batch in range(MAX_BATCHES):
            now = timezone.now()
            rows = _claim(now, limit)
            if not rows:
                break
            broken = _send_batch(rows, now, counts)
            if broken or len(rows) < limit:
                break
    return counts


@contextmanager
def _commits_without_waiting():
    """On PostgreSQL, the sender's writes (its claims, a row marked sent) commit without
    waiting for the disk (synchronous_commit off, for this connection until the block ends).
    Others see them at once all the same; a crash of the database itself may lose the last
    fraction of a second of them, and those mails go out once more after their claim expires,
    as after a sender that died: the outbox sends at least once. A commit that waits for the
    disk took about 3 ms a mail, more than the rest of a mail without its picture."""
    connection = transaction.get_connection()
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit TO OFF")
    try:
        yield
    finally:
        try:
            with connection.cursor() as cursor:
                cursor.execute("RESET synchronous_commit")
        except DatabaseError:  # a broken connection, which Django will not reuse
            logger.debug("synchronous_commit not reset", exc_info=True)


def _send_batch(rows: list[OutboundMail], now: datetime, counts: dict[str, int]) -> bool:
    """Send ``rows`` (claimed) over one connection, reading them again FRESH at a time just
    before they are built; True when the connection failed."""
    connection = get_connection()
    opened = False
    try:
        for index, claimed in enumerate(rows):
            if index % FRESH == 0:
                fresh = _read_fresh(rows[index : index + FRESH])
            row = fresh.get(claimed.pk)
            if row is None:  # deleted since it was claimed
                continue
            try:
                result = build(row)
            except Exception as error:  # a mail that cannot be built must not stop the others
                logger.exception("mail %s (%s) could not be built", row.pk, row.template)
                _failed(row, error, now)
                counts["failed"] += 1
                continue
            if isinstance(result, Close):
                _close(row, result.reason)
                counts["closed"] += 1
                continue
            if isinstance(result, Defer):
                _defer(row, result.until)
                counts["deferred"] += 1
                continue
            result.connection = connection
            try:
                if not opened:  # once per batch, so that each send does not log in anew
                    connection.open()
                    opened = True
                result.send()
            except RECIPIENT_ERRORS as error:
                _failed(row, error, now)
                counts["failed"] += 1
                continue
            except Exception as error:  # the server or the connection is down
                logger.warning("mail %s not sent: %r", row.pk, error)
                _failed(row, error, now)
                counts["failed"] += 1
                OutboundMail.objects.filter(pk__in=[r.pk for r in rows[index + 1 :]]).update(
                    claimed_until=None
                )
                return True
            OutboundMail.objects.filter(pk=row.pk).update(
                status=OutboundMail.Status.SENT,
                sent_at=timezone.now(),
                attempts=F("attempts") + 1,
                claimed_until=None,
                last_error="",
            )
            counts["sent"] += 1
    finally:
        try:
            connection.close()
        except Exception:  # closing a broken connection
            logger.debug("closing the mail connection failed", exc_info=True)
    return False
