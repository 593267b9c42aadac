"""The rules pages: the list, a game's rules in the reader's language (else English) with a
switcher, an explicit language, the print page and the search (substring search here; the
full-text search on PostgreSQL is in test_search_postgres.py)."""

import pytest
from django.db import connection
from django.urls import reverse

from rulebooks import services
from rulebooks.models import Rulebook

pytestmark = pytest.mark.django_db


def page(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_list_shows_each_game_and_its_languages(client, summaries):
    services.import_rulebook(game="africana", language="en", source="## Movement\n\nGo.\n")

    html = page(client, reverse("rulebooks:index"))

    assert "Africa" in html and "Africana" in html
    for url in ("/rules/africa/en/", "/rules/africa/fr/", "/rules/africa/nl/"):
        assert f'href="{url}"' in html
    assert 'href="/rules/africana/en/full/"' in html


def test_the_header_of_every_page_leads_to_the_rules(client, db):
    assert 'href="/rules/"' in page(client, reverse("home"))


@pytest.mark.parametrize(
    ("accept", "title"),
    [
        ("fr", "Africa : la règle en bref"),
        ("nl", "Africa: de regels in het kort"),
        ("en", "Africa: the rules in short"),
    ],
)
def test_a_games_rules_come_in_the_readers_language(client, summaries, accept, title):
    html = page(client, reverse("rulebooks:game", args=["africa"]), accept_language=accept)

    assert f'<h1 lang="{accept}">{title}</h1>' in html.replace("&#x27;", "'")


def test_a_reader_whose_language_has_no_rules_gets_english(client, summaries):
    Rulebook.objects.filter(language="nl").delete()

    html = page(client, reverse("rulebooks:game", args=["africa"]), accept_language="nl")

    assert '<h1 lang="en">Africa: the rules in short</h1>' in html


def test_a_language_can_be_chosen_and_the_switcher_offers_the_others(client, summaries):
    html = page(client, reverse("rulebooks:rulebook", args=["africa", "nl"]))

    assert '<h1 lang="nl">' in html
    switcher = html.split('class="rulebook-languages"')[1].split("</nav>")[0]
    assert 'href="/rules/africa/en/"' in switcher
    assert 'href="/rules/africa/fr/"' in switcher
    assert 'href="/rules/africa/nl/" lang="nl" hreflang="nl" aria-current="page"' in switcher


def test_the_differences_from_the_box_come_first_then_the_contents(client, summaries):
    html = page(client, reverse("rulebooks:rulebook", args=["africa", "en"]))

    differences = html.index('id="rb-differences"')
    assert differences < html.index('id="rb-toc"') < html.index('id="setup"')
    assert 'href="#uncover"' in html
    assert html.index("no scoring track", differences) < html.index('id="rb-toc"')


def test_the_summary_links_to_the_full_rulebook_of_its_language(client, summaries):
    services.import_rulebook(
        game="africa",
        language="fr",
        source="Africa\n\nPréparation\n\nTexte.\n",
        source_format="text",
    )

    summary = page(client, "/rules/africa/fr/")
    full = page(client, "/rules/africa/fr/full/")

    assert 'href="/rules/africa/fr/full/"' in summary
    assert 'href="/rules/africa/fr/"' in full
    assert 'id="preparation"' in full


@pytest.mark.parametrize(
    "url", ["/rules/chess/", "/rules/africa/it/", "/rules/africa/en/full/", "/rules/africa/xx/"]
)
def test_missing_rules_are_not_found(client, summaries, url):
    assert client.get(url).status_code == 404


def test_the_print_page_has_the_rules_without_the_sites_menus(client, summaries):
    html = page(client, reverse("rulebooks:rulebook_print", args=["africa", "fr"]))

    assert '<html lang="fr">' in html
    assert 'class="site-header"' not in html
    assert "rules-print.css" in html
    assert 'id="uncover"' in html and 'id="rb-differences"' in html
    assert 'href="/rules/africa/fr/"' in html  # back to the page


def test_the_rules_page_prints_with_the_print_stylesheet(client, summaries):
    html = page(client, "/rules/africa/en/")

    assert 'rules-print.css" media="print"' in html
    assert 'href="/rules/africa/en/print/"' in html


def test_a_search_across_rulebooks_finds_sections_in_every_language(client, summaries):
    html = page(client, reverse("rulebooks:search"), **{"accept_language": "en"}).replace(
        "&#x27;", "'"
    )
    assert "section found" not in html  # no query, no results

    html = client.get(reverse("rulebooks:search"), {"q": "nomad"}).content.decode()

    assert 'href="/rules/africa/en/#move-nomad"' in html
    assert 'href="/rules/africa/fr/#move-nomad"' in html


def test_a_search_within_one_rulebook_stays_in_it(client, summaries):
    query = {"q": "basiskamp", "game": "africa", "language": "nl"}

    html = client.get(reverse("rulebooks:search"), query).content.decode()

    assert 'href="/rules/africa/nl/#camp-research"' in html
    assert "/rules/africa/en/#" not in html and "/rules/africa/fr/#" not in html


@pytest.mark.skipif(connection.vendor == "postgresql", reason="PostgreSQL searches whole words")
def test_without_postgresql_a_search_matches_part_of_a_word(client, summaries):
    html = client.get(reverse("rulebooks:search"), {"q": "noma", "language": "en"}).content

    assert b'href="/rules/africa/en/#move-nomad"' in html


def test_search_results_show_the_rulebooks_text_as_text(client, db):
    services.import_rulebook(
        game="africa",
        language="en",
        source="## Tricks\n\nNever type <script>alert('trick')</script> here.\n",
    )

    html = client.get(reverse("rulebooks:search"), {"q": "trick"}).content.decode()

    assert 'href="/rules/africa/en/full/#tricks"' in html
    assert "<script>alert" not in html
    assert "&lt;script&gt;" in html


def test_the_contents_number_sections_and_nest_their_sub_sections(client, db):
    services.load_site_rulebooks()
    for rulebook in Rulebook.objects.all():
        html = page(client, rulebook.get_absolute_url())
        contents = html.split('id="rb-toc"')[1].split("</nav>")[0]
        top_level = contents.split("<ol", 1)[1]
        depth, items = 0, 0
        for tag in top_level.replace("</", "<\0").split("<")[1:]:
            if tag.startswith("ol"):
                depth += 1
            elif tag.startswith("\0ol"):
                depth -= 1
            elif tag.startswith("li") and depth == 0:
                items += 1
        sections = [entry for entry in rulebook.toc if entry["level"] == 2]
        assert items == len(sections), rulebook
        for entry in rulebook.toc:
            assert f'href="#{entry["anchor"]}"' in contents
