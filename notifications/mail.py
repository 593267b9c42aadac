"""The mail channel (``notifications.channels``): the outbox row of an event becomes a mail.

``compose(row)`` is the sender's ``build``: quiet hours, then the composer registered for the
row's template (``outbox.composer``; the mails about games are composed by play by mail,
``mailplay.mails``, which owns the reply addresses), the context hooks, and the three templates
(``emails.make_message``). ``deliver(message)`` sends it; the sender sends a batch of mails
over one connection to the mail server instead (``sender.send_due``).
"""

from __future__ import annotations

from notifications import outbox, sender

NAME = "mail"


def carries(event: str) -> bool:
    """Whether a mail tells of ``event``: when an app registered its composer."""
    return event in outbox.composers


def compose(row):
    """The mail of ``row`` (an EmailMultiAlternatives), or the Close or Defer decided (see
    ``sender.build``). Raises KeyError for a template no composer builds."""
    return sender.build(row)


def deliver(message) -> None:
    """Send ``message`` over its own connection; raises the mail server's error."""
    message.send()
