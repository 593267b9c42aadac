"""Ruling 10 as properties of the gold and jewel majorities, over any holdings."""

from hypothesis import given
from hypothesis import strategies as st

from games.africa.engine.scoring import goods_points, majority_points

HOLDINGS = st.lists(st.integers(min_value=0, max_value=14), min_size=2, max_size=5)


@given(HOLDINGS)
def test_more_nuggets_never_score_less_and_none_score_nothing(amounts):
    points = majority_points(amounts)
    for seat, amount in enumerate(amounts):
        if amount == 0:
            assert points[seat] == 0
        for other, other_amount in enumerate(amounts):
            if amount > other_amount:
                assert points[seat] >= points[other]


@given(HOLDINGS)
def test_shares_never_hand_out_more_than_16_when_rounded_down(amounts):
    down = majority_points(amounts, "down")
    up = majority_points(amounts, "up")
    assert sum(down) <= 16
    assert all(d <= u <= d + 1 for d, u in zip(down, up, strict=True))


def test_goods_points_follow_the_table():
    assert [goods_points({"mask": n}) for n in range(1, 6)] == [1, 3, 5, 8, 12]
    assert goods_points({"statue": 4, "kettle": 2}) == 11
