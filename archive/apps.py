from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArchiveConfig(AppConfig):
    name = "archive"
    verbose_name = _("Archive")

    def ready(self):
        """Register the archive's tasks in every process (``archive.tasks.review_game`` is
        enqueued by name when a game ends), so that Celery's eager mode runs them in place."""
        from archive import tasks  # noqa: F401
