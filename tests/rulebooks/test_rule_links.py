"""Rules in context: every action the Africa engine offers and every event its log tells links
to an anchor that exists in the summary, in English, French and Dutch."""

import random
import re

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from games.africa.kind.rules_links import GOVERNING_SECTION
from games.engines import get_engine
from rulebooks.links import rule_url, section_key
from tests.support.play import AFRICA_ONLY, player_to_move

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "nl", "de"]
ACTIONS = [
    "start C2", "anywhere E4", "move E4", "uncover E4", "place E4", "keep", "swap P2 kettle",
    "animal E4 F5", "nomad E4 F5", "camp research", "camp resources", "end",
]  # fmt: skip
PENDING = ["place", "goods"]
EVENTS = [
    {"type": kind}
    for kind in ("start", "anywhere", "move", "uncover", "place", "keep", "swap", "animal",
                 "nomad", "supply_camp", "end", "bonus", "game_end")
] + [{"type": "camp", "use": "research"}, {"type": "camp", "use": "resources"}]  # fmt: skip


def played_actions_and_events(seeds=range(3), plies=400):
    """Every action keyword offered and every event type seen in random Africa games."""
    engine = get_engine("africa")
    keywords, events = set(), set()
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.initial_state(num_players=2 + seed % 4, seed=seed, options={})
        for _ply in range(plies):
            legal = engine.legal_actions(state)
            if not legal:
                break
            keywords |= {" ".join(a.split()[:2]) if a.startswith("camp") else a.split()[0]
                         for a in legal}  # fmt: skip
            progress = [a for a in legal if not a.startswith(("move", "anywhere", "end"))]
            state = engine.apply(state, rng.choice(progress if progress else legal))
            events |= {e["type"] for e in state["events"]}
    return keywords, events - {"turn"}


def test_the_lists_here_cover_what_the_engine_offers_and_logs():
    keywords, events = played_actions_and_events()

    assert keywords <= {" ".join(a.split()[:2]) if a.startswith("camp") else a.split()[0]
                        for a in ACTIONS}  # fmt: skip
    assert events <= {e["type"] for e in EVENTS}


def anchors_of(client, url: str) -> set[str]:
    html = client.get(url.split("#")[0]).content.decode()
    return set(re.findall(r' id="([^"]+)"', html))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_action_pending_decision_and_event_links_to_an_existing_anchor(
    client, summaries, language
):
    pages = {}
    for what in ACTIONS + PENDING + EVENTS:
        url = rule_url("africa", what, language)
        assert url is not None, what
        path, anchor = url.split("#")
        assert path == f"/rules/africa/{language}/"
        if path not in pages:
            pages[path] = anchors_of(client, path)
        assert anchor in pages[path], (what, anchor)


def test_each_kind_of_action_has_its_own_section():
    assert section_key("africa", "uncover E4") == "uncover"
    assert section_key("africa", "camp research") == "camp-research"
    assert section_key("africa", "camp resources") == "camp-resources"
    assert section_key("africa", {"type": "camp", "use": "resources"}) == "camp-resources"
    assert section_key("africa", "swap P2 kettle") == "uncover-goods"
    assert section_key("africa", "animal E4 F5") != section_key("africa", "nomad E4 F5")
    assert section_key("africa", "end") != section_key("africa", {"type": "game_end"})


def test_every_mapped_section_is_in_the_summary(client, summaries):
    anchors = anchors_of(client, "/rules/africa/en/")

    assert set(GOVERNING_SECTION.values()) <= anchors


def test_a_language_without_summary_falls_back_to_english():
    assert rule_url("africa", "uncover", "it") == "/rules/africa/en/#uncover"


def test_nothing_to_link_gives_none():
    assert rule_url("africa", "juggle", "en") is None
    assert rule_url("chess", "uncover", "en") is None


def test_the_tag_renders_an_accessible_link_in_the_readers_language():
    template = Template('{% load rules %}{% rule_link "uncover E4" "africa" %}')

    with translation.override("fr"):
        html = template.render(Context({}))

    assert 'href="/rules/africa/fr/#uncover"' in html
    assert 'aria-label="' in html
    assert ">?</a>" in html


def test_the_tag_names_the_section_for_screen_readers():
    html = Template('{% load rules %}{% rule_link "camp resources" "africa" %}').render(Context({}))

    assert 'aria-label="Rules: a base camp for resources"' in html


def test_the_tag_renders_nothing_for_an_unknown_action_or_without_a_game():
    assert Template('{% load rules %}{% rule_link "juggle" "africa" %}').render(Context()) == ""
    assert Template('{% load rules %}{% rule_link "uncover E4" %}').render(Context()) == ""


@AFRICA_ONLY
def test_the_player_to_move_sees_a_rule_link_beside_each_choice(client, duel, summaries):
    client.force_login(player_to_move(duel))
    cell = duel.kind.engine.legal_actions(duel.state)[0].split()[1]

    html = client.get(duel.get_absolute_url(), {"cell": cell}).content.decode()

    choices = html.split('class="action-buttons"')[1].split("</form>")[0]
    assert 'href="/rules/africa/en/#setup"' in choices


@AFRICA_ONLY
def test_the_end_button_and_the_log_lines_link_to_their_rules(client, duel_underway, summaries):
    client.force_login(player_to_move(duel_underway))

    html = client.get(duel_underway.get_absolute_url()).content.decode()

    buttons = html.split('class="action-buttons"')[1].split("</form>")[0]
    assert 'value="end"' in buttons and 'href="/rules/africa/en/#actions"' in buttons
    log = html.split('class="move-log"')[1].split("</ol>")[0]
    assert log.count('href="/rules/africa/en/#setup"') == 2  # both players chose a city


@AFRICA_ONLY
def test_a_french_reader_gets_links_to_the_french_summary(client, duel_underway, summaries):
    user = player_to_move(duel_underway)
    user.language = "fr"
    user.save()
    client.force_login(user)

    html = client.get(duel_underway.get_absolute_url()).content.decode()

    assert 'href="/rules/africa/fr/#setup"' in html
    assert 'href="/rules/africa/en/#' not in html
    assert client.get(reverse("rulebooks:rulebook", args=["africa", "fr"])).status_code == 200
