"""The writers of rulebooks: import a source, render it, store it with its sections.

Every change to a rulebook goes through :func:`save_rulebook`, one transaction that renders
the source (``rulebooks.render``) and replaces the rulebook's sections, so that the stored
HTML, table of contents and search sections always agree with the source.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from django.db import transaction

from games import PACKAGES
from rulebooks import render as renderer
from rulebooks.models import Rulebook, Section

CONTENT_NAME = re.compile(r"^(?P<game>[a-z0-9-]+)\.(?P<language>[a-z]{2}(?:-[a-z]+)?)\.md$")
FRONT_MATTER_KEYS = ("title", "version", "credits", "differences")


def summary_paths() -> list[Path]:
    """The site's own rules summaries: ``games/<game>/rules/<game>.<language>.md`` of every
    game (``games.PACKAGES``), in file-name order."""
    paths = []
    for package in PACKAGES.values():
        folder = Path(importlib.import_module(package).__file__).parent / "rules"
        paths.extend(folder.glob("*.md"))
    return sorted(paths, key=lambda path: path.name)


def source_format_for(filename: str) -> str:
    """``"markdown"`` for a ``.md``/``.markdown`` file name, ``"text"`` for anything else."""
    suffix = Path(filename).suffix.lower()
    return Rulebook.Format.MARKDOWN if suffix in (".md", ".markdown") else Rulebook.Format.TEXT


def split_front_matter(source: str) -> tuple[dict[str, str], str]:
    """``({key: value}, body)`` for a source that starts with a front-matter block.

    The block sits between two ``---`` lines at the very top; each ``key: value`` line sets
    one of title, version, credits, differences, and lines indented by two spaces continue
    the previous value (so ``differences`` may be a Markdown list). A source without the
    block gives ``({}, source)``. Unknown keys raise ValueError.
    """
    lines = source.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != "---" or "---" not in (s.strip() for s in lines[1:]):
        return {}, source
    end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    values: dict[str, list[str]] = {}
    key = None
    for line in lines[1:end]:
        if line.startswith("  ") and key:
            values[key].append(line[2:])
        elif line.strip():
            key, _sep, value = line.partition(":")
            key = key.strip()
            if key not in FRONT_MATTER_KEYS:
                raise ValueError(f"unknown front-matter key: {key!r}")
            values[key] = [value.strip()] if value.strip() else []
    meta = {k: "\n".join(v).strip() for k, v in values.items()}
    return meta, "\n".join(lines[end + 1 :]).lstrip("\n")


@transaction.atomic
def save_rulebook(rulebook: Rulebook) -> Rulebook:
    """Render ``rulebook.source`` and save the rulebook with its sections (replaced).

    Steps: 1. render the source, the differences and the credits to sanitised HTML;
    2. take the title from the source's first heading when none is given; 3. save; 4. replace
    the sections. Raises ValueError for an unknown source format.
    """
    rendered = renderer.render(rulebook.source, rulebook.source_format)
    rulebook.html = rendered.html
    rulebook.toc = rendered.toc
    rulebook.differences_html = renderer.render_fragment(rulebook.differences)
    rulebook.credits_html = renderer.render_fragment(rulebook.credits)
    if not rulebook.title:
        rulebook.title = rendered.title or rulebook.get_game_display()
    rulebook.save()
    rulebook.sections.all().delete()
    Section.objects.bulk_create(
        Section(
            rulebook=rulebook,
            position=position,
            anchor=section.anchor,
            title=section.title[:300],
            level=section.level,
            text=section.text,
        )
        for position, section in enumerate(rendered.sections)
    )
    return rulebook


def import_rulebook(
    *,
    game: str,
    language: str,
    source: str,
    kind: str = Rulebook.Kind.FULL,
    source_format: str = Rulebook.Format.MARKDOWN,
    **meta: str,
) -> tuple[Rulebook, bool]:
    """Create or replace the rulebook of ``game`` in ``language`` of ``kind`` from ``source``.

    A Markdown source may start with front matter (:func:`split_front_matter`); ``meta``
    (title, version, differences, credits) given here wins over it. Returns
    ``(rulebook, changed)``: importing the same source and meta again changes nothing.
    Raises ValueError for an unknown game, language, kind or format.
    """
    if game not in dict(Rulebook._meta.get_field("game").choices):
        raise ValueError(f"unknown game: {game!r}")
    if language not in dict(Rulebook._meta.get_field("language").choices):
        raise ValueError(f"unknown language: {language!r}")
    if kind not in Rulebook.Kind.values or source_format not in Rulebook.Format.values:
        raise ValueError(f"unknown kind or format: {kind!r}, {source_format!r}")
    if set(meta) - set(FRONT_MATTER_KEYS):
        raise ValueError(f"unknown rulebook fields: {sorted(set(meta) - set(FRONT_MATTER_KEYS))}")
    front, body = ({}, source)
    if source_format == Rulebook.Format.MARKDOWN:
        front, body = split_front_matter(source)
    fields = {key: "" for key in FRONT_MATTER_KEYS} | front
    fields |= {key: value for key, value in meta.items() if value}
    fields |= {"source": body, "source_format": source_format}
    compared = {k: v for k, v in fields.items() if v or k != "title"}
    rulebook = Rulebook.objects.filter(game=game, language=language, kind=kind).first()
    if rulebook is None:
        rulebook = Rulebook(game=game, language=language, kind=kind)
    elif all(getattr(rulebook, key) == value for key, value in compared.items()):
        return rulebook, False
    for key, value in fields.items():
        setattr(rulebook, key, value)
    return save_rulebook(rulebook), True


def load_site_rulebooks() -> list[tuple[Rulebook, bool]]:
    """Load the site's own summaries (``summary_paths``: ``games/<game>/rules/*.md``).

    Idempotent: an unchanged file leaves its rulebook untouched. Returns ``[(rulebook,
    changed)]`` in file-name order.
    """
    loaded = []
    for path in summary_paths():
        match = CONTENT_NAME.match(path.name)
        if not match:
            continue
        loaded.append(
            import_rulebook(
                game=match["game"],
                language=match["language"],
                source=path.read_text(encoding="utf-8"),
                kind=Rulebook.Kind.SUMMARY,
                source_format=Rulebook.Format.MARKDOWN,
            )
        )
    return loaded
