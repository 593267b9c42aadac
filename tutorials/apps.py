from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TutorialsConfig(AppConfig):
    """The "Learn to play" tutorials of every game that ships one."""

    name = "tutorials"
    verbose_name = _("Tutorials")
