"""Source of the Nile's kind: its page (with the market of a port), board (the map drawn as
it is discovered, and the mail's close-up), log with its dice, mails, notation, rule links
and scores, each a facet in the module of its name, over the Nile engine."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.kinds import GameKind
from games.nile.kind.terms import SEAT_COLOURS


class NileKind(GameKind):
    """Source of the Nile (1 to 4 players on the site): a blank map of Africa mapped in play."""

    name = "nile"
    label = _("Source of the Nile")
    turns_per_player = 30
    site_max_players = 4
    template_dir = "games/nile/"
    seat_colours = SEAT_COLOURS


#: The class ``get_kind("nile")`` makes its one instance of.
KIND_CLASS = NileKind
