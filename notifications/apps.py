from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self):
        # The mails' composers, and the sender task that kick() finds by name.
        from notifications import mails, tasks  # noqa: F401
