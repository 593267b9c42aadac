"""How allauth creates our users: with the display name from the sign-up form."""

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.utils import translation


class AccountAdapter(DefaultAccountAdapter):
    """allauth's adapter, filling the fields our User model adds before the first save."""

    def save_user(self, request, user, form, commit=True):
        """Set the display name and the language the visitor was reading in, then save."""
        user.display_name = form.cleaned_data["display_name"]
        language = translation.get_language_from_request(request)
        if language in dict(settings.LANGUAGES):
            user.language = language
        return super().save_user(request, user, form, commit=commit)
