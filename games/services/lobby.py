"""The lobby's writers: create a game, invite, join, leave and start it.

Each public function runs in one transaction with the game row locked (SELECT ... FOR UPDATE;
on SQLite, IMMEDIATE transactions serialise writers), re-reads the game and checks everything
before it changes anything. A refused request raises a ``GameError`` and changes nothing.
"""

from __future__ import annotations

import random
import secrets

from django.core import signing
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import notices
from games.engines.base import with_rules_version
from games.kinds import get_kind, kind_names
from games.models import (
    BANK_DAYS_CHOICES,
    BotLevel,
    Game,
    Invitation,
    Seat,
    default_bank_days,
    seed_commitment,
)
from games.services.common import GameError, bump, locked, require_open, seat_of
from games.services.play import announce, announce_turn, open_turn, schedule_bot_move

INVITE_SALT = "games.invite"
_system_random = random.SystemRandom()


@transaction.atomic
def create_game(
    creator: User,
    *,
    engine: str | None = None,
    num_players: int = 4,
    options: dict | None = None,
    days_per_move: int = 3,
    bank_days: int | None = None,
    rated: bool = True,
    invite_only: bool = False,
    public: bool = False,
    skip_weekends: bool = False,
    seed: int | None = None,
    bots: int = 0,
    bot_level: str = BotLevel.EASY,
) -> Game:
    """A new open game with ``creator`` in its first seat and ``bots`` computer players of
    ``bot_level`` in others; it starts at once when that fills it (one person against the
    computer, or a solo game).

    The seed is drawn now (``seed`` fixes it, for tests and imported game records) and kept
    secret; its commitment (SHA-256 of seed and salt) is public from the start. ``engine``
    names a registered game (default: the first of ``games.kinds.KINDS``), ``options`` become
    Game.options (default: the game's own defaults). ``bank_days`` is each seat's time bank
    (one of BANK_DAYS_CHOICES; default ``default_bank_days``). Raises GameError for a bank not
    offered, for a player count the
    game does not allow, for no seat left to a person, or for a level the game's bot lacks.
    """
    kind = get_kind(engine or kind_names()[0])
    if not kind.min_players <= num_players <= kind.max_players:
        raise GameError(
            _("This game is for %(min)d to %(max)d players.")
            % {"min": kind.min_players, "max": kind.max_players}
        )
    if bank_days is not None and bank_days not in dict(BANK_DAYS_CHOICES):
        raise GameError(_("Choose a time bank of none, 3, 7 or 14 days."))
    if not 0 <= bots < num_players:
        raise GameError(_("Leave at least one seat for a person."))
    if bots and bot_level not in kind.bot_levels:
        raise GameError(_("This game has no computer player of that level."))
    if seed is None:
        seed = secrets.randbits(63)
    salt = secrets.token_hex(16)
    game = Game.objects.create(
        engine=kind.name,
        options=kind.default_options() if options is None else options,
        num_players=num_players,
        creator=creator,
        rated=rated and num_players > 1,  # a solo game has nobody to be rated against
        invite_only=invite_only,
        public=public,
        skip_weekends=skip_weekends,
        seed=seed,
        salt=salt,
        seed_commitment=seed_commitment(seed, salt),
        days_per_move=days_per_move,
        bank_days=default_bank_days(num_players) if bank_days is None else bank_days,
    )
    Seat.objects.create(game=game, user=creator)
    Seat.objects.bulk_create([Seat(game=game, bot_level=bot_level) for _n in range(bots)])
    if game.is_full(1 + bots):  # every seat is taken: the game starts at once
        _start(game, creator)
    return game


@transaction.atomic
def create_table(
    players: list[User],
    *,
    engine: str,
    options: dict,
    days_per_move: int,
    bank_days: int,
    rated: bool = True,
    public: bool = True,
) -> Game:
    """A game of ``engine`` with its ``options`` and every seat taken by ``players`` (Users,
    as many as the game seats), started at once: the seating order is drawn as for any game
    and the seed is drawn and committed as for any game. Made for a competition that seats
    its players itself (a league's season): its players are not told that the game started,
    the competition tells them once for all its games; the first to move is told their turn.
    Raises GameError as ``create_game`` does (a player count the game does not allow, a bank
    not offered)."""
    game = create_game(
        players[0],
        engine=engine,
        num_players=len(players),
        options=options,
        days_per_move=days_per_move,
        bank_days=bank_days,
        rated=rated,
        public=public,
        invite_only=False,
    )
    Seat.objects.bulk_create([Seat(game=game, user=user) for user in players[1:]])
    _start(game, None, tell=False)
    return game


def invite_token(game: Game) -> str:
    """The signed token of the game's invitation link (anyone holding it may join)."""
    return signing.dumps(str(game.code), salt=INVITE_SALT)


def invite_token_is_valid(game: Game, token: str | None) -> bool:
    """Whether ``token`` is the signed invitation link of ``game``."""
    if not token:
        return False
    try:
        return signing.loads(token, salt=INVITE_SALT) == str(game.code)
    except signing.BadSignature:
        return False


@transaction.atomic
def invite(game: Game, by: User, display_name: str) -> Invitation:
    """Invite the player called ``display_name`` (any case) to an open game ``by`` sits at."""
    game = locked(game)
    require_open(game)
    if not game.seats.filter(user=by).exists():
        raise GameError(_("Only players of this game can invite others."))
    user = User.objects.filter(display_name__iexact=display_name.strip(), is_active=True).first()
    if user is None:
        raise GameError(_("Nobody is called %(name)s.") % {"name": display_name.strip()})
    if game.seats.filter(user=user).exists():
        raise GameError(_("%(name)s already plays in this game.") % {"name": user.display_name})
    invitation, created = Invitation.objects.get_or_create(
        game=game, user=user, defaults={"invited_by": by}
    )
    if created:
        notices.invitation(invitation)
    return invitation


@transaction.atomic
def decline_invitation(game: Game, user: User) -> None:
    """Turn down ``user``'s invitation to an open game: the invitation is withdrawn, so the
    game leaves their list and an invitation-only game no longer lets them in. Raises
    GameError when there is no such invitation or the game no longer gathers players."""
    game = locked(game)
    require_open(game)
    deleted, _rows = Invitation.objects.filter(game=game, user=user).delete()
    if not deleted:
        raise GameError(_("You have no invitation to this game."))
    bump(game)


@transaction.atomic
def join_game(game: Game, user: User, *, token: str | None = None) -> Seat:
    """Seat ``user`` at an open game; the game starts once every seat is taken.

    An invitation-only game needs an invitation by name or the signed link's ``token``.
    Raises GameError if the game is not open, full, already joined or closed to ``user``.
    """
    game = locked(game)
    require_open(game)
    seats = list(game.seats.all())
    if any(seat.user_id == user.pk for seat in seats):
        raise GameError(_("You already play in this game."))
    if game.is_full(len(seats)):
        raise GameError(_("This game has no free seat."))
    if game.invite_only and not (
        invite_token_is_valid(game, token) or game.invitations.filter(user=user).exists()
    ):
        raise GameError(_("This game is by invitation only."))
    seat = Seat.objects.create(game=game, user=user)
    if game.is_full(len(seats) + 1):
        _start(game, user)
    else:
        bump(game)
    return seat


@transaction.atomic
def leave_game(game: Game, user: User) -> None:
    """Leave an open game; when its creator leaves, the game is called off."""
    game = locked(game)
    require_open(game)
    seat = seat_of(game, user)
    if user.pk == game.creator_id:
        game.status = Game.Status.ABORTED
        game.finished_at = timezone.now()
        game.save(update_fields=["status", "finished_at"])
    else:
        seat.delete()
    bump(game)


@transaction.atomic
def start_game(game: Game, user: User) -> Game:
    """Start an open game now, with the players seated so far (its creator only, 2 or more)."""
    game = locked(game)
    require_open(game)
    if user.pk != game.creator_id:
        raise GameError(_("Only the player who created the game can start it."))
    if game.seats.count() < game.kind.engine.min_players:
        raise GameError(
            _("At least %(min)d players are needed to start.")
            % {"min": game.kind.engine.min_players}
        )
    _start(game, user)
    return game


def _start(game: Game, starter: User | None, *, tell: bool = True) -> None:
    """Draw the seating order (seat 0 begins), deal the initial state and open the first turn;
    tell the players that it started, except ``starter``, who started it and sees it (none
    of them without ``tell``: only the first to move, of their turn)."""
    seats = list(game.seats.select_related("user"))
    _system_random.shuffle(seats)
    for number, seat in enumerate(seats):
        seat.number = number
        seat.colour = game.kind.colour_key(number)
    Seat.objects.bulk_update(seats, ["number", "colour"])
    rules = game.kind.engine
    now = timezone.now()
    game.num_players = len(seats)
    game.options = with_rules_version(rules, game.options)
    game.state = rules.initial_state(num_players=len(seats), seed=game.seed, options=game.options)
    game.status = Game.Status.ACTIVE
    game.started_at = now
    game.current_seat = rules.current_player(game.state)
    game.version += 1
    open_turn(game, seats)
    game.save()
    if tell:
        announce(game, "game_started", but=starter)
    else:
        announce_turn(game, None)
    schedule_bot_move(game, seats)
