"""The players of a game of three or more end it by a vote, with the scores as they stand.

The table: "Player 1" to "Player 4" play a 4-player game of each kind; all the active players
but one (three here) must vote. A 2-player game has no such vote (its loser may resign).
"""

import random

import pytest

from games import services
from games.engines.base import current_places
from games.models import Game
from notifications import tasks
from notifications.models import OutboundMail
from ratings.models import RatingChange
from tests.support.play import play

pytestmark = pytest.mark.django_db

EVERY_KIND = pytest.mark.games("africa", "africana", "nile", "toy")


def _table_under_way(players, game_name: str, actions: int = 24) -> Game:
    """A 4-player game of ``game_name`` after ``actions`` random legal actions (seeded)."""
    game = services.create_game(players[0], engine=game_name, num_players=4, seed=11)
    for player in players[1:4]:
        services.join_game(game, player)
    game.refresh_from_db()
    rng = random.Random(5)
    for _n in range(actions):
        legal = game.kind.engine.legal_actions(game.state)
        game = play(game, rng.choice(legal))
        assert game.status == Game.Status.ACTIVE
    return game


@EVERY_KIND
def test_the_votes_of_all_active_players_but_one_end_the_game_with_its_current_scores(
    players, game_name, client, mailoutbox
):
    game = _table_under_way(players, game_name)
    engine = game.kind.engine
    scores, places = engine.current_scores(game.state), current_places(engine, game.state)

    services.vote_end(game, players[0])
    services.vote_end(game, players[1])
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    services.vote_end(game, players[3])

    game.refresh_from_db()
    assert (game.status, game.end_reason) == (Game.Status.FINISHED, "vote")
    seats = sorted(game.seats.all(), key=lambda s: s.number)
    assert [s.final_score for s in seats] == scores
    assert [s.place for s in seats] == places
    assert RatingChange.objects.filter(game=game).count() == 4
    told = OutboundMail.objects.filter(template="game_finished", game=game)
    assert told.count() == 4 and all(row.payload == {"reason": "vote"} for row in told)
    tasks.send_outbox.apply()
    assert sum("Its players voted to end it" in m.body for m in mailoutbox) == 4
    client.force_login(players[2])
    page = client.get(f"/games/{game.code}/").content.decode()
    assert "Its players voted to end it" in page


@pytest.mark.games("toy")
def test_a_vote_is_shown_and_can_be_withdrawn(players, client, game_name):
    game = _table_under_way(players, game_name, actions=4)
    client.force_login(players[0])
    url = f"/games/{game.code}/"

    assert "Vote to end the game now" in client.get(url).content.decode()
    page = client.post(f"{url}end-vote/", {"vote": "yes"}, follow=True).content.decode()
    assert "1 vote so far: Player 1" in page
    assert "Withdraw my vote to end the game" in page
    client.force_login(players[1])
    assert "1 vote so far: Player 1" in client.get(url).content.decode()

    client.force_login(players[0])
    page = client.post(f"{url}end-vote/", {"vote": "no"}, follow=True).content.decode()
    assert "You have withdrawn your vote" in page and "Nobody has voted yet" in page
    services.vote_end(game, players[1])
    services.vote_end(game, players[2])
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE  # the withdrawn vote no longer counts


@pytest.mark.games("toy")
def test_the_players_who_left_neither_vote_nor_count(players, game_name):
    game = _table_under_way(players, game_name, actions=4)
    services.resign(game, players[3])

    with pytest.raises(services.GameError, match="do not play"):
        services.vote_end(game, players[3])
    services.vote_end(game, players[0])
    services.vote_end(game, players[1])  # 3 active players: 2 votes end it

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.seats.get(user=players[3]).place == 4


@pytest.mark.games("toy")
def test_when_a_player_leaves_the_votes_of_those_still_in_may_end_the_game(players, game_name):
    game = _table_under_way(players, game_name, actions=4)
    services.vote_end(game, players[0])
    services.vote_end(game, players[1])
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE  # 2 of the 3 votes needed

    services.resign(game, players[3])  # 3 players still in: 2 votes end it

    game.refresh_from_db()
    assert (game.status, game.end_reason) == (Game.Status.FINISHED, "vote")
    assert game.seats.get(user=players[3]).place == 4


def test_a_game_of_two_has_no_vote_to_end_it(duel, alice, client):
    client.force_login(alice)

    assert "Vote to end the game" not in client.get(duel.get_absolute_url()).content.decode()
    with pytest.raises(services.GameError, match="three or more"):
        services.vote_end(duel, alice)
    duel.refresh_from_db()
    assert duel.status == Game.Status.ACTIVE


@pytest.mark.games("toy")
def test_the_page_of_a_game_ended_by_vote_tells_why(players, client, game_name):
    game = _table_under_way(players, game_name, actions=4)
    for player in players[:3]:
        services.vote_end(game, player)
    client.force_login(players[3])

    page = client.get(f"/games/{game.code}/").content.decode()

    assert "The game is over." in page
    assert "Its players voted to end it" in page
    assert "The players voted to end the game" in page  # the log line
