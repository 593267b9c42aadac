"""Serve each signed-in player in their own language and time zone."""

from django.utils import timezone, translation


class UserPreferencesMiddleware:
    """After authentication: activate the user's language and time zone for the request.

    Placed after LocaleMiddleware (which chose a language from the cookie or the browser for
    visitors) and AuthenticationMiddleware (which found the user).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = request.user
        if user.is_authenticated:
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
            timezone.activate(user.zone)
        else:
            timezone.deactivate()
        return self.get_response(request)
