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

The board is the page's biggest piece and changes at nearly every move, but only in a few
places: the kinds' board partials mark each place a position changes (a cell, a location, a
track) with ``data-place`` and a stable id, an SVG element never nested in another place
(``places``). A page remembers the digest of each place and of the board without them (its
*skeleton*); when only places changed, the patch carries just those, each an out-of-band swap,
inside an ``<svg>`` so that the browser reads them as SVG (``place_patch``).

The digests are of the rendered pieces themselves (what the page shows), so that a patch on top
of the page is the fresh page by construction, whatever a piece depends on (the clock, the
player's last visit, a vacation). The forms' csrf token is left out of the digests: pieces are
rendered with ``CSRF_SLOT`` in its place, swapped for the request's token on the way out.
"""

from __future__ import annotations

import functools
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
#: The start tag of a place of the board: its tag name and id (``id`` before ``data-place``).
PLACE = re.compile(r'<([a-z]+) id="([^"]+)" data-place=""[^>]*>')


def digest(html: str, code) -> str:
    """A short digest (16 hex digits) of a rendered piece of the page of the game ``code`` (its
    UUID), which leaves the code out: a page never changes its game, and two games at the
    same position (the bench's copies of one game) then share their pages' keys."""
    text = html.replace(str(code), "")
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def places(html: str) -> tuple[str, dict[str, str]]:
    """(skeleton, {id: element}) of the rendered board ``html``: its places (elements whose
    start tag begins ``<tag id="..." data-place=""``, never nested in one another, never
    self-closing), and the board with each place cut down to an empty element of its id.
    Raises ValueError when a place is not closed."""
    found = {}
    skeleton = []
    last = 0
    for start in PLACE.finditer(html):
        if start.start() < last:
            raise ValueError(f"the place {start[2]!r} is nested in another")
        tag, ident = start[1], start[2]
        opening = re.compile(rf"<{tag}[\s>]|</{tag}>")
        depth, end = 1, start.end()
        while depth:
            token = opening.search(html, end)
            if token is None:
                raise ValueError(f"the place {ident!r} is not closed")
            depth += -1 if token[0].startswith("</") else 1
            end = token.end()
        found[ident] = html[start.start() : end]
        skeleton.append(html[last : start.start()] + f'<{tag} id="{ident}"></{tag}>')
        last = end
    skeleton.append(html[last:])
    return "".join(skeleton), found


#: How many boards ``board_digests`` remembers in each process (a board of Africa with its
#: places weighs about 120 KB).
BOARDS_REMEMBERED = 32


@functools.lru_cache(maxsize=BOARDS_REMEMBERED)
def board_digests(html: str, code) -> tuple[dict, dict[str, str]]:
    """({"skeleton": digest, "places": {id: digest}}, {id: element}) of the rendered board
    ``html`` of the game ``code``: the digests a page remembers, and the places themselves
    (see ``places``), which a patch then takes without cutting the board again. The answers
    for the last ``BOARDS_REMEMBERED`` boards are remembered (the same board is shown again
    at every reload and every watcher's poll until the next move): callers must not change
    them. Raises ValueError as ``places``."""
    skeleton, found = places(html)
    digests = {
        "skeleton": digest(skeleton, code),
        "places": {ident: digest(element, code) for ident, element in found.items()},
    }
    return digests, found


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


def memory(game, viewer: str, digests: dict[str, str], board: dict | None) -> tuple[str, dict]:
    """(page key, what to remember under it) for a page of ``game`` as ``viewer`` sees it
    at the game's version, showing pieces of ``digests`` ({piece: digest}) and the board's
    places of ``board`` (``board_digests``, None without a board)."""
    key = page_key(viewer, game.version, digests)
    remembered = {
        "viewer": viewer,
        "version": game.version,
        "status": game.status,
        "digests": digests,
        "board": board,
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
    swaps = [out_of_band(name, pieces[name]) for name in [*changed, SYNC] if name != "board"]
    if "board" in changed:
        board = place_patch(
            previous.get("board"), context.get("board_digests"), context["board_places"]
        )
        swaps.insert(changed.index("board"), board or out_of_band("board", pieces["board"]))
    return "\n".join(swaps)


def place_patch(before: dict | None, now: dict | None, found: dict[str, str]) -> str | None:
    """The changed places of the page's board (``found``: its places, {id: element}, with the
    digests ``now``; ``before``: those the page shows, see ``board_digests``) as out-of-band
    swaps inside an ``<svg>``, or None when more than places changed (the whole board is
    due)."""
    if (
        before is None
        or now is None
        or before["skeleton"] != now["skeleton"]
        or set(before["places"]) != set(now["places"])
    ):
        return None
    changed = [ident for ident, value in now["places"].items() if before["places"][ident] != value]
    swaps = "".join(
        found[ident].replace(f'id="{ident}"', f'id="{ident}" hx-swap-oob="outerHTML"', 1)
        for ident in changed
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" hidden>{swaps}</svg>'


def remembered(keys: list[str], found: dict) -> dict | None:
    """The page remembered under the first of ``keys`` (memory keys) in ``found`` (a
    ``cache.get_many`` answer), or None."""
    return next((found[key] for key in keys if key in found), None)


def store(entries: dict) -> None:
    """Keep ``entries`` ({cache key: value}) in the shared cache for ``PAGE_SECONDS``."""
    if entries:
        cache.set_many(entries, PAGE_SECONDS)
