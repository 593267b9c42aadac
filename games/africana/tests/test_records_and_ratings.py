"""A finished Africana game is a game of the site like any other: it is rated at Africana (not
at Africa), the archive's game filter finds it, its record exports, verifies (a changed action
fails), imports and replays to the final scores."""

from __future__ import annotations

import json
import random

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from games.kinds import get_kind
from games.models import Game
from ratings.models import PlayerRating
from tests.support.pages import random_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(players):
    game = random_game(get_kind("africana"), players[:3], None, random.Random(21), plies=10_000)
    assert game.status == Game.Status.FINISHED
    return game


def test_a_finished_game_is_rated_at_africana_and_filed_under_africana(client, finished, players):
    africa = random_game(get_kind("africa"), players[3:5], None, random.Random(2), plies=10_000)

    rated = PlayerRating.objects.filter(engine="africana")
    assert sorted(rated.values_list("user__email", flat=True)) == sorted(
        s.user.email for s in finished.seats.select_related("user")
    )
    assert set(rated.values_list("games", flat=True)) == {1}
    assert not PlayerRating.objects.filter(engine="africa", user__in=[p.pk for p in players[:3]])
    profile = client.get(reverse("player_profile", args=[players[0].display_name]))
    assert "Africana" in profile.content.decode()
    assert (
        "Ratings: Africana"
        in client.get(reverse("leaderboard", args=["africana"])).content.decode()
    )

    listed = client.get(reverse("archive"), {"game": "africana"}).content.decode()
    assert str(finished.code) in listed
    assert str(africa.code) not in listed


def test_the_record_exports_verifies_imports_and_replays(client, finished, tmp_path, capsys):
    code, moves = finished.code, finished.moves.filter(taken_back=False).count()
    path = tmp_path / "africana.json"
    path.write_bytes(client.get(reverse("game_record", args=[code])).content)
    record = json.loads(path.read_text())
    assert record["game"] == "africana"

    call_command("verify_game_record", str(path))
    assert "The record verifies" in capsys.readouterr().out

    tampered = tmp_path / "tampered.json"
    actions = record["actions"]
    changed = next(i for i, a in enumerate(actions) if a.startswith("go ") and i > 3)
    tampered.write_text(json.dumps(record | {"actions": actions[:changed] + ["go nowhere"]}))
    with pytest.raises(CommandError, match=f"Action {changed + 1}"):
        call_command("verify_game_record", str(tampered))

    finished.delete()
    call_command("import_game_record", str(path))
    imported = Game.objects.get(code=code)
    assert imported.status == Game.Status.FINISHED
    assert imported.moves.count() == moves
    replay = client.get(reverse("replay", args=[code]), {"step": moves}).content.decode()
    assert "Final scores" in replay
    assert "Silver coins (tie-break)" in replay
