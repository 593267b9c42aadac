"""Private notes: each player keeps free text per game, saved as they type (htmx) or with a
button; nobody else ever reads it."""

import pytest
from django.test import Client

from talk.models import Note
from tests.social import signed_in
from tests.talk.conftest import HTMX

pytestmark = pytest.mark.django_db



def test_notes_saved_by_htmx_answer_with_the_saved_status(duel, alice):
    response = signed_in(alice).post(
        f"/talk/{duel.code}/notes/", {"text": "Bob goes for diamonds"}, headers=HTMX
    )

    assert response.status_code == 200
    assert 'id="note-status"' in response.content.decode()
    assert "Saved at" in response.content.decode()
    assert Note.objects.get(game=duel, user=alice).text == "Bob goes for diamonds"


def test_notes_saved_without_javascript_come_back_in_the_page(duel, alice):
    client = signed_in(alice)
    response = client.post(f"/talk/{duel.code}/notes/", {"text": "first draft"})
    assert response.status_code == 302
    client.post(f"/talk/{duel.code}/notes/", {"text": "second <b>draft</b>"})

    page = client.get(duel.get_absolute_url()).content.decode()
    assert "second &lt;b&gt;draft&lt;/b&gt;</textarea>" in page
    assert Note.objects.count() == 1


def test_nobody_else_reads_a_players_notes(duel, alice, bob, carol):
    signed_in(alice).post(f"/talk/{duel.code}/notes/", {"text": "private thoughts"})

    for other in (bob, carol):
        page = signed_in(other).get(duel.get_absolute_url()).content.decode()
        assert "private thoughts" not in page
    assert "private thoughts" not in Client().get(duel.get_absolute_url()).content.decode()


def test_a_watcher_cannot_keep_notes(duel, carol):
    assert signed_in(carol).post(f"/talk/{duel.code}/notes/", {"text": "x"}).status_code == 403
    assert not Note.objects.exists()


def test_overlong_notes_are_refused_and_the_old_ones_kept(duel, alice):
    client = signed_in(alice)
    client.post(f"/talk/{duel.code}/notes/", {"text": "keep me"})
    response = client.post(f"/talk/{duel.code}/notes/", {"text": "x" * 10_001}, headers=HTMX)

    assert "at most 10000 characters" in response.content.decode()
    assert Note.objects.get().text == "keep me"
