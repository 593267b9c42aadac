"""The player's choices of notifications, per event and channel, read when a row is sent.

The account keeps one choice (``User.notifications``): a mail for each turn, one daily digest,
or none. Every other event than the turn, the reminder and the digest is a notice, sent unless
the choice is none. Read through ``get_user_model()``: notifications import no app of the site.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from notifications.channels import MAIL

#: The events sent only to players who want a mail for each turn.
TURN_EVENTS = ("your_turn", "reminder")


def wants(user, event: str, channel: str = MAIL) -> bool:
    """Whether ``user``'s choices let ``event`` reach them on ``channel`` (only "mail" has
    choices yet): never for an inactive account or the choice "none"; the turn and its
    reminder only for "each turn"; the daily digest only for "daily digest"."""
    choices = get_user_model().Notifications
    if not user.is_active or user.notifications == choices.NONE:
        return False
    if event in TURN_EVENTS:
        return user.notifications == choices.EACH_TURN
    if event == "daily_digest":
        return user.notifications == choices.DAILY_DIGEST
    return True
