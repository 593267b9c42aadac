"""The options of a new Africa game, asked by the new-game form."""

from django import forms
from django.utils.translation import gettext_lazy as _


class AfricaOptionsForm(forms.Form):
    """Africa's variant: the standard game (two actions a turn) or the simple one (one)."""

    variant = forms.ChoiceField(
        label=_("Variant"),
        choices=[
            ("standard", _("Standard: two actions a turn")),
            ("simple", _("Simple: one action a turn")),
        ],
        initial="standard",
        widget=forms.RadioSelect,
    )
