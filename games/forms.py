"""Forms of the lobby and the play page."""

import copy

from django import forms
from django.utils.translation import gettext_lazy as _

from games.kinds import all_kinds, game_choices, get_kind, kind_names
from games.models import DAYS_PER_MOVE_CHOICES


class NewGameForm(forms.Form):
    """Create a game: which game, how many players, its options, pace, rated, who may join.

    The games, the player counts and the options come from the registry of games
    (``games.kinds``): each game's ``options_form`` adds its fields after the player count,
    and ``cleaned_data["options"]`` holds the chosen game's options (Game.options).
    """

    engine = forms.ChoiceField(label=_("Game"), choices=game_choices, initial=kind_names()[0])
    num_players = forms.TypedChoiceField(label=_("Players"), coerce=int, choices=[], initial=3)
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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        kinds = all_kinds()
        low = min(kind.min_players for kind in kinds)
        high = max(kind.max_players for kind in kinds)
        self.fields["num_players"].choices = [(n, n) for n in range(low, high + 1)]
        fields = list(self.fields.items())
        options = {}
        for kind in kinds:
            if kind.options_form is not None:
                options.update(kind.options_form.base_fields)
        self.fields = dict(fields[:2] + [(n, copy.deepcopy(f)) for n, f in options.items()])
        self.fields.update(fields[2:])

    def clean(self):
        data = super().clean()
        kind = get_kind(data["engine"]) if data.get("engine") else None
        if kind is not None:
            names = kind.options_form.base_fields if kind.options_form else {}
            data["options"] = {name: data.get(name) for name in names}
        return data

    def game_arguments(self) -> dict:
        """The keyword arguments of ``services.create_game`` from the cleaned form."""
        names = ("engine", "num_players", "days_per_move", "skip_weekends", "rated", "public")
        arguments = {name: self.cleaned_data[name] for name in names}
        arguments["invite_only"] = self.cleaned_data["invite_only"]
        arguments["options"] = self.cleaned_data["options"]
        return arguments


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
