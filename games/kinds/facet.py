"""The base of a kind's facets (page, board, log, mail, notation, rules links, score)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.kinds import GameKind


class Facet:
    """One side of a game's presentation, made once per kind: ``kind`` is the GameKind it
    belongs to, through which a facet reaches the engine, the partials and the other facets
    (``self.kind.page.action_label`` from the log, for instance)."""

    def __init__(self, kind: GameKind):
        self.kind = kind
