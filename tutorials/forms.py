"""The form of a tutorial's step."""

from django import forms
from django.utils.translation import gettext as _


class StepForm(forms.Form):
    """One step played: ``step`` (the number of the step the page showed, so that a stale
    page is refused) and ``action`` (the learner's action; empty for a computer player's)."""

    step = forms.IntegerField(min_value=0)
    action = forms.CharField(max_length=200, required=False)

    def error_message(self) -> str:
        return _("That request was incomplete. Please try again.")
