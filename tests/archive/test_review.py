"""The bot's review of a finished game: its chances, its turning points, the hard bot's better
turns, and who may see it (the players; everyone for a public game; nobody before the end)."""

import math
import random
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from archive import tasks
from archive.models import GameReview
from archive.review import positions, split_turns
from games.engines import get_engine
from games.models import Game
from games.simulation import play_game

GAMES = ("africa", "africana", "nile", "toy")


def finished(players, engine, *, seed=5, public=False, capture=None) -> Game:
    """A game of ``engine`` between ``players`` played by the easy bot from ``seed`` to its
    end; its review is made as the game ends (the task runs after the commit)."""
    with capture(execute=True):
        game = play_game(players, rng=random.Random(seed), engine=engine, public=public, seed=seed)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


@pytest.fixture
def review_time(settings):
    """Time enough for the review to play out positions and find the hard bot's turns."""
    settings.GAME_REVIEW_SECONDS = 4.0
    settings.GAME_REVIEW_PLAYOUTS = 2


@pytest.mark.slow
@pytest.mark.parametrize("engine", GAMES)
def test_a_finished_game_is_reviewed_turn_by_turn(
    alice, bob, engine, review_time, django_capture_on_commit_callbacks
):
    game = finished([alice, bob], engine, capture=django_capture_on_commit_callbacks)
    kept = GameReview.objects.get(game=game)
    assert kept.is_done
    data = kept.review
    rules = get_engine(engine)
    actions = list(game.moves.order_by("version").values_list("action", flat=True))
    turns = split_turns(rules, positions(rules, 2, game.seed, game.options, actions))
    # one point at the start and one after each turn, in order of play
    assert [p["turn"] for p in data["points"]] == [None] + [t.number for t in turns]
    assert [p["seat"] for p in data["points"][1:]] == [t.seat for t in turns]
    for point in data["points"]:
        assert all(0 <= chance <= 1 for chance in point["chances"])
        assert math.isclose(sum(point["chances"]), 1, abs_tol=0.001)
    # at the end the winner is known: the chances are the final places'
    winners = [s.number for s in game.seats.all() if s.place == 1]
    assert data["points"][-1]["chances"] == [
        round(1 / len(winners), 4) if n in winners else 0 for n in range(2)
    ]
    # the turning points are the (at most three) turns after which the chances moved most
    chances = [p["chances"] for p in data["points"]]
    moved = {
        t.number: sum(abs(a - b) for a, b in zip(chances[i], chances[i + 1], strict=True))
        for i, t in enumerate(turns)
    }
    assert len(data["turning"]) == min(3, sum(1 for swing in moved.values() if swing > 0))
    assert set(data["turning"]) <= set(moved)
    others = [swing for turn, swing in moved.items() if turn not in data["turning"]]
    assert all(moved[turn] >= max(others, default=0) - 1e-6 for turn in data["turning"])
    for mistake in data["mistakes"]:
        turn = turns[mistake["turn"] - 1]
        assert turn.seat == mistake["seat"] and mistake["after"] < mistake["before"]
        assert mistake["instead"] > mistake["after"]  # what the hard bot would have gained
        assert mistake["played"] == actions[turn.start : turn.end] != mistake["better"]


@pytest.mark.slow
def test_the_players_read_the_review_in_words(
    client, alice, bob, review_time, django_capture_on_commit_callbacks
):
    game = finished([alice, bob], "africa", capture=django_capture_on_commit_callbacks)
    client.force_login(alice)
    page = client.get(reverse("game_review", args=[game.code])).content.decode()
    assert "The bot&#x27;s review" in page or "The bot's review" in page
    assert "<svg" in page and "polyline" in page and "The chances after each turn" in page
    for turn in GameReview.objects.get(game=game).review["turning"]:
        assert f"Turn {turn}, " in page
    assert "style=" not in page.split('id="game-review"')[1]  # no inline style (the CSP)
    alice.language = "fr"
    alice.save(update_fields=["language"])
    en_francais = client.get(reverse("game_review", args=[game.code])).content.decode()
    assert "Les tours qui ont le plus changé la partie" in en_francais
    assert re.search(r"Tour \d+, \w+ : chances de victoire de \d+ % à \d+ %", en_francais)
    on_the_game_page = client.get(game.get_absolute_url()).content.decode()
    assert 'id="game-review"' in on_the_game_page
    assert 'id="game-review"' in client.get(reverse("replay", args=[game.code])).content.decode()


@pytest.mark.slow
def test_a_private_games_review_is_for_its_players_only(
    client, alice, bob, dave, django_capture_on_commit_callbacks
):
    game = finished([alice, bob], "toy", capture=django_capture_on_commit_callbacks)
    assert GameReview.objects.get(game=game).is_done
    url = reverse("game_review", args=[game.code])
    assert client.get(url).status_code == 403
    assert 'id="game-review"' not in client.get(game.get_absolute_url()).content.decode()
    client.force_login(dave)
    assert client.get(url).status_code == 403
    assert (
        'id="game-review"' not in client.get(reverse("replay", args=[game.code])).content.decode()
    )
    client.force_login(bob)
    assert client.get(url).status_code == 200
    assert 'id="game-review"' in client.get(game.get_absolute_url()).content.decode()


@pytest.mark.slow
def test_a_public_games_review_is_for_everyone(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = finished([alice, bob], "toy", public=True, capture=django_capture_on_commit_callbacks)
    assert client.get(reverse("game_review", args=[game.code])).status_code == 200
    assert 'id="game-review"' in client.get(game.get_absolute_url()).content.decode()
    assert 'id="game-review"' in client.get(reverse("replay", args=[game.code])).content.decode()


def test_no_review_before_the_end(client, alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = play_game([alice, bob], rng=random.Random(2), engine="toy", public=True, plies=4)
    assert game.status == Game.Status.ACTIVE
    assert tasks.review_game(game.pk) == "not finished"
    assert not GameReview.objects.filter(game=game).exists()
    url = reverse("game_review", args=[game.code])
    assert client.get(url).status_code == 404
    client.force_login(alice)
    assert client.get(url).status_code == 404
    assert 'id="game-review"' not in client.get(game.get_absolute_url()).content.decode()


def test_the_sweep_enqueues_the_reviews_that_were_lost(alice, bob, time_machine):
    time_machine.move_to("2026-03-02 10:00Z")
    game = play_game([alice, bob], rng=random.Random(4), engine="toy")  # no commit: no task
    assert not GameReview.objects.filter(game=game).exists()
    assert tasks.review_finished_games() == 0  # the review enqueued at the end has its time
    time_machine.move_to("2026-03-02 11:00Z")
    assert tasks.review_finished_games() == 1  # Celery is eager in tests: done in place
    assert GameReview.objects.get(game=game).is_done
    assert tasks.review_finished_games() == 0


def test_a_solo_games_review_follows_the_expected_score(
    client, alice, django_capture_on_commit_callbacks
):
    game = finished([alice], "toy", capture=django_capture_on_commit_callbacks)
    data = GameReview.objects.get(game=game).review
    assert data["solo"]
    assert data["points"][-1]["chances"] == [game.seats.get().final_score]  # known at the end
    client.force_login(alice)
    page = client.get(reverse("game_review", args=[game.code])).content.decode()
    assert "Expected final score after each turn" in page
    assert "chance of winning" not in page


def test_the_command_reviews_the_games_that_ended_without_a_review(alice, bob):
    game = play_game([alice, bob], rng=random.Random(4), engine="toy")  # no commit: no task
    running = play_game([alice, bob], rng=random.Random(4), engine="toy", plies=2)
    out = StringIO()

    call_command("review_games", stdout=out)

    assert "Games reviewed: 1." in out.getvalue()
    assert GameReview.objects.get(game=game).is_done
    assert not GameReview.objects.filter(game=running).exists()
