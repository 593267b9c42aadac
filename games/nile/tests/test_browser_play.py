"""Source of the Nile played by clicking in Chromium: a solo game to its end and a 2-player
game of 10 rounds, each action a click on a map hex, a button or a choice of quantity."""

import random

import pytest

from games import services
from games.models import Game
from tests.support.browser import signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENDING = ("end", "stop", "stay", "publish all", "leave", "spare")


def _click_one(page, rng: random.Random) -> None:
    """One action as a player would pick it: a highlighted hex, a quantity, or a button."""
    hexes = page.locator("svg.nile-map a:not(.why-not)")
    buttons = page.locator("section.actions form.action-buttons button")
    forms = page.locator("section.actions form.quantity-form")
    market = page.locator("section.actions form.market-form")
    roll = rng.random()
    only_market = not (hexes.count() or buttons.count() or forms.count())
    if market.count() and (roll < 0.5 or only_market):
        field = market.locator("input[type=number]").nth(
            rng.randrange(market.locator("input[type=number]").count())
        )
        step = int(field.get_attribute("step"))
        field.fill(str(step * rng.randint(1, int(field.get_attribute("max")) // step)))
        _submit(page, market.locator("button[type=submit]"))
    elif hexes.count() and roll < 0.6:
        _submit(page, hexes.nth(rng.randrange(hexes.count())))
    elif forms.count() and (roll < 0.8 or not buttons.count()):
        form = forms.nth(rng.randrange(forms.count()))
        options = form.locator("option").count()
        form.locator("select").select_option(index=rng.randrange(options))
        _submit(page, form.locator("button"))
    else:
        names = [buttons.nth(i).get_attribute("value") for i in range(buttons.count())]
        ending = [i for i, name in enumerate(names) if name in ENDING]
        pick = rng.choice(ending) if ending and rng.random() < 0.5 else rng.randrange(len(names))
        _submit(page, buttons.nth(pick))


def _submit(page, locator) -> None:
    """Click ``locator`` and wait for the answer of the request it sends (a move, accepted
    or refused, or a link's page), so that the game is read only once the move is in."""
    with page.expect_response(
        lambda r: r.request.method == "POST" or r.request.resource_type == "document"
    ):
        locator.click()
    page.wait_for_load_state()


def _play(browser, live_server, game: Game, users, until) -> None:
    pages = {user.pk: signed_in_page(browser, live_server, user) for user in users}
    rng = random.Random(5)
    try:
        for _click in range(600):
            game.refresh_from_db()
            if until(game):
                return
            user = game.seats.get(number=game.current_seat).user
            page = pages[user.pk]
            page.goto(live_server.url + game.get_absolute_url())
            _click_one(page, rng)
    finally:
        # Closed before the test database is: an open page keeps polling the live server,
        # whose thread would then hold a connection while the database is torn down.
        for page in pages.values():
            page.context.close()


def test_a_solo_game_is_played_to_its_end_by_clicking(browser, live_server, alice):
    game = services.create_game(alice, engine="nile", num_players=1, options={"max_rounds": 3})

    _play(browser, live_server, game, [alice], lambda g: g.status != Game.Status.ACTIVE)

    assert game.status == Game.Status.FINISHED


def test_two_players_play_ten_rounds_by_clicking(browser, live_server, alice, bob):
    game = services.create_game(alice, engine="nile", num_players=2)
    services.join_game(game, bob)

    _play(browser, live_server, game, [alice, bob], lambda g: g.state["round"] > 10)

    assert game.state["round"] > 10


def test_the_market_form_adds_up_cost_cash_and_load_as_quantities_change(
    browser, live_server, alice
):
    game = services.create_game(alice, engine="nile", num_players=1, seed=2)
    for action in ("profession explorer", "sail lagos"):
        game = services.submit_action(game, alice, action, game.version)
    page = signed_in_page(browser, live_server, alice)
    try:
        page.set_viewport_size({"width": 360, "height": 740})
        page.goto(live_server.url + game.get_absolute_url())
        market = page.locator("form.market-form")
        cash = int(market.get_attribute("data-cash"))
        live = market.locator(".market-live")

        market.locator('input[name="qty:hire bearer"]').fill("2")
        market.locator('input[name="qty:buy rations"]').fill("20")

        cost = 2 * int(market.locator('input[name="qty:hire bearer"]').get_attribute("data-price"))
        cost += 20 * int(
            market.locator('input[name="qty:buy rations"]').get_attribute("data-price")
        )
        assert f"Cost: ${cost}" in live.inner_text()
        assert f"cash left: ${cash - cost}" in live.inner_text()
        assert "load on foot: 20 / 30" in live.inner_text()
        assert "more than" not in live.inner_text()

        market.locator('input[name="qty:buy rations"]').fill("50")
        assert "more than you can carry on foot" in live.inner_text()

        market.locator('input[name="qty:buy rations"]').fill("20")
        _submit(page, market.locator("button[type=submit]"))
        page.wait_for_selector(
            f'#game-sync:not([data-version="{game.version}"])', state="attached"
        )
        game.refresh_from_db()
        assert game.state["players"][0]["explorer"]["goods"]["rations"] == 20
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        page.context.close()
