"""The rulebook pages: the list, one rulebook (in the reader's language or a chosen one), its
print page, and the search within and across rulebooks. All read-only and open to everyone."""

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from games.kinds import game_choices
from rulebooks.models import Rulebook, Section

LANGUAGE_NAMES = dict(settings.LANGUAGES)
SEARCH_RESULTS = 50


def _get_rulebook(game: str, language: str, kind: str | None) -> Rulebook:
    """The rulebook of ``game`` in ``language``: of ``kind``, or (None) the summary if there is
    one, else the full rulebook. Raises Http404 when there is none."""
    books = Rulebook.objects.of_game(game).filter(language=language).order_by("-kind")
    book = (books.filter(kind=kind) if kind else books).first()
    if book is None:
        raise Http404
    return book


def _page_context(book: Rulebook) -> dict:
    """What a rulebook page shows besides the rulebook: its other languages (same kind when
    there is one) and its other kinds in this language."""
    siblings = list(Rulebook.objects.of_game(book.game).only("game", "language", "kind"))
    languages = []
    for code in sorted({b.language for b in siblings}):
        in_code = [b for b in siblings if b.language == code]
        target = next((b for b in in_code if b.kind == book.kind), in_code[0])
        languages.append(
            {
                "code": code,
                "name": LANGUAGE_NAMES.get(code, code),
                "url": target.get_absolute_url(),
                "current": code == book.language,
            }
        )
    others = [b for b in siblings if b.language == book.language and b.kind != book.kind]
    return {"rulebook": book, "languages": languages, "other_kinds": others}


def _search_choices() -> dict:
    return {"search_games": game_choices(), "search_languages": settings.LANGUAGES}


@require_GET
def index(request):
    """Every game with a rulebook, and its rulebooks by language."""
    books = list(Rulebook.objects.only("game", "language", "kind", "title", "version"))
    games = []
    for code, name in game_choices():
        mine = [b for b in books if b.game == code]
        if mine:
            for book in mine:
                book.language_name = LANGUAGE_NAMES.get(book.language, book.language)
            games.append({"code": code, "name": name, "rulebooks": mine})
    return render(request, "rulebooks/index.html", {"games": games, **_search_choices()})


@require_GET
def game_rules(request, game):
    """The rules of ``game`` in the reader's language, else in English, else any."""
    book = Rulebook.objects.for_reader(game, get_language()).first()
    if book is None:
        raise Http404
    return render(request, "rulebooks/rulebook.html", _page_context(book))


@require_GET
def rulebook(request, game, language, kind=None):
    """One rulebook: the summary of ``game`` in ``language`` (or the full one, ``kind``)."""
    book = _get_rulebook(game, language, kind)
    return render(request, "rulebooks/rulebook.html", _page_context(book))


@require_GET
def rulebook_print(request, game, language, kind=None):
    """The same rulebook on a page made for printing: no menus, everything unfolded."""
    book = _get_rulebook(game, language, kind)
    return render(request, "rulebooks/print.html", {"rulebook": book})


@require_GET
def search(request):
    """Sections whose title or text matches ``q``, in every rulebook or in those of ``game``
    and ``language`` when given (full-text search on PostgreSQL)."""
    words = request.GET.get("q", "").strip()[:200]
    game = request.GET.get("game", "")
    language = request.GET.get("language", "")
    sections = Section.objects.select_related("rulebook")
    if game:
        sections = sections.filter(rulebook__game=game)
    if language:
        sections = sections.filter(rulebook__language=language)
    results = list(sections.matching(words)[:SEARCH_RESULTS]) if words else []
    for section in results:
        section.snippet = section.snippet_for(words)
        section.language_name = LANGUAGE_NAMES.get(section.rulebook.language)
    context = {
        "q": words,
        "game": game,
        "language": language,
        "results": results,
        **_search_choices(),
    }
    return render(request, "rulebooks/search.html", context)
