"""The archive's filter form (GET): every field optional."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import GAME_CHOICES


class ArchiveFilterForm(forms.Form):
    """Filters of the archive list: game, a player's display name, finished between two dates,
    number of players, rated or not."""

    game = forms.ChoiceField(
        label=_("Game"), choices=[("", _("All games")), *GAME_CHOICES], required=False
    )
    player = forms.CharField(label=_("Player"), max_length=30, required=False)
    since = forms.DateField(
        label=_("Finished from"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    until = forms.DateField(
        label=_("Finished until"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=[("", _("Any number")), *((n, n) for n in range(2, 6))],
        coerce=int,
        empty_value=None,
        required=False,
    )
    rated = forms.TypedChoiceField(
        label=_("Rated"),
        choices=[("", _("Rated or not")), ("yes", _("Rated only")), ("no", _("Unrated only"))],
        coerce=lambda value: value == "yes",
        empty_value=None,
        required=False,
    )

    def filter(self, games):
        """``games`` narrowed by the valid filters (the form must have been validated)."""
        data = self.cleaned_data
        if data.get("game"):
            games = games.filter(engine=data["game"])
        if data.get("player"):
            games = games.filter(seats__user__display_name__iexact=data["player"].strip())
        if data.get("since"):
            games = games.filter(finished_at__date__gte=data["since"])
        if data.get("until"):
            games = games.filter(finished_at__date__lte=data["until"])
        if data.get("players"):
            games = games.filter(num_players=data["players"])
        if data.get("rated") is not None:
            games = games.filter(rated=data["rated"])
        return games
