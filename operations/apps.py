from django.apps import AppConfig


class OperationsConfig(AppConfig):
    """Running the site: health checks, log context, housekeeping tasks."""

    name = "operations"
    verbose_name = "Operations"

    def ready(self):
        from operations import logcontext, signals  # noqa: F401  (connect Celery's signals)
