from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MailplayConfig(AppConfig):
    """Playing by email; connects the django-anymail inbound signal to the handler and
    registers the deployment check of the webhooks' secret."""

    name = "mailplay"
    verbose_name = _("Playing by email")

    def ready(self):
        from anymail.signals import inbound

        from mailplay import answers, webhooks  # noqa: F401 (the answers' composer, the deploy check)
        from mailplay.inbound import on_anymail_inbound

        inbound.connect(on_anymail_inbound, dispatch_uid="mailplay.inbound")
