"""The arithmetic of a season: tables of a round, every pair meeting, points by place, the
divisions' sizes and the quarters that move."""

import itertools
from fractions import Fraction

import pytest

from leagues.schedule import cut, placement_points, quarter, schedule, table_sizes


def pairs_met(rounds) -> set:
    return {
        frozenset(pair)
        for tables in rounds
        for table in tables
        for pair in itertools.combinations(table, 2)
    }


@pytest.mark.parametrize("size", [3, 4, 5])
@pytest.mark.parametrize("players", [8, 9, 11, 13, 16, 20])
def test_every_player_sits_once_a_round_and_every_pair_meets(players, size):
    low = 3  # a league of three or more never seats two
    rounds = schedule(list(range(players)), size, low, 5, seed=42)
    for tables in rounds:
        seated = sorted(p for table in tables for p in table)
        assert seated == list(range(players))
        assert all(low <= len(table) <= 5 for table in tables)
    assert len(pairs_met(rounds)) == players * (players - 1) // 2


def test_a_division_of_8_at_tables_of_4_plays_each_player_at_several_tables():
    rounds = schedule(list(range(8)), 4, 3, 5, seed=1)
    assert 3 <= len(rounds) <= 4  # 7 opponents, 3 met a table: 3 tables at least
    assert len(pairs_met(rounds)) == 28


def test_the_same_season_draws_the_same_tables():
    assert schedule(list(range(12)), 4, 3, 5, seed=9) == schedule(list(range(12)), 4, 3, 5, 9)


def test_tables_are_cut_as_equal_as_the_league_size_allows():
    assert table_sizes(10, 4, 3, 5) == [4, 3, 3]
    assert table_sizes(20, 4, 3, 5) == [4, 4, 4, 4, 4]
    assert table_sizes(8, 3, 3, 4) == [4, 4]  # tables of 2 would be another game
    with pytest.raises(ValueError):
        table_sizes(7, 3, 3, 3)


def test_points_by_place_give_n_then_down():
    assert placement_points([1, 2, 3, 4]) == [4, 2, 1, 0]
    assert placement_points([2, 1, 3]) == [1, 3, 0]
    assert placement_points([1, 2, 3, 4, 5]) == [5, 3, 2, 1, 0]


def test_tied_players_share_the_points_of_their_places():
    assert placement_points([1, 1, 3, 4]) == [3, 3, 1, 0]
    assert placement_points([1, 2, 2, 4]) == [4, Fraction(3, 2), Fraction(3, 2), 0]
    with pytest.raises(ValueError):
        placement_points([1, 5, 2])


def test_a_quarter_is_rounded_up():
    assert [quarter(n) for n in (8, 9, 12, 13, 20)] == [2, 3, 3, 4, 5]


def test_a_short_division_merges_with_the_next_and_a_long_one_is_cut():
    assert [len(d) for d in cut([range(5), range(10)], 8, 20)] == [15]
    assert [len(d) for d in cut([range(12), range(5)], 8, 20)] == [17]  # the last, upwards
    assert [len(d) for d in cut([range(30)], 8, 20)] == [15, 15]
    assert [len(d) for d in cut([range(20), range(8)], 8, 20)] == [20, 8]
