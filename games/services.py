"""The only writers of games: create, join, leave, start, invite, submit an action, undo, resign.

Each public function runs in one transaction with the game row locked (SELECT ... FOR UPDATE;
on SQLite, IMMEDIATE transactions serialise writers), re-reads the game and checks everything
before it changes anything. A refused request raises a ``GameError`` whose ``message`` a
player can read, and changes nothing.
"""

from __future__ import annotations

import random
import secrets
from datetime import timedelta

from django.core import signing
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.africa_terms import PLAYER_COLOURS
from games.deadlines import reminder_due
from games.engines import IllegalAction, get_engine, replay
from games.models import Game, Invitation, Move, Seat, seed_commitment
from ratings.services import record_result

INVITE_SALT = "games.invite"
MAX_CONSECUTIVE_TIMEOUTS = 3
MAX_BOT_ACTIONS = 1000
SEEN_EVERY = timedelta(minutes=1)
_system_random = random.SystemRandom()


class GameError(Exception):
    """A request the game cannot honour. ``message`` is a sentence for the player."""

    def __init__(self, message):
        super().__init__(str(message))
        self._message = message

    @property
    def message(self) -> str:
        return str(self._message)


class StaleVersion(GameError):
    """The page the request came from shows an older position than the game's."""

    def __init__(self):
        super().__init__(_("The game has moved on since this page was shown. Here it is now."))


class IllegalMove(GameError):
    """The engine refused the action; the reason is translated when it is read."""

    def __init__(self, error: IllegalAction):
        super().__init__(error.reason)
        self.error = error

    @property
    def message(self) -> str:
        return gettext(self.error.template).format(**self.error.params)


# -- creating and gathering -------------------------------------------------------------------


@transaction.atomic
def create_game(
    creator: User,
    *,
    engine: str = "africa",
    num_players: int = 4,
    variant: str = "standard",
    days_per_move: int = 3,
    rated: bool = True,
    invite_only: bool = False,
    public: bool = False,
    skip_weekends: bool = False,
    seed: int | None = None,
) -> Game:
    """A new open game with ``creator`` in its first seat.

    The seed is drawn now (``seed`` fixes it, for tests and imported game records) and kept
    secret; its commitment (SHA-256 of seed and salt) is public from the start. Raises
    GameError for a player count the game does not allow.
    """
    rules = get_engine(engine)
    if not rules.min_players <= num_players <= rules.max_players:
        raise GameError(
            _("This game is for %(min)d to %(max)d players.")
            % {"min": rules.min_players, "max": rules.max_players}
        )
    if seed is None:
        seed = secrets.randbits(63)
    salt = secrets.token_hex(16)
    game = Game.objects.create(
        engine=engine,
        options={"variant": variant},
        num_players=num_players,
        creator=creator,
        rated=rated,
        invite_only=invite_only,
        public=public,
        skip_weekends=skip_weekends,
        seed=seed,
        salt=salt,
        seed_commitment=seed_commitment(seed, salt),
        days_per_move=days_per_move,
    )
    Seat.objects.create(game=game, user=creator)
    return game


def invite_token(game: Game) -> str:
    """The signed token of the game's invitation link (anyone holding it may join)."""
    return signing.dumps(str(game.code), salt=INVITE_SALT)


def _invite_token_is_valid(game: Game, token: str | None) -> bool:
    if not token:
        return False
    try:
        return signing.loads(token, salt=INVITE_SALT) == str(game.code)
    except signing.BadSignature:
        return False


@transaction.atomic
def invite(game: Game, by: User, display_name: str) -> Invitation:
    """Invite the player called ``display_name`` (any case) to an open game ``by`` sits at."""
    game = _locked(game)
    _require_open(game)
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
        from games.tasks import notify_invitation

        notify_invitation.delay_on_commit(invitation.pk)
    return invitation


@transaction.atomic
def join_game(game: Game, user: User, *, token: str | None = None) -> Seat:
    """Seat ``user`` at an open game; the game starts once every seat is taken.

    An invitation-only game needs an invitation by name or the signed link's ``token``.
    Raises GameError if the game is not open, full, already joined or closed to ``user``.
    """
    game = _locked(game)
    _require_open(game)
    seats = list(game.seats.all())
    if any(seat.user_id == user.pk for seat in seats):
        raise GameError(_("You already play in this game."))
    if game.is_full(len(seats)):
        raise GameError(_("This game has no free seat."))
    if game.invite_only and not (
        _invite_token_is_valid(game, token) or game.invitations.filter(user=user).exists()
    ):
        raise GameError(_("This game is by invitation only."))
    seat = Seat.objects.create(game=game, user=user)
    if game.is_full(len(seats) + 1):
        _start(game)
    else:
        _bump(game)
    return seat


@transaction.atomic
def leave_game(game: Game, user: User) -> None:
    """Leave an open game; when its creator leaves, the game is called off."""
    game = _locked(game)
    _require_open(game)
    seat = _seat_of(game, user)
    if user.pk == game.creator_id:
        game.status = Game.Status.ABORTED
        game.finished_at = timezone.now()
        game.save(update_fields=["status", "finished_at"])
    else:
        seat.delete()
    _bump(game)


@transaction.atomic
def start_game(game: Game, user: User) -> Game:
    """Start an open game now, with the players seated so far (its creator only, 2 or more)."""
    game = _locked(game)
    _require_open(game)
    if user.pk != game.creator_id:
        raise GameError(_("Only the player who created the game can start it."))
    if game.seats.count() < game.rules.min_players:
        raise GameError(
            _("At least %(min)d players are needed to start.") % {"min": game.rules.min_players}
        )
    _start(game)
    return game


def _start(game: Game) -> None:
    """Draw the seating order (seat 0 begins), deal the initial state and open the first turn."""
    seats = list(game.seats.select_related("user"))
    _system_random.shuffle(seats)
    for number, seat in enumerate(seats):
        seat.number = number
        seat.colour = PLAYER_COLOURS[number][0]
    Seat.objects.bulk_update(seats, ["number", "colour"])
    rules = game.rules
    now = timezone.now()
    game.num_players = len(seats)
    game.state = rules.initial_state(num_players=len(seats), seed=game.seed, options=game.options)
    game.status = Game.Status.ACTIVE
    game.started_at = now
    game.current_seat = rules.current_player(game.state)
    game.version += 1
    _open_turn(game, seats)
    game.save()
    _announce(game, "game_started")


# -- playing ----------------------------------------------------------------------------------


@transaction.atomic
def submit_action(game: Game, user: User, action: str, expected_version: int) -> Game:
    """Apply ``action`` for ``user``'s seat if the game is still at ``expected_version``.

    Steps: lock and re-read the game; check it runs, the version, and that it is ``user``'s
    turn; let the engine apply the action (IllegalAction becomes IllegalMove); append the Move;
    play the turns of seats whose players left; finish the game if it is over.
    Raises StaleVersion, IllegalMove or GameError; nothing changes then.
    """
    game = _locked(game)
    seat = _acting_seat(game, user, expected_version)
    seats = list(game.seats.select_related("user"))
    turn = game.turn_started_at
    _apply(game, seat.number, action, seats=seats)
    if seat.consecutive_timeouts:
        Seat.objects.filter(pk=seat.pk).update(consecutive_timeouts=0)
    _play_for_absent_seats(game, seats)
    game.save()
    _announce_turn(game, turn)
    return game


@transaction.atomic
def undo_action(game: Game, user: User, expected_version: int) -> Game:
    """Take back ``user``'s last action of the turn under way, if it revealed nothing.

    Only the player whose turn it is may undo, only actions of that turn, and never past an
    uncover (it showed a hidden marker). The move is marked taken back and the position is
    rebuilt by replaying the log. Raises StaleVersion or GameError.
    """
    game = _locked(game)
    seat = _acting_seat(game, user, expected_version)
    last = _undoable_move(game, seat.number)
    if last is None:
        raise GameError(_("There is nothing to undo in this turn."))
    last.taken_back = True
    last.save(update_fields=["taken_back"])
    game.state = replay(
        game.rules,
        game.num_players,
        game.seed,
        game.options,
        game.moves.filter(taken_back=False).values_list("action", flat=True),
    )
    game.version += 1
    game.save()
    return game


def seen_long_ago(seat: Seat) -> bool:
    """Whether ``seat``'s last visit is older than the minute ``mark_seen`` waits between
    writes (or never happened)."""
    return seat.last_seen_at is None or seat.last_seen_at < timezone.now() - SEEN_EVERY


def mark_seen(game_code, user: User) -> None:
    """Note that ``user`` has the game open now (at most one write a minute), so that no
    turn mail is sent to a player who is looking at the game."""
    now = timezone.now()
    Seat.objects.filter(game__code=game_code, user=user).filter(
        Q(last_seen_at__isnull=True) | Q(last_seen_at__lt=now - SEEN_EVERY)
    ).update(last_seen_at=now)


def undoable(game: Game, seat_number: int | None) -> bool:
    """Whether ``seat_number`` could undo its last action now (for offering the button)."""
    if game.status != Game.Status.ACTIVE or seat_number != game.current_seat:
        return False
    return _undoable_move(game, seat_number) is not None


def _undoable_move(game: Game, seat_number: int) -> Move | None:
    last = game.moves.filter(taken_back=False).order_by("-ply").first()
    if last is None or last.seat != seat_number or last.automatic:
        return None
    if last.action.split()[0] in ("uncover", "start"):
        return None
    return last


@transaction.atomic
def resign(game: Game, user: User) -> Game:
    """``user`` leaves a running game for good: ranked last, a robot plays their seat.

    When one player or none is left, the game ends with the scores as they stand.
    """
    game = _locked(game)
    if game.status != Game.Status.ACTIVE:
        raise GameError(_("This game is not being played."))
    seat = _seat_of(game, user)
    if seat.left_at is not None:
        raise GameError(_("You have already left this game."))
    seat.left_at = timezone.now()
    seat.save(update_fields=["left_at"])
    turn = game.turn_started_at
    _after_leaving(game, list(game.seats.select_related("user")))
    game.version += 1
    game.save()
    _announce_turn(game, turn)
    return game


def _after_leaving(game: Game, seats: list[Seat]) -> None:
    """A player has left: with one player or none left the game ends, else bots play on."""
    if sum(1 for s in seats if s.left_at is None) <= 1:
        _finish(game, seats)
    else:
        _play_for_absent_seats(game, seats)


@transaction.atomic
def vote_abort(game: Game, user: User) -> Game:
    """``user`` votes to call off a game that players have left; when every player still in
    it has voted, the game is aborted (no result, no rating). Raises GameError.

    Only the vote that calls the game off bumps the version: the other votes show on no one
    else's page, and a repeated vote changes nothing, so neither may make the mover's page
    or turn mail stale."""
    game = _locked(game)
    if game.status != Game.Status.ACTIVE:
        raise GameError(_("This game is not being played."))
    seats = list(game.seats.all())
    mine = next((s for s in seats if s.user_id == user.pk and s.left_at is None), None)
    if mine is None:
        raise GameError(_("You do not play in this game."))
    if all(s.left_at is None for s in seats):
        raise GameError(_("A game can be called off only after a player has left it."))
    if not mine.abort_vote:
        mine.abort_vote = True
        mine.save(update_fields=["abort_vote"])
    if all(s.abort_vote or s.pk == mine.pk for s in seats if s.left_at is None):
        game.status = Game.Status.ABORTED
        game.finished_at = timezone.now()
        game.current_seat = None
        game.turn_deadline = game.reminder_due_at = None
        _announce(game, "game_aborted")
        game.version += 1
        game.save()
    return game


# -- deadlines --------------------------------------------------------------------------------

EXTENSION = timedelta(hours=24)


@transaction.atomic
def take_extension(game: Game, user: User) -> Game:
    """Give ``user`` 24 more hours for their turn under way, once per game: the deadline and
    the reminder move by 24 h. Raises GameError when the game is not running, it is not their
    turn, the deadline has passed (claimed by the sweep) or they took their 24 h already."""
    game = _locked(game)
    if game.status != Game.Status.ACTIVE:
        raise GameError(_("This game is not being played."))
    seat = _seat_of(game, user)
    if seat.extension_taken_at is not None:
        raise GameError(_("You have already taken your 24 extra hours in this game."))
    if seat.number != game.current_seat or seat.left_at is not None:
        raise GameError(_("It is not your turn."))
    if game.turn_deadline is None:
        raise GameError(_("The time for this move is over."))
    game.turn_deadline += EXTENSION
    if game.reminder_due_at is not None:
        game.reminder_due_at += EXTENSION
    game.save(update_fields=["turn_deadline", "reminder_due_at"])
    seat.extension_taken_at = timezone.now()
    seat.save(update_fields=["extension_taken_at"])
    return game


def claim_due(games, column: str, limit: int) -> list[tuple[int, int]]:
    """Claim up to ``limit`` games of the queryset ``games`` whose ``column`` (a deadline
    column: "turn_deadline" or "reminder_due_at") has passed; return [(id, version)].

    The rows are locked (SELECT ... FOR UPDATE SKIP LOCKED: a second sweeper skips them) and
    the column is cleared in one conditional UPDATE, so that nobody claims them again. Call
    inside a transaction; the work for each claimed game is enqueued after it commits."""
    due = games.filter(**{f"{column}__lte": timezone.now()})
    rows = list(due.select_for_update(skip_locked=True).values_list("pk", "version")[:limit])
    if rows:
        Game.objects.filter(pk__in=[pk for pk, _version in rows]).update(**{column: None})
    return rows


@transaction.atomic
def time_out(game_id: int, version: int) -> bool:
    """End the claimed overdue turn of game ``game_id`` at ``version`` for its player.

    Steps: lock the game and check it is still at ``version`` with its deadline claimed;
    settle a pending decision the way that changes least (keep the goods, leave the animal
    or nomad where it was uncovered) and end the turn; count the timeout; after 3 in a row a
    robot takes the seat over and the player counts as having left; tell the player.
    Returns whether this call acted (False when the game moved on meanwhile)."""
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.version != version:
        return False
    if game.turn_deadline is not None:
        return False  # not claimed by the sweep (claim_due clears the deadline)
    now = timezone.now()
    seats = list(game.seats.select_related("user"))
    seat = next(s for s in seats if s.number == game.current_seat)
    turn = game.turn_started_at
    guard = 0
    while game.status == Game.Status.ACTIVE and game.current_seat == seat.number and guard < 20:
        _apply(game, seat.number, _least_action(game), automatic=True, seats=seats)
        guard += 1
    seat.timeouts += 1
    seat.consecutive_timeouts += 1
    notice = "timed_out"
    if seat.consecutive_timeouts >= MAX_CONSECUTIVE_TIMEOUTS and seat.left_at is None:
        seat.left_at = now
        seat.taken_over = True
        notice = "taken_over"
    seat.save(update_fields=["timeouts", "consecutive_timeouts", "left_at", "taken_over"])
    if game.status == Game.Status.ACTIVE:
        if seat.taken_over:
            _after_leaving(game, seats)
        else:
            _play_for_absent_seats(game, seats)
    game.save()
    from games.tasks import notify_players

    notify_players.delay_on_commit(game.pk, notice, game.version, seat.number)
    _announce_turn(game, turn)
    return True


def _least_action(game: Game) -> str:
    """The action that ends a timed-out turn changing least: keep uncovered goods, leave an
    uncovered animal or nomad where it lay, choose the first free start city, else end."""
    legal = game.rules.legal_actions(game.state)
    pending = game.rules.observation(game.state, None)["pending"]
    if pending and pending["type"] == "place":
        return f"place {pending['cell']}"
    for action in ("keep", "end"):
        if action in legal:
            return action
    return legal[0]


# -- internals --------------------------------------------------------------------------------


def _locked(game: Game) -> Game:
    return Game.objects.select_for_update().get(pk=game.pk)


def _bump(game: Game) -> None:
    """Count a change that pages showing the game must pick up (a seat taken or freed)."""
    game.version += 1
    game.save(update_fields=["version"])


def _require_open(game: Game) -> None:
    if game.status != Game.Status.OPEN:
        raise GameError(_("This game is no longer gathering players."))


def _seat_of(game: Game, user: User) -> Seat:
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise GameError(_("You do not play in this game."))
    return seat


def _acting_seat(game: Game, user: User, expected_version: int) -> Seat:
    if game.status != Game.Status.ACTIVE:
        raise GameError(_("This game is not being played."))
    seat = _seat_of(game, user)
    if int(expected_version) != game.version:
        raise StaleVersion()
    if seat.left_at is not None:
        raise GameError(_("You have left this game."))
    if seat.number != game.current_seat:
        raise GameError(_("It is not your turn."))
    return seat


def _canonical(rules, state, action: str) -> str:
    """The canonical spelling of ``action`` (legal in ``state``), as the log stores it."""
    folded = " ".join(action.lower().split())
    for legal in rules.legal_actions(state):
        if legal.lower() == folded:
            return legal
    return folded


def _apply(
    game: Game,
    seat_number: int,
    action: str,
    *,
    automatic: bool = False,
    seats: list[Seat] | None = None,
) -> None:
    """Apply one action to the locked ``game`` in memory and append its Move (the game row is
    saved by the caller). When the turn passes, the next player's deadline starts."""
    rules = game.rules
    try:
        new_state = rules.apply(game.state, action)
    except IllegalAction as error:
        raise IllegalMove(error) from None
    game.version += 1
    Move.objects.create(
        game=game,
        ply=game.version,
        seat=seat_number,
        action=_canonical(rules, game.state, action),
        events=new_state["events"],
        automatic=automatic,
    )
    game.state = new_state
    current = rules.current_player(new_state)
    passed = current != game.current_seat
    game.current_seat = current
    if rules.is_terminal(new_state):
        _finish(game, seats if seats is not None else list(game.seats.all()))
    elif passed:
        _open_turn(game, seats if seats is not None else list(game.seats.select_related("user")))


def _open_turn(game: Game, seats: list[Seat]) -> None:
    """Start the deadline and the reminder of the turn of ``game.current_seat``."""
    now = timezone.now()
    mover = next(s for s in seats if s.number == game.current_seat)
    game.turn_started_at = now
    game.turn_deadline = game.deadline_for(mover.user, now)
    game.reminder_due_at = reminder_due(now, game.turn_deadline)


def _announce(game: Game, notice: str) -> None:
    """After commit, send the players the notice ``notice`` about ``game``."""
    from games.tasks import notify_players

    notify_players.delay_on_commit(game.pk, notice, game.version)
    if notice == "game_started":
        _announce_turn(game, None)


def _announce_turn(game: Game, previous_turn_start) -> None:
    """After commit, tell the player to move, if a new turn began (its start moved on)."""
    if game.status == Game.Status.ACTIVE and game.turn_started_at != previous_turn_start:
        from games.tasks import notify_turn

        notify_turn.delay_on_commit(game.pk, game.version)


def _play_for_absent_seats(game: Game, seats: list[Seat]) -> None:
    """While the turn belongs to a seat whose player left, a bot plays it: random legal
    actions that move the game on (``games.simulation.choose``)."""
    from games.simulation import choose

    absent = {s.number for s in seats if s.left_at is not None}
    rules = game.rules
    for _n in range(MAX_BOT_ACTIONS):
        if game.status != Game.Status.ACTIVE or game.current_seat not in absent:
            return
        action = choose(_system_random, rules.legal_actions(game.state))
        _apply(game, game.current_seat, action, automatic=True, seats=seats)


def _finish(game: Game, seats: list[Seat]) -> None:
    """Record final scores and places: shared places for equal scores (Africa ruling 11),
    players who left after everyone who stayed, the first to leave last."""
    scores = game.rules.scores(game.state)
    stayed = [s for s in seats if s.left_at is None]
    left = sorted((s for s in seats if s.left_at is not None), key=lambda s: s.left_at)
    for seat in stayed:
        seat.final_score = scores[seat.number]
        seat.place = 1 + sum(1 for o in stayed if scores[o.number] > seat.final_score)
    for index, seat in enumerate(reversed(left)):
        seat.final_score = scores[seat.number]
        seat.place = len(stayed) + 1 + index
    Seat.objects.bulk_update(seats, ["final_score", "place"])
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.current_seat = None
    game.turn_deadline = game.reminder_due_at = None
    record_result(game, seats)
    _announce(game, "game_finished")
