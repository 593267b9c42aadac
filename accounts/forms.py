"""Forms for signing up and for a player's preferences."""

import zoneinfo

from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import User, display_name_validator


def _time_zone_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The IANA time zones grouped by region for the select's option groups: [("Europe",
    [("Europe/Amsterdam", "Amsterdam"), ...]), ...]; zones outside a region ("UTC") and the
    legacy aliases ("US/Eastern", "Etc/GMT+1") come last under "Other"."""
    regions: dict[str, list[tuple[str, str]]] = {}
    for name in sorted(zoneinfo.available_timezones()):
        region, _slash, place = name.partition("/")
        if not place or region not in REGIONS:
            region, place = "Other", name
        regions.setdefault(region, []).append((name, place.replace("_", " ")))
    labels = {"Other": _("Other")}
    return [
        (labels.get(region, region), regions[region])
        for region in (*REGIONS, "Other")
        if region in regions
    ]


#: The regions of the IANA time-zone database, in the order the select lists them.
REGIONS = (
    "Africa",
    "America",
    "Antarctica",
    "Arctic",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
)
TIME_ZONE_CHOICES = _time_zone_choices()


def _check_display_name_free(name: str, exclude_pk=None) -> str:
    """Return ``name`` with runs of blanks folded; raise ValidationError if another user has it
    (compared without regard to case)."""
    name = " ".join(name.split())
    taken = User.objects.filter(display_name__iexact=name)
    if exclude_pk is not None:
        taken = taken.exclude(pk=exclude_pk)
    if taken.exists():
        raise forms.ValidationError(_("This display name is already taken."))
    return name


class SignupForm(AllauthSignupForm):
    """allauth's sign-up form with the display name other players will see."""

    display_name = forms.CharField(
        label=_("Display name"),
        max_length=30,
        validators=[display_name_validator],
        help_text=_("How other players see you in games. Up to 30 characters."),
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )
    field_order = ["email", "display_name", "password1", "password2"]

    def clean_display_name(self):
        return _check_display_name_free(self.cleaned_data["display_name"])


class PreferencesForm(forms.ModelForm):
    """The settings page: display name, language, time zone, the text mode of the play page and
    turn notifications."""

    time_zone = forms.ChoiceField(label=_("Time zone"), choices=TIME_ZONE_CHOICES)

    class Meta:
        model = User
        fields = [
            "display_name",
            "language",
            "time_zone",
            "text_mode",
            "notifications",
            "quiet_hours_start",
            "quiet_hours_end",
        ]
        labels = {"language": _("Language of your mails")}
        help_texts = {
            "language": _(
                "Your mails come in this language, and so do the pages in a browser where you "
                "have not picked another with the language switcher at the top of the page. "
                "The switcher changes the pages of that browser only, never your mails."
            )
        }
        widgets = {
            "notifications": forms.RadioSelect,
            "quiet_hours_start": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_hours_end": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }

    def clean_display_name(self):
        return _check_display_name_free(self.cleaned_data["display_name"], self.instance.pk)

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("quiet_hours_start"), cleaned.get("quiet_hours_end")
        if (start is None) != (end is None):
            raise forms.ValidationError(_("Give both ends of your quiet hours, or neither."))
        return cleaned
