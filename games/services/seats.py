"""The writers that keep a table alive after a player is gone: a newcomer takes over the seat a
bot plays for a player who left, and the players still in a game vote to end it with the
scores as they stand.

Each public function runs in one transaction with the game row locked, re-reads the game and
its seats and checks everything before it changes anything; a refused request raises a
``GameError`` a player can read and changes nothing. Two newcomers who ask for the same seat
at once are served one after the other: the first takes it, the second is told it is taken.
"""

from __future__ import annotations

import random
import secrets
import time

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import notices
from games.models import END_AT_CLOSE, END_BY_VOTE, TAKEOVER_LEVEL, Game, Move, Seat, bot_name
from games.queries import (
    TAKEOVER_BEFORE,
    VOTE_END_PLAYERS,
    ends_by_vote,
    game_progress,
    offered,
)
from games.services.common import GameError, locked, require_active
from games.services.play import announce_turn, finish, open_turn


@transaction.atomic
def take_over_seat(game: Game, user: User, number: int) -> Seat:
    """Seat ``user`` in place of the bot that plays seat ``number`` of ``game`` for a player
    who left; returns the seat, now ``user``'s.

    Steps: lock the game and read its seats; check the game runs and is open to anyone (not
    by invitation only), the seat is offered
    (``offered``), the game is less than half played (``TAKEOVER_BEFORE``), ``user`` has no
    seat in it and left none of it (the player who left may not take a seat back: no dodging
    a timeout); hand the seat over with its holdings (the position does not change, only who
    plays it), remembering the player who left (``Seat.substitute_for``: the newcomer is not
    rated for the game); bump the version (a bot's move queued for the seat finds the game
    moved on); start the newcomer's deadline when it is their turn; tell the other players.

    Raises GameError for each refusal above, and when someone took the seat first."""
    game = locked(game)
    require_active(game)
    seats = list(game.seats.select_related("user"))
    seat = next((s for s in seats if s.number == number), None)
    if seat is None or seat.is_bot:
        raise GameError(_("There is no seat to take over here."))
    if game.invite_only:
        raise GameError(_("This game is by invitation only."))
    if seat.user_id == user.pk or seat.substitute_for_id == user.pk:
        raise GameError(_("You left this seat: you cannot take it back in this game."))
    if any(s.substitute_for_id == user.pk for s in seats):
        raise GameError(_("You left this game: you cannot come back to it."))
    if any(s.user_id == user.pk for s in seats):
        raise GameError(_("You already play in this game."))
    if not offered(seat):
        raise GameError(_("Someone else has just taken over this seat."))
    if game_progress(game) >= TAKEOVER_BEFORE:
        raise GameError(_("Half of this game is played: its seats are no longer offered."))
    robot = bot_name(TAKEOVER_LEVEL, seat.number)
    seat.substitute_for_id, seat.user = seat.user_id, user
    seat.left_at = seat.extension_taken_at = seat.last_seen_at = None
    seat.taken_over = seat.abort_vote = seat.end_vote = False
    seat.consecutive_timeouts = 0
    seat.joined_at = timezone.now()
    turn = game.turn_started_at
    game.version += 1
    seat.substituted_version = game.version
    seat.save()
    if game.current_seat == seat.number:
        open_turn(game, seats)
    game.save()
    payload = {"newcomer": user.display_name, "robot": robot, "seat": seat.number}
    notices.notice(game, "seat_taken", but=user, payload=payload)
    announce_turn(game, turn)
    return seat


@transaction.atomic
def vote_end(game: Game, user: User, vote: bool = True) -> Game:
    """``user`` votes (``vote``) to end ``game`` with the current scores as the final ones,
    or withdraws their vote (``vote`` False); returns the game.

    A game of VOTE_END_PLAYERS or more ends when all its active players (people still in it,
    not those who left) but one have voted: the engine's ``current_scores`` become the final
    scores and its ``current_places`` the places (players who left rank after, as in any
    finish), the game is rated like any finished game and everyone is told why
    (``Game.end_reason``). The votes of players who left do not count.

    A vote that does not end the game keeps the version (as a vote to call off does): it
    shows on the pages at their next change, and leaves the mover's page and turn mail
    valid. Raises GameError when the game is not running, has fewer than VOTE_END_PLAYERS
    seats, or ``user`` is not an active player of it."""
    game = locked(game)
    require_active(game)
    if game.num_players < VOTE_END_PLAYERS:
        raise GameError(_("Only a game of three or more players can be ended by a vote."))
    seats = list(game.seats.select_related("user"))
    mine = next((s for s in seats if s.user_id == user.pk and s.left_at is None), None)
    if mine is None:
        raise GameError(_("You do not play in this game."))
    if mine.end_vote != vote:
        mine.end_vote = vote
        mine.save(update_fields=["end_vote"])
    if vote and ends_by_vote(game, seats):
        finish(game, seats, reason=END_BY_VOTE)
        game.version += 1
        game.save()
    return game


@transaction.atomic
def play_to_end(game: Game, level: str, seconds: float) -> bool:
    """Let the bot of ``level`` play every seat of the running ``game`` to its end, at once;
    returns whether it did. Made for a competition that closes (a league's season).

    Steps: lock the game; let the bot choose for the seat to move from that seat's
    observation only, as ``bots.decide`` does, apply, and go on until the game is over; if
    that took more than ``seconds`` (wall time), nothing is kept and False is returned (the
    caller may ``end_now``); else the moves are stored as automatic moves made at the close
    (the log shows them as the bot's; reliability does not count them), and the game
    finishes as any game does (places, rating, review,
    the players told). Returns False for a game that is not running."""
    game = locked(game)
    if game.status != Game.Status.ACTIVE:
        return False
    rules = game.kind.engine
    rng = random.Random(secrets.randbits(64))
    extra = {}
    if level == "hard" and settings.BOT_HARD_ITERATIONS:
        extra["iterations"] = settings.BOT_HARD_ITERATIONS
    state, played = game.state, []
    give_up = time.monotonic() + seconds
    while not rules.is_terminal(state):
        if time.monotonic() > give_up:
            return False
        number = rules.current_player(state)
        legal = rules.legal_actions(state)
        action = rules.choose(rules.observation(state, number), legal, rng, level, **extra)
        state = rules.apply(state, action)
        played.append((number, action, state["events"]))
    Move.objects.bulk_create(
        Move(
            game=game,
            version=game.version + index,
            seat=number,
            action=action,
            events=events,
            automatic=True,
            at_close=True,
        )
        for index, (number, action, events) in enumerate(played, start=1)
    )
    game.version += len(played)
    game.state = state
    finish(game, list(game.seats.select_related("user")))
    game.save()
    return True


@transaction.atomic
def end_now(game: Game) -> bool:
    """End the running ``game`` with the scores as they stand (``current_scores``, as a vote
    to end it does), for a competition that closes; ``Game.end_reason`` says so. Returns
    False for a game that is not running."""
    game = locked(game)
    if game.status != Game.Status.ACTIVE:
        return False
    finish(game, list(game.seats.select_related("user")), reason=END_AT_CLOSE)
    game.version += 1
    game.save()
    return True
