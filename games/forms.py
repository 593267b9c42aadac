"""Forms of the lobby and the play page."""

import copy

from django import forms
from django.utils.translation import gettext_lazy as _

from games.kinds import game_choices, get_kind, kind_names
from games.models import BANK_DAYS_CHOICES, DAYS_PER_MOVE_CHOICES, BotLevel, default_bank_days


class NewGameForm(forms.Form):
    """Create a game: which game first, then its player count, computer players and options
    (that game's own only), the pace, whether it is rated, and who may join or watch.

    The game comes from the submitted data (``engine``) or, for a blank form, from ``game``
    (the page's ``?game=`` parameter); an unknown name falls back to the first registered
    game. The player counts and the bot levels come from the game's kind (``games.kinds``),
    its ``options_form`` adds the game's options, and ``cleaned_data["options"]`` holds them
    (Game.options). The fields come in groups for the page's fieldsets (``groups``).
    """

    engine = forms.ChoiceField(choices=game_choices, widget=forms.HiddenInput)
    num_players = forms.TypedChoiceField(label=_("Players"), coerce=int, choices=[])
    bots = forms.TypedChoiceField(
        label=_("Computer players"),
        coerce=int,
        choices=[],
        initial=0,
        required=False,
        empty_value=0,
        help_text=_("Seats the computer fills; the others are for people who join."),
    )
    bot_level = forms.ChoiceField(
        label=_("Their level"), choices=[], initial=BotLevel.EASY, required=False
    )
    invite_only = forms.BooleanField(
        label=_("By invitation only"),
        required=False,
        help_text=_("Only players you invite, or who have the invitation link, can join."),
    )
    days_per_move = forms.TypedChoiceField(
        label=_("Days per move"), coerce=int, choices=DAYS_PER_MOVE_CHOICES, initial=3
    )
    bank_days = forms.TypedChoiceField(
        label=_("Time bank"),
        coerce=int,
        choices=[("", _("The usual: 7 days for 3 or more players, none for 2"))]
        + BANK_DAYS_CHOICES,
        required=False,
        empty_value=None,
        help_text=_(
            "Days each player may use, over the whole game, once the time for a move is spent. "
            "A turn times out only when both are spent."
        ),
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
        help_text=_("Anyone may follow the game while it runs; what is hidden stays hidden."),
    )

    #: The fieldsets after the game's own: (legend, field names).
    OTHER_GROUPS = [
        (_("Pace"), ["days_per_move", "bank_days", "skip_weekends"]),
        (_("Rating and watching"), ["rated", "public"]),
    ]

    def __init__(self, data=None, *, game: str | None = None, **kwargs):
        super().__init__(data, **kwargs)
        name = (data.get("engine") if data is not None else None) or game
        self.kind = get_kind(name if name in kind_names() else kind_names()[0])
        kind = self.kind
        self.initial.setdefault("engine", kind.name)
        counts = range(kind.min_players, kind.max_players + 1)
        self.fields["num_players"].choices = [(n, n) for n in counts]
        self.initial.setdefault("num_players", min(max(3, kind.min_players), kind.max_players))
        self.fields["bots"].choices = [(n, n) for n in range(kind.max_players)]
        self.fields["bot_level"].choices = [
            (level, BotLevel(level).label) for level in kind.bot_levels
        ]
        fields = kind.options_form.base_fields if kind.options_form else {}
        self.option_names = list(fields)
        for option, field in fields.items():
            self.fields[option] = copy.deepcopy(field)

    def game_groups(self) -> list[tuple[str, list]]:
        """[(legend, [bound fields])] of the fieldsets that depend on the game: its players
        (count, computer players, who may join) and its own options (none for a game
        without options)."""
        players = ["num_players", "bots", "bot_level", "invite_only"]
        options = _("Options of %(game)s") % {"game": self.kind.label}
        return [
            (_("Players"), [self[name] for name in players]),
            (options, [self[name] for name in self.option_names]),
        ]

    def other_groups(self) -> list[tuple[str, list]]:
        """[(legend, [bound fields])] of the fieldsets every game shares: pace, rating."""
        return [(legend, [self[name] for name in names]) for legend, names in self.OTHER_GROUPS]

    def clean(self):
        data = super().clean()
        players, bots = data.get("num_players"), data.get("bots")
        if players is not None and bots is not None and bots >= players:
            self.add_error("bots", _("Leave at least one seat for a person."))
        data["bot_level"] = data.get("bot_level") or BotLevel.EASY
        data["options"] = {name: data.get(name) for name in self.option_names}
        return data

    def choices(self) -> dict:
        """The choices the estimate of the game's length depends on, from the submitted data
        where it is valid, else the form's initial values: {"engine", "num_players",
        "days_per_move", "bank_days"} (the bank's usual value when none is chosen)."""
        self.is_valid()
        data = getattr(self, "cleaned_data", {})
        values = {}
        for name in ("engine", "num_players", "days_per_move", "bank_days"):
            value = data.get(name) if name not in self.errors else None
            values[name] = value if value is not None else self.initial.get(name)
        values["engine"] = self.kind.name
        values["num_players"] = int(values["num_players"] or self.kind.min_players)
        values["days_per_move"] = int(values["days_per_move"] or 3)
        if values["bank_days"] is None:
            values["bank_days"] = default_bank_days(values["num_players"])
        return values

    def game_arguments(self) -> dict:
        """The keyword arguments of ``services.create_game`` from the cleaned form."""
        names = (
            "engine",
            "num_players",
            "days_per_move",
            "bank_days",
            "skip_weekends",
            "rated",
            "public",
            "invite_only",
            "options",
            "bots",
            "bot_level",
        )
        return {name: self.cleaned_data[name] for name in names}


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
