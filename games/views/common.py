"""What the views of games share: the access-checked lookup, the htmx test and the link back
to a game."""

from django.urls import reverse

from games import access
from games.models import Game, Seat


def get_game(request, code, *, token=None, defer=()) -> tuple[Game, Seat | None]:
    """The game with public ``code`` and the requesting user's seat in it (or None); see
    ``games.access.game_for`` for who may see it and what ``defer`` leaves unread."""
    return access.game_for(request.user, code, token=token, defer=defer)


def is_htmx(request) -> bool:
    return bool(request.htmx) and not request.htmx.boosted


def to_game(request, code):
    return reverse("game_detail", kwargs={"code": code})
