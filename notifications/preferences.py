"""The player's choices of notifications, per event and channel, read when a row is sent.

Two layers, both read by ``wants``:

- The account's turn choice (``User.notifications``): a message for each turn, one daily
  digest, or no email. "Each turn" and "daily digest" hold for every channel: a player on the
  digest gets neither a mail nor a push for each turn, and the digest by both. "No email"
  silences the mail channel only (it is what the mails' unsubscribe link sets).
- Per event and channel (``ChannelChoice``; the settings page, ``forms.ChannelChoicesForm``):
  mail, push, both or none for each event. An event and channel without a row is wanted.

Read through ``get_user_model()``: notifications import no app of the site.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from notifications.channels import MAIL
from notifications.models import ChannelChoice

#: The events sent only to players who want a message for each turn.
TURN_EVENTS = ("your_turn", "reminder")


def wants(user, event: str, channel: str = MAIL) -> bool:
    """Whether ``user``'s choices let ``event`` reach them on ``channel`` ("mail", "push"):
    never for an inactive account, nor by mail under the choice "no email"; the turn and its
    reminder only for "each turn" (or, by push, "no email"); the daily digest only for "daily
    digest"; and only when the player has not turned ``event`` off on ``channel``."""
    choices = get_user_model().Notifications
    mode = user.notifications
    if not user.is_active or (mode == choices.NONE and channel == MAIL):
        return False
    if event in TURN_EVENTS and mode == choices.DAILY_DIGEST:
        return False
    if event == "daily_digest" and mode != choices.DAILY_DIGEST:
        return False
    return not ChannelChoice.objects.filter(
        user=user, event=event, channel=channel, wanted=False
    ).exists()


def choices_of(user) -> dict[tuple[str, str], bool]:
    """{(event, channel): wanted} of the rows ``user`` has (the others are wanted)."""
    return {
        (event, channel): wanted
        for event, channel, wanted in ChannelChoice.objects.filter(user=user).values_list(
            "event", "channel", "wanted"
        )
    }


def save_choices(user, wanted: dict[tuple[str, str], bool]) -> None:
    """Keep ``user``'s choices ``wanted`` {(event, channel): bool}: a row for each choice
    that is off, none for one that is on."""
    on = [key for key, value in wanted.items() if value]
    for event, channel in on:
        ChannelChoice.objects.filter(user=user, event=event, channel=channel).delete()
    for (event, channel), value in wanted.items():
        if not value:
            ChannelChoice.objects.update_or_create(
                user=user, event=event, channel=channel, defaults={"wanted": False}
            )
