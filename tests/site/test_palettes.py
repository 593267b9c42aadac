"""Every game's players' colours for colour-blind players: every pair of the colours seated
together stays apart (CIEDE2000 of ``colour_vision.DISTINCT`` or more) for normal sight and as
protanopia, deuteranopia and tritanopia show them (Machado et al. 2009), and the number or
letter printed on a player's pieces reads on their colour at the WCAG AA contrast (4.5:1)."""

import itertools

import pytest

from games.kinds import SEAT_SHAPES, all_kinds
from tests.support.colour_vision import (
    DISTINCT,
    VISIONS,
    ciede2000,
    contrast,
    delta_e,
    simulate,
)

KINDS = {kind.name: kind for kind in all_kinds()}


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_pair_of_players_colours_stays_apart_for_colour_blind_players(name, vision):
    kind = KINDS[name]
    palette = kind.seat_colours[: kind.max_players]
    close = [
        f"{a.key}/{b.key}: {delta_e(simulate(a.fill, vision), simulate(b.fill, vision)):.1f}"
        for a, b in itertools.combinations(palette, 2)
        if delta_e(simulate(a.fill, vision), simulate(b.fill, vision)) < DISTINCT
    ]
    assert close == []


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_players_pieces_have_a_shape_of_their_own_and_readable_ink(name):
    kind = KINDS[name]
    palette = kind.seat_colours[: kind.max_players]
    assert len({colour.shape for colour in palette}) == len(palette)
    assert {colour.shape for colour in palette} <= set(SEAT_SHAPES)
    assert [c.key for c in palette if contrast(c.fill, c.ink) < 4.5] == []


def test_the_simulation_and_the_difference_match_their_sources():
    # CIEDE2000: Sharma, Wu and Dalal's test pairs 1, 17 and 34 (Lab in, difference out).
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert ciede2000((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514)) == pytest.approx(
        0.9082, abs=1e-4
    )
    # Red and green, far apart for normal sight, nearly one colour for a deuteranope; blue
    # and green nearly one for a tritanope; grey stays grey.
    red, green = "#D62728", "#2CA02C"
    assert delta_e(red, green) > 60
    assert delta_e(simulate(red, "deuteranopia"), simulate(green, "deuteranopia")) < 20
    assert delta_e(simulate(red, "protanopia"), simulate(green, "protanopia")) < 30
    assert simulate("#808080", "tritanopia") in {"#808080", "#7F7F7F", "#818181"}
    assert contrast("#FFFFFF", "#000000") == pytest.approx(21)
