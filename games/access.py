"""Who may see a game: one rule for the play page, the archive and the mails.

A player of a game sees it always; finished and called-off games are open to all; a running
game is shown to anyone only when its creator made it public; an invitation-only game that
gathers players is shown to its players, the invited and holders of the invitation link.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from games.models import Game, Seat
from games.services import invite_token_is_valid


def open_to_all(status: str, public: bool, invite_only: bool) -> bool | None:
    """Whether anyone without a seat may see a game of ``status`` (a ``Game.Status`` value),
    ``public`` and ``invite_only``: True or False, or None when it depends on the viewer (an
    invitation-only game that gathers players). The part of the rule (see the module) that
    needs no viewer: the live process (``live``) reads it with a game's version, and closes
    the streams of viewers without a seat when it turns False."""
    if status in (Game.Status.FINISHED, Game.Status.ABORTED):
        return True
    if status == Game.Status.ACTIVE:
        return public
    return None if invite_only else True


def may_see(game: Game, user, seat: Seat | None, *, token: str | None = None) -> bool:
    """Whether ``user`` (anonymous or not), who holds ``seat`` in ``game`` (or None), may see
    it; ``token`` is the invitation link's token, if the request carries one."""
    if seat is not None:
        return True
    rule = open_to_all(game.status, game.public, game.invite_only)
    if rule is not None:
        return rule
    return invite_token_is_valid(game, token) or (  # an invitation-only game gathering players
        user.is_authenticated and game.invitations.filter(user=user).exists()
    )


def game_for(
    user, code, *, token: str | None = None, defer: tuple[str, ...] = ()
) -> tuple[Game, Seat | None]:
    """The game with public ``code`` and ``user``'s seat in it (or None), with ``seat_list``
    (its seats with their users, in seat order as stored) filled. ``defer`` names Game fields
    not to read now (e.g. ``("state",)`` for a request that may not need the position; Django
    reads a deferred field when it is first used).

    Raises Http404 for an unknown code, PermissionDenied when ``user`` may not see the game
    (see the module docstring)."""
    game = get_object_or_404(Game.objects.select_related("creator").defer(*defer), code=code)
    seats = list(game.seats.select_related("user").with_robot_rank())
    game.seat_list = seats
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    if not may_see(game, user, mine, token=token):
        raise PermissionDenied
    return game, mine


def seat_for(user, code) -> Seat | None:
    """``user``'s seat in the game with public ``code``, with the game read along (all but
    its position, ``state``), or None when ``user`` has no seat there (or is anonymous): in
    one query, for the requests a player repeats most (the poll). A player may always see
    their own game (``may_see``); anyone else goes through ``game_for``."""
    if not user.is_authenticated:
        return None
    seats = Seat.objects.select_related("game").defer("game__state")
    return seats.filter(game__code=code, user=user).first()
