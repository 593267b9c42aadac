"""The Source of the Nile's camp step on the play page: its choices in sections under headings
(travelling, which starts the move, first and filled; party, cargo and the end outlined), and
the map's legend open on the first round."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game

pytestmark = pytest.mark.django_db


def _in_camp(user) -> Game:
    """A solo game at the camp step in Lagos, with two bearers and ten rations."""
    game = services.create_game(user, engine="nile", num_players=1, seed=2)
    for action in ("profession explorer", "sail lagos", "hire bearer 2", "buy rations 10", "end"):
        game = services.submit_action(game, user, action, game.version)
    return game


def test_the_camp_choices_come_in_sections_with_travelling_set_apart(alice, client):
    game = _in_camp(alice)
    client.force_login(alice)

    page = client.get(game.get_absolute_url()).content.decode()

    panel = page.split('id="actions-heading"')[1].split('class="players"')[0]
    headings = [part.split(">", 1)[1].split("<")[0] for part in panel.split("<h3")[1:]]
    assert headings[0] == "Move: choosing how to travel starts your move"
    assert "Your party" in headings and "Your cargo" in headings
    move = panel.split('class="nile-choices nile-move"')[1].split("</section>")[0]
    party = panel.split('class="nile-choices nile-party"')[1].split("</section>")[0]
    assert 'value="level normal' in move and 'class="secondary"' not in move
    assert "dismiss bearer" in party and 'class="secondary"' in party
    assert "nile.css" in page


def test_the_legend_is_open_on_the_first_round_only(alice, client):
    first = services.create_game(alice, engine="nile", num_players=1, seed=2)
    later = _in_camp(alice)
    client.force_login(alice)

    assert (
        '<details class="legend-box" open>' in client.get(first.get_absolute_url()).content.decode()
    )
    assert '<details class="legend-box">' in client.get(later.get_absolute_url()).content.decode()
