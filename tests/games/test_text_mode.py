"""The text mode of the play page (games/text_mode.py): switched by the link at the top of the
page for this browser, or by the account's setting; the board as lists of words, the legal
actions as buttons and a typed line with its completions, and patches that keep it so.

alice and bob play the duel; carol watches without an account of the game."""

import re

import pytest
from django.urls import reverse

from tests.kinds.patching import apply_patch, normalised
from tests.support.play import first_with, player_to_move

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
PAGE_KEY = re.compile(r'name="page" value="([0-9a-f]{16})"')


def page_of(client, game, **params) -> str:
    return client.get(game.get_absolute_url(), params, follow=True).content.decode()


def test_the_link_at_the_top_switches_this_browser_to_the_text_mode_and_back(client, duel):
    client.force_login(player_to_move(duel))
    graphic = page_of(client, duel)
    assert 'href="?mode=text"' in graphic
    assert graphic.index('href="?mode=text"') < graphic.index('class="skip-link"')
    assert "text-board-heading" not in graphic

    answer = client.get(duel.get_absolute_url(), {"mode": "text"})
    assert answer.status_code == 302
    assert answer["Location"] == f"{duel.get_absolute_url()}#main"
    text = page_of(client, duel)
    assert "text-board-heading" in text
    assert 'accesskey="b"' in text and 'accesskey="a"' in text and 'accesskey="l"' in text
    assert 'id="text-mode-news"' in text and 'aria-live="polite"' in text
    assert "<svg" not in re.search(r'<section id="game-board".*?</section>', text, re.S)[0]

    client.get(duel.get_absolute_url(), {"mode": "board"})
    assert "text-board-heading" not in page_of(client, duel)


def test_an_unknown_mode_changes_nothing(client, duel):
    client.force_login(player_to_move(duel))
    answer = client.get(duel.get_absolute_url(), {"mode": "braille"})
    assert answer.status_code == 200
    assert "text-board-heading" not in answer.content.decode()


def test_an_anonymous_watcher_may_switch_too(client, duel):
    duel.public = True
    duel.save()
    client.get(duel.get_absolute_url(), {"mode": "text"})
    html = page_of(client, duel)
    assert "text-board-heading" in html
    assert 'id="game-actions" hidden' in html


def test_the_account_setting_gives_the_text_mode_until_the_browser_chooses(client, duel):
    player = player_to_move(duel)
    player.text_mode = True
    player.save()
    client.force_login(player)
    assert "text-board-heading" in page_of(client, duel)
    client.get(duel.get_absolute_url(), {"mode": "board"})
    assert "text-board-heading" not in page_of(client, duel)


def test_the_settings_page_saves_the_text_mode(client, alice):
    client.force_login(alice)
    form = client.get(reverse("account_settings")).content.decode()
    assert 'name="text_mode"' in form
    data = {
        "display_name": alice.display_name,
        "language": "en",
        "time_zone": "UTC",
        "text_mode": "on",
        "notifications": alice.notifications,
    }
    client.post(reverse("account_settings"), data)
    alice.refresh_from_db()
    assert alice.text_mode is True


def test_the_actions_are_buttons_and_a_typed_line_that_completes_the_notation(client, duel):
    client.force_login(player_to_move(duel))
    client.get(duel.get_absolute_url(), {"mode": "text"})
    html = page_of(client, duel)
    actions = re.search(r'<section id="game-actions".*?</section>', html, re.S)[0]
    legal = duel.kind.engine.legal_actions(duel.state)
    for action in legal:
        assert f'<button type="submit" name="action" value="{action}">' in actions
    words = re.findall(r'<option value="([^"]*)"', actions)
    assert set(duel.kind.notation.keywords) <= set(words)
    assert set(legal) <= set(words)
    assert 'list="action-words"' in actions


def test_a_move_in_the_text_mode_answers_with_a_patch_that_gives_the_fresh_text_page(client, duel):
    client.force_login(player_to_move(duel))
    client.get(duel.get_absolute_url(), {"mode": "text"})
    page = client.get(duel.get_absolute_url(), headers=HTMX).content.decode()
    key = PAGE_KEY.search(page)[1]
    data = {"action": first_with(duel, ""), "version": duel.version, "page": key}

    answer = client.post(reverse("game_act", args=[duel.code]), data, headers=HTMX)

    patch = answer.content.decode()
    assert answer["HX-Reswap"] == "none"
    fresh = client.get(duel.get_absolute_url(), headers=HTMX).content.decode()
    assert "text-board-heading" in fresh
    assert normalised(apply_patch(page, patch)) == normalised(fresh)
