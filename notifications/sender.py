"""The outbox's sender (the "Sending" of ``notifications.outbox``): ``send_due`` claims due
rows so that two senders never take one, reads each again just before its mail is built,
builds it with the composer registered for its template (``build``: a message, or the Close or
Defer the composer decided; quiet hours put it off), sends it over one mail connection per
batch, and marks it sent, closed, put off or failed (retried after a backoff, up to
MAIL_MAX_ATTEMPTS attempts). A row that failed because the mail server or the connection was
down waits with the reason SERVER_DOWN; once a mail goes out again, those rows are made due at
once (``_release_waiting``) and sent in the same run, instead of each waiting out its backoff.
``seconds_to_next_due`` tells a kicked task when to look again. A row of another channel
than mail (``OutboundMail.channel``, e.g. "push") is composed and delivered by its channel
(``channels.registered``) and retried after the same backoff when that fails.
"""

from __future__ import annotations

import logging
import smtplib
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import get_connection
from django.db import DatabaseError, transaction
from django.db.models import F, Q
from django.utils import timezone, translation

from notifications import channels
from notifications.emails import make_message
from notifications.models import OutboundMail
from notifications.outbox import (
    QUIET_HOURS_EXEMPT,
    Close,
    Defer,
    Draft,
    composers,
    context_hooks,
    quiet_hours_end,
)

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
#: Errors of a single recipient: the connection is still good for the next mail.
RECIPIENT_ERRORS = (smtplib.SMTPRecipientsRefused, smtplib.SMTPSenderRefused, smtplib.SMTPDataError)
#: The reason of a pending row whose last send failed because the server or the connection
#: was down (not because of its recipient or its content): it goes out as soon as a mail does.
SERVER_DOWN = "server down"


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


def _failed(row: OutboundMail, error: Exception, now: datetime, server_down: bool = False) -> None:
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
        reason=SERVER_DOWN if server_down else "",
    )


def _release_waiting(now: datetime) -> int:
    """Make the rows waiting on a backoff because the server was down (SERVER_DOWN) due now,
    unless a sender holds them; how many. Run after a mail went out: the server is back. The
    rows are then claimed as any due row is (``_claim``), so none goes out twice."""
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    return OutboundMail.objects.filter(
        free, status=OutboundMail.Status.PENDING, reason=SERVER_DOWN, send_after__gt=now
    ).update(send_after=now, reason="")


def build(row: OutboundMail):
    """The message of ``row`` (an EmailMultiAlternatives), or the Close or Defer its composer
    decided. Raises KeyError for a template no composer builds."""
    if row.template not in QUIET_HOURS_EXEMPT and (
        end := quiet_hours_end(row.user, timezone.now())
    ):
        return Defer(end)
    with translation.override(row.user.language), timezone.override(row.user.zone):
        decision = composers[row.template](row)
        if not isinstance(decision, Draft):
            return decision
        for hook in context_hooks.get(row.template, []):
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
    (backoff); a failure of the connection itself ends the run, leaving the other rows due.
    The first batch that sends a mail makes the rows waiting because the server was down due
    (``_release_waiting``), and the run goes on to send them."""
    counts = {"sent": 0, "closed": 0, "deferred": 0, "failed": 0}
    released = False
    with _commits_without_waiting():
        for _batch in range(MAX_BATCHES):
            now = timezone.now()
            rows = _claim(now, limit)
            if not rows:
                break
            failed, mailed = _send_batch(rows, now, counts)
            if failed:
                break
            if mailed and not released:
                released = True
                if _release_waiting(now):
                    continue
            if len(rows) < limit:
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


def _send_batch(
    rows: list[OutboundMail], now: datetime, counts: dict[str, int]
) -> tuple[bool, int]:
    """Send ``rows`` (claimed) over one connection, reading them again FRESH at a time just
    before they are built; (whether the mail connection failed, how many mails went out). The
    rows of other channels than mail go to their channel (``_send_by_channel``)."""
    connection = get_connection()
    opened = False
    mailed = 0
    try:
        for index, claimed in enumerate(rows):
            if index % FRESH == 0:
                fresh = _read_fresh(rows[index : index + FRESH])
            row = fresh.get(claimed.pk)
            if row is None:  # deleted since it was claimed
                continue
            if row.channel != channels.MAIL:
                _send_by_channel(row, now, counts)
                continue
            try:
                result = build(row)
            except Exception as error:  # a mail that cannot be built must not stop the others
                logger.exception("mail %s (%s) could not be built", row.pk, row.template)
                _failed(row, error, now)
                counts["failed"] += 1
                continue
            if _settled(row, result, counts):
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
                _failed(row, error, now, server_down=True)
                counts["failed"] += 1
                OutboundMail.objects.filter(pk__in=[r.pk for r in rows[index + 1 :]]).update(
                    claimed_until=None
                )
                return True, mailed
            _sent(row)
            counts["sent"] += 1
            mailed += 1
    finally:
        try:
            connection.close()
        except Exception:  # closing a broken connection
            logger.debug("closing the mail connection failed", exc_info=True)
    return False, mailed


def _settled(row: OutboundMail, result, counts: dict[str, int]) -> bool:
    """Close or put off ``row`` when ``result`` (what its channel composed) says so; whether
    it did."""
    if isinstance(result, Close):
        _close(row, result.reason)
        counts["closed"] += 1
        return True
    if isinstance(result, Defer):
        _defer(row, result.until)
        counts["deferred"] += 1
        return True
    return False


def _sent(row: OutboundMail) -> None:
    OutboundMail.objects.filter(pk=row.pk).update(
        status=OutboundMail.Status.SENT,
        sent_at=timezone.now(),
        attempts=F("attempts") + 1,
        claimed_until=None,
        last_error="",
        reason="",
    )


def _send_by_channel(row: OutboundMail, now: datetime, counts: dict[str, int]) -> None:
    """Compose and deliver ``row`` by its channel (``channels.registered``): sent, closed, put
    off, or failed and retried after the backoff. A row of a channel no longer registered is
    closed."""
    channel = channels.registered.get(row.channel)
    if channel is None:
        _close(row, f"no channel {row.channel}")
        counts["closed"] += 1
        return
    try:
        result = channel.compose(row)
    except Exception as error:  # one that cannot be built must not stop the others
        logger.exception("%s %s (%s) could not be built", row.channel, row.pk, row.template)
        _failed(row, error, now)
        counts["failed"] += 1
        return
    if _settled(row, result, counts):
        return
    try:
        outcome = channel.deliver(result)
    except Exception as error:  # the service is down, slow or refused it: tried again later
        logger.warning("%s %s not sent: %r", row.channel, row.pk, error)
        _failed(row, error, now)
        counts["failed"] += 1
        return
    if _settled(row, outcome, counts):
        return
    _sent(row)
    counts["sent"] += 1
