"""``manage.py import_rulebook`` and ``load_rulebooks``: the publishers' rulebooks as they come
(plain text in ../shared/rulebooks/) get their sections and anchors; the site's summaries load
once."""

import pytest
from django.core.management import CommandError, call_command

from games import PACKAGES
from rulebooks.models import Rulebook
from tests.rulebooks.conftest import import_file, shared_rulebook

pytestmark = pytest.mark.django_db

EXPECTED = {
    ("africa.en.txt", "africa", "en"): {
        "Game Setup": "game-setup",
        "A. Move a Researcher Anywhere": "a-move-a-researcher-anywhere",
        "1. Uncover a marker and undergo its effect": "1-uncover-a-marker-and-undergo-its-effect",
        "Uncovering Goods": "uncovering-goods",
        "Uncovering Monuments": "uncovering-monuments",
        "2. Moving Animals": "2-moving-animals",
        "5. Establish a Base Camp and Use Natural Resources": (
            "5-establish-a-base-camp-and-use-natural-resources"
        ),
        "Empty and Occupied Spaces": "empty-and-occupied-spaces",
        "Game End and Scoring": "game-end-and-scoring",
        "Gold and Jewels": "gold-and-jewels",
        "Special Variant for 2 Players": "special-variant-for-2-players",
        "Simple Game Variant": "simple-game-variant",
    },
    ("africa.fr.txt", "africa", "fr"): {
        "Préparation": "preparation",
        "1. Découvrir un marqueur et subir son effet": "1-decouvrir-un-marqueur-et-subir-son-effet",
        "Découvrir des Marchandises": "decouvrir-des-marchandises",
        "3. Déplacer des Nomades": "3-deplacer-des-nomades",
        "Fin du jeu et Marquage des points": "fin-du-jeu-et-marquage-des-points",
        "Variante spéciale pour 2 Joueurs": "variante-speciale-pour-2-joueurs",
    },
    ("africa.nl.txt", "africa", "nl"): {
        "Spelvoorbereiding": "spelvoorbereiding",
        "1. ZEGEL OMDRAAIEN EN UITVOEREN": "1-zegel-omdraaien-en-uitvoeren",
        "Handelsgoederen ontdekt": "handelsgoederen-ontdekt",
        "4. BASISKAMP OPRICHTEN EN PUNTEN VERZAMELEN": "4-basiskamp-oprichten-en-punten-verzamelen",
        "Speleinde en puntenwaardering": "speleinde-en-puntenwaardering",
    },
    ("africana.en.txt", "africana", "en"): {
        "Joining Expeditions": "joining-expeditions",
        "Ending An Adventure": "ending-an-adventure",
        "GAME END": "game-end",
        "Scoring": "scoring",
        "GAME SETUP": "game-setup",
        "Movement": "movement",
    },
    ("source-of-the-nile.turn-summary.en.txt", "nile", "en"): {
        "AFRICA": "africa",
    },
}


@pytest.mark.parametrize(("file", "game", "language"), list(EXPECTED))
def test_a_plain_text_rulebook_gets_its_sections_and_anchors(client, file, game, language):
    path = shared_rulebook(file)

    output = import_file(path, game, language)

    rulebook = Rulebook.objects.get(game=game, language=language, kind="full")
    assert rulebook.source_format == "text"
    sections = dict(rulebook.sections.values_list("title", "anchor"))
    for title, anchor in EXPECTED[(file, game, language)].items():
        assert sections.get(title) == anchor, title
    html = client.get(rulebook.get_absolute_url()).content.decode()
    for anchor in EXPECTED[(file, game, language)].values():
        assert f'id="{anchor}"' in html  # the section
        assert f'href="#{anchor}"' in html  # its line in the contents
    assert "imported" in output


def test_the_first_line_of_a_plain_text_rulebook_is_its_title():
    import_file(shared_rulebook("africa.en.txt"), "africa", "en")

    rulebook = Rulebook.objects.get()
    assert rulebook.title == "Africa"
    assert not rulebook.sections.filter(title="Africa", level=2).exists()


def test_plain_text_maths_is_shown_as_code():
    import_file(shared_rulebook("africa.en.txt"), "africa", "en")

    assert "<code>3 - 1 = 2</code>" in Rulebook.objects.get().html


def test_importing_again_replaces_the_rulebook_and_reports_no_change(tmp_path):
    path = tmp_path / "rules.md"
    path.write_text("## Setup\n\nOne.\n")
    import_file(path, "africa", "fr", title="Règles")

    assert "unchanged" in import_file(path, "africa", "fr", title="Règles")
    path.write_text("## Setup\n\nTwo.\n\n## End\n\nDone.\n")
    import_file(path, "africa", "fr", title="Règles")

    rulebook = Rulebook.objects.get()
    assert list(rulebook.sections.values_list("anchor", flat=True)) == ["setup", "end"]
    assert "Two." in rulebook.html


def test_markdown_front_matter_gives_title_version_and_differences(client, tmp_path):
    path = tmp_path / "rules.md"
    path.write_text(
        "---\ntitle: House rules\nversion: 2.1\ndifferences:\n  - Played online.\n---\n"
        "## Setup {#setup}\n\nText.\n"
    )

    import_file(path, "africa", "nl", kind="summary")

    rulebook = Rulebook.objects.get()
    assert (rulebook.title, rulebook.version, rulebook.kind) == ("House rules", "2.1", "summary")
    html = client.get("/rules/africa/nl/").content.decode()
    assert html.index("Played online.") < html.index('id="rb-toc"') < html.index('id="setup"')


@pytest.mark.parametrize(
    "options",
    [{"game": "chess", "language": "en"}, {"game": "africa", "language": "xx"}],
)
def test_an_unknown_game_or_language_is_refused(tmp_path, options):
    path = tmp_path / "rules.md"
    path.write_text("## Setup\n")

    with pytest.raises(CommandError):
        call_command("import_rulebook", str(path), **options)
    assert not Rulebook.objects.exists()


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(CommandError):
        call_command("import_rulebook", str(tmp_path / "none.txt"), game="africa", language="en")


def test_load_rulebooks_loads_every_summary_once(capsys):
    call_command("load_rulebooks")
    first = {
        (g, lang): at
        for g, lang, at in Rulebook.objects.values_list("game", "language", "updated_at")
    }

    call_command("load_rulebooks")

    assert sorted(first) == [
        (game, language) for game in sorted(PACKAGES) for language in ("de", "en", "fr", "nl")
    ]
    again = Rulebook.objects.values_list("game", "language", "updated_at")
    assert {(g, lang): at for g, lang, at in again} == first
    assert f"{len(first)} rules summaries, 0 loaded or updated." in capsys.readouterr().out
    assert set(Rulebook.objects.values_list("kind", flat=True)) == {"summary"}
