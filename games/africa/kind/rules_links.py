"""Rules in context for Africa: the sections of the site's summary of the rules and the one
that governs each action, pending decision and log event (see ``rulebooks.links``)."""

from django.utils.translation import gettext_lazy as _

from games.kinds import rules_links

#: The stable section ids of Africa's summary (games/africa/rules/africa.*.md), with the words
#: a screen reader says for them.
SECTIONS = {
    "setup": _("setup and start cities"),
    "turn": _("your turn"),
    "travel": _("option A, travelling anywhere"),
    "actions": _("option B, up to two actions"),
    "move": _("moving your researcher"),
    "uncover": _("uncovering a marker"),
    "uncover-gold-jewels": _("uncovering gold and jewels"),
    "uncover-goods": _("uncovering goods, keeping or exchanging them"),
    "place": _("where an uncovered animal or nomad goes"),
    "uncover-monument": _("uncovering a monument"),
    "move-animal": _("moving an animal"),
    "move-nomad": _("moving nomads"),
    "camp-research": _("a base camp for research"),
    "camp-resources": _("a base camp for resources"),
    "empty": _("empty spaces"),
    "game-end": _("game end and scoring"),
    "goods-scoring": _("scoring goods"),
    "gold-jewels-scoring": _("scoring gold and jewels"),
    "two-players": _("the two-player game"),
    "simple": _("the simple variant"),
    "online": _("how this site plays it"),
    "notation": _("the move notation"),
    "undo": _("undo"),
    "deadlines": _("deadlines"),
}

#: Action keywords (the first words of a canonical action), pending decisions and log event
#: types, each to the section that governs it.
GOVERNING_SECTION = {
    "start": "setup",
    "anywhere": "travel",
    "move": "move",
    "uncover": "uncover",
    "place": "place",
    "goods": "uncover-goods",
    "keep": "uncover-goods",
    "swap": "uncover-goods",
    "animal": "move-animal",
    "nomad": "move-nomad",
    "camp research": "camp-research",
    "camp resources": "camp-resources",
    "end": "actions",
    "supply_camp": "uncover-monument",
    "bonus": "game-end",
    "game_end": "game-end",
}


class RulesLinks(rules_links.RulesLinks):
    """Africa's rule links: ``SECTIONS`` and ``GOVERNING_SECTION``."""

    sections = SECTIONS
    governing = GOVERNING_SECTION
