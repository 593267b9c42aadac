"""Refuse input that the database cannot store, before any view reads it.

PostgreSQL's text types hold no NUL character, and no encoding holds a lone UTF-16 surrogate
(which Python's mail parser makes of undecodable bytes). A query or a row with either fails
with a server error; so a request whose path, query string or posted form holds one is answered
400 Bad Request, and text read from mail is cleaned with ``storable``.
"""

from __future__ import annotations

import logging
import re

from django.core.exceptions import SuspiciousOperation
from django.views.defaults import bad_request

logger = logging.getLogger(__name__)

#: The characters no database column of the site can hold.
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


class UnstorableInput(SuspiciousOperation):
    """A request carried a character the database cannot store."""


def storable(text: str) -> str:
    """``text`` without the characters the database cannot store (NUL, lone surrogates)."""
    return UNSTORABLE.sub("", text)


def _holds_unstorable(data) -> bool:
    """Whether any key or value of the QueryDict ``data`` holds an unstorable character."""
    return any(
        UNSTORABLE.search(key) or any(UNSTORABLE.search(value) for value in values)
        for key, values in data.lists()
    )


class RefuseUnstorableInputMiddleware:
    """Answer 400 to a request whose path, query parameters or posted form fields hold a
    character the database cannot store.

    The path and the query string are read before anything else runs. Posted fields are read
    when the view is known, and not for views exempt from CSRF (the inbound mail webhooks,
    which read their body themselves and clean what they store)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if UNSTORABLE.search(request.path_info) or _holds_unstorable(request.GET):
            return _refuse(request, "the path or query string")
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method == "POST" and not getattr(view_func, "csrf_exempt", False):
            if _holds_unstorable(request.POST):
                return _refuse(request, "a posted field")
        return None


def _refuse(request, where: str):
    """The site's 400 page, and one log line that names where (never the input itself)."""
    logger.warning("request refused: a character the database cannot store in %s", where)
    return bad_request(request, UnstorableInput(where))
