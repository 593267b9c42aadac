"""Rulebooks in tests: the site's own summaries, and the publishers' rulebooks that live beside
the checkout in ../shared/rulebooks/ (tests that read them skip when that folder is missing).

Personas as in tests/fixtures.py; staff may use the admin, everyone may read the rules.
"""

from pathlib import Path

import pytest
from django.core.management import call_command

from rulebooks import services

REPO = Path(__file__).resolve().parents[2]
SHARED_RULEBOOKS = REPO.parent / "shared" / "rulebooks"


def shared_rulebook(name: str) -> Path:
    """The path of ``name`` in ../shared/rulebooks/, or skip the test when it is not there."""
    path = SHARED_RULEBOOKS / name
    if not path.is_file():
        pytest.skip(f"the shared rulebooks are not beside the checkout ({path} is missing)")
    return path


def import_file(path: Path, game: str, language: str, **options) -> str:
    """Run ``manage.py import_rulebook`` on ``path``; returns what it printed."""
    from io import StringIO

    out = StringIO()
    call_command("import_rulebook", str(path), game=game, language=language, stdout=out, **options)
    return out.getvalue()


@pytest.fixture
def summaries(db):
    """The site's own rules summaries, as ``make run`` loads them."""
    return [rulebook for rulebook, _changed in services.load_site_rulebooks()]
