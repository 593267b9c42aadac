"""Queued messages and the beat schedule name the mail tasks by their registered names, which
must not change wherever the tasks live."""

from django.conf import settings

from africa_site.celery import app
from games import tasks as game_tasks
from notifications import tasks

REGISTERED = {
    "games.tasks.notify_turn": game_tasks.notify_turn,
    "games.tasks.remind": game_tasks.remind,
    "games.tasks.notify_players": game_tasks.notify_players,
    "games.tasks.notify_invitation": game_tasks.notify_invitation,
    "games.tasks.send_daily_digests": game_tasks.send_daily_digests,
    "notifications.tasks.send_outbox": tasks.send_outbox,
}


def test_the_mail_tasks_keep_their_registered_names():
    for name, task in REGISTERED.items():
        assert task.name == name
        assert app.tasks[name].run.__module__ == name.rsplit(".", 1)[0]


def test_every_scheduled_task_is_registered():
    app.loader.import_default_modules()
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in app.tasks
