"""Rules in context: from an action or a log event of a game to the section of the rules that
governs it.

The links target the site's own summary (``games/<game>/rules/<game>.<language>.md``), whose
sections carry explicit ids (``## Uncovering a marker {#uncover}``) that are the same in every
language, so a link built here resolves in the reader's language once ``load_rulebooks`` has
run. The sections and which of them governs what come from the game's kind
(``games.kinds``). Nothing here reads the database.
"""

from __future__ import annotations

from functools import cache

from django.urls import reverse

from games.kinds import KINDS, GameKind, get_kind
from rulebooks.models import DEFAULT_LANGUAGE
from rulebooks.services import CONTENT_NAME, summary_paths


def section_key(game: str, what: str | dict) -> str | None:
    """The id of the section of ``game``'s summary that governs ``what``, or None.

    ``what`` is a canonical action ("uncover E4", "camp research"), an action keyword, a
    pending decision's type ("place", "goods"), a section id ("uncover-goods"), a section id
    after "#" ("#turn": that section, even where a keyword of the same name is governed by
    another), or an engine event ({"type": "camp", "use": "research", ...}).
    """
    kind = _kind(game)
    sections = kind.rules_links.sections if kind else {}
    governing = kind.rules_links.governing if kind else {}
    if isinstance(what, dict):
        what = " ".join(str(what[k]) for k in ("type", "use") if what.get(k))
    words = str(what).split()
    if not words:
        return None
    if words[0].startswith("#"):
        return words[0][1:] if words[0][1:] in sections else None
    found = governing.get(" ".join(words[:2])) or governing.get(words[0])
    return found or (words[0] if words[0] in sections else None)


def _kind(game: str) -> GameKind | None:
    """The kind of ``game``, or None for a game with rules but no kind (not playable yet)."""
    return get_kind(game) if game in KINDS else None


@cache
def summary_languages(game: str) -> frozenset[str]:
    """The languages in which the site ships a summary of ``game``."""
    names = (CONTENT_NAME.match(path.name) for path in summary_paths())
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
    return str(_kind(game).rules_links.sections[section]) if section else None
