"""Friends on the site's pages: follow buttons and "play again" on the play page, the
friends to invite in a waiting room, and their open games in "My games"."""

from django import template

from friends import services
from friends.models import Rematch

register = template.Library()


@register.simple_tag
def followed_ids(user) -> set[int]:
    """The ids of the accounts ``user`` follows."""
    return services.followed_ids(user)


@register.simple_tag
def others_to_follow(user, seats) -> list[tuple]:
    """(account, whether ``user`` follows it) for each person seated in ``seats`` other than
    ``user``, in seat order; computer players are left out. Empty when ``user`` plays alone or
    against computer players only."""
    following = services.followed_ids(user)
    return [
        (s.user, s.user_id in following) for s in seats if s.user_id and s.user_id != user.pk
    ]


@register.simple_tag
def rematch_of(game):
    """The rematch of ``game`` (a Game), or None."""
    found = Rematch.objects.filter(previous=game).select_related("game").first()
    return found.game if found else None


@register.simple_tag
def friends_to_invite(user, game, seats) -> list:
    """The people ``user`` follows who are neither seated at ``game`` (``seats``) nor
    invited yet, by name."""
    seated = {s.user_id for s in seats}
    invited = set(game.invitations.values_list("user_id", flat=True))
    return [
        follow.followed
        for follow in user.follows.select_related("followed").order_by("followed__display_name")
        if follow.followed_id not in seated | invited and follow.followed.is_active
    ]


@register.simple_tag
def followed_open_games(user) -> list:
    """Open games where someone ``user`` follows sits, that ``user`` may join."""
    return services.open_games_of_followed(user)
