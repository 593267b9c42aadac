"""The chat and the private notes of the play page in Chromium, by keyboard alone, on a phone
and on a wide screen; and the settings page's tokens and calendar."""

import pytest

from games import services
from talk.models import Note
from tests.support.browser import signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_chats_and_keeps_notes_by_keyboard(browser, live_server, alice, bob, tmp_path):
    game = services.create_game(alice, num_players=2, seed=31)
    services.join_game(game, bob)
    page = signed_in_page(browser, live_server, alice)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}{game.get_absolute_url()}")

    page.get_by_label("Message to the players").focus()
    page.keyboard.type("Good luck <b>Bob</b>!")
    page.keyboard.press("Enter")
    page.locator(".chat-text", has_text="Good luck <b>Bob</b>!").wait_for()
    assert page.get_by_label("Message to the players").input_value() == ""

    page.get_by_label("Only you can read these notes.").focus()
    page.keyboard.type("Bob heads for the diamonds.")
    page.locator("#note-status", has_text="Saved at").wait_for()
    assert Note.objects.get(user=alice).text == "Bob heads for the diamonds."
    page.locator("#chat").screenshot(path=tmp_path / "talk-360.png")
    page.screenshot(path=tmp_path / "play-360.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360

    page.set_viewport_size({"width": 1280, "height": 900})
    page.reload()
    assert page.get_by_label("Only you can read these notes.").input_value() == (
        "Bob heads for the diamonds."
    )
    page.screenshot(path=tmp_path / "play-1280.png", full_page=True)

    other = signed_in_page(browser, live_server, bob)
    other.goto(f"{live_server.url}{game.get_absolute_url()}")
    assert other.locator(".chat-text", has_text="Good luck <b>Bob</b>!").count() == 1
    assert other.get_by_label("Only you can read these notes.").input_value() == ""


def test_the_settings_page_makes_a_token_and_a_calendar_address(
    browser, live_server, alice, tmp_path
):
    page = signed_in_page(browser, live_server, alice)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/accounts/settings/")
    page.get_by_label("Name of a new token").fill("my bot")
    page.get_by_label("Name of a new token").press("Enter")
    token = page.get_by_label("Token").input_value()
    assert token.startswith("afr_")
    page.goto(f"{live_server.url}/accounts/settings/")
    page.get_by_role("button", name="Make my calendar address").click()
    assert "/calendar/feed/" in page.get_by_label("Your calendar address").input_value()
    page.screenshot(path=tmp_path / "settings-360.png", full_page=True)
    for part in ("#api", "#calendar"):
        box = page.locator(part).bounding_box()
        assert box["x"] + box["width"] <= 360
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=tmp_path / "settings-1280.png", full_page=True)
