"""Every log line of a request or a task names its game and its user."""

import logging

import pytest
from celery import shared_task
from django.http import HttpResponse
from django.test import RequestFactory

from games import services
from operations.logcontext import ContextFilter, LogContextMiddleware

pytestmark = pytest.mark.django_db


@pytest.fixture
def lines():
    """The formatted log lines emitted while the test runs, as the settings format them."""
    from django.conf import settings

    formatter = logging.Formatter(settings.LOGGING["formatters"]["keyvalue"]["format"])
    captured = []

    class Capture(logging.Handler):
        def emit(self, record):
            captured.append(formatter.format(record))

    handler = Capture()
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    yield captured
    root.removeHandler(handler)


@pytest.fixture
def duel(alice, bob):
    game = services.create_game(alice, num_players=2, seed=7)
    services.join_game(game, bob)
    game.refresh_from_db()
    return game


def test_a_request_logs_its_game_code_and_user_id(lines, alice, duel):
    def handler(request):
        """What Django does inside the middleware: resolve the URL, then call the view."""
        middleware.process_view(request, None, (), {"code": duel.code})
        logging.getLogger("games.views").warning("looking at the board")
        return HttpResponse()

    middleware = LogContextMiddleware(handler)
    request = RequestFactory().get(f"/games/{duel.code}/")
    request.user = alice

    middleware(request)
    logging.getLogger("after").warning("outside any request")

    assert f"game={duel.code} user={alice.pk} " in lines[0]
    assert "game=- user=- " in lines[1]


@shared_task(name="tests.operations.log_about")
def log_about(game_id: int, user_id: int) -> None:
    logging.getLogger("games.tasks").warning("working on it")


def test_a_task_logs_its_game_code_and_user_id(lines, alice, duel):
    log_about.delay(duel.pk, user_id=alice.pk)
    logging.getLogger("after").warning("after the task")

    assert f"game={duel.code} user={alice.pk} " in lines[0]
    assert any("succeeded" in line and f"game={duel.code}" in line for line in lines)
    assert "game=- user=- " in lines[-1]
