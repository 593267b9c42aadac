from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self):
        # The sender task that kick() finds by name, and the mail channel. The composers of
        # the mails register with the outbox from the apps that write them (mailplay.mails,
        # mailplay.answers).
        from notifications import channels, checks, mail, push, tasks  # noqa: F401

        channels.register(mail)
        channels.register(push)
