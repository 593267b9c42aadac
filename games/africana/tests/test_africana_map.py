"""Africana's map positions: each of the 22 locations is a real place, and its longitude and
latitude (``Board.position``) put it where the map draws it: in Africa (the start cities
Napoli and Jidda across the Mediterranean and the Red Sea), on the side of the equator that the
game's own hemisphere data gives it (the book it buys from)."""

import json
from importlib.resources import files

import pytest

from games.engines import get_engine

BOARD = get_engine("africana").board
DATA = json.loads(files("games.africana.engine").joinpath("africana.json").read_text("utf-8"))
HEMISPHERE = {loc["id"]: loc["hemisphere"] for loc in DATA["locations"]}
START_CITIES = {loc["id"] for loc in DATA["locations"] if loc["start_of"]}

# (west, east, south, north) in degrees, east and north positive.
AFRICA = (-18.0, 52.0, -35.0, 38.0)
MEDITERRANEAN = (-6.0, 37.0, 30.0, 46.0)
RED_SEA = (32.0, 44.0, 12.0, 30.0)


def inside(box: tuple[float, float, float, float], lon: float, lat: float) -> bool:
    west, east, south, north = box
    return west <= lon <= east and south <= lat <= north


def test_every_location_has_a_position():
    assert len(BOARD.locations) == 22
    for loc in BOARD.locations:
        lon, lat = BOARD.position(loc)
        assert isinstance(lon, float) and isinstance(lat, float), loc


@pytest.mark.parametrize("loc", sorted(set(BOARD.locations) - START_CITIES))
def test_a_location_lies_in_africa(loc):
    assert inside(AFRICA, *BOARD.position(loc))


@pytest.mark.parametrize("loc", sorted(START_CITIES))
def test_a_start_city_lies_in_africa_or_across_the_mediterranean_or_the_red_sea(loc):
    lon, lat = BOARD.position(loc)
    assert any(inside(box, lon, lat) for box in (AFRICA, MEDITERRANEAN, RED_SEA))


def test_napoli_lies_across_the_mediterranean_and_not_in_africa():
    lon, lat = BOARD.position("napoli")
    assert inside(MEDITERRANEAN, lon, lat) and not inside(AFRICA, lon, lat)


@pytest.mark.parametrize("loc", sorted(BOARD.locations))
def test_a_location_lies_on_its_side_of_the_equator(loc):
    _lon, lat = BOARD.position(loc)
    assert ("N" if lat > 0 else "S") == HEMISPHERE[loc]
    assert BOARD.book(loc) == ("north" if lat > 0 else "south")


def test_the_places_lie_roughly_where_they_are():
    # West to east and north to south, as on any map of Africa.
    assert BOARD.position("dakar")[0] < BOARD.position("lagos")[0] < BOARD.position("kairo")[0]
    assert BOARD.position("kairo")[1] > BOARD.position("khartum")[1] > 0
    assert BOARD.position("cape-town")[1] < BOARD.position("port-natal")[1] < 0


def test_an_unknown_location_has_no_position():
    with pytest.raises(KeyError):
        BOARD.position("timbuctoo")
