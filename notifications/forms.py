"""The settings page's choice of channels per event (``preferences``)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from notifications import push
from notifications.events import BY_NAME, EVENTS
from notifications.preferences import choices_of, save_choices

#: The channels a player chooses between, per event, in the settings page's columns.
CHANNELS = (("mail", _("Email")), ("push", _("This phone or computer")))


class ChannelChoicesForm(forms.Form):
    """A checkbox per event and channel of ``channels`` (CHANNELS by default), named
    "<event>__<channel>" ("your_turn__push"), ticked when the event reaches ``user`` on that
    channel (every one by default). The hidden field MARKER says the table was on the form that
    was sent: a POST without it (another form of the page, an older page) changes no choice."""

    MARKER = "channel_choices"

    def __init__(self, user, *args, channels=CHANNELS, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.channels = channels
        self.fields[self.MARKER] = forms.CharField(
            widget=forms.HiddenInput, initial="1", required=False
        )
        current = choices_of(user)
        self.rows = []
        for event in EVENTS:
            cells = []
            for channel, channel_label in channels:
                name = f"{event}__{channel}"
                self.fields[name] = forms.BooleanField(
                    label=f"{BY_NAME[event].label}: {channel_label}",
                    required=False,
                    initial=current.get((event, channel), True),
                )
                cells.append(self[name])
            self.rows.append((BY_NAME[event].label, cells))

    def save(self) -> None:
        """Keep the choices (``preferences.save_choices``), when the table was sent."""
        if not self.cleaned_data.get(self.MARKER):
            return
        save_choices(
            self.user,
            {
                (event, channel): self.cleaned_data[f"{event}__{channel}"]
                for event in EVENTS
                for channel, _label in self.channels
            },
        )


def channels_offered() -> tuple:
    """The channels the settings page offers: push only while the site has it on."""
    return CHANNELS if push.enabled() else CHANNELS[:1]
