from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    """Seasonal leagues: divisions of players who meet at many tables over a season."""

    name = "leagues"
    verbose_name = _("Leagues")

    def ready(self):
        # The season-start mail's composer, the league's words on its games' pages and mails.
        from leagues import notes, tasks  # noqa: F401
