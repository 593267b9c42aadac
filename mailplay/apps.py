from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MailplayConfig(AppConfig):
    """Playing by email; connects the django-anymail inbound signal to the handler, registers
    the mail channel's composers (the mails about games, the answers to replies) and the
    deployment check of the webhooks' secret."""

    name = "mailplay"
    verbose_name = _("Playing by email")

    def ready(self):
        from anymail.signals import inbound

        # The composers of the mails about games and of the answers; the deploy check.
        from mailplay import answers, mails, webhooks  # noqa: F401
        from mailplay.inbound import on_anymail_inbound

        inbound.connect(on_anymail_inbound, dispatch_uid="mailplay.inbound")
