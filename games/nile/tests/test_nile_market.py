"""The Source of the Nile market form: hires and purchases of several kinds in one form, all
applied in order or none, with a clear error when one does not fit."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.models import Game

pytestmark = pytest.mark.django_db


def _in_port(user) -> Game:
    game = services.create_game(user, engine="nile", num_players=1, seed=2)
    for action in ("profession explorer", "sail lagos"):
        game = services.submit_action(game, user, action, game.version)
    return game


def test_the_port_page_shows_one_market_form_with_prices_and_totals(alice, client):
    game = _in_port(alice)
    client.force_login(alice)

    page = client.get(game.get_absolute_url()).content.decode()

    assert 'class="market-form"' in page
    assert 'name="qty:hire bearer"' in page and 'name="qty:buy rations"' in page
    assert 'data-cash="' in page and "Load on foot: 0 of 10." in page
    assert "games/nile/market.js" in page


def test_a_market_form_hires_and_buys_everything_at_once(alice, client):
    game = _in_port(alice)
    client.force_login(alice)
    cash = game.state["players"][0]["cash"]

    client.post(
        reverse("game_act_batch", args=[game.code]),
        {"version": game.version, "qty:hire bearer": "2", "qty:buy rations": "20"},
    )

    game.refresh_from_db()
    explorer = game.state["players"][0]["explorer"]
    assert explorer["people"]["bearer"]["healthy"] == 2
    assert explorer["goods"]["rations"] == 20
    assert [m.action for m in game.moves.order_by("version")][-2:] == [
        "hire bearer 2",
        "buy rations 20",
    ]
    assert game.state["players"][0]["cash"] < cash


def test_a_market_form_over_the_load_changes_nothing_and_says_why(alice, client):
    game = _in_port(alice)
    client.force_login(alice)
    version = game.version

    response = client.post(
        reverse("game_act_batch", args=[game.code]),
        {"version": version, "qty:hire bearer": "1", "qty:buy rations": "100"},
        follow=True,
    )

    game.refresh_from_db()
    assert game.version == version
    assert game.state["players"][0]["explorer"]["people"]["bearer"]["healthy"] == 0
    messages = [str(m) for m in response.context["messages"]]
    assert len(messages) == 1
    assert "buy rations 100" in messages[0] and "beyond your cash, goods or load" in messages[0]


def test_an_empty_market_form_says_so(alice, client):
    game = _in_port(alice)
    client.force_login(alice)

    response = client.post(
        reverse("game_act_batch", args=[game.code]),
        {"version": game.version, "qty:hire bearer": "0"},
        follow=True,
    )

    assert [str(m) for m in response.context["messages"]] == ["Choose at least one quantity."]
