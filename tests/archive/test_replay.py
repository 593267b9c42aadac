"""The replay: any finished game step by step, with its layout revealed and its seed shown;
plain links and a form without JavaScript, only the replay panel with htmx. Running games are
never replayed."""

import re

import pytest
from django.urls import reverse

from games.models import Game
from tests.fixtures import shows

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
MARKERS = re.compile(r'href="#m-(\w+)"')


def replay_url(game, step=None):
    url = reverse("replay", args=[game.code])
    return url if step is None else f"{url}?step={step}"


def board(html):
    """The board's cells, without the symbols and the legend."""
    return html.split('<rect class="sea"')[1].split("</svg>")[0]


def markers_drawn(html):
    """The marker codes the board draws, "hidden" for a face-down one."""
    return MARKERS.findall(board(html))


def test_anyone_can_replay_every_step_of_a_finished_game(client, played):
    steps = played.moves.filter(taken_back=False).count()

    for step in (0, 1, steps // 2, steps):
        response = client.get(replay_url(played, step))
        assert response.status_code == 200
        assert f"Step {step} of {steps}" in response.content.decode()


def test_the_step_shown_highlights_its_log_entry(client, played):
    third = played.moves.filter(taken_back=False).order_by("version")[2]

    html = client.get(replay_url(played, 3)).content.decode()

    current = html.split('aria-current="step"')[1].split("</li>")[0]
    assert third.action.split()[1] in current  # e.g. the start city of the third move
    assert html.count('aria-current="step"') == 1


def test_every_face_down_marker_is_revealed_at_every_step(client, played):
    first = markers_drawn(client.get(replay_url(played, 0)).content.decode())
    middle_html = client.get(replay_url(played, 40)).content.decode()

    assert len(first) == 96  # the whole layout before anything is uncovered
    assert "hidden" not in first + markers_drawn(middle_html)
    assert 'class="marker revealed"' in board(middle_html)
    assert 'class="marker"' in board(middle_html)  # markers uncovered by then


def test_the_board_changes_with_the_step(client, played):
    start = client.get(replay_url(played, 0)).content.decode()
    end = client.get(replay_url(played)).content.decode()

    assert board(start).count('class="researcher"') == 0
    assert board(end).count('class="researcher"') == 2
    assert "The game is over." in end


def test_navigation_works_without_javascript(client, played):
    last = played.moves.filter(taken_back=False).count()

    html = client.get(replay_url(played, 5)).content.decode()

    assert f'href="{replay_url(played, 0)}"' in html
    assert f'href="{replay_url(played, 4)}"' in html
    assert f'href="{replay_url(played, 6)}"' in html
    assert f'href="{replay_url(played, last)}"' in html
    form = html.split('class="replay-slider"')[0].rsplit("<form", 1)[1]
    assert 'method="get"' in form and f'action="{replay_url(played)}"' in form
    assert f'type="range" name="step" min="0" max="{last}" value="5"' in html
    assert '<script src="/static/js/replay.js" defer>' in html


def test_steps_out_of_range_show_the_nearest_step(client, played):
    last = played.moves.filter(taken_back=False).count()

    assert f"Step 0 of {last}" in client.get(replay_url(played, -4)).content.decode()
    assert f"Step {last} of {last}" in client.get(replay_url(played, 10**6)).content.decode()
    assert f"Step {last} of {last}" in client.get(replay_url(played) + "?step=x").content.decode()


def test_htmx_gets_only_the_replay_panel(client, played):
    response = client.get(replay_url(played, 2), headers=HTMX)

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="replay"')
    assert "<html" not in html
    assert "Step 2 of" in html


def test_the_replay_shows_the_seed_salt_and_commitment(client, played):
    html = client.get(replay_url(played)).content.decode()

    assert str(played.seed) in html
    assert played.salt in html
    assert played.seed_commitment in html
    assert reverse("game_record", args=[played.code]) in html


def test_a_running_game_is_not_replayed_to_an_outsider(client, duel_underway, dave):
    client.force_login(dave)

    response = client.get(replay_url(duel_underway, 0))

    assert response.status_code == 403
    assert not shows(response.content.decode(), duel_underway.seed)


def test_a_running_game_sends_its_players_and_watchers_to_the_play_page(client, duel_underway):
    Game.objects.filter(pk=duel_underway.pk).update(public=True)

    response = client.get(replay_url(duel_underway, 0))

    assert response.status_code == 302
    assert response["Location"] == duel_underway.get_absolute_url()


def test_the_replay_offers_the_record_in_players_words_not_a_command(client, played):
    html = client.get(replay_url(played)).content.decode()

    assert f'href="{reverse("game_record", args=[played.code])}" download' in html
    assert "manage.py" not in html
    assert "play the game again from the seed" in html
