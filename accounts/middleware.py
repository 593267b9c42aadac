"""Serve each signed-in player in their own language and time zone."""

from django.conf import settings
from django.utils import timezone, translation


class UserPreferencesMiddleware:
    """After authentication: activate the user's language and time zone for the request.

    The pages' language is the browser's: the one chosen with the language switcher in this
    browser (its cookie), else the account's (``User.language``, also the language of the
    mails), so that a switch in one browser changes neither the other browsers nor the mails.

    Placed after LocaleMiddleware (which chose a language from the cookie or the browser for
    visitors) and AuthenticationMiddleware (which found the user).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = request.user
        if user.is_authenticated:
            language = browser_language(request) or user.language
            translation.activate(language)
            request.LANGUAGE_CODE = language
            timezone.activate(user.zone)
        else:
            timezone.deactivate()
        return self.get_response(request)


def browser_language(request) -> str | None:
    """The language chosen with the switcher in this browser (Django's language cookie), or
    None when it chose none or one the site does not speak."""
    language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return language if language in dict(settings.LANGUAGES) else None
