"""What each mail about a game says: the mail channel's composers of the events the games tell
(``notifications.events``), registered with the outbox when play by mail is ready.

The games only say what happened (``games.notices``). The composers below run when a row is
sent, re-read the game and decide then: a turn mail for a turn that moved on is closed ("moved
on"), one for a player looking at the game is put off until they have neither acted nor looked
for TURN_MAIL_IDLE_MINUTES, and the player's choices (``notifications.preferences``) are read at
that moment. They live with play by mail, which owns the reply addresses and one-click links
the turn, the reminder and the digest carry.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models import Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from accounts.models import User
from games.annotations import header_notes
from games.context_processors import games_waiting_for
from games.models import Game, Invitation, Seat
from games.scoresheet import final_breakdown
from mailplay.links import link_url
from mailplay.replies import position_context, turn_mail_context
from notifications import push
from notifications.boardimage import attach_board
from notifications.emails import absolute_url
from notifications.events import NEWS
from notifications.models import OutboundMail
from notifications.outbox import Close, Defer, Draft, composer
from notifications.preferences import wants
from talk.mail import chat_for_mail

# The badge of every push: the games waiting for the player, as the site's header counts them.
push.counts_games_waiting(games_waiting_for)


def game_context(game: Game, user: User) -> dict:
    """What every mail about ``game`` to ``user`` shows: the game and its link, the seats, the
    opponents' names, ``user``'s seat, every seat's name by number, and what other apps say
    of the game (``game_notes``: ``games.annotations.header_notes``, a league's name)."""
    seats = game.seats_with_users()
    names = [seat.name for seat in sorted(seats, key=lambda s: s.number)]
    mine = next((seat for seat in seats if seat.user_id == user.pk), None)
    return {
        "game": game,
        "game_url": absolute_url(game.get_absolute_url()),
        "opponents": [seat.name for seat in seats if seat.user_id != user.pk],
        "seats": seats,
        "seat": mine,
        "names": names,
        "game_notes": header_notes(game),
    }


def news_since_last_turn(game: Game, seat: Seat, names: list[str]) -> list[str]:
    """The log in words since ``seat``'s last own move, oldest first (at most 40 lines)."""
    moves = game.moves.filter(taken_back=False)
    last_own = (
        moves.filter(seat=seat.number, automatic=False).order_by("-version").values("version")
    )
    moves = moves.filter(version__gt=Coalesce(Subquery(last_own[:1]), Value(-1)))  # one query
    describe = game.kind.log.describe
    lines = []
    for move in moves.order_by("-version")[:40]:
        lines[:0] = [text for event in move.events if (text := describe(event, names))]
    return lines


def _turn_seat(row) -> Seat | Close:
    """The seat whose turn ``row`` is about, or why the row lost its purpose."""
    game = row.game
    if game is None or game.status != Game.Status.ACTIVE or game.version != row.version:
        return Close("moved on")
    seat = next((s for s in game.seats_with_users() if s.number == game.current_seat), None)
    if seat is None or seat.user_id != row.user_id:
        return Close("moved on")
    if seat.left_at is not None or not wants(seat.user, row.template, row.channel):
        return Close("not wanted")
    return seat


@composer("your_turn")
def compose_turn(row) -> Draft | Close | Defer:
    """Your turn: the news since the player's last move, the position and how to reply. Put off
    while the player looks at the game (their last visit is younger than
    TURN_MAIL_IDLE_MINUTES)."""
    seat = _turn_seat(row)
    if isinstance(seat, Close):
        return seat
    if _answered_at(row):
        return Close("answered")
    idle = timedelta(minutes=settings.TURN_MAIL_IDLE_MINUTES)
    if seat.last_seen_at is not None and seat.last_seen_at > timezone.now() - idle:
        return Defer(seat.last_seen_at + idle)
    context = game_context(row.game, seat.user)
    context["news"] = news_since_last_turn(row.game, seat, context["names"])
    context["chat"] = chat_for_mail(row.game, seat)  # what was said since the last visit
    context.update(turn_mail_context(row.game, seat, context["names"]))
    return with_board(Draft(context))


def _answered_at(row) -> bool:
    """Whether the player of the turn mail ``row`` gets the position of this turn, with a reply
    address, in the answer to their emailed reply (the turn came back to them after it): an
    answer still to be sent (it shows the game as it is when sent), or sent since the turn
    began. Then the turn mail would say it twice."""
    answers = OutboundMail.objects.filter(
        template="play_answer", game_id=row.game_id, seat=row.seat, user_id=row.user_id
    ).exclude(payload__status="refused")
    return answers.filter(
        Q(status=OutboundMail.Status.PENDING)
        | Q(status=OutboundMail.Status.SENT, sent_at__gte=row.created_at)
    ).exists()


@composer("reminder")
def compose_reminder(row) -> Draft | Close:
    """The reminder at 80 % of the time for the move: the position, the actions, the reply
    address and the one-click links (more time among them). Closed when the deadline has
    passed (a late sweep claims the reminder and the timeout together): the timeout notice
    says what happened instead."""
    seat = _turn_seat(row)
    if isinstance(seat, Close):
        return seat
    deadline = row.game.turn_deadline
    if deadline is None or deadline <= timezone.now():
        return Close("deadline passed")
    context = game_context(row.game, seat.user)
    context.update(turn_mail_context(row.game, seat, context["names"]))
    return with_board(Draft(context))


@composer(*NEWS)
def compose_notice(row) -> Draft | Close:
    """A notice about the game (started, finished, aborted, a turn timed out, a seat taken
    over by a bot or by a newcomer); the finished mail carries the player's rating change,
    and why the game ended when its players voted to end it (``news``, the row's payload)."""
    if row.game is None:
        return Close("moved on")
    if not wants(row.user, row.template, row.channel):
        return Close("not wanted")
    context = game_context(row.game, row.user)
    context["news"] = row.payload or {}  # what the notice says beyond the game
    if row.template == "game_finished":
        context["rating"] = row.user.rating_changes.filter(game=row.game).first()
        context["breakdown"] = final_breakdown(row.game)
        context["seats"] = sorted(context["seats"], key=lambda s: (s.place or 99, s.number))
    return Draft(context)


@composer("invitation")
def compose_invitation(row) -> Draft | Close:
    """An invitation to an open game, with its one-click accept link."""
    invitation = (
        Invitation.objects.select_related("game", "invited_by")
        .filter(pk=row.payload.get("invitation"))
        .first()
    )
    if invitation is None or invitation.game.status != Game.Status.OPEN:
        return Close("moved on")
    if not wants(row.user, row.template, row.channel):
        return Close("not wanted")
    return Draft(
        {
            "game": invitation.game,
            "game_url": absolute_url(invitation.game.get_absolute_url()),
            "host": invitation.invited_by.display_name,
            "accept_url": link_url("accept", invitation.pk),
        }
    )


@composer("daily_digest")
def compose_digest(row) -> Draft | Close:
    """Every game waiting for the player's move, most urgent first; its Reply-To is the reply
    address of the first game, and each game shows its own address."""
    user = row.user
    if not wants(user, row.template, row.channel):
        return Close("not wanted")
    games = list(
        Game.objects.awaiting_move_by(user)
        .prefetch_related("seats__user")
        .order_by("turn_deadline")
    )
    if not games:
        return Close("moved on")
    entries = [_digest_entry(game, user) for game in games]
    # Reply goes to the most urgent game's address; each game lists its own as well.
    draft = Draft({"games": entries, "reply_to": entries[0].get("reply_to", "")})
    for entry in draft.context["games"]:
        attach_board(draft, entry, content_id=f"board-{entry['game'].pk}")
    return draft


def _digest_entry(game: Game, user: User) -> dict:
    """One game of the digest: its link and opponents, and the position, the actions and the
    reply address of the game (``position_context``) to play it by mail."""
    seats = sorted(game.seats.all(), key=lambda s: s.number)
    names = [s.name for s in seats]
    mine = next(s for s in seats if s.user_id == user.pk)
    return {
        **position_context(game, mine, names),
        "game": game,
        "url": absolute_url(game.get_absolute_url()),
        "opponents": [s.name for s in seats if s.user_id != user.pk],
        "chat": chat_for_mail(game, mine),  # what was said since the last visit
    }


def with_board(draft: Draft) -> Draft:
    """``draft`` with the picture of its board attached inline (``boardimage``)."""
    attach_board(draft, draft.context)
    return draft
