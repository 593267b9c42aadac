"""Rulebook sources to sanitised HTML, a table of contents and searchable sections.

Two source formats:

- ``markdown``: CommonMark with tables. A heading may end with an explicit stable id,
  ``## Uncovering a marker {#uncover}``; other headings get the slug of their text.
- ``text``: plain text with light Markdown, like the publishers' rulebooks converted to text
  (headings without ``#``, bullet lists, ``**bold**``, ``$3 - 1 = 2$`` maths). Headings are
  recognised by :func:`looks_like_heading`; maths becomes inline code, never script.

Raw HTML in a source is shown as text, and the output goes through nh3 with a short list of
tags and attributes, so no script, event handler or ``javascript:`` link survives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import nh3
from django.utils.text import slugify
from markdown_it import MarkdownIt

MARKDOWN = "markdown"
TEXT = "text"

EXPLICIT_ID = re.compile(r"\s*\{#([a-z0-9][a-z0-9-]{0,79})\}\s*$")
SLUG_LENGTH = 80
MATHS = re.compile(r"\$(?=\S)([^$\n]*?\S)\$(?!\d)")
BOLD_LINE = re.compile(r"^\*\*[^*]+\*\*$")
NUMBERED = re.compile(r"^(\d+|[A-Z])\.\s+\S")
EMPHASIS = re.compile(r"[*_]+")

ALLOWED_TAGS = {
    "a", "blockquote", "br", "code", "em", "h2", "h3", "h4", "h5", "h6", "hr", "li", "ol",
    "p", "pre", "strong", "table", "tbody", "td", "th", "thead", "tr", "ul",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "h2": {"id"},
    "h3": {"id"},
    "h4": {"id"},
    "h5": {"id"},
    "h6": {"id"},
    "ol": {"start"},
}
URL_SCHEMES = {"http", "https", "mailto"}


@dataclass
class Section:
    """One heading and the plain text under it, up to the next heading.

    ``anchor`` is the heading's id ("" for the text before the first heading), ``level`` its
    HTML level (2 to 6), ``text`` the words a search looks in.
    """

    anchor: str
    title: str
    level: int
    text: str = ""


@dataclass
class Rendered:
    """A rendered source: ``html`` (sanitised), ``sections`` in order, and ``title``, the
    first heading's text when the source had a top-level title ("" otherwise)."""

    html: str
    sections: list[Section] = field(default_factory=list)
    title: str = ""

    @property
    def toc(self) -> list[dict]:
        """[{"anchor", "title", "level"}] for the headings of levels 2 and 3."""
        return [
            {"anchor": s.anchor, "title": s.title, "level": s.level}
            for s in self.sections
            if s.anchor and s.level <= 3
        ]


def looks_like_heading(line: str) -> bool:
    """Whether a one-line paragraph of a plain-text rulebook is a heading.

    A heading is short (at most 10 words, 80 characters), starts with a capital letter or a
    numbering ("1.", "A."), is no bullet, and reads as a title rather than a sentence: no
    colon, no comma, and a final full stop only on one to three words ("Goods."). A single
    word needs six letters or a full stop, so that "Once" and "Or" stay text. A line all in
    bold may end with a colon ("**AFRICA:**").
    """
    text = EMPHASIS.sub("", line).strip()
    if BOLD_LINE.match(line.strip()):
        text = text.rstrip(":")
    words = text.split()
    if not words or len(words) > 10 or len(text) > 80 or text.startswith(("- ", "+ ")):
        return False
    if not (text[0].isupper() or NUMBERED.match(text)):
        return False
    if ":" in text or "," in text or text.endswith(("!", "?", ";", "...")):
        return False
    if text.endswith(".") and len(words) > 3 and not NUMBERED.match(text):
        return False
    if len(words) == 1:
        return len(text) >= 6 or text.endswith(".")
    return True


def text_to_markdown(source: str) -> str:
    """A plain-text rulebook as Markdown: its headings marked with ``##`` (``#`` for a title on
    the first line) and its maths as inline code. Other lines are kept as they are: their
    light Markdown stays Markdown."""
    blocks = re.split(r"\n\s*\n", source.replace("\r\n", "\n").strip())
    out = []
    for number, block in enumerate(blocks):
        block = MATHS.sub(lambda m: f"`{m.group(1).strip()}`", block.strip("\n"))
        lines = block.strip().splitlines()
        if len(lines) == 1 and looks_like_heading(lines[0]):
            title = EMPHASIS.sub("", lines[0]).strip().rstrip(".:").strip()
            out.append(("# " if number == 0 else "## ") + title.replace("#", "\\#"))
        else:
            out.append(block)
    return "\n\n".join(out) + "\n"


def _parser(source_format: str) -> MarkdownIt:
    options = {"html": False, "linkify": False, "breaks": source_format == TEXT}
    return MarkdownIt("commonmark", options).enable("table")


def _inline_text(token) -> str:
    """The words of an inline token: text, code and line breaks, without markup."""
    parts = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts)


def render(source: str, source_format: str = MARKDOWN) -> Rendered:
    """Render ``source`` (``"markdown"`` or ``"text"``) to sanitised HTML with an id on every
    heading.

    Ids: an explicit ``{#id}`` at the end of a heading, else the slug of the heading's text
    ("1. Uncover a marker" -> "1-uncover-a-marker", at most 80 characters), made unique with
    "-2", "-3"... A first
    top-level heading (``#``) is taken as the title and left out of the HTML; the other
    headings move down one level when the source uses ``#``, so that the page's own ``h1``
    stays the only one. Raises ValueError for an unknown format.
    """
    if source_format == TEXT:
        source = text_to_markdown(source)
    elif source_format != MARKDOWN:
        raise ValueError(f"unknown rulebook format: {source_format!r}")
    parser = _parser(source_format)
    tokens = parser.parse(source)
    title = ""
    if tokens and tokens[0].type == "heading_open" and tokens[0].tag == "h1":
        title = _inline_text(tokens[1]).strip()
        tokens = tokens[3:]
    shift = 1 if any(t.type == "heading_open" and t.tag == "h1" for t in tokens) else 0
    sections = [Section(anchor="", title=title, level=1)]
    used: set[str] = set()
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            inline = tokens[index + 1]
            anchor = _explicit_id(inline)
            text = _inline_text(inline).strip()
            slug = slugify(text)[:SLUG_LENGTH].strip("-")
            anchor = _unique(anchor or slug or "section", used)
            level = min(int(token.tag[1]) + shift, 6)
            token.tag = tokens[index + 2].tag = f"h{level}"
            token.attrSet("id", anchor)
            sections.append(Section(anchor=anchor, title=text, level=level))
        elif token.type == "inline" and tokens[index - 1].type != "heading_open":
            sections[-1].text += _inline_text(token) + "\n"
    if not sections[0].text.strip():
        sections.pop(0)
    for section in sections:
        section.text = section.text.strip()
    html = parser.renderer.render(tokens, parser.options, {})
    return Rendered(html=sanitise(html), sections=sections, title=title)


def render_fragment(source: str) -> str:
    """A short Markdown text (the differences from the box, the credits) as sanitised HTML;
    its headings get no ids. "" for an empty source."""
    if not source.strip():
        return ""
    return sanitise(_parser(MARKDOWN).render(source))


def sanitise(html: str) -> str:
    """``html`` with only the tags and attributes a rulebook needs (nh3)."""
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
    )


def _explicit_id(inline) -> str:
    """The ``{#id}`` at the end of a heading, removed from the heading's text; "" if none."""
    children = inline.children or []
    if not children or children[-1].type != "text":
        return ""
    match = EXPLICIT_ID.search(children[-1].content)
    if not match:
        return ""
    children[-1].content = children[-1].content[: match.start()]
    inline.content = EXPLICIT_ID.sub("", inline.content)
    return match.group(1)


def _unique(anchor: str, used: set[str]) -> str:
    candidate, n = anchor, 1
    while candidate in used:
        n += 1
        candidate = f"{anchor}-{n}"
    used.add(candidate)
    return candidate
