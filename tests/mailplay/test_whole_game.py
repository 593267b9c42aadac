"""A whole game played by email replies alone: each player reads the actions their newest
mail lists and answers with one of them, as a person without the web site would (seed 2024
for the game, 7 for the players' random travels)."""

import random

import pytest

from games.models import Game
from tests.support.mail import play_by_mail
from tests.support.play import AFRICA_ONLY

pytestmark = pytest.mark.django_db

MAX_REPLIES = 600


def listed_actions(body: str) -> list[str]:
    """The actions a mail lists under "What you can do", in the move notation."""
    lines = body.split("What you can do")[1].split("\n")[1:]
    actions = []
    for line in lines:
        if not line.strip():
            break
        if "  (" in line:  # one action with its words
            actions.append(line.split("  (")[0].strip())
            continue
        keyword, _sep, rest = line.strip().partition(" ")
        if not rest:
            actions.append(keyword)
        elif "," in rest or keyword in ("swap", "animal", "nomad"):
            actions.extend(f"{keyword} {argument}" for argument in rest.split(", "))
        else:
            actions.extend(f"{keyword} {argument}" for argument in rest.split())
    return actions


def choose(actions: list[str], chance: random.Random) -> str:
    """Settle a decision, else uncover, else travel somewhere at random (a fixed seed), else
    start or end the turn."""
    for keywords in (("place",), ("keep",), ("uncover",), ("move", "anywhere"), ("start",)):
        wanted = [action for action in actions if action.split()[0] in keywords]
        if wanted:
            return chance.choice(wanted) if len(keywords) > 1 else wanted[0]
    return "end"


@AFRICA_ONLY
def test_a_two_player_game_is_played_to_its_end_by_email(
    duel, mailoutbox, django_capture_on_commit_callbacks, settings
):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"mail_reply_game": f"{MAX_REPLIES}/h"}
    chance = random.Random(7)
    duel = play_by_mail(
        duel,
        mailoutbox,
        django_capture_on_commit_callbacks,
        lambda _game, mail: choose(listed_actions(mail.body), chance),
        MAX_REPLIES,
    )

    assert duel.status == Game.Status.FINISHED
    assert not duel.moves.filter(automatic=True).exists()
    assert sorted(duel.seats.values_list("place", flat=True))[0] == 1
