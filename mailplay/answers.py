"""The answer to an emailed reply: the call that puts it in the outbox, and its composer.

``queue_answer`` is called by ``mailplay.inbound`` inside the transaction of the moves it
applied; ``compose_answer`` builds the mail when the outbox sends it, with the game as it is
then. Answers are not held back by quiet hours: the player just wrote.
"""

from __future__ import annotations

import hashlib

from accounts.models import User
from games.models import Game, Seat
from mailplay.mails import with_board
from mailplay.replies import position_context
from notifications import outbox
from notifications.outbox import Draft, composer


def queue_answer(user: User, outcome, game: Game | None, seat: Seat | None, thread) -> None:
    """The answer to ``user``'s emailed reply (``emails/play_answer-*``), threaded under it:
    ``outcome`` (a mailplay.inbound.Outcome: status "applied", "partial", "rejected", "stale"
    or "refused", the actions applied, the error as a sentence in the user's language, the
    address of the rule that forbids the failed line, the failed line, the lines not applied),
    and the position of ``game`` from ``seat``'s view as it is when the answer is sent.
    ``thread`` (a mailplay.inbound.Thread) names the reply: one answer per reply.
    Answers are not held back by quiet hours."""
    digest = hashlib.sha256(thread.message_id.encode()).hexdigest()[:40]
    outbox.queue(
        f"answer:{digest}",
        user,
        "play_answer",
        game=game,
        version=game.version if game is not None else None,
        seat=seat.number if seat is not None else None,
        payload={
            "status": outcome.status,
            "applied": list(outcome.applied),
            "error": str(outcome.error),
            "rule": outcome.rule,
            "failed_line": outcome.failed_line,
            "not_applied": list(outcome.not_applied),
            "in_reply_to": thread.header,
        },
    )


@composer("play_answer", quiet_hours=False)
def compose_answer(row) -> Draft:
    """The answer to an emailed reply: what was applied or what was wrong, and the game now
    (with a fresh reply address, unless the reply was refused), threaded under the reply."""
    payload = dict(row.payload)
    in_reply_to = payload.pop("in_reply_to", "")
    context = {"status": payload["status"], "outcome": payload, "applied": payload["applied"]}
    game = row.game
    if game is not None and row.seat is not None:
        seats = game.seats_with_users()
        seat = next((s for s in seats if s.number == row.seat), None)
        if seat is not None:
            names = [s.name for s in seats]
            context.update(position_context(game, seat, names))
            context["game"] = game
            if payload["status"] == "refused":
                context["reply_to"] = ""
    headers = {"In-Reply-To": in_reply_to, "References": in_reply_to} if in_reply_to else {}
    return with_board(Draft(context, headers=headers))
