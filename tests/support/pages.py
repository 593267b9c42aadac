"""Random positions of random games of every registered kind, and everything the site shows
of one to each viewer: the play page and its htmx fragments for each seat, a watcher (dave) and
an anonymous visitor, the turn mail, the answer mail, the replay and the record.

``REDEAL`` gives, per game (its ``testing`` module), another state that every viewer must see
exactly alike: the hidden things of the engine's private state dealt differently (read in a
test, on purpose). A page or mail that changes when only hidden things change leaks them.
"""

from __future__ import annotations

import random
import re

from django.core.cache import cache
from django.test import Client

from games import services, tasks
from games.models import Game
from games.simulation import bot_action
from mailplay.mails import game_context
from mailplay.replies import position_context
from notifications.emails import make_message
from tests.support.hidden import TESTING

CSRF = re.compile(
    r'csrfmiddlewaretoken" value="[^"]*"'
    r'|"X-CSRFToken": "[^"]*"'
    r"|X-CSRFToken&quot;: &quot;[^&]*&quot;"
)
#: The poll token in the play page's poll and stream URLs, signed with the time the page was
#: served and the viewer's session.
POLL_TOKEN = re.compile(r'(data-(?:poll|stream)="[^"]*\?t=)[^"&]+')
HTMX = {"HX-Request": "true"}


#: {game: function(state) -> the state with its hidden things dealt differently}.
REDEAL = {name: testing.redeal for name, testing in TESTING.items()}


def random_game(
    kind, players, watcher, rng: random.Random, plies: int, bots: int = 0, level: str = "easy"
) -> Game:
    """A public game of ``kind`` between ``players`` and ``bots`` computer players of
    ``level``, ``plies`` actions in (the people's by the engine's bot with ``rng``, the
    computer players' through their task), or fewer if it ends before."""
    game = services.create_game(
        players[0],
        engine=kind.name,
        num_players=len(players) + bots,
        public=True,
        seed=rng.getrandbits(32),
        bots=bots,
        bot_level=level,
    )
    for user in players[1:]:
        services.join_game(game, user)
    game.refresh_from_db()
    by_seat = {seat.number: seat.user for seat in game.seats.all()}
    for _ply in range(plies):
        if game.status != Game.Status.ACTIVE:
            break
        if by_seat[game.current_seat] is None:
            assert tasks.play_bot.apply(args=(game.pk, game.version)).get()
            game.refresh_from_db()
            continue
        action = bot_action(game, rng)
        game = services.submit_action(game, by_seat[game.current_seat], action, game.version)
    return game


def _mail_text(message) -> str:
    html = message.alternatives[0][0] if message.alternatives else ""
    return "\n".join([message.subject, message.body, html])


def everything_shown(game: Game, viewers: dict) -> dict[str, list[str]]:
    """{viewer: [each text the site serves them about ``game``]} (csrf and poll tokens left
    out).

    ``viewers`` is {name: user or None}. Pages come from a fresh cache, so that a fragment
    cached for the same version is not served instead of rendering it again."""
    cache.clear()
    game.refresh_from_db()
    shown = {}
    for name, user in viewers.items():
        client = Client()
        if user is not None:
            client.force_login(user)
        url = game.get_absolute_url()
        texts = [
            client.get(url).content.decode(),
            client.get(url, headers=HTMX).content.decode(),
            client.get(f"{url}poll/", {"version": 0}, headers=HTMX).content.decode(),
            client.get(f"{url}?log=all", headers=HTMX).content.decode(),
            str(client.get(f"/archive/{game.code}/").status_code),
            str(client.get(f"/archive/{game.code}.json").status_code),
        ]
        seat = game.seats.filter(user=user).first() if user is not None else None
        if seat is not None:
            names = [s.name for s in game.seats.order_by("number")]
            context = game_context(game, user) | position_context(game, seat, names)
            texts.append(_mail_text(make_message("your_turn", user, context)))
            answer = {"status": "applied", "applied": [], **position_context(game, seat, names)}
            texts.append(_mail_text(make_message("play_answer", user, answer | {"game": game})))
        shown[name] = [POLL_TOKEN.sub(r"\1", CSRF.sub("", text)) for text in texts]
    return shown
