"""What mails about a position say: the board (as text and as a picture), the legal actions
in the move notation, the question of a pending decision, and the answer to a player's reply.

The game's kind words all of it (``games.kinds``) from ``engine.observation(state, viewer)``
and ``legal_actions`` (only for the player to move): nothing hidden is read here.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.utils import translation

from games.kinds.board import board_seats
from games.models import Game, Seat
from mailplay.links import answer_links, turn_links
from mailplay.tokens import reply_address
from notifications.emails import absolute_url

logger = logging.getLogger(__name__)

#: At most this many actions are listed one per line with their words; more are grouped.
LABELLED_ACTIONS = 12


def position_context(game: Game, seat: Seat, names: list[str]) -> dict:
    """What a mail about ``game`` shows ``seat``'s player, in the active language.

    Returns {"board_text", "legend", "players" [(mark, name)] (who P1, P2, ... of the text
    board are), "board" (the context of the board picture, ``kind.board.mail_context``: only
    when settings.MAIL_BOARD_PICTURES is on, as only then do mails show it), "scores"
    [(name, points)], and when it is the seat's turn: "question" (or None), "actions"
    [(action, words)] or [], "action_groups" [str] (the kind's ``group_actions``), "example"
    (a legal action, the kind's ``example_action``), "reply_to" (the reply address for the
    game's current version)}."""
    kind = game.kind
    rules = kind.engine
    observation = rules.observation(game.state, seat.number)
    seats = sorted(game.seats_with_users(), key=lambda s: s.number)
    scores = kind.score.scores(observation)
    context = {
        "kind": kind,
        "board_text": kind.mail.board_text(observation),
        "legend": kind.mail.legend(),
        "scores": [(names[s.number], scores[s.number]) for s in seats],
        "players": [(f"P{s.number + 1}", names[s.number]) for s in seats],
        "my_turn": False,
        "game_url": absolute_url(game.get_absolute_url()),
    }
    if settings.MAIL_BOARD_PICTURES:  # building it costs as much as the rest of the position
        context["board"] = kind.board.mail_context(observation, board_seats(seats), seat.number)
    if game.status == Game.Status.ACTIVE and game.current_seat == seat.number:
        legal = rules.legal_actions(game.state)
        context.update(
            {
                "my_turn": True,
                "question": kind.mail.question(observation),
                "actions": [(a, kind.page.action_label(a, observation, names)) for a in legal]
                if len(legal) <= LABELLED_ACTIONS
                else [],
                "action_groups": kind.mail.group_actions(legal),
                "example": kind.mail.example_action(legal) if legal else "",
                "reply_to": reply_address(game.pk, seat.number, game.version),
            }
        )
    return context


def turn_mail_context(game: Game, seat: Seat, names: list[str]) -> dict:
    """What a your-turn mail adds for playing by email, in the player's language: the position
    (``position_context``, with the reply address as "reply_to"), "mail_links", the
    one-click links (``links.turn_links``), and "answer_links", the question's one-click
    answers (``links.answer_links``)."""
    with translation.override(seat.user.language):
        context = position_context(game, seat, names)
    context["mail_links"] = turn_links(seat, game)
    context["answer_links"] = answer_links(seat, game, context)
    return context
