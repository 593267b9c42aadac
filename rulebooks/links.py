"""Rules in context: from an action or a log event of a game to the section of the rules that
governs it.

The links target the site's own summary (``rulebooks/content/<game>.<language>.md``), whose
sections carry explicit ids (``## Uncovering a marker {#uncover}``) that are the same in every
language, so a link built here resolves in the reader's language once ``load_rulebooks`` has
run. Nothing here reads the database.
"""

from __future__ import annotations

from functools import cache

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from rulebooks.models import DEFAULT_LANGUAGE
from rulebooks.services import CONTENT_DIR, CONTENT_NAME

# The stable section ids of each game's summary, with the words a screen reader says for them.
SECTIONS = {
    "africa": {
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
}

# Action keywords (the first words of a canonical action), pending decisions and log event
# types, each to the section that governs it.
GOVERNING_SECTION = {
    "africa": {
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
}


def section_key(game: str, what: str | dict) -> str | None:
    """The id of the section of ``game``'s summary that governs ``what``, or None.

    ``what`` is a canonical action ("uncover E4", "camp research"), an action keyword, a
    pending decision's type ("place", "goods"), a section id ("uncover-goods"), or an
    engine event ({"type": "camp", "use": "research", ...}).
    """
    sections = SECTIONS.get(game, {})
    governing = GOVERNING_SECTION.get(game, {})
    if isinstance(what, dict):
        what = " ".join(str(what[k]) for k in ("type", "use") if what.get(k))
    words = str(what).split()
    if not words:
        return None
    found = governing.get(" ".join(words[:2])) or governing.get(words[0])
    return found or (words[0] if words[0] in sections else None)


@cache
def summary_languages(game: str) -> frozenset[str]:
    """The languages in which the site ships a summary of ``game``."""
    names = (CONTENT_NAME.match(path.name) for path in CONTENT_DIR.glob("*.md"))
    return frozenset(m["language"] for m in names if m and m["game"] == game)


def rule_url(game: str, key: str | dict, language: str) -> str | None:
    """The URL of the section that governs ``key`` (see :func:`section_key`) in ``game``'s
    summary, in ``language`` when the site has that summary and in English otherwise:
    "/rules/africa/fr/#uncover". None when there is no such section or summary."""
    section = section_key(game, key)
    languages = summary_languages(game)
    if section is None or not languages:
        return None
    if language not in languages:
        language = DEFAULT_LANGUAGE if DEFAULT_LANGUAGE in languages else min(languages)
    return reverse("rulebooks:rulebook", args=[game, language]) + "#" + section


def section_label(game: str, key: str | dict) -> str | None:
    """The translated name of the section that governs ``key`` ("uncovering a marker")."""
    section = section_key(game, key)
    return str(SECTIONS[game][section]) if section else None
