"""The talk panel's facts (the watchers' channel, a reader's mutes, their notes) are kept
between pages, and a change to any of them shows on the very next page."""

import pytest

from tests.social import signed_in

pytestmark = pytest.mark.django_db


def page(client, game) -> str:
    return client.get(game.get_absolute_url()).content.decode()


def test_a_watcher_sees_the_watchers_channel_open_on_the_next_page(duel, alice, carol):
    watcher = signed_in(carol)
    assert f"/talk/{duel.code}/chat/post/" not in page(watcher, duel)

    signed_in(alice).post(f"/talk/{duel.code}/chat/watchers/", {"open": "1"})

    assert f"/talk/{duel.code}/chat/post/" in page(watcher, duel)


def test_a_mute_and_its_end_show_on_the_next_pages(duel, alice, bob):
    signed_in(bob).post(f"/talk/{duel.code}/chat/post/", {"text": "blah blah"})
    reader = signed_in(alice)
    assert "blah blah" in page(reader, duel)

    reader.post(f"/talk/{duel.code}/chat/mute/", {"name": "Bob", "mute": "1"})
    assert "blah blah" not in page(reader, duel)

    reader.post(f"/talk/{duel.code}/chat/mute/", {"name": "Bob", "mute": "0"})
    assert "blah blah" in page(reader, duel)


def test_notes_saved_show_on_the_next_page(duel, alice):
    client = signed_in(alice)
    assert "my plan" not in page(client, duel)

    client.post(f"/talk/{duel.code}/notes/", {"text": "my plan"})

    assert "my plan</textarea>" in page(client, duel)
