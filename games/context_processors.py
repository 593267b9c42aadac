"""Template context that every page's header needs from the games."""

from django.db.models import F
from django.utils.functional import cached_property

from games.models import Game, Invitation, Seat


def games_waiting_for(user) -> int:
    """How many games wait for ``user``: active games at their turn plus open games they are
    invited to and have not joined. One SQL query, the union of the two lists of game ids
    (their games differ by status): an OR of both made the planner read every game."""
    my_turn = (
        Seat.objects.filter(
            user=user,
            left_at=None,
            game__status=Game.Status.ACTIVE,
            game__current_seat=F("number"),
        )
        .values("game_id")
        .order_by()
    )
    invited = (
        Invitation.objects.filter(user=user, game__status=Game.Status.OPEN)
        .exclude(game__seats__user=user)
        .values("game_id")
    )
    return my_turn.union(invited).count()


class WaitingGames:
    """The header's count of games waiting for ``user``: ``count`` runs the query on first
    use only, so a page that never shows the header costs nothing."""

    def __init__(self, user):
        self.user = user

    @cached_property
    def count(self) -> int:
        return games_waiting_for(self.user)


def waiting_games(request):
    """``{"waiting_games": WaitingGames or None}`` for the signed-in user (None for a
    visitor); one object per request, so that every render of the request shares its count."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"waiting_games": None}
    if not hasattr(request, "waiting_games"):
        request.waiting_games = WaitingGames(user)
    return {"waiting_games": request.waiting_games}
