"""Forms of the lobby and the play page."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import DAYS_PER_MOVE_CHOICES, GAME_CHOICES


class NewGameForm(forms.Form):
    """Create a game: which game, how many players, variant, pace, rated, who may join."""

    engine = forms.ChoiceField(label=_("Game"), choices=GAME_CHOICES, initial="africa")
    num_players = forms.TypedChoiceField(
        label=_("Players"), coerce=int, choices=[(n, n) for n in range(2, 6)], initial=3
    )
    variant = forms.ChoiceField(
        label=_("Variant"),
        choices=[
            ("standard", _("Standard: two actions a turn")),
            ("simple", _("Simple: one action a turn")),
        ],
        initial="standard",
        widget=forms.RadioSelect,
    )
    days_per_move = forms.TypedChoiceField(
        label=_("Days per move"), coerce=int, choices=DAYS_PER_MOVE_CHOICES, initial=3
    )
    skip_weekends = forms.BooleanField(
        label=_("Weekends do not count"),
        required=False,
        help_text=_("Saturdays and Sundays are left out of the time for a move."),
    )
    rated = forms.BooleanField(label=_("Rated game"), required=False, initial=True)
    public = forms.BooleanField(
        label=_("Others may watch"),
        required=False,
        help_text=_("Anyone may follow the game while it runs; hidden markers stay hidden."),
    )
    invite_only = forms.BooleanField(
        label=_("By invitation only"),
        required=False,
        help_text=_("Only players you invite, or who have the invitation link, can join."),
    )


class InviteForm(forms.Form):
    """Invite a player by display name."""

    display_name = forms.CharField(label=_("Display name"), max_length=30)


class ActionForm(forms.Form):
    """An action in the game's notation, and the game version the page showed."""

    action = forms.CharField(max_length=64)
    version = forms.IntegerField(min_value=0)


class VersionForm(forms.Form):
    """The game version the page showed (undo, polling)."""

    version = forms.IntegerField(min_value=0)
