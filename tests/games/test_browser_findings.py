"""The smaller things players met in a real browser: the profile chart's axis labels, the
verification mail's greeting, French elision, error pages in the site's layout, compressed
responses, and one order for the log's lines."""

import gzip

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from africa_site.elision import elide, elide_html
from africa_site.views import server_error
from notifications.emails import make_message
from tests.accounts.test_signup import sign_up
from tests.ratings.conftest import finished_game
from tests.support.play import AFRICA_ONLY, other_player, play, player_to_move, uncover_and_decide

pytestmark = pytest.mark.django_db


def test_the_chart_labels_its_two_ends_differently(client, alice, bob):
    finished_game([alice, bob], [1, 2])
    html = client.get(reverse("player_profile", args=["Alice"])).content.decode()
    assert "before game 1" in html and "after game 1" in html


@override_settings(SITE_NAME="Afrique en ligne", SITE_URL="https://play.example.org")
def test_the_verification_mail_greets_from_the_site_name(client, mailoutbox):
    sign_up(client)
    body = mailoutbox[0].body
    assert "Hello from Afrique en ligne!" in body
    assert "open an account on Afrique en ligne." in body
    assert body.rstrip().endswith("https://play.example.org/")
    assert "testserver" not in body
    assert "https://play.example.org/accounts/confirm-email/" in body


@pytest.mark.parametrize(
    ("text", "elided"),
    [
        ("Votre partie de Africa est terminée", "Votre partie d'Africa est terminée"),
        ("chercheur de Alice (P1)", "chercheur d'Alice (P1)"),
        ("plus que Emma", "plus qu'Emma"),
        ("partie de Source of the Nile", "partie de Source of the Nile"),
        ("la tribu de Yaoundé, de Hector", "la tribu de Yaoundé, de Hector"),
        ("Made Up", "Made Up"),
    ],
)
def test_french_elides_de_and_que_before_a_vowel(text, elided):
    assert elide(text, "fr") == elided
    assert elide(text, "en") == text


def test_elision_leaves_tags_and_text_areas_alone():
    html = '<input value="Jean de Arc"><p>de Alice</p><textarea>de Emma</textarea>'
    assert (
        elide_html(html) == '<input value="Jean de Arc"><p>d\'Alice</p><textarea>de Emma</textarea>'
    )


def test_a_french_mail_elides_the_game_name(alice):
    alice.language = "fr"
    alice.save()
    from games import services

    game = services.create_game(alice, num_players=2)
    message = make_message("game_aborted", alice, {"game": game, "game_url": "https://x"})
    assert "d'Africa" in message.subject and "de Africa" not in message.subject


@AFRICA_ONLY
def test_a_french_page_elides(client, alice, duel_underway):
    waiting = other_player(duel_underway)
    waiting.language = "fr"
    waiting.display_name = "Eve" if waiting == alice else waiting.display_name
    waiting.save()
    mover = player_to_move(duel_underway)
    mover.display_name = "Alba"
    mover.save()
    client.force_login(waiting)
    html = client.get(duel_underway.get_absolute_url()).content.decode()
    assert "En attente d'Alba." in html


def test_the_error_pages_use_the_site_layout(client, rf, carol, duel):
    not_found = client.get("/no-such-page/")
    assert not_found.status_code == 404
    assert 'class="site-header"' in not_found.content.decode()
    client.force_login(carol)
    forbidden = client.get(duel.get_absolute_url())
    assert forbidden.status_code == 403
    assert "You may not see this page" in forbidden.content.decode()
    assert 'class="site-header"' in forbidden.content.decode()
    with translation.override("en"):
        error = server_error(rf.get("/"))
    assert error.status_code == 500
    assert 'class="site-header"' in error.content.decode()
    assert "Something went wrong on our side" in error.content.decode()


def test_pages_fragments_and_static_files_are_compressed(client, alice, duel_underway):
    client.force_login(alice)
    for url, headers in (
        ("/", {}),
        (duel_underway.get_absolute_url(), {"HX-Request": "true"}),
        ("/static/css/site.css", {}),
    ):
        response = client.get(url, headers={"Accept-Encoding": "gzip", **headers})
        assert response.status_code == 200, url
        assert response["Content-Encoding"] == "gzip", url
        content = b"".join(response.streaming_content) if response.streaming else response.content
        assert gzip.decompress(content), url


@AFRICA_ONLY
def test_the_log_reads_newest_first_within_an_action_too(client, duel_underway):
    game = uncover_and_decide(duel_underway)
    game = play(game, "end")
    client.force_login(player_to_move(game))
    html = client.get(game.get_absolute_url()).content.decode()
    log = html[html.index('class="move-log"') :]
    # Within the uncovering action: what followed (keeping goods, placing an animal) above it.
    entries = [m for m in game.moves.order_by("-version") if len(m.events) > 1]
    assert entries, "an action with more than one line"
    assert log.index("uncovers") < log.index("starts in")
