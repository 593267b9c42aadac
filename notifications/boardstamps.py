"""The pieces of a board picture as stamps: each piece drawn once by CairoSVG for its place
(the fraction of a pixel it falls on included) and kept in this process's memory, then laid
by Pillow on the background of every picture that shows it (``notifications.boardimage``).

A board has a few dozen pieces, most of them the same from one position to the next: looking
a piece up must cost far less than drawing it, so it is keyed by its parsed shape (tag,
attributes, words, children) and written out as markup only when it must be drawn.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

from PIL import Image

from notifications.boardsvg import PIECE, RESOURCES, SVG_NS

#: The address the SVG documents are parsed under. CairoSVG keeps the elements that ``<use>``
#: points to by address and id: with an address, each is looked up once, not at every use (the
#: Africa board has a hundred uses). Nothing is fetched from it.
DOCUMENT_URL = "board.svg"
#: How far a piece may reach from the origin of its place, in pixels of the picture: a stamp
#: is drawn in a square twice as wide (a piece that touches its edge is drawn on a layer). The
#: close-ups of the Africa board draw a marker 86 pixels wide and its longest names 150.
STAMP_REACH = 128
#: Stamps drawn in one document at most, in a row (``_draw_stamps``; in rows, a stamp's
#: letters may fall a hair apart from the board's).
STAMPS_A_DOCUMENT = 32
#: Stamps drawn lately, {key: (RGBA image, its offset from the place in pixels) or None for a
#: piece that reaches too far}, newest last; at most STAMPS_KEPT (each a few KB).
_stamps: OrderedDict[tuple, tuple[Image.Image, tuple[int, int]] | None] = OrderedDict()
STAMPS_KEPT = 4096
TRANSLATE = re.compile(r"\s*translate\(\s*([-\d.e]+)(?:[\s,]+([-\d.e]+))?\s*\)\s*")
#: Elements a piece may sit in to be stamped: they group and place it, and draw nothing.
GROUPS = {f"{{{SVG_NS}}}{tag}" for tag in ("g", "a")}


def cairo_surface(svg: str, width: int):
    """The SVG document ``svg`` drawn ``width`` pixels wide by CairoSVG on a transparent cairo
    surface (ARGB32). Raises OSError when cairo is missing."""
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    # The constructor draws; no PNG is written.
    tree = Tree(bytestring=svg.encode(), url=DOCUMENT_URL)
    return PNGSurface(tree, None, 96, output_width=width).cairo


def rgba(drawn) -> Image.Image:
    """The cairo ARGB32 surface ``drawn`` as an RGBA image."""
    size = (drawn.get_width(), drawn.get_height())
    # ARGB32 holds colours multiplied by their opacity, blue first ("BGRa" for Pillow).
    data = bytes(drawn.get_data())
    return Image.frombuffer("RGBA", size, data, "raw", "BGRa", drawn.get_stride())


def _shape(element: ElementTree.Element) -> tuple:
    """``element``'s children as a tuple that is equal for two elements exactly when their
    children's markup is: each child's tag, attributes, words, children and trailing words."""
    return tuple(
        (child.tag, tuple(child.attrib.items()), child.text, _shape(child), child.tail)
        for child in element
    )


def _markup(piece: ElementTree.Element, own: dict, shells: tuple) -> str:
    """The markup of ``piece`` with the attributes ``own`` (its transform taken off), inside
    the groups ``shells`` ((tag, attributes) from the outermost)."""
    clone = ElementTree.Element(piece.tag, own)
    clone.text = piece.text
    clone.extend(piece)
    markup = ElementTree.tostring(clone, encoding="unicode")
    for tag, attributes in reversed(shells):
        shell = ElementTree.tostring(ElementTree.Element(tag, dict(attributes)), encoding="unicode")
        markup = f"{shell.removesuffix(' />')}>{markup}</{tag.removeprefix(f'{{{SVG_NS}}}')}>"
    return markup


def stamps(
    pieces: ElementTree.Element, width: int
) -> list[tuple[Image.Image, tuple[int, int]]] | None:
    """The parsed pieces document ``pieces`` (``boardsvg.layers``), drawn ``width`` pixels
    wide, as stamps: [(RGBA image, (x, y) of its top left corner in the picture's pixels)] in
    the document's order, each drawn once for its place (the fraction of a pixel it falls on
    included, so that it looks as drawn with the rest) and kept in this process's memory.
    None when a piece cannot be stamped: it sits in something other than groups placed by
    translations (a nested viewport, a scaled group), or reaches farther than STAMP_REACH
    from its place. The stamps not yet kept are drawn together, STAMPS_A_DOCUMENT in a
    CairoSVG document.
    Raises OSError when cairo is missing."""
    root = pieces
    view_box = [float(n) for n in root.get("viewBox").replace(",", " ").split()]
    scale = width / view_box[2]
    resources = "".join(
        ElementTree.tostring(child, encoding="unicode") for child in root if child.tag in RESOURCES
    )
    # The root's own attributes (its classes, which the styles may name), without its size.
    own = " ".join(
        f"{name}={quoteattr(value)}"
        for name, value in root.attrib.items()
        if name not in ("viewBox", "width", "height", "style")
    )
    resources = f"{own}>{resources}"
    context = hashlib.sha256(f"{width}:{resources}".encode()).hexdigest()
    found = []  # (key, piece, its attributes but its translation, shells, (x, y), fraction)

    def walk(parent, x, y, shells) -> bool:
        for child in parent:
            if child.tag in RESOURCES:
                continue
            if PIECE in child.attrib:
                # A piece placed by a translation alone is stamped at its own place.
                left, top = x, y
                attributes = child.attrib
                move = TRANSLATE.fullmatch(attributes.get("transform", ""))
                if move is not None:
                    attributes = {k: v for k, v in attributes.items() if k != "transform"}
                    left, top = x + float(move[1]), y + float(move[2] or 0)
                px, py = (left - view_box[0]) * scale, (top - view_box[1]) * scale
                at = (int(px // 1), int(py // 1))
                fraction = (round(px - at[0], 2), round(py - at[1], 2))
                shape = (child.tag, tuple(attributes.items()), child.text, _shape(child))
                found.append(((context, fraction, shells, shape), child, attributes, shells, at))
                continue
            if child.tag not in GROUPS:
                return False
            move = TRANSLATE.fullmatch(child.get("transform", "translate(0)"))
            if move is None:
                return False
            attributes = tuple((k, v) for k, v in child.attrib.items() if k != "transform")
            dx, dy = float(move[1]), float(move[2] or 0)
            if not walk(child, x + dx, y + dy, (*shells, (child.tag, attributes))):
                return False
        return True

    if not walk(root, 0.0, 0.0, ()):
        return None
    missing = {
        key: (_markup(piece, attributes, shells), key[1])
        for key, piece, attributes, shells, _at in found
        if key not in _stamps
    }
    keys = list(missing)
    for first in range(0, len(keys), STAMPS_A_DOCUMENT):
        some = keys[first : first + STAMPS_A_DOCUMENT]
        _draw_stamps({key: missing[key] for key in some}, resources, scale)
    placed = []
    for key, _piece, _attributes, _shells, at in found:
        stamp = _stamps.get(key)
        if stamp is None:
            return None
        _stamps.move_to_end(key)
        image, (dx, dy) = stamp
        placed.append((image, (at[0] + dx, at[1] + dy)))
    while len(_stamps) > STAMPS_KEPT:
        _stamps.popitem(last=False)
    return placed


def _draw_stamps(missing: dict[tuple, tuple[str, tuple[float, float]]], resources, scale):
    """Draw the stamps ``missing`` {key: (markup of the piece in its groups, fraction of a
    pixel of its place)} in one document of a row of squares 2 * STAMP_REACH pixels wide,
    with ``resources`` (the attributes of the board's root, ">", its styles and definitions),
    ``scale`` pixels a user unit, and keep them in _stamps (None for a piece that touches its
    square's edge or draws nothing in it)."""
    side = 2 * STAMP_REACH
    unit = side / scale
    cells = []
    for index, (markup, (fx, fy)) in enumerate(missing.values()):
        x = index * unit + (STAMP_REACH + fx) / scale
        y = (STAMP_REACH + fy) / scale
        cells.append(f'<g transform="translate({x:.6f} {y:.6f})">{markup}</g>')
    width = unit * len(missing)
    # The root's size in the board's styles is overridden by a later rule for this document.
    document = (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {width:.6f} {unit:.6f}" {resources}'
        f"<style>svg[viewBox]:root {{ width: {width:.6f}px; height: {unit:.6f}px; }}</style>"
        f"{''.join(cells)}</svg>"
    )
    drawn = rgba(cairo_surface(document, side * len(missing)))
    for index, key in enumerate(missing):
        square = drawn.crop((index * side, 0, (index + 1) * side, side))
        box = square.getchannel("A").getbbox()
        # A piece that draws nothing in its square is drawn elsewhere (placed by coordinates
        # of its own, not by a translation): it cannot be stamped, as one that leaves it.
        if box is None or box[0] == 0 or box[1] == 0 or box[2] == side or box[3] == side:
            _stamps[key] = None
        else:
            _stamps[key] = (square.crop(box), (box[0] - STAMP_REACH, box[1] - STAMP_REACH))
