"""The statistics of a finished game: each kind counts them from the log, the final page and
the replay show them per player, and the profile adds them up; the profile's head-to-head
record and places by number of players.

Each game's figures are checked against a game played from a known seed, recounted here in
another way: from the positions the moves lead to, the actions themselves or the final state,
not from the events the kinds read."""

import random
import re
from collections import Counter

import pytest
from django.urls import reverse

from archive.models import GameReview
from archive.review import positions
from games.africa.engine.legal import ADJ, KIND
from games.engines import get_engine
from games.kinds import get_kind
from games.models import Game
from games.simulation import play_game
from tests.ratings.conftest import finished_game

SEED = 11


def played(players, engine, capture) -> tuple[Game, list[dict], list[str], list[dict]]:
    """A game of ``engine`` played by the easy bot from SEED to its end (its statistics kept
    as it ends), its positions, its actions and the movers of the actions."""
    with capture(execute=True):
        game = play_game(players, rng=random.Random(SEED), engine=engine, seed=SEED)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    moves = list(game.moves.order_by("version"))
    actions = [move.action for move in moves]
    states = positions(get_engine(engine), len(players), SEED, game.options, actions)
    return game, states, actions, [move.seat for move in moves]


def kept(game: Game) -> dict[str, list[int]]:
    return GameReview.objects.get(game=game).statistics


def summed(first: list[int], second: list[int]) -> list[int]:
    return [a + b for a, b in zip(first, second, strict=True)]


def by_seat(seats: list[int], condition) -> list[int]:
    counts = Counter(seat for seat, ok in zip(seats, condition, strict=True) if ok)
    return [counts[0], counts[1]]


def test_africa_counts_moves_markers_camps_and_points(
    alice, bob, django_capture_on_commit_callbacks
):
    game, states, actions, movers = played(
        [alice, bob], "africa", django_capture_on_commit_callbacks
    )
    stats = kept(game)
    cells = [0, 0]
    kinds = Counter()
    for step, (action, seat) in enumerate(zip(actions, movers, strict=True)):
        if action.startswith("move "):
            before = states[step]["researchers"][seat]
            after = states[step + 1]["researchers"][seat]
            cells[seat] += 1 if after in ADJ[before] else 2
        if action.startswith("uncover "):
            cell = action.split()[1]
            shown = states[step + 1]["shown"].get(cell) or states[step + 1]["pending"]["marker"]
            kinds[seat, KIND[shown]] += 1
    assert stats["cells_moved"] == cells and sum(cells) > 0
    assert stats["markers_uncovered"] == by_seat(movers, [a.startswith("uncover") for a in actions])
    for kind in ("animal", "nomad", "monument"):
        assert stats[f"{kind}s_uncovered"] == [kinds[0, kind], kinds[1, kind]]
    assert stats["camps_used"] == by_seat(movers, [a.startswith("camp ") for a in actions])
    scores = [seat.final_score for seat in game.seats.order_by("number")]
    assert summed(stats["points_during_play"], stats["points_at_the_end"]) == scores


def test_africana_counts_journeys_expeditions_and_points(
    alice, bob, django_capture_on_commit_callbacks
):
    game, states, actions, movers = played(
        [alice, bob], "africana", django_capture_on_commit_callbacks
    )
    stats = kept(game)
    assert stats["journeys"] == by_seat(movers, [a.startswith("go ") for a in actions])
    final = get_engine("africana").revealed(states[-1])
    assert stats["expeditions_taken"] == [len(p["finished"]) for p in final["players"]]
    scores = [seat.final_score for seat in game.seats.order_by("number")]
    assert summed(stats["points_expeditions"], stats["points_other"]) == scores


def test_the_nile_counts_maps_journals_and_points(alice, bob, django_capture_on_commit_callbacks):
    game, states, actions, movers = played([alice, bob], "nile", django_capture_on_commit_callbacks)
    stats = kept(game)
    mapped = [0, 0]
    for before, after in zip(states, states[1:], strict=False):
        for hex_id, place in after["hexes"].items():
            earlier = before["hexes"].get(hex_id, {}).get("mapped_by", [])
            new = set(place.get("mapped_by", [])) - set(earlier)
            for seat in new:
                mapped[seat] += 1
    assert stats["hexes_mapped"] == mapped and sum(mapped) > 0
    assert stats["books_published"] == by_seat(movers, [a.startswith("publish") for a in actions])
    scores = [seat.final_score for seat in game.seats.order_by("number")]
    sources = [key for key in stats if key.startswith("vp_")]
    assert [sum(stats[key][seat] for key in sources) for seat in range(2)] == scores


def test_the_final_page_and_the_replay_show_the_statistics_per_player(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game, *_ = played([alice, bob], "africa", django_capture_on_commit_callbacks)
    stats = kept(game)
    first = game.seats.get(place=1) if game.seats.filter(place=1).count() == 1 else None
    for url in (game.get_absolute_url(), reverse("replay", args=[game.code])):
        html = client.get(url).content.decode()
        table = html.split('id="statistics-heading"')[1].split("</table>")[0]
        row = table.split("Cells moved</th>")[1].split("</tr>")[0]
        cells = [int(n) for n in re.findall(r"<td>(\d+)</td>", row)]
        assert sorted(cells) == sorted(stats["cells_moved"])
        if first is not None:  # the columns are in place order, the winner first
            assert cells[0] == stats["cells_moved"][first.number]


def test_the_profile_adds_up_the_statistics(client, alice, bob):
    one = finished_game([alice, bob], [1, 2])
    two = finished_game([bob, alice], [1, 2])
    GameReview.objects.create(game=one, statistics={"cells_moved": [10, 4], "camps_used": [1, 0]})
    GameReview.objects.create(game=two, statistics={"cells_moved": [7, 5], "camps_used": [2, 3]})

    html = client.get(reverse("player_profile", args=["alice"])).content.decode()

    section = html.split('id="statistics-heading"')[1]
    assert "Over 2 finished games." in section
    row = section.split("Cells moved</th>")[1].split("</tr>")[0]
    assert re.findall(r'class="number">([\d.]+)<', row) == ["15", "7.5"]  # 10 + 5, per game
    row = section.split("Base camps used</th>")[1].split("</tr>")[0]
    assert re.findall(r'class="number">([\d.]+)<', row) == ["4", "2.0"]


@pytest.fixture
def history(alice, bob, carol, dave):
    """alice met bob three times (ahead twice, behind once), carol twice (a shared place and
    behind) and dave once."""
    finished_game([alice, bob], [1, 2])
    finished_game([bob, alice], [2, 1])
    finished_game([alice, bob, carol], [3, 1, 2])
    finished_game([alice, carol], [1, 1])
    finished_game([alice, dave], [2, 1])


def test_the_profile_shows_the_head_to_head_record(client, history):
    html = client.get(reverse("player_profile", args=["alice"])).content.decode()

    table = html.split('id="head-to-head-heading"')[1].split("</table>")[0]
    rows = {
        name: re.findall(r'class="number">(\d+)<', rest)
        for name, rest in re.findall(r">(\w+)</a></th>(.*?)</tr>", table, re.S)
    }
    assert rows == {"Bob": ["3", "2", "1", "0"], "Carol": ["2", "0", "1", "1"]}  # not dave


def test_the_profile_shows_the_places_by_number_of_players(client, history):
    html = client.get(reverse("player_profile", args=["alice"])).content.decode()

    section = html.split('id="placements-heading"')[1].split("</section>")[0]
    text = " ".join(section.split())
    assert "At a table of 2 players: 4 games — place 1: 3 times, place 2: 1 time" in text
    three = "At a table of 3 players: 1 game — place 1: 0 times, place 2: 0 times, place 3: 1 time"
    assert three in text


def test_no_statistics_while_the_game_runs(client, alice, bob):
    game = play_game([alice, bob], rng=random.Random(SEED), engine="africa", plies=30)
    assert game.status == Game.Status.ACTIVE
    client.force_login(alice)
    assert 'id="statistics-heading"' not in client.get(game.get_absolute_url()).content.decode()


@pytest.mark.parametrize("name", ["africa", "africana", "nile"])
def test_each_game_counts_five_to_ten_statistics_for_every_player(name):
    kind = get_kind(name)
    engine = kind.engine
    state = engine.initial_state(num_players=3, seed=SEED, options={})
    rng, moves = random.Random(SEED), []
    while not engine.is_terminal(state):
        seat = engine.current_player(state)
        legal = engine.legal_actions(state)
        state = engine.apply(state, engine.choose(engine.observation(state, seat), legal, rng))
        moves.append(state["events"])

    stats = kind.score.statistics(moves, engine.revealed(state))

    assert 5 <= len(kind.score.statistic_labels) <= 10
    assert list(stats) == list(kind.score.statistic_labels)
    assert all(len(counts) == 3 and min(counts) >= 0 for counts in stats.values())
