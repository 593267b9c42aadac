"""The play page in pieces, and the answer that carries only those that changed.

The ``game`` partial of the play page (``games/play.html#game``) is put together from pieces
(``PIECES``), each the partial ``games/play.html#<name>`` whose root element has the stable id
``game-<name>``, plus ``#game-sync`` (the page's version, its poll and stream URLs). Every
render of the page remembers, in the shared cache and under a short *page key* that the page
carries (``#game-page``, sent back by its polls and forms), the digest of each piece it showed
(``remember``). An htmx poll or move from that page then gets a *patch* (``patch``): only the
pieces whose digest differs, each with ``hx-swap-oob="outerHTML"``, and a new ``#game-sync``;
the view answers it with ``HX-Reswap: none``. The whole partial is due instead when the page's
pieces are unknown (no key, an expired one, another viewer's), when the game's status changed,
when a message is to be shown, or when the page is more than ``settings.GAME_PATCH_VERSIONS``
versions behind.

The digests are of the rendered pieces themselves (what the page shows), so that a patch on top
of the page is the fresh page by construction, whatever a piece depends on (the clock, the
player's last visit, a vacation). The forms' csrf token is left out of the digests: pieces are
rendered with ``CSRF_SLOT`` in its place, swapped for the request's token on the way out.
"""

from __future__ import annotations

import hashlib
import re

from django.conf import settings
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

#: The pieces of the play page, in the order of the page (``#game-sync`` apart: every answer
#: carries it).
PIECES = ("messages", "status", "board", "actions", "players", "log", "fairness")
SYNC = "sync"
#: What the pieces are rendered with in place of the csrf token (kept out of their digests and
#: of the cache), replaced by the request's token in every answer.
CSRF_SLOT = "csrf-slot-7d3f0a5c"
#: How long a page's pieces are remembered (seconds): a page older than that gets the whole
#: partial, as a page too far behind does.
PAGE_SECONDS = 60 * 60
PAGE_KEY = re.compile(r"[0-9a-f]{16}")


def digest(html: str, code) -> str:
    """A short digest (16 hex digits) of a rendered piece of the page of the game ``code`` (its
    UUID), which leaves the code out: a page never changes its game, and two games at the
    same position (the bench's copies of one game) then share their pages' keys."""
    text = html.replace(str(code), "")
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def page_key(viewer: str, version: int, digests: dict[str, str]) -> str:
    """The key of a page as ``viewer`` (a seat number or "-") saw it at ``version``, from the
    ``digests`` of its pieces: 16 hex digits."""
    text = ":".join([viewer, str(version), *(digests[name] for name in sorted(digests))])
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def memory_key(key: str) -> str:
    """The cache key under which the page ``key`` is remembered."""
    return f"game-page:{key}"


def requested_page(data) -> str | None:
    """The page key a poll or form sent back (``data``: its GET or POST QueryDict): its
    ``page`` value when it has the shape of one, else None."""
    key = data.get("page", "")
    return key if PAGE_KEY.fullmatch(key) else None


def render_piece(name: str, context: dict) -> str:
    """The piece ``name`` of the play page rendered with ``context`` (the page's, csrf token
    slot included), its root element first."""
    return render_to_string(f"games/play.html#{name}", context).strip()


def memory(game, viewer: str, digests: dict[str, str]) -> tuple[str, dict]:
    """(page key, what to remember under it) for a page of ``game`` as ``viewer`` sees it
    at the game's version, showing pieces of ``digests`` ({piece: digest})."""
    key = page_key(viewer, game.version, digests)
    remembered = {
        "viewer": viewer,
        "version": game.version,
        "status": game.status,
        "digests": digests,
    }
    return key, remembered


def with_token(request, pieces: dict[str, str]) -> dict[str, str]:
    """``pieces`` ({name: html with ``CSRF_SLOT``}) with the request's csrf token in place of
    the slot, marked safe (the template engine escaped them)."""
    token = get_token(request) if any(CSRF_SLOT in html for html in pieces.values()) else ""
    return {name: mark_safe(html.replace(CSRF_SLOT, token)) for name, html in pieces.items()}


def out_of_band(name: str, html: str) -> str:
    """The piece ``name`` (``html``, its root element with id ``game-<name>`` first) marked
    to replace the element of that id on the page (an htmx out-of-band swap)."""
    anchor = f'id="game-{name}"'
    if not html.lstrip().startswith("<") or anchor not in html[: html.index(">") + 1]:
        raise ValueError(f"the piece {name!r} does not begin with its element")
    return html.replace(anchor, f'{anchor} hx-swap-oob="outerHTML"', 1)


def patch(context: dict) -> str | None:
    """The body of a patch for the page the request came from (``context`` from
    ``games.page.play_context`` with its ``previous`` page), or None when the whole ``game``
    partial is due (see the module). The body is the changed pieces, then ``#game-sync``, each
    an out-of-band swap."""
    previous, game = context.get("previous"), context["game"]
    if (
        previous is None
        or context["messages_shown"]
        or previous["viewer"] != context["viewer"]
        or previous["status"] != game.status
        or game.status == game.Status.OPEN
        or not 0 <= game.version - previous["version"] <= settings.GAME_PATCH_VERSIONS
        or set(previous["digests"]) != set(context["digests"])  # a game without a position
    ):
        return None
    pieces, digests = context["pieces"], context["digests"]
    changed = [name for name in digests if digests[name] != previous["digests"][name]]
    return "\n".join(out_of_band(name, pieces[name]) for name in [*changed, SYNC])


def remembered(keys: list[str], found: dict) -> dict | None:
    """The page remembered under the first of ``keys`` (memory keys) in ``found`` (a
    ``cache.get_many`` answer), or None."""
    return next((found[key] for key in keys if key in found), None)


def store(entries: dict) -> None:
    """Keep ``entries`` ({cache key: value}) in the shared cache for ``PAGE_SECONDS``."""
    if entries:
        cache.set_many(entries, PAGE_SECONDS)
