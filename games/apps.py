from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        # Register the games' tasks in every process, so that the services can enqueue the
        # bots' moves by name (games.services.bot_queue) and eager mode runs them in place.
        # The composers of the mails about games register with the outbox.
        from games import mails, tasks  # noqa: F401
