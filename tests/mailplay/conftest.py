"""Playing by email: a started duel between alice and bob, and replies written as a mail
program would write them. Only the seat's own player may move by mail; carol is a stranger
to every game."""

import itertools
from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from games import services
from games.models import Game
from mailplay.inbound import handle_message
from mailplay.parsing import parse_bytes
from tests.games.conftest import player_to_move

_counter = itertools.count()


@pytest.fixture
def duel(alice, bob, django_capture_on_commit_callbacks, mailoutbox) -> Game:
    """A running 2-player game (seed 2024); the first your-turn mail has gone out."""
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, num_players=2, seed=2024)
        services.join_game(game, bob)
    game.refresh_from_db()
    return game


def last_mail_to(mailoutbox, user):
    """The newest mail sent to ``user``."""
    return [m for m in mailoutbox if m.to == [user.email]][-1]


def reply_to(mail) -> str:
    """The Reply-To address of a sent mail."""
    [address] = mail.reply_to
    return address


def compose(to: str, body: str, *, sender: str, subject: str = "Re: Your turn") -> bytes:
    """A plain-text reply as raw bytes, with a fresh Message-ID."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(f"test{next(_counter)}", "mail.example.com")
    message.set_content(body)
    return message.as_bytes()


def answer_by_mail(mailoutbox, user, body: str, capture, *, sender: str | None = None):
    """``user`` replies ``body`` to their newest mail; returns the Outcome."""
    raw = compose(reply_to(last_mail_to(mailoutbox, user)), body, sender=sender or user.email)
    with capture(execute=True):
        return handle_message(parse_bytes(raw))


def mover(game: Game):
    game.refresh_from_db()
    return player_to_move(game)
