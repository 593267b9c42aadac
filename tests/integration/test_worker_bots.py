"""A computer player answers a person's move from a real Celery worker process, with Redis as
the broker and PostgreSQL: the move is enqueued when the person's move commits, and the
worker plays the bot's turn until it is the person's again."""

import os
import subprocess
import sys

import pytest
from django.db import connection

from games import services
from games.models import Game, Move
from tests.integration.test_worker_mail import ROOT, WAIT, _wait, broker_queue  # noqa: F401

pytestmark = [
    pytest.mark.needs_postgres,
    pytest.mark.needs_redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.processes,
]


@pytest.fixture
def bot_worker(request):
    """A Celery worker on the test's database and queue, its bots quick and without a pause."""
    queue = request.getfixturevalue("broker_queue")
    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}",
        "EMAIL_URL": "memorymail://",
        "BOT_PAUSE_SECONDS": "0",
        "BOT_HARD_ITERATIONS": "4",
        # the next bot move, which the worker enqueues itself, goes to this test's queue too
        "CELERY_TASK_DEFAULT_QUEUE": queue,
    }
    command = [sys.executable, "-m", "celery", "--app", "africa_site", "worker"]
    options = ["--pool", "solo", "--queues", queue, "--loglevel", "WARNING"]
    worker = subprocess.Popen(command + options, cwd=ROOT, env=env)
    yield worker
    worker.terminate()
    worker.wait(WAIT)


def test_a_hard_bot_answers_a_persons_move_from_the_worker(alice, bot_worker, settings):
    settings.BOT_PAUSE_SECONDS = 0
    game = services.create_game(alice, engine="africa", num_players=2, bots=1, bot_level="hard")
    bot = game.seats.get(user=None)
    assert _wait(lambda: Game.objects.get(pk=game.pk).current_seat != bot.number)
    game.refresh_from_db()
    plies = Move.objects.filter(game=game).count()
    mine = game.current_seat
    while game.current_seat == mine:  # alice plays her turn
        action = game.kind.engine.legal_actions(game.state)[0]
        game = services.submit_action(game, alice, action, game.version)

    assert _wait(lambda: Move.objects.filter(game=game, seat=bot.number).count() > 0)
    assert _wait(lambda: Game.objects.get(pk=game.pk).current_seat != bot.number)
    game.refresh_from_db()
    assert game.seats.get(number=game.current_seat).user == alice
    answers = Move.objects.filter(game=game, version__gt=plies, seat=bot.number)
    assert answers.exists() and all(move.automatic for move in answers)
