from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    """Seasonal leagues: divisions of players who meet at many tables over a season."""

    name = "leagues"
    verbose_name = _("Leagues")

    def ready(self):
        # The season-start mail's composer, the league's words on its games' pages and mails.
        from django.db.models.signals import post_delete, post_save

        from leagues import notes, tasks  # noqa: F401
        from leagues.models import Table

        post_save.connect(notes.forget_table, sender=Table, dispatch_uid="leagues.forget_table")
        post_delete.connect(notes.forget_table, sender=Table, dispatch_uid="leagues.drop_table")
