"""Playing by email: one function handles every inbound mail, whichever way it arrived.

``handle_message(message)`` is called by the django-anymail inbound signal (any provider's
webhook under /mail/anymail/) and by ``manage.py receive_mail`` (an MTA pipe). Steps:

1. Drop automatic mails (RFC 3834 ``Auto-Submitted``) and mails seen before (Message-ID, kept
   in ``ProcessedMessage`` with a unique constraint, so a second delivery does nothing). The
   record is written in the transaction of the moves and the answer: a mail whose handling
   failed for want of a service is not recorded, and is handled when delivered again.
2. Find the reply address ``play+<token>@...`` among the recipients and check its signature,
   the sender (the seat's player's address, any case), the limits on replies
   (``mailplay.limits``), the game's state and version, and the move's deadline.
3. Post its chat lines ("say ...", see ``talk.mail``) and take them out of the text; read
   the actions at the top of the rest of the new text (``parsing``), decide which are
   applied (``games.lines``: one by one, keeping every line up to and including one that reveals
   something hidden even when a later line fails) and apply those in one transaction
   through ``games.services.submit_actions``.
4. Answer by mail (``mailplay.answers.queue_answer``: through the outbox, in the moves'
   transaction): what was applied and the new position, the question of a pending decision
   with a fresh reply address, or what was wrong.

A mail that cannot be attributed to a player gets no answer (no mail to strangers). Log lines
name ids and outcomes only, never a token or a position. Text read from the mail (its body,
its Message-ID and sender) is cleaned once, when it is read (``parsing.clean_text``), of what
the database or a mail cannot carry, so that every refusal that quotes it can be stored and sent.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from email.headerregistry import Address
from email.message import EmailMessage

from django.core import signing
from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from accounts.models import User
from games import services
from games.models import Game
from mailplay import answers, parsing
from mailplay import limits as reply_limits
from mailplay.models import ProcessedMessage
from mailplay.tokens import LOCAL_PREFIX, ReplyToken, read_token
from notifications.emails import absolute_url
from rulebooks.links import rule_url
from talk import mail as talk_mail

logger = logging.getLogger(__name__)

#: Errors of a service that is unreachable for now: the mail is handled when delivered again.
TEMPORARY_ERRORS = (
    OperationalError,
    InterfaceError,
    RedisConnectionError,
    RedisTimeoutError,
    BrokerError,
    ConnectionError,
    TimeoutError,
)

RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")


@dataclass
class Outcome:
    """What became of an inbound mail.

    ``status``: "applied" (every action applied), "partial" (the lines up to a revealing one
    applied, then a line failed), "rejected" (nothing applied), "stale" (the game moved on or
    was over), "refused" (forged or expired address, wrong sender),
    "limited" (over a limit of replies, ``mailplay.limits``: read again later, answered with
    the position and a reply address), "duplicate" (seen before), "dropped" (no player to
    answer, or an automatic mail), "said" (the reply held only chat lines, "say ...": posted
    in the game's chat, no answer mail), "deferred" (a service was unreachable: nothing was
    recorded, the mail is to be delivered again).
    ``applied``: the actions applied, in order; when a line failed, ``error`` says why,
    ``rule`` is the address of the rule that forbids it (or ""), ``failed_line`` names it and
    ``not_applied`` lists the lines left out, the failed one among them (as written).
    ``answered``: whether an answer mail went out.
    """

    status: str
    applied: list[str] = field(default_factory=list)
    error: str = ""
    rule: str = ""
    failed_line: str = ""
    not_applied: list[str] = field(default_factory=list)
    answered: bool = False


def _header(message: EmailMessage, name: str) -> str:
    """The header ``name`` of ``message`` on one line, cleaned (``parsing.clean_text``)."""
    return parsing.clean_text(str(message.get(name, "") or ""), one_line=True).strip()


def _message_id(message: EmailMessage) -> str:
    """The mail's Message-ID, or a digest of its bytes when it has none."""
    value = _header(message, "Message-ID")
    if value:
        return value[:255]
    try:
        raw = message.as_bytes()
    except Exception:  # a message too garbled to serialise again
        raw = repr(message.items()).encode("utf-8", "replace") + str(message.get_payload()).encode(
            "utf-8", "replace"
        )
    return "sha256:" + hashlib.sha256(raw).hexdigest()


def _addresses(message: EmailMessage, names: tuple[str, ...]) -> list[str]:
    found = []
    for name in names:
        for value in message.get_all(name, []) or []:
            addresses = getattr(value, "addresses", None)
            if addresses is None:
                found.append(str(value).strip().strip("<>"))
            else:
                found.extend(a.addr_spec for a in addresses if isinstance(a, Address))
    return found


def _sender(message: EmailMessage) -> str:
    try:
        senders = _addresses(message, ("From",))
    except (IndexError, ValueError, TypeError):  # a garbled From header
        return ""
    return parsing.clean_text(senders[0].lower(), one_line=True) if senders else ""


def _recipients(message: EmailMessage) -> list[str]:
    extra = getattr(message, "envelope_recipient", None)
    try:
        found = _addresses(message, RECIPIENT_HEADERS)
    except (IndexError, ValueError, TypeError):
        found = []
    return ([extra] if extra else []) + found


def _token(message: EmailMessage) -> tuple[ReplyToken | None, bool]:
    """(the first valid token among the recipients or None, whether a forged one was seen)."""
    forged = False
    for address in _recipients(message):
        if not address.lower().startswith(LOCAL_PREFIX):
            continue
        try:
            token = read_token(address)
        except signing.BadSignature:
            forged = True
            continue
        if token is not None:
            return token, forged
    return None, forged


def _is_automatic(message: EmailMessage) -> bool:
    """An autoresponder or a bounce (RFC 3834 section 5, RFC 3464): never answered."""
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    precedence = str(message.get("Precedence", "")).strip().lower()
    return (
        auto != "no"
        or precedence in ("bulk", "junk", "list", "auto_reply")
        or "X-Autoreply" in message
        or message.get_content_type() == "multipart/report"
    )


def handle_message(message: EmailMessage) -> Outcome:
    """Handle one inbound mail (an ``email.message.EmailMessage`` parsed with policy.default,
    such as anymail's ``AnymailInboundMessage``) and answer its sender; see the module's steps.

    The record of the mail (``ProcessedMessage``), its moves and its answer are written in one
    transaction: when a service the handling needs is unreachable (the database, the cache, the
    broker: ``TEMPORARY_ERRORS``), nothing is written and the Outcome is "deferred", so that the
    same mail delivered again is handled then, not ignored as a duplicate. Returns an Outcome;
    never raises for anything in the mail itself (a mail that breaks the handler is "dropped")."""
    if _is_automatic(message):
        return Outcome("dropped")
    message_id = _message_id(message)
    try:
        with transaction.atomic():
            try:
                with transaction.atomic():
                    ProcessedMessage.objects.create(message_id=message_id)
            except IntegrityError:
                logger.info("inbound mail seen before: ignored")
                return Outcome("duplicate")
            outcome = _handle(message, message_id)
            ProcessedMessage.objects.filter(message_id=message_id).update(outcome=outcome.status)
    except TEMPORARY_ERRORS:
        logger.warning("inbound mail deferred: a service is unreachable", exc_info=True)
        return Outcome("deferred")
    except Exception:
        logger.exception("inbound mail could not be handled")
        try:
            ProcessedMessage.objects.get_or_create(
                message_id=message_id, defaults={"outcome": "dropped"}
            )
        except TEMPORARY_ERRORS:
            return Outcome("deferred")
        return Outcome("dropped")
    logger.info("inbound mail: %s", outcome.status)
    return outcome


@dataclass(frozen=True)
class Thread:
    """The inbound mail an answer replies to: its Message-ID header (for In-Reply-To, may be
    empty) and the id it was recorded under (which names the answer in the outbox)."""

    header: str
    message_id: str


def _handle(message: EmailMessage, message_id: str) -> Outcome:
    sender = _sender(message)
    token, forged = _token(message)
    in_reply_to = Thread(_header(message, "Message-ID"), message_id)
    known = User.objects.filter(email__iexact=sender, is_active=True).first() if sender else None
    if token is None:
        if known is None:
            return Outcome("dropped")
        error = (
            gettext_lazy(
                "The reply address of this mail is not valid. Reply to the latest mail about "
                "the game."
            )
            if forged
            else gettext_lazy("This mail was not a reply to a mail about a game.")
        )
        return _answer(known, Outcome("refused", error=error), None, in_reply_to)

    game = Game.objects.filter(pk=token.game_id).first()
    seat = game.seats.select_related("user").filter(number=token.seat).first() if game else None
    if seat is None:
        return (
            Outcome("dropped")
            if known is None
            else _answer(
                known,
                Outcome("refused", error=gettext_lazy("This game does not exist.")),
                None,
                in_reply_to,
            )
        )
    user = seat.user
    if sender != user.email.lower():
        logger.warning("inbound mail for game %s from another sender refused", game.pk)
        if known is None:
            return Outcome("refused")
        error = gettext_lazy("Moves for this game are accepted only from the player's own address.")
        return _answer(known, Outcome("refused", error=error), None, in_reply_to)

    ProcessedMessage.objects.filter(message_id=message_id).update(user=user, game=game)
    if limited := reply_limits.check(user, game, message_id):
        logger.warning("inbound mail for game %s over the limit %s", game.pk, limited.kind)
        outcome = Outcome("limited", error=_limit_message(limited, user))
        return _answer(user, outcome, (game, seat), in_reply_to)
    with translation.override(user.language):
        said = talk_mail.post_said(game, seat, parsing.reply_text(message))  # "say" lines
        if said.only_talk:
            return Outcome("said")
        return _play(game, seat, token, in_reply_to, said.rest)


def _play(game: Game, seat, token: ReplyToken, in_reply_to: Thread, text: str) -> Outcome:
    """Read and apply the actions of ``text`` (the reply's new text without its chat lines)."""
    user = seat.user
    if game.status != Game.Status.ACTIVE:
        outcome = Outcome("stale", error=_("This game is not being played any more."))
        return _answer(user, outcome, (game, seat), in_reply_to)
    if game.version != token.version:
        if game.current_seat == seat.number and seat.left_at is None:
            error = _(
                "The game has moved on since that mail. Nothing was applied; here is the game "
                "now: reply to this mail to play."
            )
        else:
            error = _("It is not your turn. Nothing was applied; you will get a mail when it is.")
        return _answer(user, Outcome("stale", error=error), (game, seat), in_reply_to)
    if _expired(game, user):
        error = _(
            "The time for this move is over, so this reply address has expired. Nothing was "
            "applied."
        )
        return _answer(user, Outcome("refused", error=error), (game, seat), in_reply_to)

    try:
        actions = parsing.parse_actions(text, game.kind.notation)
    except parsing.UnknownWord as problem:
        outcome = Outcome(
            "rejected",
            error=_unknown_word(problem),
            rule=_rule_address(game, "not_an_action"),  # the move notation's rule
            failed_line=problem.line,
        )
        return _answer(user, outcome, (game, seat), in_reply_to)
    if not actions:
        error = _("Your reply holds no action. Write one action per line at the top.")
        return _answer(user, Outcome("rejected", error=error), (game, seat), in_reply_to)

    written = [text.split("\n")[n - 1].strip() for n, _action in actions]
    try:
        with transaction.atomic():  # the moves and their answer in the outbox, or neither
            _moved, lines = services.submit_actions(
                game, user, [a for _n, a in actions], game.version
            )
            outcome = _outcome(game, lines, lines.keep, written)
            return _answer(user, outcome, (game, seat), in_reply_to)
    except services.GameError:  # another mail or the web page moved the game meanwhile
        game.refresh_from_db()
        error = _("The game moved on while this mail was read. Nothing was applied.")
        return _answer(user, Outcome("rejected", error=error), (game, seat), in_reply_to)


def _outcome(game: Game, lines, applied: list[str], written: list[str]) -> Outcome:
    """The Outcome of a reply about ``game`` whose lines ``written`` were planned as ``lines``
    and of which ``applied`` were applied; a failed line's reason with the address of its rule
    (in the active language)."""
    failed = lines.failed
    if failed is None:
        return Outcome("applied", applied=applied)
    index, line = failed
    return Outcome(
        "partial" if applied else "rejected",
        applied=applied,
        error=line.reason,
        rule=_rule_address(game, line.why and line.why.code),
        failed_line=written[index],
        not_applied=[written[n] for n in lines.not_applied],
    )


def _rule_address(game: Game, code: str | None) -> str:
    """The absolute address of the section of ``game``'s rules that forbids an action for the
    reason ``code`` (a Reason's), in the active language; "" when no section does."""
    section = game.kind.rules_links.reasons.get(code) if code else None
    path = rule_url(game.engine, f"#{section}", translation.get_language()) if section else None
    return absolute_url(path) if path else ""


def _limit_message(limited: reply_limits.Limited, user: User) -> str:
    """What a player over a limit of replies reads, with the time (theirs, to the minute) from
    which replies are read again."""
    moment = (limited.retry_at + timedelta(seconds=59)).replace(second=0, microsecond=0)
    with translation.override(user.language):
        at = formats.time_format(timezone.localtime(moment, user.zone), "H:i")
        if limited.kind == "mail_reply_game":
            return _(
                "You have sent many replies about this game in the last hour, so this one was "
                "not read and nothing was applied. Replies are read again from %(time)s (your "
                "time): then reply to this mail to play."
            ) % {"time": at}
        return _(
            "Many of your replies in the last hour played nothing, so this one was not read "
            "and nothing was applied. Replies are read again from %(time)s (your time): then "
            "reply to this mail to play."
        ) % {"time": at}


def _expired(game: Game, user: User) -> bool:
    """Whether the move's deadline has passed (the sweep clears a claimed deadline; a solo
    game has none and never expires)."""
    if user.on_vacation or game.is_solo:
        return False
    return game.turn_deadline is None or game.turn_deadline <= timezone.now()


def _unknown_word(problem: parsing.UnknownWord) -> str:
    if problem.expected is not None:
        return _('"%(keyword)s" takes %(count)d word(s) after it, as in the list below.') % {
            "keyword": problem.word,
            "count": problem.expected,
        }
    return _('"%(word)s" is not an action. The actions you can write are listed below.') % {
        "word": problem.word
    }


def _answer(user: User, outcome: Outcome, where, in_reply_to: Thread) -> Outcome:
    """Put the answer for ``outcome`` to ``user`` in the outbox (with the position when
    ``where`` is (game, seat)); its words are in the user's language."""
    with translation.override(user.language):
        outcome.error = str(outcome.error)  # a lazy sentence, read in the user's language
    game, seat = where if where is not None else (None, None)
    answers.queue_answer(user, outcome, game, seat, in_reply_to)
    outcome.answered = True
    return outcome


class Deferred(Exception):
    """An inbound mail that could not be handled now (a service was unreachable); raised to
    the webhook so that it answers with an error and the provider delivers the mail again."""


def on_anymail_inbound(sender, event, esp_name, **kwargs) -> None:
    """Receiver of ``anymail.signals.inbound``: hand the mail to ``handle_message``. Raises
    Deferred when it was "deferred" (the webhook then answers 500, and the provider retries)."""
    if handle_message(event.message).status == "deferred":
        raise Deferred("inbound mail deferred: a service is unreachable")
