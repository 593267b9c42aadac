"""Following players and playing again with the same people.

``play_again`` goes through the lobby's writers (``games.services.create_game`` and
``invite``): the new game is invitation-only with the same game, options, pace and player
count, every other player of the finished game is invited (a mail each), and it starts by
itself once all of them have accepted (joined), as any full game does.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from africa_site.cached import forget, kept
from friends.models import Follow, Rematch
from games import services as games
from games.models import BotLevel, Game


class FriendError(Exception):
    """A request about friends or a rematch that cannot be honoured; ``message`` is for the
    player."""

    def __init__(self, message):
        super().__init__(str(message))
        self.message = str(message)


def follow(user: User, other: User) -> None:
    """``user`` follows ``other`` (again: nothing changes). Raises FriendError for oneself."""
    if other.pk == user.pk:
        raise FriendError(_("You cannot follow yourself."))
    Follow.objects.get_or_create(user=user, followed=other)


def unfollow(user: User, other: User) -> None:
    """``user`` no longer follows ``other``."""
    Follow.objects.filter(user=user, followed=other).delete()


#: How long the shared cache keeps the accounts a player follows (seconds); a follow made or
#: undone forgets them before (``forget_followed``).
FOLLOWED_SECONDS = 60 * 60


def followed_key(user_id: int) -> str:
    """The shared cache's key of the ids of the accounts the user ``user_id`` follows."""
    return f"followed:{user_id}"


def followed_ids(user) -> set[int]:
    """The ids of the accounts ``user`` follows (none for an anonymous visitor): kept in the
    shared cache, so that the play page's follow buttons read no rows after the first page."""
    if not user.is_authenticated:
        return set()
    follows = Follow.objects.filter(user=user).values_list("followed_id", flat=True)
    return kept(followed_key(user.pk), FOLLOWED_SECONDS, lambda: set(follows))


def forget_followed(sender, instance, using, **kwargs) -> None:
    """``post_save`` and ``post_delete`` of Follow: forget whom its follower follows."""
    forget([followed_key(instance.user_id)], using)


def followed_first(games, user) -> list[Game]:
    """``games`` (open games) with those where someone ``user`` follows is seated first, each
    part newest first; each game gets ``followed`` (bool) for the page to mark it."""
    games = list(games)
    ids = followed_ids(user)
    with_friends = set()
    if ids:
        with_friends = set(
            Game.objects.filter(pk__in=[g.pk for g in games], seats__user_id__in=ids).values_list(
                "pk", flat=True
            )
        )
    for game in games:
        game.followed = game.pk in with_friends
    games.sort(key=lambda g: g.created_at, reverse=True)
    return sorted(games, key=lambda g: not g.followed)


def open_games_of_followed(user, limit: int = 20) -> list[Game]:
    """Open games that someone ``user`` follows sits at and ``user`` may join (not
    invitation-only, or invited), newest first."""
    ids = followed_ids(user)
    if not ids:
        return []
    found = (
        Game.objects.open()
        .filter(seats__user_id__in=ids)
        .exclude(seats__user=user)
        .filter(Q(invite_only=False) | Q(invitations__user=user))
        .distinct()
        .select_related("creator")
        .prefetch_related("seats__user")
        .order_by("-created_at")
    )
    return list(found[:limit])


@transaction.atomic
def play_again(finished: Game, user: User) -> Game:
    """The rematch of ``finished`` for ``user``, one of its players: the existing one, or a
    new invitation-only game (same game, options, pace, rating and player count) created by
    ``user`` with every other player invited.

    Steps: lock the finished game; check it is over and ``user`` played in it; return the
    rematch if one exists; create the game, invite the others, record the rematch.
    Raises FriendError (or GameError from the lobby)."""
    finished = Game.objects.select_for_update().get(pk=finished.pk)
    if finished.status != Game.Status.FINISHED:
        raise FriendError(_("Only a finished game can be played again."))
    seats = list(finished.seats.select_related("user"))
    if not any(s.user_id == user.pk for s in seats):
        raise FriendError(_("Only the players of a game can play it again."))
    bot_seats = [s for s in seats if s.bot_level]
    existing = Rematch.objects.filter(previous=finished).select_related("game").first()
    if existing is not None:
        return existing.game
    game = games.create_game(
        user,
        engine=finished.engine,
        num_players=finished.num_players,
        options=dict(finished.options),
        days_per_move=finished.days_per_move,
        bank_days=finished.bank_days,
        rated=finished.rated,
        invite_only=True,
        public=finished.public,
        skip_weekends=finished.skip_weekends,
        bots=len(bot_seats),  # the computer players come back at the level they played
        bot_level=bot_seats[0].bot_level if bot_seats else BotLevel.EASY,
    )
    for seat in seats:
        if seat.user is not None and seat.user_id != user.pk and seat.user.is_active:
            games.invite(game, user, seat.user.display_name)
    Rematch.objects.create(previous=finished, game=game)
    return game
