"""The writers of a running game: submit an action, undo, resign, vote to call it off; and
what each move brings about (the next turn's deadline, the bots' moves, the end).

Each public function runs in one transaction with the game row locked, re-reads the game and
checks everything before it changes anything. A refused request raises a ``GameError`` whose
``message`` a player can read, and changes nothing.
"""

from __future__ import annotations

from datetime import timedelta

from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import lines, notices
from games.deadlines import next_reminder
from games.engines import IllegalAction, replay, turn_of
from games.engines.base import current_places
from games.models import END_BY_VOTE, Game, Move, Seat
from games.queries import (
    SEEN_EVERY,
    UNDOABLE_SECONDS,
    ends_by_vote,
    undoable_key,
    undoable_move,
)
from games.services.bot_queue import enqueue_bot_move
from games.services.common import (
    GameError,
    IllegalMove,
    StaleVersion,
    locked,
    require_active,
    save_changed,
    seat_of,
    snapshot,
)
from games.services.review_queue import enqueue_review
from ratings.services import record_result


@transaction.atomic
def submit_action(game: Game, user: User, action: str, expected_version: int) -> Game:
    """Apply ``action`` for ``user``'s seat if the game is still at ``expected_version``.

    Steps: lock and re-read the game; check it runs, the version, and that it is ``user``'s
    turn; let the engine apply the action (IllegalAction becomes IllegalMove); append the Move;
    enqueue the next bot's move if a bot is to move; finish the game if it is over.
    Raises StaleVersion, IllegalMove or GameError; nothing changes then.
    """
    return _submit(locked(game), user, action, expected_version)


@transaction.atomic
def submit_action_in(code, user: User, action: str, expected_version: int) -> Game | None:
    """``submit_action`` in the game with public ``code`` (a UUID), read once: locked, with its
    position, and only when ``user`` holds a seat in it, so that the access check and the move
    share one read (a player may always see their own game, ``games.access``). Returns the
    game moved on, or None, changing nothing, when ``user`` holds no seat there (the caller
    answers a stranger as the play page does). Raises as ``submit_action``."""
    rows = Game.objects.select_for_update(of=("self",)).filter(code=code, seats__user=user)
    game = rows.first()
    if game is None:
        return None
    return _submit(game, user, action, expected_version)


def _submit(game: Game, user: User, action: str, expected_version: int) -> Game:
    """``submit_action`` on ``game``, read locked in this transaction."""
    seats = list(game.seats.select_related("user"))
    game.seat_list = seats  # known to the save's listeners (games.waiting) and the caller
    seat = _acting_seat(game, user, expected_version, seats)
    turn = game.turn_started_at
    before = game.state
    columns = snapshot(game)
    apply_action(game, seat.number, action, seats=seats)
    if seat.consecutive_timeouts:
        Seat.objects.filter(pk=seat.pk).update(consecutive_timeouts=0)
    schedule_bot_move(game, seats)
    save_changed(game, columns)
    announce_turn(game, turn, seats)
    remember_undoable(game, seat.number, before, action, expected_version)
    return game


@transaction.atomic
def submit_actions(
    game: Game, user: User, actions: list[str], expected_version: int
) -> tuple[Game, lines.Plan]:
    """Apply those of ``actions`` (a batch form's or a mail reply's, in order) for ``user``'s
    seat that the rule of ``games.lines`` keeps, each as ``submit_action``, the first at
    ``expected_version``; return the game and the plan (which actions were applied, which one
    failed and why). Every action up to and including one that reveals something stays
    applied when a later one fails, so that neither what is applied nor the answer depends on
    anything hidden that the applied actions did not reveal.

    Raises GameError for an empty list, StaleVersion, or GameError when the game is not
    being played or it is not ``user``'s turn; nothing changes then. A refused action raises
    nothing: it is the plan's ``failed`` line."""
    if not actions:
        raise GameError(_("Choose at least one quantity."))
    game = locked(game)
    seat = _acting_seat(game, user, expected_version)
    result = lines.plan(
        game.kind.engine, game.state, seat.number, actions, game.kind.notation.ends_turn
    )
    for action in result.keep:
        game = submit_action(game, user, action, game.version)
    return game, result


@transaction.atomic
def undo_action(game: Game, user: User, expected_version: int) -> Game:
    """Take back ``user``'s last move in ``game`` at ``expected_version``; returns the game.

    Steps: lock the game and check that ``user`` may act now (``_acting_seat``: the game is
    active, at ``expected_version``, and it is their seat's turn); find the move to take back
    (``queries.undoable_move``: the game's last standing move, played by hand by that seat,
    that revealed nothing, as the engine's ``reveals`` judges in the position before it, so
    that an undo never goes back past anything hidden that was shown or drawn); mark it taken
    back; rebuild the state by replaying the standing moves from the seed; bump the version.

    Raises StaleVersion when the game has moved on, GameError when the game is not active,
    ``user`` does not play it, left it or is not to move, or there is nothing to undo.
    """
    game = locked(game)
    seat = _acting_seat(game, user, expected_version)
    last = undoable_move(game, seat.number)
    if last is None:
        raise GameError(_("There is nothing to undo in this turn."))
    last.taken_back = True
    last.save(update_fields=["taken_back"])
    game.state = replay(
        game.kind.engine,
        game.num_players,
        game.seed,
        game.options,
        game.moves.filter(taken_back=False).values_list("action", flat=True),
    )
    game.version += 1
    game.save()
    return game


def mark_seen(game_code, user: User, *, news: bool = False) -> None:
    """Note that ``user`` has the game open now, so that no turn mail is sent to a player who
    is looking at the game: at most one write a minute, or at once when ``news`` (the open
    page is being brought the moves it had not shown yet, which count as seen from now: no
    "N moves since your last visit" for moves watched live)."""
    now = timezone.now()
    seats = Seat.objects.filter(game__code=game_code, user=user)
    if not news:
        seats = seats.filter(Q(last_seen_at__isnull=True) | Q(last_seen_at__lt=now - SEEN_EVERY))
    seats.update(last_seen_at=now)


def remember_undoable(
    game: Game, seat_number: int, before: dict, action: str, version_before: int
) -> None:
    """After ``seat_number`` played ``action`` from the position ``before``, note in the
    cache (once the transaction commits) whether they may undo it: what ``undoable`` would
    find by replaying the game. Only when that action is the last move and the turn is
    still theirs; otherwise ``undoable`` finds out itself."""
    if (
        game.status != Game.Status.ACTIVE
        or game.current_seat != seat_number
        or game.version != int(version_before) + 1
    ):
        return
    rules = game.kind.engine
    revealing = rules.reveals(before, rules.canonical(before, action))
    key = undoable_key(game, seat_number)
    transaction.on_commit(lambda: cache.set(key, not revealing, UNDOABLE_SECONDS))


@transaction.atomic
def resign(game: Game, user: User) -> Game:
    """``user`` leaves a running game for good: ranked last, a robot plays their seat.

    When one player or none is left, the game ends with the scores as they stand.
    """
    game = locked(game)
    require_active(game)
    seat = seat_of(game, user)
    if seat.left_at is not None:
        raise GameError(_("You have already left this game."))
    seat.left_at = timezone.now()
    seat.save(update_fields=["left_at"])
    turn = game.turn_started_at
    game.version += 1
    after_leaving(game, list(game.seats.select_related("user")))
    game.save()
    announce_turn(game, turn)
    return game


def after_leaving(game: Game, seats: list[Seat]) -> None:
    """A player has left: with one player or none left, or only computer players, the game
    ends; when the votes to end it of the players still in it now end it, it ends so
    (``services.vote_end``); else bots play on."""
    staying = [s for s in seats if s.left_at is None]
    if len(staying) <= 1 or all(s.is_bot for s in staying):
        finish(game, seats)
    elif ends_by_vote(game, seats):
        finish(game, seats, reason=END_BY_VOTE)
    else:
        schedule_bot_move(game, seats)


@transaction.atomic
def vote_abort(game: Game, user: User) -> Game:
    """``user`` votes to call off a game that players have left; when every player still in
    it has voted, the game is aborted (no result, no rating). Raises GameError.

    Only the vote that calls the game off bumps the version: the other votes show on no one
    else's page, and a repeated vote changes nothing, so neither may make the mover's page
    or turn mail stale."""
    game = locked(game)
    require_active(game)
    seats = list(game.seats.all())
    mine = next((s for s in seats if s.user_id == user.pk and s.left_at is None), None)
    if mine is None:
        raise GameError(_("You do not play in this game."))
    if all(s.left_at is None for s in seats):
        raise GameError(_("A game can be called off only after a player has left it."))
    if not mine.abort_vote:
        mine.abort_vote = True
        mine.save(update_fields=["abort_vote"])
    if all(s.abort_vote or s.pk == mine.pk for s in seats if s.left_at is None and not s.is_bot):
        game.status = Game.Status.ABORTED
        game.finished_at = timezone.now()
        game.current_seat = None
        game.move_deadline = game.turn_deadline = game.reminder_due_at = None
        announce(game, "game_aborted")
        game.version += 1
        game.save()
    return game


# -- internals, shared with the lobby and the deadlines ---------------------------------


def _acting_seat(
    game: Game, user: User, expected_version: int, seats: list[Seat] | None = None
) -> Seat:
    """``user``'s seat (from ``seats`` when given) if they may act at ``expected_version``;
    raises GameError (StaleVersion) otherwise."""
    require_active(game)
    seat = seat_of(game, user, seats)
    if int(expected_version) != game.version:
        raise StaleVersion()
    if seat.left_at is not None:
        raise GameError(_("You have left this game."))
    if seat.number != game.current_seat:
        raise GameError(_("It is not your turn."))
    return seat


def apply_action(
    game: Game,
    seat_number: int,
    action: str,
    *,
    automatic: bool = False,
    seats: list[Seat] | None = None,
) -> None:
    """Apply one action to the locked ``game`` in memory and append its Move (the game row is
    saved by the caller). The action is spelled the engine's one way (``canonical``) for the
    engine and the Move alike. When the turn passes, the next player's deadline starts."""
    rules = game.kind.engine
    try:
        action = rules.canonical(game.state, action)
        new_state = rules.apply(game.state, action)
    except IllegalAction as error:
        raise IllegalMove(error) from None
    turn_before = turn_of(rules, game.state)
    ending = game.current_seat
    game.version += 1
    Move.objects.create(
        game=game,
        version=game.version,
        seat=seat_number,
        action=action,
        events=new_state["events"],
        automatic=automatic,
    )
    # (version, seat) of the move just made, for the answer to it (``page.since_last_visit``).
    game.moved_by = (game.version, seat_number)
    game.state = new_state
    passed = turn_of(rules, new_state) != turn_before
    game.current_seat = rules.current_player(new_state)
    if not (passed or rules.is_terminal(new_state)):
        return
    seats = seats if seats is not None else list(game.seats.select_related("user"))
    close_turn(game, seats, ending)
    if rules.is_terminal(new_state):
        finish(game, seats)
    else:
        open_turn(game, seats)


def open_turn(game: Game, seats: list[Seat]) -> None:
    """Start the clock of the turn of ``game.current_seat``: the move's own time
    (``move_deadline``), then what is left of the seat's bank (``turn_deadline``, the
    timeout), and the first reminder. None when a bot plays the seat (deadlines are for
    people) or in a solo game."""
    now = timezone.now()
    mover = next(s for s in seats if s.number == game.current_seat)
    game.turn_started_at = now
    game.move_deadline = game.turn_deadline = game.reminder_due_at = None
    if mover.playing_level:
        return
    game.move_deadline = game.deadline_for(mover.user, now)
    if game.move_deadline is None:
        return
    game.turn_deadline = game.bank_end(mover.user, game.move_deadline, mover.bank_left(game))
    game.reminder_due_at = next_reminder(now, game.move_deadline, game.turn_deadline, now)


def close_turn(game: Game, seats: list[Seat], number: int) -> None:
    """Charge the bank of seat ``number``, whose turn just ended, with the counted time it used
    beyond the move's own time: its bank is what was left of it before the timeout
    (``turn_deadline``), none when the sweep claimed the timeout (the deadline cleared).
    Nothing for a turn without a clock (a bot's, a solo game's) or a game without a bank."""
    if game.move_deadline is None or not game.bank_days:
        return
    seat = next(s for s in seats if s.number == number)
    if seat.user is None:
        return
    left = timedelta(0)
    if game.turn_deadline is not None:
        clock = game.clock_for(seat.user, timezone.now())
        left = min(clock.bank, seat.bank_left(game))
    seat.bank_used = game.bank - left
    Seat.objects.filter(pk=seat.pk).update(bank_used=seat.bank_used)


def announce(game: Game, notice: str, *, but: User | None = None) -> None:
    """Put the notice ``notice`` about ``game`` to its players (all of them ``but`` one, who
    made it happen and sees it) in the outbox (sent after commit)."""
    notices.notice(game, notice, but=but)
    if notice == "game_started":
        announce_turn(game, None)


def announce_turn(game: Game, previous_turn_start, seats: list[Seat] | None = None) -> None:
    """Put the your-turn mail in the outbox if a new turn began (its start moved on);
    ``seats``, the game's seats with their players as the caller read them, if any."""
    if game.status == Game.Status.ACTIVE and game.turn_started_at != previous_turn_start:
        notices.turn(game, seats)


def schedule_bot_move(game: Game, seats: list[Seat]) -> None:
    """When the turn is a bot's (a computer player's seat, or a player's who left), enqueue
    its move after commit: ``games.tasks.play_bot`` with the game's version, after a short
    pause so that people can follow (see ``games.services.bots``)."""
    mover = next((s for s in seats if s.number == game.current_seat), None)
    if game.status == Game.Status.ACTIVE and mover is not None and mover.playing_level:
        enqueue_bot_move(game.pk, game.version)


def finish(game: Game, seats: list[Seat], *, reason: str = "") -> None:
    """Record final scores and places: the players who stayed in the engine's order
    (``places``, with the game's tie rule), players who left after them, the first to leave
    last. A game ended before the rules end it (``reason``, ``Game.end_reason``: its players
    voted to end it) counts the scores as they stand (``current_scores``, ``current_places``)
    and tells its players why."""
    rules = game.kind.engine
    scores = rules.current_scores(game.state) if reason else rules.scores(game.state)
    ranks = current_places(rules, game.state) if reason else rules.places(game.state)
    stayed = [s for s in seats if s.left_at is None]
    left = sorted((s for s in seats if s.left_at is not None), key=lambda s: s.left_at)
    for seat in stayed:
        seat.final_score = scores[seat.number]
        seat.place = 1 + sum(1 for o in stayed if ranks[o.number] < ranks[seat.number])
    for index, seat in enumerate(reversed(left)):
        seat.final_score = scores[seat.number]
        seat.place = len(stayed) + 1 + index
    Seat.objects.bulk_update(seats, ["final_score", "place"])
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.current_seat = None
    game.move_deadline = game.turn_deadline = game.reminder_due_at = None
    game.rounds = game.kind.score.rounds_played(game.kind.engine.observation(game.state, None))
    game.end_reason = reason
    record_result(game, seats)
    notices.notice(game, "game_finished", payload={"reason": reason} if reason else None)
    enqueue_review(game.pk)
