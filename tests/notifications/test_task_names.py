"""The mail tasks moved from games.tasks to notifications.tasks: queued messages and the beat
schedule name tasks by their registered names, which must not change."""

from django.conf import settings

from africa_site.celery import app
from notifications import tasks

REGISTERED = {
    "games.tasks.notify_turn": tasks.notify_turn,
    "games.tasks.remind": tasks.remind,
    "games.tasks.notify_players": tasks.notify_players,
    "games.tasks.notify_invitation": tasks.notify_invitation,
    "games.tasks.send_daily_digests": tasks.send_daily_digests,
    "notifications.tasks.send_outbox": tasks.send_outbox,
}


def test_the_mail_tasks_keep_their_registered_names():
    for name, task in REGISTERED.items():
        assert task.name == name
        assert app.tasks[name].run.__module__ == "notifications.tasks"


def test_every_scheduled_task_is_registered():
    app.loader.import_default_modules()
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in app.tasks
