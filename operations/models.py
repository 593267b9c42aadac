"""What the health checks read that no other table records."""

from django.db import models


class Heartbeat(models.Model):
    """When a periodic task last finished, by its Celery task name. The deadline sweep writes
    one each time it runs (operations.signals), so the health page can tell that beat, the
    broker and a worker all work."""

    name = models.CharField(max_length=200, primary_key=True)
    at = models.DateTimeField()

    def __str__(self):
        return f"{self.name} at {self.at:%Y-%m-%d %H:%M:%S}"
