"""The archive's filter form (GET): every field optional."""

from datetime import datetime, time, timedelta

from django import forms
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.kinds import all_kinds
from games.models import GAME_CHOICES

#: Every number of players some game of the site seats (its kind's minimum to maximum).
PLAYER_COUNTS = sorted(
    {n for kind in all_kinds() for n in range(kind.min_players, kind.max_players + 1)}
)


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
        choices=[("", _("Any number")), *((n, n) for n in PLAYER_COUNTS)],
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
            # The player first, by the display name's own index, then their games through
            # their seats. Read a page at a time (LIMIT), the planner walks the finished games
            # newest first until it meets enough of theirs (every game for a player whose
            # games are all old), whether joined or given their ids: the archive reads all
            # of one player's ids at once (archive.views).
            name = data["player"].strip().lower()
            player = User.objects.alias(name=Lower("display_name")).filter(name=name).first()
            if player is None:
                games = games.none()
            else:
                games = games.filter(seats__user=player)
        if data.get("since"):
            games = games.filter(finished_at__gte=_start_of(data["since"]))
        if data.get("until"):
            games = games.filter(finished_at__lt=_start_of(data["until"] + timedelta(days=1)))
        if data.get("players"):
            games = games.filter(num_players=data["players"])
        if data.get("rated") is not None:
            games = games.filter(rated=data["rated"])
        return games


def _start_of(day) -> datetime:
    """Midnight at the start of ``day`` in the current time zone (a bound an index can use,
    unlike the date of each row)."""
    return timezone.make_aware(datetime.combine(day, time.min))
