"""The default rules-links facet: which section of a game's rules summary governs what, and
why an action may not be played ("Why not?"), in words with its section."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from games.engines import Reason
from games.kinds.facet import Facet

#: The reasons every game gives before its own rules are asked (``games.engines.explain``).
COMMON_REASONS = ("game_over", "not_your_turn")


@dataclass(frozen=True)
class WhyNot:
    """A refused action in the reader's language: ``text`` (the engine's reason translated and
    filled in), ``code`` (the engine's), ``section`` (the id of the section of the rules
    summary that forbids it, for the "?" link; None when no section does) and ``game``."""

    text: str
    code: str
    section: str | None
    game: str

    @property
    def rule(self) -> str:
        """What ``{% rule_link %}`` and ``rulebooks.links.rule_url`` take for the section:
        "#<section id>", or "" when no section forbids the action."""
        return f"#{self.section}" if self.section else ""


class RulesLinks(Facet):
    """The sections of the rules summary (``games/<game>/rules/``) that the site links to:
    ``sections`` ({section id: words}, in the summary's order), ``governing`` ({action
    keyword, decision or event type: section id}) and ``reasons`` ({code of a refusal, as the
    engine's IllegalAction names it: the section id of the rule that forbids the action, or None
    when no section does}); all empty by default (no links)."""

    sections: dict[str, Any] = {}
    governing: dict[str, str] = {}
    reasons: dict[str, str | None] = {}
    #: {name of a reason's parameter: a function giving its value in the reader's words}
    #: (Africa's marker codes as translated names); the other parameters stay as the engine
    #: gives them (cells, numbers, words of the move notation).
    words: dict[str, Callable[[Any], str]] = {}

    def knows(self, code: str) -> bool:
        """Whether ``code`` names a reason of this game (its own, or one of COMMON_REASONS)."""
        return code in self.reasons or code in COMMON_REASONS

    def why_not(self, reason: Reason) -> WhyNot:
        """``reason`` (``games.engines.explain``'s, or an IllegalAction's ``why``) in the active
        language: the engine's sentence through the catalogue, filled with its parameters
        (those of ``words`` in the reader's words), and the section of the rule that forbids
        the action."""
        params = {
            name: self.words[name](value) if name in self.words else value
            for name, value in reason.params.items()
        }
        text = gettext(reason.template).format(**params)
        return WhyNot(text, reason.code, self.reasons.get(reason.code), self.kind.name)
