"""Replies written as a mail program would write them, and reading the mails the site sent.

Used by the mail tests of every game: ``answer_by_mail`` sends ``user``'s reply to their newest
mail through the same function the inbound mail command calls."""

import itertools
import random
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from games.models import Game
from mailplay.inbound import handle_message
from mailplay.parsing import parse_bytes
from tests.support.play import player_to_move

_counter = itertools.count()

#: Mails as mail programs write replies (tests/mailplay/mails/*.eml), each answering "start C2"
#: above a quoted mail or a signature that holds another action.
MAILS = Path(__file__).resolve().parents[1] / "mailplay" / "mails"
ALL_MAILS = sorted(path.name for path in MAILS.glob("*.eml"))
MAX_PLIES, MAX_LINES = 150, 5


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
    """The user whose turn it is in ``game``, read afresh from the database."""
    game.refresh_from_db()
    return player_to_move(game)


def position(engine, chance: random.Random):
    """A random position of a random game of ``engine`` that is not over: (state, seat)."""
    while True:
        players = chance.randint(engine.min_players, engine.max_players)
        state = engine.initial_state(num_players=players, seed=chance.randrange(10**6), options={})
        for _ply in range(chance.randint(0, MAX_PLIES)):
            if engine.is_terminal(state):
                break
            state = engine.apply(state, chance.choice(engine.legal_actions(state)))
        if not engine.is_terminal(state):
            return state, engine.current_player(state)


def script(engine, state, chance: random.Random, strays: list[str]) -> list[str]:
    """Up to MAX_LINES lines as a player would write them: mostly an action legal after the
    lines before (in ``state``'s game), sometimes a stray action; lower case."""
    lines = []
    for _line in range(chance.randint(1, MAX_LINES)):
        legal = engine.legal_actions(state) if not engine.is_terminal(state) else []
        if legal and chance.random() < 0.75:
            action = chance.choice(legal)
            state = engine.apply(state, action)
        else:
            action = chance.choice(strays)
        lines.append(action.lower())
    return lines


def play_by_mail(game: Game, mailoutbox, capture, choose, max_replies: int) -> Game:
    """Play ``game`` to its end (or ``max_replies`` replies) by mail: each time, the player to
    move answers their newest mail with ``choose(game, mail)``, which must be applied.
    Returns the game as it is then."""
    for _reply in range(max_replies):
        if game.status != Game.Status.ACTIVE:
            break
        user = mover(game)
        action = choose(game, last_mail_to(mailoutbox, user))
        outcome = answer_by_mail(mailoutbox, user, action, capture)
        assert outcome.status == "applied", (action, outcome.error)
        game.refresh_from_db()
    return game
