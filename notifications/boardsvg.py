"""The board picture's SVG document: the kind's partial made standalone (``board_svg``), its
symbols inlined (``inline_symbols``) and taken apart into a background and its pieces
(``split_layers``), for ``notifications.boardimage`` to draw.

A kind's partial marks as pieces (PIECE) the elements a position changes; the rest is the same
for every position of a game in one language, and is drawn once.
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from xml.etree import ElementTree

from django.contrib.staticfiles import finders
from django.template.loader import render_to_string

#: Styles every board picture gets first: the page's font, since the SVG inherits it there.
BASE_STYLE = "svg { font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; }"
#: CairoSVG ignores paint-order, so a label's light halo (a stroke drawn under the letters on
#: the page) would cover its letters: pictures draw labels without it.
NO_HALO = (
    "svg[viewBox] text[paint-order], svg[viewBox] text.city-label, "
    "svg[viewBox] text.marker-label { stroke: none; }"
)
#: The attribute that marks an element of a board partial as a piece: drawn over the
#: background, which is drawn once for all positions (``split_layers``).
PIECE = "data-piece"
SVG_NS = "http://www.w3.org/2000/svg"
ElementTree.register_namespace("", SVG_NS)  # SVG written back without a prefix
AUTO_SIZE = re.compile(r"\b(?:width|height)\s*:\s*(?:auto|100%)\s*;?")
VIEW_BOX = re.compile(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"')
ROOT_VIEW_BOX = re.compile(r'\sviewBox="([^"]*)"')
#: The attribute ``board_svg`` puts on the root of a picture that frames part of a larger
#: one (a close-up of the board), its value that one's view box (the board's context's
#: "mail_plane", ``notifications.boardimage.mail_pictures``): the background of every such
#: part is cut from one drawing of the whole at the part's scale.
PLANE = "data-plane"
#: Elements that draw nothing themselves but are needed by what does: kept in both layers.
RESOURCES = {f"{{{SVG_NS}}}{tag}" for tag in ("style", "defs", "symbol", "pattern")}
#: Elements that are never drawn: left out of both layers, so that the words of a title
#: (which may describe the position) do not make two backgrounds differ.
UNDRAWN = {f"{{{SVG_NS}}}{tag}" for tag in ("title", "desc")}
#: Elements whose blanks are words' spaces.
WORDS = {f"{{{SVG_NS}}}{tag}" for tag in ("text", "tspan", "textPath")}
#: The attributes that place a nested viewport (``drawable``).
NUMBERS = ("x", "y", "width", "height")


@lru_cache(maxsize=8)
def _stylesheet(paths: tuple[str, ...]) -> str:
    """The text of the static files ``paths`` (found as ``collectstatic`` would), joined."""
    texts = [BASE_STYLE]
    for path in paths:
        found = finders.find(path)
        if found:
            with open(found, encoding="utf-8") as handle:
                texts.append(handle.read())
    return "\n".join(texts)


def board_svg(kind, board: dict) -> str:
    """The board picture's partial of ``kind`` (``kind.board.mail_template``) for its context
    ``board`` (``kind.board.mail_context``), with its stylesheets (``kind.board.stylesheets``)
    inside, as a standalone SVG document; with a "mail_plane" in ``board`` (the view box of
    the larger picture this one is a part of), that view box as PLANE on its root. Raises
    ValueError when the partial is not an SVG element with a viewBox."""
    svg = render_to_string(kind.board.mail_template, {"board": board}).strip()
    head, sep, rest = svg.partition(">")
    view_box = VIEW_BOX.search(head)
    if not sep or not head.startswith("<svg") or view_box is None:
        raise ValueError("the board partial is not an SVG element with a viewBox")
    # The page sizes the board to its column (width: 100%, height: auto, which CairoSVG
    # draws as nothing); a picture has the viewBox's size.
    head = AUTO_SIZE.sub("", head)
    if board.get("mail_plane"):
        head = f'{head} {PLANE}="{board["mail_plane"]}"'
    # A board nested in the picture (the Nile's close-up) fills the viewport it is put in.
    size = _size_rule(view_box[1], view_box[2])
    size = f"{size}\nsvg svg[viewBox] {{ width: 100%; height: 100%; }}"
    style = f"{_stylesheet(tuple(kind.board.stylesheets))}\n{size}\n{NO_HALO}"
    return f"{head}><style>{style}</style>{rest}"


def _size_rule(width: str, height: str) -> str:
    """The style rule that gives a picture's root the size of its view box (``width`` and
    ``height`` as written there), in user units as pixels."""
    return f"svg[viewBox]:root {{ width: {width}px; height: {height}px; }}"


def view_box(svg: str) -> tuple[float, float, float, float] | None:
    """The view box (x, y, width, height) of the root of the SVG document ``svg`` as
    ``board_svg`` writes it; None without one."""
    head = svg.partition(">")[0]
    found = ROOT_VIEW_BOX.search(head)
    if found is None:
        return None
    return tuple(float(n) for n in found[1].replace(",", " ").split())


def plane_of(svg: str) -> str | None:
    """The view box ("x y w h") of the plane the picture ``svg`` is a part of (PLANE on its
    root, ``board_svg``), or None."""
    found = re.search(rf'\s{PLANE}="([^"]*)"', svg.partition(">")[0])
    return found[1] if found else None


def with_view_box(svg: str, box: str) -> str:
    """The SVG document ``svg`` (``board_svg``'s, or one of its layers) with the view box
    ``box`` ("x y w h") on its root, and the root's size in its styles made ``box``'s: the
    same drawing, framed on another part of it. Raises ValueError when ``svg`` has no view
    box on its root or its styles do not size its root as ``board_svg`` does."""
    head, sep, rest = svg.partition(">")
    found = ROOT_VIEW_BOX.search(head)
    if found is None:
        raise ValueError("the document has no view box on its root")
    old = found[1].replace(",", " ").split()
    new = box.split()
    size = _size_rule(old[2], old[3])
    if size not in rest:
        raise ValueError("the document's styles do not size its root")
    head = f'{head[: found.start()]} viewBox="{box}"{head[found.end() :]}'
    return f"{head}{sep}{rest.replace(size, _size_rule(new[2], new[3]), 1)}"


def inline_symbols(svg: str) -> str:
    """``svg`` with each ``<use>`` of a ``<symbol>`` replaced by a group of copies of the
    symbol's children, placed and scaled as the use would (its x, y, width and height, the
    symbol's viewBox, centred), the use's other attributes on the group. CairoSVG builds the
    referenced element's tree anew, styles and all, at every use: the Africa board's hundred
    markers cost a fifth of its drawing. Uses of anything else are left as they are."""
    root = ElementTree.fromstring(svg)
    _inline_symbols(root)
    return ElementTree.tostring(root, encoding="unicode")


def drawable(svg: str) -> str:
    """``inline_symbols`` of ``svg`` without what draws in the viewports its view box does not
    reach: the root's ``<svg>`` children placed by numbers (x, y, width, height), which clip
    what they draw, lying wholly outside it (the Nile's close-up, under the picture of its
    overview), keep only their styles and definitions (RESOURCES), which others may use.
    CairoSVG reads and draws every element, seen or not: the same pixels, sooner."""
    root = ElementTree.fromstring(svg)
    box = [float(n) for n in (root.get("viewBox") or "0 0 0 0").replace(",", " ").split()]
    if len(box) == 4 and box[2] > 0 and box[3] > 0:
        for child in list(root):
            if child.tag == f"{{{SVG_NS}}}svg" and not _reaches(child, box):
                _only_resources(child)
    _inline_symbols(root)
    return ElementTree.tostring(root, encoding="unicode")


def _only_resources(parent: ElementTree.Element) -> bool:
    """Removes from ``parent`` all but the RESOURCES in it (which other parts of the document
    may use) and their ancestors; True when a resource is left in it."""
    found = False
    for child in list(parent):
        if child.tag in RESOURCES:
            found = True
        elif _only_resources(child):
            found = True
        else:
            parent.remove(child)
    return found


def _reaches(viewport: ElementTree.Element, box: list[float]) -> bool:
    """Whether the nested ``<svg>`` ``viewport`` may draw inside the view box ``box`` (x, y,
    width, height): True unless it is placed by plain numbers wholly outside it."""
    try:
        x, y, width, height = (float(viewport.get(name, "")) for name in NUMBERS)
    except ValueError:  # placed otherwise (percentages, missing, styled): kept
        return True
    if viewport.get("overflow", "hidden") == "visible" or viewport.get("style"):
        return True
    left, top, across, down = box
    return x < left + across and y < top + down and x + width > left and y + height > top


def _inline_symbols(root: ElementTree.Element) -> None:
    """``inline_symbols`` on the parsed document ``root``, in place."""
    symbols = {el.get("id"): el for el in root.iter(f"{{{SVG_NS}}}symbol") if el.get("viewBox")}

    def expand(parent):
        for index, child in enumerate(list(parent)):
            symbol = None
            if child.tag == f"{{{SVG_NS}}}use" and (child.get("href") or "").startswith("#"):
                symbol = symbols.get(child.get("href")[1:])
            if symbol is None:
                if child.tag != f"{{{SVG_NS}}}symbol":
                    expand(child)
                continue
            vx, vy, vw, vh = (float(n) for n in symbol.get("viewBox").replace(",", " ").split())
            x, y = float(child.get("x", 0)), float(child.get("y", 0))
            width, height = float(child.get("width", vw)), float(child.get("height", vh))
            scale = min(width / vw, height / vh)
            dx = x + (width - vw * scale) / 2 - vx * scale
            dy = y + (height - vh * scale) / 2 - vy * scale
            attributes = {
                k: v
                for k, v in child.attrib.items()
                if k not in ("href", "x", "y", "width", "height")
            }
            place = f"translate({dx:g} {dy:g}) scale({scale:g})"
            attributes["transform"] = f"{attributes.get('transform', '')} {place}".strip()
            group = ElementTree.Element(f"{{{SVG_NS}}}g", attributes)
            group.extend(copy.deepcopy(part) for part in symbol)
            expand(group)
            parent[index] = group

    expand(root)


def split_layers(svg: str) -> tuple[str, str | None]:
    """The SVG document ``svg`` as two documents of its size: its background, without the
    elements marked PIECE, titles, descriptions and the blanks between elements (which draw
    nothing, and differ from one position to another), and its pieces: only the elements
    marked PIECE, with their ancestors (attributes, classes and transforms kept, so that the
    stylesheet and places apply as in ``svg``) and the styles, definitions and patterns. The
    pieces are None when nothing is marked. Drawn one over the other they make ``svg``'s
    drawing: the board kinds mark as pieces what a position changes
    (``Board.mail_template``), the rest being the same for every position of a game
    in one language."""
    back, pieces = layers(svg)
    return back, None if pieces is None else ElementTree.tostring(pieces, encoding="unicode")


#: A start tag marked PIECE (no ">" in its attribute values: ``background_key`` checks).
PIECE_START = re.compile(rf'<([A-Za-z][\w:.-]*)\b[^<>]*?\s{PIECE}="[^"<>]*"[^<>]*>')
#: What ``background_key`` cannot read: comments, CDATA, a ">" in an attribute value.
UNREAD = re.compile(r'<!--|<!\[CDATA\[|="[^"<>]*>')
#: Elements never drawn, and the blanks between elements, as ``layers`` leaves them out.
UNDRAWN_TEXT = re.compile(r"<(title|desc)\b[^<>]*>.*?</\1>|<(?:title|desc)\b[^<>]*/>", re.DOTALL)
BLANKS = re.compile(r">\s+<")
_closing: dict[str, re.Pattern] = {}


def background_key(svg: str) -> str | None:
    """A text that two SVG documents of ``board_svg`` share when their backgrounds
    (``split_layers``) are the same: ``svg`` without its elements marked PIECE, its titles and
    descriptions and the blanks between elements; read without parsing the document (a tenth
    of the time). None for a document it cannot read so (comments, CDATA, a ">" in an
    attribute value, an element left open)."""
    if UNREAD.search(svg):
        return None
    kept, at = [], 0
    for start in PIECE_START.finditer(svg):
        if start.start() < at:  # a piece inside a piece: left out with it
            continue
        kept.append(svg[at : start.start()])
        at = start.end()
        if not start[0].endswith("/>"):
            tag = start[1]
            tags = _closing.get(tag)
            if tags is None:
                tags = _closing[tag] = re.compile(rf"<(/?){re.escape(tag)}(?=[\s/>])[^<>]*?(/?)>")
            depth = 1
            while depth:
                found = tags.search(svg, at)
                if found is None:
                    return None
                depth += -1 if found[1] else 0 if found[2] else 1
                at = found.end()
    kept.append(svg[at:])
    return BLANKS.sub("><", UNDRAWN_TEXT.sub("", "".join(kept)))


def pieces_of(svg: str) -> ElementTree.Element | None:
    """The pieces of ``split_layers`` of ``svg`` as a parsed document (parsed once, no
    background made); None when nothing is marked PIECE."""
    root = ElementTree.fromstring(svg)
    return root if _only_pieces(root) else None


def _only_pieces(parent: ElementTree.Element) -> bool:
    """Removes from ``parent`` all that is no piece, resource or ancestor of a piece; True
    when a piece is left in it."""
    found = False
    for child in list(parent):
        if child.tag in UNDRAWN:
            parent.remove(child)
        elif PIECE in child.attrib:
            found = True
        elif child.tag not in RESOURCES and not _only_pieces(child):
            parent.remove(child)
        else:
            found = found or child.tag not in RESOURCES
    return found


def layers(svg: str) -> tuple[str, ElementTree.Element | None]:
    """``split_layers`` of ``svg``, its pieces as a parsed document (the document is parsed
    twice: ElementTree's parser is quicker than a deep copy)."""
    root = ElementTree.fromstring(svg)
    marked = False

    def background(parent):
        nonlocal marked
        if parent.tag not in WORDS and parent.text and parent.text.isspace():
            parent.text = None  # the template's blanks between elements: not drawn
        for child in list(parent):
            if child.tag in UNDRAWN or PIECE in child.attrib:
                marked = marked or PIECE in child.attrib
                parent.remove(child)
                continue
            if parent.tag not in WORDS and child.tail and child.tail.isspace():
                child.tail = None
            background(child)

    background(root)
    back = ElementTree.tostring(root, encoding="unicode")
    if not marked:
        return back, None
    pieces = ElementTree.fromstring(svg)
    _only_pieces(pieces)
    return back, pieces
