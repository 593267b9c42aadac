"""Words of the play page that depend on the game: its name in the reader's language and what
its seed shuffled or drew."""

import random

import pytest

from games.kinds import all_kinds
from games.simulation import play_game

pytestmark = pytest.mark.django_db


def test_the_niles_page_is_titled_in_dutch_for_a_dutch_reader(client, alice, bob):
    game = play_game([alice, bob], rng=random.Random(1), engine="nile", plies=0)
    alice.language = "nl"
    alice.save()
    client.force_login(alice)

    html = client.get(game.get_absolute_url()).content.decode()

    assert "Bron van de Nijl" in html.split("</h1>")[0]
    assert "Source of the Nile" not in html.split("</h1>")[0]


@pytest.mark.parametrize("kind", all_kinds(), ids=lambda kind: kind.name)
def test_each_game_says_what_its_seed_shuffled(client, alice, bob, kind):
    game = play_game([alice, bob], rng=random.Random(1), engine=kind.name, plies=0)
    client.force_login(alice)

    fairness = client.get(game.get_absolute_url()).content.decode().split('class="fairness"')[1]

    assert str(kind.page.shuffled) in fairness
    assert ("markers" in fairness) == (kind.name == "africa")
