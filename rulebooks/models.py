"""Rulebooks: one per game, language and kind, rendered once when saved, and their sections.

The site's own summary (``kind="summary"``) is written for the site and shipped in
``games/<game>/rules/``; full rulebooks (``kind="full"``) are imported by the site's
operators. ``rulebooks.services`` writes both; the HTML stored here is already sanitised.
"""

from django.conf import settings
from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVector
from django.db import connections, models
from django.db.models import Case, Q, Value, When
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.kinds import game_choices

DEFAULT_LANGUAGE = "en"
# PostgreSQL text-search configurations by language; other languages use "simple".
SEARCH_CONFIGS = {"en": "english", "fr": "french", "nl": "dutch", "de": "german"}


class RulebookQuerySet(models.QuerySet):
    """Named queries in the readers' words."""

    def of_game(self, game: str):
        return self.filter(game=game)

    def summaries(self):
        """The site's own summaries, which the "?" links of the play page point to."""
        return self.filter(kind=Rulebook.Kind.SUMMARY)

    def for_reader(self, game: str, language: str):
        """The rulebooks of ``game`` a reader of ``language`` should see first: those in that
        language, else in English, else in any language; the summary before the full text."""
        books = self.of_game(game)
        for wanted in (language, DEFAULT_LANGUAGE):
            if books.filter(language=wanted).exists():
                return books.filter(language=wanted).order_by("-kind")
        return books.order_by("language", "-kind")


class Rulebook(models.Model):
    """The rules of one game in one language, as its source and as sanitised HTML.

    ``source`` is Markdown or plain text (``source_format``); ``html`` and ``toc`` are made
    from it by ``rulebooks.render`` when a service saves the rulebook. ``differences`` (how
    the online game differs from the box) and ``credits`` are Markdown, shown above and
    below the rules.
    """

    class Kind(models.TextChoices):
        SUMMARY = "summary", _("Rules summary")
        FULL = "full", _("Full rulebook")

    class Format(models.TextChoices):
        MARKDOWN = "markdown", _("Markdown")
        TEXT = "text", _("Plain text")

    game = models.CharField(_("game"), max_length=32, choices=game_choices)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.FULL)
    title = models.CharField(_("title"), max_length=200, blank=True)
    version = models.CharField(_("version"), max_length=100, blank=True)
    source_format = models.CharField(
        _("source format"), max_length=16, choices=Format.choices, default=Format.MARKDOWN
    )
    source = models.TextField(_("source"))
    differences = models.TextField(
        _("how the online game differs from the box"),
        blank=True,
        help_text=_("Markdown, shown above the rules."),
    )
    credits = models.TextField(_("credits"), blank=True, help_text=_("Markdown."))
    html = models.TextField(editable=False, default="")
    differences_html = models.TextField(editable=False, default="")
    credits_html = models.TextField(editable=False, default="")
    toc = models.JSONField(editable=False, default=list)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    objects = RulebookQuerySet.as_manager()

    class Meta:
        ordering = ["game", "language", "-kind"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "language", "kind"], name="rulebooks_one_per_game_language_kind"
            )
        ]

    def __str__(self):
        return f"{self.title or self.get_game_display()} ({self.language}, {self.kind})"

    def get_absolute_url(self):
        if self.kind == self.Kind.SUMMARY:
            return reverse("rulebooks:rulebook", args=[self.game, self.language])
        return reverse("rulebooks:full_rulebook", args=[self.game, self.language])

    @property
    def toc_tree(self) -> list[dict]:
        """The contents as a tree: [{"anchor", "title", "children": [{"anchor", "title"}]}],
        each heading of level 3 under the level-2 heading before it (one that comes before
        any level-2 heading stands alone), so that a numbered list counts sections, not
        sub-sections."""
        tree: list[dict] = []
        for entry in self.toc:
            item = {"anchor": entry["anchor"], "title": entry["title"], "children": []}
            if entry["level"] > 2 and tree and tree[-1]["level"] == 2:
                tree[-1]["children"].append(item)
            else:
                tree.append(item | {"level": entry["level"]})
        return tree

    def get_print_url(self):
        name = "rulebook_print" if self.kind == self.Kind.SUMMARY else "full_rulebook_print"
        return reverse(f"rulebooks:{name}", args=[self.game, self.language])


class SectionQuerySet(models.QuerySet):
    """Named queries over the sections of the rulebooks."""

    def matching(self, words: str):
        """Sections about ``words``, best first.

        On PostgreSQL, full-text search with each rulebook's language configuration (so
        "uncovering" finds "uncover" and "chercheurs" finds "chercheur"), titles weighing
        more than text; elsewhere, sections whose title or text contains ``words`` (SQLite
        ignores case for ASCII letters only).
        """
        words = words.strip()
        if not words:
            return self.none()
        if connections[self.db].vendor != "postgresql":
            return self.filter(Q(title__icontains=words) | Q(text__icontains=words)).order_by(
                "rulebook", "position"
            )
        config = Case(
            *[When(rulebook__language=code, then=Value(c)) for code, c in SEARCH_CONFIGS.items()],
            default=Value("simple"),
        )
        vector = SearchVector("title", weight="A", config=config) + SearchVector(
            "text", weight="B", config=config
        )
        query = SearchQuery(words, config=config, search_type="websearch")
        return (
            self.annotate(document=vector, rank=SearchRank(vector, query))
            .filter(document=query)
            .order_by("-rank", "rulebook", "position")
        )


class Section(models.Model):
    """One heading of a rulebook and the plain text under it, for search and links.

    ``anchor`` is the heading's id in ``Rulebook.html`` ("" for the text before the first
    heading); ``position`` orders the sections from 0.
    """

    rulebook = models.ForeignKey(Rulebook, on_delete=models.CASCADE, related_name="sections")
    position = models.PositiveIntegerField()
    anchor = models.CharField(max_length=200, blank=True)
    title = models.CharField(max_length=300, blank=True)
    level = models.PositiveSmallIntegerField(default=2)
    text = models.TextField(blank=True)

    objects = SectionQuerySet.as_manager()

    class Meta:
        ordering = ["rulebook", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["rulebook", "position"], name="rulebooks_section_position"
            )
        ]

    def __str__(self):
        return self.title or str(self.rulebook)

    def get_absolute_url(self):
        url = self.rulebook.get_absolute_url()
        return f"{url}#{self.anchor}" if self.anchor else url

    def snippet_for(self, words: str, width: int = 160) -> str:
        """About ``width`` characters of the text around the first of ``words`` found in it
        (case-insensitive), with "…" where text was cut; the text's start if none is found."""
        text = " ".join(self.text.split())
        lowered = text.lower()
        found = [i for w in words.lower().split() if (i := lowered.find(w)) >= 0]
        start = max(0, min(found, default=0) - width // 3)
        snippet = text[start : start + width]
        prefix = "…" if start > 0 else ""
        suffix = "…" if start + width < len(text) else ""
        return f"{prefix}{snippet}{suffix}"
