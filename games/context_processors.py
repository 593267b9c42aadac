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


def next_waiting_game(user, leaving: Game):
    """The code (UUID) of the game ``user`` should play after ``leaving`` (the game of the
    page), or None: among the games waiting for them (see ``games_waiting_for``) other than
    ``leaving``, the active game at their turn with the nearest turn deadline (one without a
    deadline after those with one), else the open game they were first invited to."""
    turn = (
        Game.objects.awaiting_move_by(user)
        .exclude(pk=leaving.pk)
        .order_by(F("turn_deadline").asc(nulls_last=True), "pk")
        .values_list("code", flat=True)
        .first()
    )
    if turn is not None:
        return turn
    return (
        Invitation.objects.filter(user=user, game__status=Game.Status.OPEN)
        .exclude(game__seats__user=user)
        .exclude(game=leaving)
        .order_by("created_at", "pk")
        .values_list("game__code", flat=True)
        .first()
    )


def next_game(request, game: Game, my_turn: bool) -> dict:
    """The play page's "Next game (n)" for the signed-in viewer of ``game``:
    ``{"next_game": code or None, "others_waiting": n}``, n the games waiting for them
    other than this one (the header's count, less this game when it is their turn here).
    A visitor gets ``{}``."""
    waiting = waiting_games(request)["waiting_games"]
    if waiting is None:
        return {}
    others = max(0, waiting.count - (1 if my_turn else 0))
    code = next_waiting_game(request.user, game) if others else None
    return {"next_game": code, "others_waiting": others if code else 0}
