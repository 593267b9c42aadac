"""The private calendar feed: one event per game waiting for the player, ending at its
deadline and linking to it; valid iCalendar (parsed back with the icalendar library); its
signed address is made and revoked on the settings page."""

import pytest
from django.test import Client
from icalendar import Calendar

from calendars.feeds import feed_token
from calendars.models import CalendarFeed
from games.models import Game
from tests.social import running_duel, signed_in

pytestmark = pytest.mark.django_db



def _feed_url(user) -> str:
    return f"/calendar/feed/{feed_token(CalendarFeed.objects.get(user=user))}/deadlines.ics"


@pytest.fixture
def duel(alice, bob) -> Game:
    return running_duel(alice, bob)


def test_the_feed_has_one_event_per_game_waiting_for_the_player(duel, alice, bob):
    mover = duel.seats.get(number=duel.current_seat).user
    waiter = bob if mover == alice else alice
    for user in (mover, waiter):
        signed_in(user).post("/calendar/settings/", {"action": "new"})

    response = Client().get(_feed_url(mover))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(response.content)
    events = calendar.walk("VEVENT")
    assert len(events) == 1
    event = events[0]
    assert event.decoded("dtend") == duel.turn_deadline.replace(microsecond=0)
    assert event.decoded("dtstart") < event.decoded("dtend")
    assert str(event["url"]) == f"http://testserver/games/{duel.code}/"
    assert str(event["summary"]) == f"Your move in Africa with {waiter.display_name}"
    assert str(event["uid"]).startswith(str(duel.code))
    assert "dtstamp" in event

    other = Calendar.from_ical(Client().get(_feed_url(waiter)).content)
    assert other.walk("VEVENT") == []


def test_the_feed_speaks_the_players_language(duel):
    mover = duel.seats.get(number=duel.current_seat).user
    mover.language = "fr"
    mover.save()
    signed_in(mover).post("/calendar/settings/", {"action": "new"})

    event = Calendar.from_ical(Client().get(_feed_url(mover)).content).walk("VEVENT")[0]
    assert str(event["summary"]).startswith("À vous de jouer")


def test_a_new_address_revokes_the_old_one_and_turning_off_revokes_all(alice):
    client = signed_in(alice)
    client.post("/calendar/settings/", {"action": "new"})
    old = _feed_url(alice)
    client.post("/calendar/settings/", {"action": "new"})
    new = _feed_url(alice)

    assert Client().get(old).status_code == 404
    assert Client().get(new).status_code == 200
    assert new.split("/")[3] in client.get("/accounts/settings/").content.decode()
    client.post("/calendar/settings/", {"action": "off"})
    assert Client().get(new).status_code == 404


def test_a_forged_address_is_refused(alice):
    signed_in(alice).post("/calendar/settings/", {"action": "new"})
    token = feed_token(CalendarFeed.objects.get(user=alice))
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")

    assert Client().get(f"/calendar/feed/{forged}/deadlines.ics").status_code == 404
    assert Client().get("/calendar/feed/garbage/deadlines.ics").status_code == 404
