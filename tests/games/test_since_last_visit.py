"""Since your last visit: the play page says "N moves since your last visit", lists what the
others did since a player last had the game open and marks the board cells it changed. alice
and bob play a duel."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Seat
from tests.games.test_fast_poll import page_poll_url
from tests.support.play import AFRICA_ONLY, other_player, play, player_to_move, uncover_and_decide

pytestmark = pytest.mark.django_db


def changed_cells(html: str) -> set[str]:
    return set(re.findall(r'<g class="cell [^"]*\bchanged\b[^"]*" data-cell="(\w+)"', html))


@pytest.fixture
def away(duel_underway):
    """The duel after the player who is not to move left it an hour ago; then the player to
    move uncovers a marker and ends the turn."""
    game = duel_underway
    absent = other_player(game)
    Seat.objects.filter(game=game, user=absent).update(
        last_seen_at=timezone.now() - timedelta(hours=1)
    )
    mover = player_to_move(game)
    game = uncover_and_decide(game)
    game = play(game, "end")
    return game, absent, mover


@AFRICA_ONLY
def test_the_returning_player_sees_the_moves_and_the_changed_cells(client, away):
    game, absent, _mover = away
    client.force_login(absent)
    html = client.get(game.get_absolute_url()).content.decode()
    moves = game.moves.filter(seat=game.seats.get(user=_mover).number, taken_back=False)
    count = sum(1 for move in moves if move.created_at > timezone.now() - timedelta(minutes=5))
    heading = f"{count} move{'s' if count != 1 else ''} since your last visit"
    assert heading in html
    section = html[html.index('class="since-last-visit"') :]
    assert "uncovers" in section.split("</section>")[0]
    uncovered = next(
        event["cell"] for move in moves for event in move.events if event["type"] == "uncover"
    )
    assert uncovered in changed_cells(html)


@AFRICA_ONLY
def test_the_next_visit_starts_afresh(client, away, time_machine):
    game, absent, _mover = away
    client.force_login(absent)
    client.get(game.get_absolute_url())
    time_machine.move_to(timezone.now() + timedelta(minutes=2))
    html = client.get(game.get_absolute_url()).content.decode()
    assert "since your last visit" not in html
    assert not changed_cells(html)


@AFRICA_ONLY
def test_a_first_visit_and_a_watcher_see_no_such_list(client, duel_underway, carol):
    game = play(duel_underway, "end")
    client.force_login(other_player(game))
    html = client.get(game.get_absolute_url()).content.decode()
    assert "since your last visit" not in html
    game.public = True
    game.save()
    client.force_login(carol)
    assert "since your last visit" not in client.get(game.get_absolute_url()).content.decode()


@AFRICA_ONLY
def test_own_moves_are_not_news(client, away):
    game, _absent, mover = away
    seat = game.seats.get(user=mover)
    turn = game.moves.filter(seat=seat.number).order_by("version").last()
    first_of_turn = game.moves.filter(seat=seat.number, version__lte=turn.version).order_by(
        "-version"
    )
    before = min(move.created_at for move in first_of_turn[:3]) - timedelta(microseconds=1)
    assert not game.moves.filter(created_at__gt=before).exclude(seat=seat.number).exists()
    Seat.objects.filter(pk=seat.pk).update(last_seen_at=before)
    client.force_login(mover)
    html = client.get(game.get_absolute_url()).content.decode()
    assert "since your last visit" not in html


@AFRICA_ONLY
def test_moves_watched_live_on_the_open_page_are_not_news(client, duel_underway, time_machine):
    # bob (not to move) has the page open; alice's moves reach it by its poll within the
    # same minute; when bob reloads, they are not "since your last visit".
    game = duel_underway
    watcher = other_player(game)
    client.force_login(watcher)
    time_machine.move_to(timezone.now(), tick=False)
    url = page_poll_url(client, game)
    time_machine.shift(timedelta(seconds=10))
    game = uncover_and_decide(game)
    time_machine.shift(timedelta(seconds=10))
    assert client.get(url, headers={"HX-Request": "true"}).status_code == 200
    time_machine.shift(timedelta(seconds=10))
    html = client.get(game.get_absolute_url()).content.decode()
    assert "since your last visit" not in html


@AFRICA_ONLY
def test_moves_the_open_page_has_not_fetched_yet_are_news(client, duel_underway, time_machine):
    game = duel_underway
    watcher = other_player(game)
    client.force_login(watcher)
    time_machine.move_to(timezone.now(), tick=False)
    client.get(game.get_absolute_url())
    time_machine.shift(timedelta(seconds=10))
    game = uncover_and_decide(game)
    time_machine.shift(timedelta(seconds=10))
    html = client.get(game.get_absolute_url()).content.decode()
    assert "since your last visit" in html
