from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self):
        from notifications import mails  # noqa: F401  (registers the mails' composers)
        from notifications import tasks  # noqa: F401  (registers the sender that kick() asks for)
