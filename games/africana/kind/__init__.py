"""Africana's kind: its page, board (the map, slots and books), log, mails, notation, rule
links and scores, each a facet in the module of its name, over the Africana engine
(games/africana/engine)."""

from __future__ import annotations

from games.africana.kind.terms import SEAT_COLOURS
from games.kinds import GameKind


class AfricanaKind(GameKind):
    """Africana (2 to 4 players): explorers travel a map of Africa with travel cards, join
    expeditions and buy adventures from the two books."""

    name = "africana"
    label = "Africana"
    turns_per_player = 18
    template_dir = "games/africana/"
    seat_colours = SEAT_COLOURS


#: The class ``get_kind("africana")`` makes its one instance of.
KIND_CLASS = AfricanaKind
