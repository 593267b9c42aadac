"""What the views of games share: the access-checked lookup, the htmx test, and running a
service with its message."""

from django.contrib import messages
from django.urls import reverse

from games import access, services
from games.models import Game, Seat


def get_game(request, code, *, token=None, defer=()) -> tuple[Game, Seat | None]:
    """The game with public ``code`` and the requesting user's seat in it (or None); see
    ``games.access.game_for`` for who may see it and what ``defer`` leaves unread."""
    return access.game_for(request.user, code, token=token, defer=defer)


def is_htmx(request) -> bool:
    return bool(request.htmx) and not request.htmx.boosted


def to_game(request, code):
    return reverse("game_detail", kwargs={"code": code})


def attempt(request, service, *args, success=None):
    """Run the game service ``service(*args)``: on GameError show its message and return
    None; otherwise show ``success`` (if any) and return the service's result, or True."""
    try:
        result = service(*args)
    except services.GameError as error:
        messages.error(request, error.message)
        return None
    if success:
        messages.success(request, success)
    return True if result is None else result
