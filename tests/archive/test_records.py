"""Game records: exported as JSON for finished games only, verified by replaying them from the
seed (a tampered record fails), imported as a finished game."""

import json
import random

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from accounts.models import User
from archive.records import RecordError, game_record, replay_record
from games.models import Game, Move
from games.simulation import play_game
from tests.fixtures import shows

pytestmark = pytest.mark.django_db


def export(client, game):
    return client.get(reverse("game_record", args=[game.code]))


@pytest.fixture
def record_file(client, played, tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(export(client, played).content)
    return path


def rewrite(path, change):
    record = json.loads(path.read_text())
    change(record)
    path.write_text(json.dumps(record))


def test_a_finished_game_exports_its_whole_record(client, played):
    response = export(client, played)

    record = response.json()
    assert response["Content-Type"] == "application/json"
    assert record["code"] == str(played.code)
    assert record["seed"] == played.seed and record["salt"] == played.salt
    assert [p["name"] for p in record["players"]] == [
        s.user.display_name for s in played.seats.order_by("number")
    ]
    assert len(record["actions"]) == played.moves.filter(taken_back=False).count()
    assert record["final_scores"] == played.kind.engine.scores(played.state)


def test_an_exported_record_verifies(record_file, capsys):
    call_command("verify_game_record", str(record_file))

    assert "The record verifies" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda r: r["final_scores"].__setitem__(0, r["final_scores"][0] + 1), "scores"),
        (lambda r: r["players"][1].__setitem__("final_score", -1), "scores"),
        (lambda r: r.__setitem__("seed", r["seed"] + 1), "commitment"),
        (lambda r: r["actions"].__setitem__(5, "uncover C2"), "Action 6"),
        (lambda r: r.__setitem__("actions", r["actions"][:-3]), "do not finish"),
        (lambda r: r.pop("salt"), "malformed"),
        (lambda r: r["players"][0].__setitem__("seat", 7), "malformed"),
    ],
)
def test_a_tampered_record_fails_verification(record_file, change, reason):
    rewrite(record_file, change)

    with pytest.raises(CommandError, match=reason):
        call_command("verify_game_record", str(record_file))


def test_a_file_that_is_no_json_fails_with_a_message(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("not json")

    with pytest.raises(CommandError, match="Cannot read"):
        call_command("verify_game_record", str(path))


def test_an_import_recreates_the_finished_game(record_file, played, capsys):
    original = game_record(played)
    played.delete()
    User.objects.filter(display_name="Bob").update(display_name="Robert")

    call_command("import_game_record", str(record_file))

    game = Game.objects.get(code=original["code"])
    assert game.status == Game.Status.FINISHED
    assert not game.rated
    assert game_record(game) | {"rated": True} == original | {"rated": True}
    alice = User.objects.get(display_name="Alice")
    assert game.seats.filter(user=alice).exists()  # matched by name
    newcomer = User.objects.get(display_name="Bob")
    assert not newcomer.is_active and not newcomer.has_usable_password()
    assert Move.objects.filter(game=game).count() == len(original["actions"])


def test_the_imported_game_replays_on_the_site(client, record_file, played):
    code = played.code
    played.delete()
    call_command("import_game_record", str(record_file))

    response = client.get(reverse("replay", args=[code]) + "?step=10")

    assert response.status_code == 200
    assert "Step 10 of" in response.content.decode()


def test_a_record_is_not_imported_twice(record_file, played):
    with pytest.raises(CommandError, match="exists already"):
        call_command("import_game_record", str(record_file))


def test_a_running_game_has_no_record(client, duel_underway):
    Game.objects.filter(pk=duel_underway.pk).update(public=True)

    response = export(client, duel_underway)

    assert response.status_code == 404
    assert not shows(response.content.decode(), duel_underway.seed)
    with pytest.raises(ValueError):
        game_record(duel_underway)


def test_a_private_running_game_record_is_refused_to_outsiders(client, duel_underway, dave):
    client.force_login(dave)

    assert export(client, duel_underway).status_code == 403


def test_record_errors_are_sentences():
    assert str(RecordError("The seed and salt do not match the commitment."))


@pytest.mark.parametrize("name", ["Bob/../admin", "Bob\x00", "x" * 31, " ", "<b>Bob</b>"])
def test_an_import_refuses_names_the_settings_page_refuses(record_file, played, name, client):
    played.delete()
    rewrite(record_file, lambda r: r["players"][1].__setitem__("name", name))
    users = User.objects.count()

    with pytest.raises(CommandError, match="is not a display name this site accepts"):
        call_command("import_game_record", str(record_file))

    assert User.objects.count() == users
    assert not Game.objects.exists()


@pytest.fixture
def nile_played(alice):
    """A short solo Source of the Nile game played to its end on the site."""
    return play_game([alice], rng=random.Random(5), engine="nile", options={"max_rounds": 4})


def test_a_game_keeps_the_rules_version_it_started_under(client, nile_played):
    record = export(client, nile_played).json()

    assert nile_played.options["rules_version"] == nile_played.kind.engine.rules_version
    assert record["format_version"] == 2
    assert record["options"]["rules_version"] == nile_played.kind.engine.rules_version


def test_a_record_written_before_rules_versions_replays_by_the_first_rules(
    client, alice, tmp_path, capsys
):
    game = play_game([alice], rng=random.Random(5), engine="nile", options={"rules_version": 1})
    path = tmp_path / "old.json"
    path.write_bytes(export(client, game).content)
    rewrite(path, lambda r: (r.__setitem__("format_version", 1), r["options"].clear()))

    call_command("verify_game_record", str(path))
    assert "The record verifies" in capsys.readouterr().out
    assert replay_record(json.loads(path.read_text()))[1]["rules_version"] == 1
