"""The game and the user of the current request or task, on every log line.

``LogContextMiddleware`` sets them for a request (the signed-in user's id; the game's public
code when the URL names one), Celery's task signals for a task (operations.signals, from a
``game_id`` or ``user_id`` argument), and ``ContextFilter`` adds them to each log record as
``game`` and ``user`` ("-" when unknown), which the settings' formatter prints as
``game=... user=...``. Values live in context variables: threads and tasks never see each
other's.
"""

from __future__ import annotations

import logging
from contextvars import ContextVar

game_var: ContextVar[str] = ContextVar("log_game", default="-")
user_var: ContextVar[str] = ContextVar("log_user", default="-")


class ContextFilter(logging.Filter):
    """Adds ``record.game`` and ``record.user`` to every record (never drops one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.game = game_var.get()
        record.user = user_var.get()
        return True


class LogContextMiddleware:
    """Names the request's user and game in the log context for the rest of the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        user_token = user_var.set(str(user.pk) if user and user.is_authenticated else "-")
        game_token = game_var.set("-")
        try:
            return self.get_response(request)
        finally:
            game_var.reset(game_token)
            user_var.reset(user_token)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if code := view_kwargs.get("code"):
            game_var.set(str(code))
