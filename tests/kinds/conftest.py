"""Random positions of random games of every registered kind, and everything the site shows
of one to each viewer: the play page and its htmx fragments for each seat, a watcher (dave) and
an anonymous visitor, the turn mail, the answer mail, the replay and the record.

``REDEAL`` gives, per game, another state that every viewer must see exactly alike: the hidden
things of the engine's private state dealt differently (read here, in a test, on purpose). A
page or mail that changes when only hidden things change leaks them.
"""

from __future__ import annotations

import random
import re

import pytest
from django.core.cache import cache
from django.test import Client

from games import services, tasks
from games.mails import game_context
from games.models import Game
from games.simulation import bot_action
from mailplay.replies import position_context
from notifications.emails import make_message
from tests.conftest import make_player

CSRF = re.compile(
    r'csrfmiddlewaretoken" value="[^"]*"'
    r'|"X-CSRFToken": "[^"]*"'
    r"|X-CSRFToken&quot;: &quot;[^&]*&quot;"
)
#: The poll token in the play page's poll URL, signed with the time the page was served.
POLL_TOKEN = re.compile(r"(/poll/\?version=\d+&amp;t=)[^\"]+")
HTMX = {"HX-Request": "true"}


def _redeal_africa(state: dict) -> dict:
    """Africa: the face-down markers dealt to the same cells in reverse order."""
    hidden = state["hidden"]
    cells = sorted(hidden)
    return {**state, "hidden": dict(zip(cells, reversed([hidden[c] for c in cells]), strict=True))}


def _redeal_africana(state: dict) -> dict:
    """Africana: the draw pile, the expedition pile and each book's never-seen cards in reverse
    order, and the removed C cards exchanged with the C cards still in the expedition pile."""
    pile = list(reversed(state["expedition_pile"]))
    removed = list(state["removed"])
    c_places = [i for i, card in enumerate(pile) if card.startswith("C")]
    for i, place in enumerate(c_places[: len(removed)]):
        pile[place], removed[i] = removed[i], pile[place]
    books = {}
    for name, book in state["books"].items():
        right, unseen = list(book["right"]), book["unseen"]
        if unseen:
            right[len(right) - unseen :] = reversed(right[len(right) - unseen :])
        books[name] = {**book, "right": right}
    return {
        **state,
        "draw_pile": list(reversed(state["draw_pile"])),
        "expedition_pile": pile,
        "removed": removed,
        "books": books,
    }


def _redeal_nile(state: dict) -> dict:
    """Source of the Nile: the draw pile reversed, another seed (other dice to come) and
    other scripted dice."""
    deck = state["deck"]
    return {
        **state,
        "seed": state["seed"] + 1,
        "dice": state["dice"][: state["dice_at"]] + [6, 6, 6],
        "deck": {**deck, "draw": list(reversed(deck["draw"]))},
    }


#: {game: function(state) -> the state with its hidden things dealt differently}.
REDEAL = {"africa": _redeal_africa, "africana": _redeal_africana, "nile": _redeal_nile}


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


@pytest.fixture
def players(db):
    return [make_player(f"p{n}@example.com", f"Player {n}") for n in range(1, 6)]


@pytest.fixture
def dave(db):
    return make_player("dave@example.com", "Dave")
