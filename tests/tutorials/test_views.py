"""The tutorial pages: "Learn to play" from the home page and the rules page, a tutorial
started and played step by step (a wrong action refused with why and nothing changed, the
asked one applied, the computer's step shown, routine moves played in one click), and its
end: the final table and the offer of a real game against the computer. alice plays; bob may
not see her tutorial."""

import pytest
from django.urls import reverse

from games import GAMES
from rulebooks import services as rulebook_services
from tutorials import script
from tutorials.models import Tutorial

GAME = "africa"


@pytest.fixture
def tutorial(alice, client):
    client.force_login(alice)
    client.post(reverse("tutorials:start", args=[GAME]))
    return Tutorial.objects.get(user=alice)


def play(client, tutorial, action=""):
    """Post ``tutorial``'s current step with ``action``; the page it redirects to."""
    tutorial.refresh_from_db()
    url = reverse("tutorials:step", args=[tutorial.code])
    return client.post(url, {"step": tutorial.step, "action": action}, follow=True)


def steps():
    return script.load(GAME, "en").steps


@pytest.mark.django_db
def test_the_home_page_offers_to_learn_each_game_with_a_tutorial(client):
    page = client.get("/").content.decode()
    assert reverse("tutorials:learn", args=[GAME]) in page
    assert "Learn to play" in page


@pytest.mark.django_db
def test_the_rules_page_offers_to_learn_the_game(client):
    rulebook_services.load_site_rulebooks()
    page = client.get(reverse("rulebooks:game", args=[GAME])).content.decode()
    assert reverse("tutorials:learn", args=[GAME]) in page


@pytest.mark.django_db
def test_the_learn_page_starts_a_tutorial_for_a_signed_in_player(alice, client):
    client.force_login(alice)
    page = client.get(reverse("tutorials:learn", args=[GAME])).content.decode()
    assert reverse("tutorials:start", args=[GAME]) in page
    answer = client.post(reverse("tutorials:start", args=[GAME]))
    tutorial = Tutorial.objects.get(user=alice)
    assert answer.url == tutorial.get_absolute_url()
    assert tutorial.step == 0


def test_the_learn_page_leads_back_to_an_unfinished_tutorial(tutorial, client):
    play(client, tutorial, "start C2")
    page = client.get(reverse("tutorials:learn", args=[GAME])).content.decode()
    assert tutorial.get_absolute_url() in page
    assert "Continue the tutorial at step 2" in page


@pytest.mark.django_db
def test_a_visitor_is_asked_to_sign_in_before_starting(client):
    page = client.get(reverse("tutorials:learn", args=[GAME])).content.decode()
    assert reverse("account_login") in page
    answer = client.post(reverse("tutorials:start", args=[GAME]))
    assert answer.status_code == 302 and reverse("account_login") in answer.url
    assert not Tutorial.objects.exists()


@pytest.mark.django_db
def test_a_game_without_a_tutorial_has_no_learn_page(client):
    assert client.get(reverse("tutorials:learn", args=["chess"])).status_code == 404


def test_the_tutorial_page_shows_the_step_its_rule_and_the_asked_action(tutorial, client):
    page = client.get(tutorial.get_absolute_url()).content.decode()
    first = steps()[0]
    assert first.text.split(":")[0] in page
    assert "/rules/africa/" in page and "#setup" in page
    assert f'value="{first.do}" class="tutorial-target"' in page
    assert 'id="place-C2" class="tutorial-highlight"' in page


def test_a_wrong_action_is_refused_with_why_and_changes_nothing(tutorial, client):
    before = tutorial.state
    page = play(client, tutorial, "start D7").content.decode()
    tutorial.refresh_from_db()
    assert tutorial.step == 0 and tutorial.state == before
    assert "Not this time" in page
    assert "Casablanca (C2), where the markers" in page


def test_an_action_the_rules_forbid_is_refused_with_the_rules_reason(tutorial, client):
    page = play(client, tutorial, "uncover Z99").content.decode()
    tutorial.refresh_from_db()
    assert tutorial.step == 0
    assert "error" in page


def test_the_asked_action_is_applied_and_the_next_step_shown(tutorial, client):
    page = play(client, tutorial, "start C2").content.decode()
    tutorial.refresh_from_db()
    assert tutorial.step == 1
    assert tutorial.state["researchers"][0] == "C2"
    assert "Next: the computer plays" in page


def test_the_computer_step_plays_the_scripts_move(tutorial, client):
    play(client, tutorial, "start C2")
    play(client, tutorial)
    tutorial.refresh_from_db()
    assert tutorial.state["researchers"][1] == "K10"


def test_a_step_of_moves_plays_all_its_routine_actions_in_one_click(alice, client):
    client.force_login(alice)
    client.post(reverse("tutorials:start", args=["africana"]))
    tutorial = Tutorial.objects.get(user=alice, engine="africana")
    moves = next(n for n, step in enumerate(script.load("africana", "en").steps) if step.moves)
    for step in script.load("africana", "en").steps[:moves]:
        page = play(client, tutorial, step.do or "")
    assert "Next: play these moves" in page.content.decode()
    tutorial.refresh_from_db()
    before = tutorial.state
    play(client, tutorial)
    tutorial.refresh_from_db()
    engine = tutorial.kind.engine
    for action in script.load("africana", "en").steps[moves].routine:
        before = engine.apply(before, action)
    assert tutorial.step == moves + 1
    assert {**tutorial.state, "events": []} == {**before, "events": []}


def test_a_stale_page_is_refused(tutorial, client):
    url = reverse("tutorials:step", args=[tutorial.code])
    client.post(url, {"step": 0, "action": "start C2"})
    page = client.post(url, {"step": 0, "action": "start C2"}, follow=True).content.decode()
    tutorial.refresh_from_db()
    assert tutorial.step == 1
    assert "already played" in page


def test_nobody_else_sees_or_plays_a_tutorial(tutorial, bob, client):
    client.force_login(bob)
    assert client.get(tutorial.get_absolute_url()).status_code == 404
    url = reverse("tutorials:step", args=[tutorial.code])
    assert client.post(url, {"step": 0, "action": "start C2"}).status_code == 404


def test_the_end_shows_the_final_table_its_words_and_a_real_game(tutorial, client):
    for step in steps():
        page = play(client, tutorial, step.do or "")
    tutorial.refresh_from_db()
    assert tutorial.is_over
    text = page.content.decode()
    assert 'class="breakdown"' in text
    assert script.load(GAME, "en").final[:40] in text
    assert reverse("play_now", args=[GAME]) in text
    assert f"{reverse('new_game')}?game={GAME}" in text


@pytest.mark.parametrize("language", ["fr", "nl", "de"])
def test_the_tutorial_speaks_the_readers_language(tutorial, alice, client, language):
    alice.language = language
    alice.save(update_fields=["language"])
    page = client.get(tutorial.get_absolute_url()).content.decode()
    assert script.load(GAME, language).steps[0].text in page.replace("&#x27;", "'")
    wrong = play(client, tutorial, "start D7").content.decode().replace("&#x27;", "'")
    assert script.load(GAME, language).steps[0].why in wrong


@pytest.mark.parametrize("game", [game for game in GAMES if script.has_tutorial(game)])
def test_every_tutorial_plays_to_its_end_on_its_page(alice, client, game):
    client.force_login(alice)
    client.post(reverse("tutorials:start", args=[game]))
    tutorial = Tutorial.objects.get(user=alice, engine=game)
    for number, step in enumerate(script.load(game, "en").steps, 1):
        page = play(client, tutorial, step.do or "")
        assert page.status_code == 200
        assert "Not this time" not in page.content.decode(), number
    text = page.content.decode()
    assert script.load(game, "en").final[:40] in text.replace("&#x27;", "'")
    assert 'class="breakdown"' in text and "Alice" in text
    assert reverse("play_now", args=[game]) in text
