"""The default rules-links facet: which section of a game's rules summary governs what."""

from __future__ import annotations

from typing import Any

from games.kinds.facet import Facet


class RulesLinks(Facet):
    """The sections of the rules summary (``games/<game>/rules/``) that the site links to:
    ``sections`` ({section id: words}, in the summary's order) and ``governing`` ({action
    keyword, decision or event type: section id}); both empty by default (no links)."""

    sections: dict[str, Any] = {}
    governing: dict[str, str] = {}
