"""Our stage of allauth's sign-in flow: the code sent by mail, with a word on why."""

from allauth.account.adapter import get_adapter
from allauth.account.stages import LoginByCodeStage as AllauthLoginByCodeStage
from django.contrib import messages
from django.utils.translation import gettext


class LoginByCodeStage(AllauthLoginByCodeStage):
    """allauth's stage that asks for the code sent by mail; when it starts asking because
    the account is past the ceiling of failed passwords (``LOGIN_CODE_AFTER_FAILURES``), the
    owner, who gave the right password, reads why a password alone is not enough."""

    def handle(self):
        """allauth's (response, continue) pair, with the message added on the way in."""
        starting = not self.state
        response, cont = super().handle()
        if starting and response and get_adapter().is_past_failure_ceiling(self.login):
            messages.info(
                self.request,
                gettext(
                    "Many wrong passwords have been tried for this account, so a password "
                    "alone is not enough for now: enter the code we have sent to your address."
                ),
            )
        return response, cont
