"""The chat of the play page: players talk in their channel, watchers in theirs when the
creator allows it; messages are escaped, limited in length and rate; a reader mutes an
author or reports a message to the staff."""

import pytest

from games import services
from talk.models import GameChat, Message, Mute, Report
from tests.social import signed_in
from tests.talk.conftest import HTMX

pytestmark = pytest.mark.django_db



def _say(user, game, text, **extra):
    return signed_in(user).post(f"/talk/{game.code}/chat/post/", {"text": text}, **extra)


def test_a_player_writes_and_the_other_reads_it_on_the_play_page(duel, alice, bob):
    response = _say(alice, duel, "Good luck, Bob!")
    assert response.status_code == 302
    assert response["Location"].endswith(f"/games/{duel.code}/#chat")

    page = signed_in(bob).get(duel.get_absolute_url()).content.decode()
    assert "Good luck, Bob!" in page
    assert 'id="chat-text"' in page


def test_a_message_is_escaped_wherever_it_is_shown(duel, alice, bob):
    attack = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    _say(alice, duel, attack, headers=HTMX)

    page = signed_in(bob).get(duel.get_absolute_url()).content.decode()
    fragment = signed_in(bob).get(f"/talk/{duel.code}/chat/", headers=HTMX).content.decode()
    for html in (page, fragment):
        assert attack not in html
        assert "<img src=x" not in html
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


def test_htmx_gets_the_fresh_chat_with_an_empty_field(duel, alice):
    response = _say(alice, duel, "Hello", headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="chat"')
    assert "Hello" in html
    assert 'name="text" maxlength="500" required' in html


def test_a_watcher_never_reads_the_players_channel(duel, alice, carol):
    _say(alice, duel, "Secret plan: go east")
    GameChat.objects.create(game=duel, watchers_may_talk=True)

    page = signed_in(carol).get(duel.get_absolute_url()).content.decode()
    fragment = signed_in(carol).get(f"/talk/{duel.code}/chat/", headers=HTMX).content.decode()
    assert "Secret plan" not in page + fragment


def test_watchers_talk_only_when_the_creator_opens_their_channel(duel, alice, bob, carol):
    assert _say(carol, duel, "Nice move").status_code == 302
    assert not Message.objects.exists()

    refused = signed_in(bob).post(f"/talk/{duel.code}/chat/watchers/", {"open": "1"})
    assert refused.status_code == 302
    assert not GameChat.objects.filter(watchers_may_talk=True).exists()
    signed_in(alice).post(f"/talk/{duel.code}/chat/watchers/", {"open": "1"})
    _say(carol, duel, "Nice move")

    message = Message.objects.get()
    assert message.channel == Message.Channel.WATCHERS
    assert "Nice move" in signed_in(alice).get(duel.get_absolute_url()).content.decode()


def test_an_outsider_of_a_private_game_can_neither_read_nor_write(alice, bob, dave):
    from games import services

    game = services.create_game(alice, num_players=2, seed=1)
    services.join_game(game, bob)
    _say(alice, game, "just us")

    assert _say(dave, game, "hello?").status_code == 403
    assert signed_in(dave).get(f"/talk/{game.code}/chat/", headers=HTMX).status_code == 403
    assert Message.objects.count() == 1


def test_an_overlong_or_empty_message_is_refused_with_a_reason(duel, alice):
    response = _say(alice, duel, "x" * 501, headers=HTMX)
    assert "at most 500 characters" in response.content.decode()
    response = _say(alice, duel, "   ", headers=HTMX)
    assert "Write something first." in response.content.decode()
    assert not Message.objects.exists()


def test_a_nul_byte_is_refused(duel, alice):
    assert _say(alice, duel, "a\x00b").status_code == 400
    assert not Message.objects.exists()


def test_the_hourly_limit_stops_a_flood(duel, alice, settings):
    settings.HOURLY_LIMITS = {**settings.HOURLY_LIMITS, "chat": "3/h"}
    for n in range(5):
        _say(alice, duel, f"message {n}", headers=HTMX)

    assert Message.objects.count() == 3
    response = _say(alice, duel, "again", headers=HTMX)
    assert "many messages in the last hour" in response.content.decode()


def test_a_muted_player_is_no_longer_read_until_unmuted(duel, alice, bob):
    _say(bob, duel, "blah blah")
    signed_in(alice).post(f"/talk/{duel.code}/chat/mute/", {"name": "Bob", "mute": "1"})

    assert Mute.objects.filter(user=alice, muted=bob).exists()
    page = signed_in(alice).get(duel.get_absolute_url()).content.decode()
    assert "blah blah" not in page
    assert "Read Bob again" in page

    signed_in(alice).post(f"/talk/{duel.code}/chat/mute/", {"name": "Bob", "mute": "0"})
    assert "blah blah" in signed_in(alice).get(duel.get_absolute_url()).content.decode()


def test_a_reported_message_shows_in_the_admin_for_staff(duel, alice, bob, staff):
    _say(bob, duel, "you are a cheat")
    message = Message.objects.get()
    url = f"/talk/{duel.code}/chat/{message.code}/report/"

    assert signed_in(bob).post(url).status_code == 302  # one's own message: refused
    assert not Report.objects.exists()
    signed_in(alice).post(url)
    signed_in(alice).post(url)

    assert Report.objects.filter(message=message, reporter=alice).count() == 1
    admin = signed_in(staff).get("/admin/talk/report/").content.decode()
    assert "you are a cheat" in admin


def test_a_watcher_cannot_report_a_players_message(duel, bob, carol):
    _say(bob, duel, "between us")
    message = Message.objects.get()

    signed_in(carol).post(f"/talk/{duel.code}/chat/{message.code}/report/")
    assert not Report.objects.exists()


def test_a_solo_game_has_notes_but_no_chat(alice):
    game = services.create_game(alice, engine="nile", num_players=1)

    page = signed_in(alice).get(game.get_absolute_url()).content.decode()

    assert 'id="chat"' not in page
    assert 'id="chat-text"' not in page
