"""The final breakdown: how each Africa score was made (goods per kind, gold and jewel
majorities, the +3, base camps) and the places, on the play page's final screen, the replay
and the game-finished mail. alice and bob play a whole game; anyone may look at it after."""

import random
import re

import pytest
from django.urls import reverse

from games.africa.engine.scoring import GOODS_POINTS
from games.kinds import get_kind
from games.scoresheet import final_breakdown
from games.simulation import play_game
from games.tasks import notify_players
from notifications.tasks import send_outbox

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(alice, bob):
    return play_game([alice, bob], rng=random.Random(3))


def points(cell) -> int:
    """The points of a cell: an int, or the number before the count in brackets."""
    return cell if isinstance(cell, int) else int(str(cell).split()[0])


def test_each_row_adds_up_to_the_total_and_rows_are_in_place_order(played):
    breakdown = final_breakdown(played)
    assert breakdown["columns"][0] == "During play"
    assert "Gold" in breakdown["columns"] and "Jewels" in breakdown["columns"]
    seats = {seat.number: seat for seat in played.seats.all()}
    for row in breakdown["rows"]:
        # every column but the last (base camps left, not points) counts towards the total
        assert sum(points(cell) for cell in row["cells"][:-1]) == row["total"]
        assert row["total"] == seats[row["seat"]].final_score
        assert row["place"] == seats[row["seat"]].place
    assert [row["place"] for row in breakdown["rows"]] == sorted(
        row["place"] for row in breakdown["rows"]
    )


def test_goods_gold_jewels_and_the_bonus_follow_the_rulebook():
    observation = {
        "final": [
            {"goods": 3 + 1, "gold": 10, "jewels": 8, "bonus": 3},
            {"goods": 12, "gold": 6, "jewels": 8, "bonus": 0},
        ],
        "players": [
            {"score": 30, "goods": {"statue": 2, "mask": 1}, "gold": 4, "jewels": 2, "camps": 1},
            {"score": 40, "goods": {"drum": 5}, "gold": 1, "jewels": 2, "camps": 0},
        ],
    }
    breakdown = get_kind("africa").score.final_breakdown(observation, ["Alice", "Bob"])
    first, second = breakdown["rows"]
    assert (first["name"], first["place"], second["name"], second["place"]) == (
        "Bob",
        1,
        "Alice",
        2,
    )
    columns = breakdown["columns"]
    alice = dict(zip(columns, second["cells"], strict=True))
    assert alice["Statue"] == f"{GOODS_POINTS[2]} (2)"
    assert alice["Mask"] == "1 (1)"
    assert alice["Drum"] == 0
    assert alice["Gold"] == "10 (4)" and alice["Jewels"] == "8 (2)"
    assert alice["+3 for the last monument"] == 3
    assert alice["During play"] == 30 - 4 - 10 - 8 - 3
    assert alice["Base camps left"] == 1


def test_no_breakdown_while_the_game_runs(duel):
    assert get_kind("africa").score.final_breakdown({"final": None, "players": []}, []) is None
    assert final_breakdown(duel) is None


def test_the_final_screen_the_replay_and_the_mail_show_it(client, played, mailoutbox):
    # One game played to the end serves all three, as playing one takes a while.
    html = client.get(played.get_absolute_url()).content.decode()
    table = html[html.index('class="final-breakdown"') :]
    assert "During play" in table and "+3 for the last monument" in table
    head = table[table.index("<thead>") : table.index("</thead>")]
    names = re.findall(r'<th scope="col">([^<]+)</th>', head)[1:]  # one column a player
    assert names == [row["name"] for row in final_breakdown(played)["rows"]]

    url = reverse("replay", args=[played.code])
    assert "final-breakdown" in client.get(url).content.decode()
    assert "final-breakdown" not in client.get(url, {"step": 1}).content.decode()

    mailoutbox.clear()
    notify_players(played.pk, "game_finished", played.version)  # queued once, whoever asks
    send_outbox.apply()  # the outbox's periodic sender
    finished = [mail for mail in mailoutbox if mail.subject.endswith("is over")]
    assert len(finished) == 2
    for mail in finished:
        assert "During play" in mail.body
        html = mail.alternatives[0][0]
        assert "During play" in html and "+3 for the last monument" in html
