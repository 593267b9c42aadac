from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulebooksConfig(AppConfig):
    """Rulebooks of the games, per language: read, searched, printed, linked from play."""

    name = "rulebooks"
    verbose_name = _("Rulebooks")
