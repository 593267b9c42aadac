"""Template context that every page's header needs from the games."""

from django.utils.functional import cached_property

from games import waiting
from games.models import Game


def games_waiting_for(user) -> int:
    """How many games wait for ``user``: active games at their turn plus open games they are
    invited to and have not joined (``waiting.waiting_codes``: one query, or none while the
    list is kept in the shared cache)."""
    return len(waiting.waiting_codes(user))


class WaitingGames:
    """The games waiting for ``user`` in one request: ``codes`` (``waiting.waiting_codes``)
    and the header's ``count`` are read on first use only, once, so a page that never shows
    them costs nothing."""

    def __init__(self, user):
        self.user = user

    @cached_property
    def codes(self) -> list[str]:
        return waiting.waiting_codes(self.user)

    @cached_property
    def count(self) -> int:
        return len(self.codes)


def waiting_games(request):
    """``{"waiting_games": WaitingGames or None}`` for the signed-in user (None for a
    visitor); one object per request, so that every render of the request shares its count."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"waiting_games": None}
    if not hasattr(request, "waiting_games"):
        request.waiting_games = WaitingGames(user)
    return {"waiting_games": request.waiting_games}


def next_game(request, game: Game) -> dict:
    """The play page's "Next game (n)" for the signed-in viewer of ``game``:
    ``{"next_game": code or None, "others_waiting": n}``, n the games waiting for them other
    than this one, the first of them (``waiting.waiting_codes``) the next game: the active
    game at their turn with the nearest turn deadline, else the open game they were first
    invited to. A visitor gets ``{}``."""
    found = waiting_games(request)["waiting_games"]
    if found is None:
        return {}
    here = str(game.code)
    others = [code for code in found.codes if code != here]
    return {"next_game": others[0] if others else None, "others_waiting": len(others)}
