"""A whole Africana game played by email replies alone: each player reads the actions their
newest mail lists and answers with one of them (the one the engine's bot would pick from that
player's own view, which must be among those listed), seed 2024 for the game."""

import random

import pytest

from games import services
from games.engines import get_engine
from games.models import Game
from tests.support.mail import last_mail_to, play_by_mail

pytestmark = pytest.mark.django_db

MAX_REPLIES = 1500
ENGINE = get_engine("africana")


def listed_actions(body: str) -> list[str]:
    """The actions a mail lists under "What you can do", in the move notation: one a line
    with its words, or grouped ("go kairo orange, joker", "discard gray, joker")."""
    lines = body.split("What you can do")[1].split("\n")[1:]
    actions = []
    for line in lines:
        if not line.strip():
            break
        if "  (" in line:
            actions.append(line.split("  (")[0].strip())
            continue
        keyword, _sep, rest = line.strip().partition(" ")
        if keyword == "go":
            location, _sep, rest = rest.partition(" ")
            keyword = f"go {location}"
        arguments = rest.split(", ") if rest else []
        if arguments:
            actions.extend(f"{keyword} {a}" for a in arguments)
        else:
            actions.append(keyword)
    return actions


@pytest.fixture
def africana_duel(alice, bob, django_capture_on_commit_callbacks, mailoutbox) -> Game:
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, engine="africana", num_players=2, seed=2024)
        services.join_game(game, bob)
    game.refresh_from_db()
    return game


def test_a_two_player_africana_game_is_played_to_its_end_by_email(
    africana_duel, mailoutbox, django_capture_on_commit_callbacks, settings
):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"mail_reply_game": f"{MAX_REPLIES}/h"}
    chance = random.Random(7)

    def choose(game, mail):
        listed = listed_actions(mail.body)
        assert sorted(listed) == ENGINE.legal_actions(game.state)
        observation = ENGINE.observation(game.state, game.current_seat)
        return ENGINE.choose(observation, listed, chance)

    game = play_by_mail(
        africana_duel, mailoutbox, django_capture_on_commit_callbacks, choose, MAX_REPLIES
    )

    assert game.status == Game.Status.FINISHED
    assert not game.moves.filter(automatic=True).exists()
    assert sorted(game.seats.values_list("place", flat=True))[0] == 1
    final = last_mail_to(mailoutbox, game.seats.get(number=0).user)
    assert "Africana" in final.subject or "Africana" in final.body
