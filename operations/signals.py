"""Celery signal handlers: the log context of each task, and the deadline sweep's heartbeat."""

from __future__ import annotations

import inspect

from celery.signals import task_postrun, task_prerun, task_success
from django.conf import settings
from django.utils import timezone

from games.models import Game
from operations.logcontext import game_var, user_var
from operations.models import Heartbeat

SWEEP_TASK = settings.CELERY_BEAT_SCHEDULE["sweep-deadlines"]["task"]


def _argument(task, args, kwargs, name):
    """The value of parameter ``name`` in the call ``task(*args, **kwargs)``, else None."""
    try:
        bound = inspect.signature(task.run).bind_partial(*args, **kwargs)
    except TypeError:
        return None
    return bound.arguments.get(name)


@task_prerun.connect
def _task_started(task=None, args=None, kwargs=None, **_extra):
    """Name the task's game (by its public code) and user in the log context."""
    game_id = _argument(task, args or (), kwargs or {}, "game_id")
    user_id = _argument(task, args or (), kwargs or {}, "user_id")
    code = None
    if game_id is not None:
        code = Game.objects.filter(pk=game_id).values_list("code", flat=True).first()
    game_var.set(str(code) if code else "-")
    user_var.set(str(user_id) if user_id is not None else "-")


@task_postrun.connect
def _task_finished(**_extra):
    game_var.set("-")
    user_var.set("-")


@task_success.connect
def _record_sweep(sender=None, **_extra):
    """Record when the deadline sweep last finished (the health page reads it)."""
    if sender is not None and sender.name == SWEEP_TASK:
        Heartbeat.objects.update_or_create(name=SWEEP_TASK, defaults={"at": timezone.now()})
