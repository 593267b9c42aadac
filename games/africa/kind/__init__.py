"""Africa's kind: its page, board, log, mails, notation, rule links and scores, each a facet
in the module of its name, over the Africa engine."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.africa.kind.forms import AfricaOptionsForm
from games.africa.kind.terms import SEAT_COLOURS
from games.kinds import GameKind


class AfricaKind(GameKind):
    """Africa (2 to 5 players): a hex map with face-down discovery markers."""

    name = "africa"
    label = "Africa"
    turns_per_player = 25
    template_dir = "games/africa/"
    options_form = AfricaOptionsForm
    seat_colours = SEAT_COLOURS

    def options_note(self, options):
        """The words "simple variant" for a game of the rulebook's simple variant, else "" (the
        ``GameKind.options_note`` contract)."""
        return _("simple variant") if options.get("variant") == "simple" else ""


#: The class ``get_kind("africa")`` makes its one instance of.
KIND_CLASS = AfricaKind
