"""The site's own rules summaries (games/<game>/rules/<game>.<language>.md): each one loads with
its front matter, has the same section ids in every language, renders at /rules/<game>/<lang>/
with every section reachable from the contents, and has a section for every action and event
of the game's engine, so that the "?" links of the play page and the log always land."""

import random
import re

import pytest
from django.urls import reverse

import games.africana.engine as africana_engine
from games import PACKAGES
from games.engines import get_engine
from rulebooks.models import Rulebook
from rulebooks.services import CONTENT_NAME, split_front_matter, summary_paths

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "fr", "nl", "de")
HEADING_ID = re.compile(r"^#{2,6} .*\{#([a-z0-9-]+)\}\s*$", re.MULTILINE)
ONLINE_SECTIONS = ("online", "notation", "undo", "deadlines")

# Africana: each action verb and log event type -> the section of the summary that governs it.
AFRICANA_SECTIONS = {
    "draw": "draw",
    "reshuffle": "reshuffle",
    "turn": "book-turn",
    "buy": "buy",
    "pass": "turn",
    "go": "move",
    "join": "join",
    "expedition": "expedition",
    "adventure": "adventure",
    "done": "turn",
    "discard": "discard",
    "drop": "drop",
    "refill": "refill",
    "last_round": "last-round",
    "game_end": "scoring",
    "setup": "setup",
}
# Source of the Nile: each action verb of the notation -> its section.
NILE_SECTIONS = {
    "profession": "professions",
    "sail": "outfitting",
    "stay": "donations",
    "discard": "donations",
    "publish": "publishing",
    "end": "europe",
    "hire": "market",
    "buy": "market",
    "trade": "trade",
    "sail europe": "camp",
    "fill": "camp",
    "drop": "camp",
    "dismiss": "camp",
    "shoot": "camp",
    "level": "activity",
    "move": "move",
    "stop": "move",
    "policy": "encounter",
    "gifts": "negotiation",
    "leave": "negotiation",
    "keep": "victory",
    "loot": "victory",
    "spare": "victory",
}


def source(game: str, language: str) -> str:
    (path,) = (path for path in summary_paths() if path.name == f"{game}.{language}.md")
    return path.read_text(encoding="utf-8")


def ids(game: str, language: str) -> list[str]:
    return HEADING_ID.findall(split_front_matter(source(game, language))[1])


def test_every_summary_file_is_named_for_a_game_and_a_language_of_the_site():
    names = [CONTENT_NAME.match(path.name) for path in summary_paths()]
    assert all(names)
    assert {(m["game"], m["language"]) for m in names} == {
        (game, language) for game in PACKAGES for language in LANGUAGES
    }


@pytest.mark.parametrize("game", list(PACKAGES))
def test_a_summary_has_the_same_section_ids_in_every_language(game):
    english = ids(game, "en")
    assert len(english) == len(set(english)), "an id is used twice"
    for language in LANGUAGES:
        assert ids(game, language) == english, language


@pytest.mark.parametrize("game", list(PACKAGES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_summary_has_its_front_matter_and_the_sites_own_sections(game, language):
    meta, _body = split_front_matter(source(game, language))

    assert set(meta) == {"title", "version", "credits", "differences"}
    assert meta["differences"].startswith("- ")
    assert set(ONLINE_SECTIONS) <= set(ids(game, language))


@pytest.mark.parametrize("game", list(PACKAGES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_summary_loads_and_renders_with_every_section(client, summaries, game, language):
    rulebook = Rulebook.objects.get(game=game, language=language, kind="summary")
    meta, _body = split_front_matter(source(game, language))

    response = client.get(reverse("rulebooks:rulebook", args=[game, language]))

    assert response.status_code == 200
    html = response.content.decode()
    assert rulebook.title == meta["title"]
    for anchor in ids(game, language):
        assert f'id="{anchor}"' in html, anchor
    for anchor in re.findall(r'href="#([a-z0-9-]+)"', rulebook.html):
        assert anchor in ids(game, language), f"a link to a missing section: {anchor}"
    assert f'<h1 lang="{language}">' in html


@pytest.mark.parametrize("game", ["africana", "nile"])
def test_the_game_page_gives_the_summary_in_the_readers_language(client, summaries, game):
    for language in LANGUAGES:
        html = client.get(
            reverse("rulebooks:game", args=[game]), headers={"accept-language": language}
        ).content.decode()
        assert f'<h1 lang="{language}">' in html


def test_load_rulebooks_loads_every_summary_once(summaries):
    assert len(summaries) == len(PACKAGES) * len(LANGUAGES)
    from rulebooks import services

    assert not any(changed for _book, changed in services.load_site_rulebooks())


def africana_verbs_and_events(seeds=range(4), plies=300):
    """The action verbs offered and the event types logged in random Africana games."""
    engine = get_engine("africana")
    verbs, events = set(), set()
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.initial_state(2 + seed % 3, seed, {})
        events |= {event["type"] for event in state.get("events", [])}
        for _ply in range(plies):
            legal = engine.legal_actions(state)
            if not legal:
                break
            verbs |= {action.split()[0] for action in legal}
            useful = [a for a in legal if a.split()[0] in ("join", "expedition", "adventure")]
            state = engine.apply(state, rng.choice(useful or legal))
            events |= {event["type"] for event in state["events"]}
    return verbs, events


def test_every_africana_action_and_event_has_a_section():
    documented = set(re.findall(r"^- ``([a-z_]+)``", africana_engine.__doc__, re.MULTILINE))
    verbs, events = africana_verbs_and_events()
    sections = set(ids("africana", "en"))

    assert {"reshuffle", "last_round", "game_end"} <= documented
    assert events <= documented
    assert verbs | documented <= set(AFRICANA_SECTIONS)
    assert set(AFRICANA_SECTIONS.values()) <= sections


def test_every_nile_action_of_the_notation_has_a_section():
    sections = set(ids("nile", "en"))

    assert set(NILE_SECTIONS.values()) <= sections
    steps = {
        "camp", "activity", "disasters", "move", "lost", "mapping", "mountains", "lakes",
        "rivers", "oasis", "natives", "encounter", "negotiation", "trade", "hostile", "combat",
        "victory", "defeat", "prisoner", "hunting", "rations", "recovery", "desertions",
        "bonus-cards", "outfitting", "market", "donations", "publishing", "journalist", "death",
        "game-end", "solo", "nile-source", "professions", "rulings",
    }  # fmt: skip
    assert steps <= sections


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_nile_summary_marks_the_sites_own_rulings(language):
    marks = {
        "en": "Site ruling",
        "fr": "Décision du site",
        "nl": "Beslissing van de site",
        "de": "Regelung der Seite",
    }
    text = source("nile", language)

    assert text.count(f"**{marks[language]}.**") >= 20
