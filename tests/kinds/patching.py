"""Applying an htmx patch (out-of-band swaps of elements by id) to a page's HTML, as htmx does
in the browser, with the standard library's HTML parser; and the normalised text of a page to
compare (csrf tokens, poll tokens and page keys left out)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
OOB = ' hx-swap-oob="outerHTML"'
#: The wrapper of out-of-band swaps of SVG elements (the board's places).
SVG = '<svg xmlns="http://www.w3.org/2000/svg" hidden>'
CSRF = re.compile(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]+"')
#: The poll token in the poll and stream URLs (signed with the time and the session).
POLL_TOKEN = re.compile(r'(data-(?:poll|stream)="[^"]*\?t=)[^"&]+')


class _Elements(HTMLParser):
    """The extent [start, end) in the text of each top-level element and of each element
    with an id, in one pass."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=False)
        self.text = text
        self.lines = [0]
        for line in text.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.stack: list[tuple[str, int, str | None]] = []
        self.by_id: dict[str, tuple[int, int]] = {}
        self.top: list[tuple[str | None, int, int]] = []
        self.feed(text)
        self.close()

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def _element(self, start: int, end: int, ident: str | None) -> None:
        if ident is not None:
            self.by_id[ident] = (start, end)
        if not self.stack:
            self.top.append((ident, start, end))

    def handle_starttag(self, tag, attrs):
        start = self._offset()
        ident = dict(attrs).get("id")
        if tag in VOID:
            self._element(start, self.text.index(">", start) + 1, ident)
        else:
            self.stack.append((tag, start, ident))

    def handle_startendtag(self, tag, attrs):
        start = self._offset()
        self._element(start, self.text.index(">", start) + 1, dict(attrs).get("id"))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        open_tag, start, ident = self.stack.pop()
        assert open_tag == tag, f"</{tag}> closes <{open_tag}> at {start}"
        self._element(start, self.text.index(">", self._offset()) + 1, ident)


def apply_patch(page: str, patch: str) -> str:
    """``page`` (HTML) with each top-level element of ``patch`` marked ``hx-swap-oob=
    "outerHTML"`` put in place of the page's element of the same id (htmx's out-of-band swap),
    and so each child of a top-level ``<svg>`` wrapper (htmx's nested out-of-band swaps); a
    patch with anything else at its top level, or an id the page lacks, fails the test."""
    for ident, start, end in _Elements(patch).top:
        element = patch[start:end]
        if element.startswith(SVG):  # places of the board, read as SVG (nested swaps)
            assert element.endswith("</svg>"), element[-80:]
            page = apply_patch(page, element[len(SVG) : -len("</svg>")])
            continue
        assert ident is not None and OOB in element[: element.index(">") + 1], element[:80]
        where = _Elements(page).by_id.get(ident)
        assert where is not None, f"the page has no #{ident}"
        page = page[: where[0]] + element.replace(OOB, "", 1) + page[where[1] :]
    assert _text_outside(patch).strip() == ""
    return page


def _text_outside(patch: str) -> str:
    """The text of ``patch`` outside its top-level elements (whitespace expected)."""
    pieces, last = [], 0
    for _ident, start, end in _Elements(patch).top:
        pieces.append(patch[last:start])
        last = end
    return "".join([*pieces, patch[last:]])


def normalised(html: str) -> str:
    """``html`` without what differs between two renders of one page (csrf and poll tokens)
    and without blank space between tags."""
    html = POLL_TOKEN.sub(r"\1", CSRF.sub(r"\1", html))
    return re.sub(r">\s+<", "><", html).strip()


def element(page: str, ident: str) -> str:
    """The element of ``page`` with id ``ident``."""
    start, end = _Elements(page).by_id[ident]
    return page[start:end]
