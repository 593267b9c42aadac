from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self):
        # The sender task that kick() finds by name. The composers of the mails register
        # with the outbox from the apps that write them (games.mails, mailplay.answers).
        from notifications import tasks  # noqa: F401
