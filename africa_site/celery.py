"""The Celery application: the web processes enqueue, the worker runs, beat schedules.

Configuration comes from Django's settings under the CELERY_ prefix (broker, time zone, beat's
database scheduler); tasks are found in each installed app's tasks.py.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "africa_site.settings")

app = Celery("africa_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
