"""The board as a picture for HTML mails: a PNG drawn with CairoSVG from the same SVG partial
the play page shows, with the page's board styles put inside the SVG (mail programs strip
inline SVG and never load the site's stylesheets).

The SVG is rendered from the viewer's observation only (``Board.context``), so the
picture shows no more than the page does; a kind may frame it for a mail
(``Board.mail_context``: the Nile shows the reader's surroundings close up). It is reduced to
at most 256 colours with Pillow to stay small (30-60 KB; MAX_BYTES is checked by the tests).

A picture is drawn in two layers (``board_image``): the background, the same for every
position of a game in one language (the terrain, the cities, the names), is drawn once and kept
(this process's memory and Django's cache); for each mail only the elements the kind's partial
marks as pieces (PIECE) are drawn, on a transparent layer that Pillow lays over it.

Drawing the pieces still takes tens of milliseconds (CairoSVG reading them), so mails take
their picture from Django's cache (``board_picture``), where it is filed under a digest of the
SVG document it is drawn from: the mails that show the very same board (a turn mail and the
reminder of the same turn, the answer to a reply, a digest, the other players when they all see
the same board) draw it once, and two boards that differ in anything, hidden or not, never share
a picture.
"""

from __future__ import annotations

import copy
import hashlib
import io
import logging
import re
from collections import OrderedDict
from functools import lru_cache
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from PIL import Image

logger = logging.getLogger(__name__)

#: Width of the picture in pixels (one and a half times the 560-pixel column of the mails, for
#: sharp screens; twice as wide made pictures of 80 KB and more).
WIDTH = 840
#: What a board picture may weigh at most.
MAX_BYTES = 60_000
#: Colours of a picture: 256, or 48 when that weighs MAX_BYTES or more (the Africa board, with
#: its hundred markers: 70 KB in 256 colours, 54 KB in 48, its three terrains still apart).
COLOURS = (256, 48)
#: Styles every board picture gets first: the page's font, since the SVG inherits it there.
BASE_STYLE = "svg { font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; }"
#: CairoSVG ignores paint-order, so a label's light halo (a stroke drawn under the letters on
#: the page) would cover its letters: pictures draw labels without it.
NO_HALO = (
    "svg[viewBox] text[paint-order], svg[viewBox] text.city-label, "
    "svg[viewBox] text.marker-label { stroke: none; }"
)
#: The mails' background colour (templates/emails/base.html), under transparent parts.
BACKGROUND = (0xFB, 0xF7, 0xEF)
#: zlib's level for the PNG: 6 makes files within 7 % of 8's in a third of the time.
COMPRESS_LEVEL = 6
#: Named in the cache keys of pictures: change it when the same SVG is drawn differently.
DRAWING = "4"
#: The address the SVG document is parsed under. CairoSVG keeps the elements that ``<use>``
#: points to by address and id: with an address, each is looked up once, not at every use (the
#: Africa board has a hundred uses). Nothing is fetched from it.
DOCUMENT_URL = "board.svg"
#: The attribute that marks an element of a board partial as a piece: drawn over the
#: background, which is drawn once for all positions (``split_layers``).
PIECE = "data-piece"
SVG_NS = "http://www.w3.org/2000/svg"
ElementTree.register_namespace("", SVG_NS)  # SVG written back without a prefix
AUTO_SIZE = re.compile(r"\b(?:width|height)\s*:\s*(?:auto|100%)\s*;?")
VIEW_BOX = re.compile(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"')


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
    ``board`` (``kind.mail_board``), with its stylesheets (``kind.board.stylesheets``) inside,
    as a standalone SVG document. Raises ValueError when the partial is not an SVG element
    with a viewBox."""
    svg = render_to_string(kind.board.mail_template, {"board": board}).strip()
    head, sep, rest = svg.partition(">")
    view_box = VIEW_BOX.search(head)
    if not sep or not head.startswith("<svg") or view_box is None:
        raise ValueError("the board partial is not an SVG element with a viewBox")
    # The page sizes the board to its column (width: 100%, height: auto, which CairoSVG
    # draws as nothing); a picture has the viewBox's size.
    head = AUTO_SIZE.sub("", head)
    # A board nested in the picture (the Nile's close-up) fills the viewport it is put in.
    size = (
        f"svg[viewBox]:root {{ width: {view_box[1]}px; height: {view_box[2]}px; }}\n"
        "svg svg[viewBox] { width: 100%; height: 100%; }"
    )
    style = f"{_stylesheet(tuple(kind.board.stylesheets))}\n{size}\n{NO_HALO}"
    return f"{head}><style>{style}</style>{rest}"


def board_png(kind, board: dict) -> bytes:
    """The board of ``kind`` for the context ``board`` (``kind.board.mail_context``) as a PNG, WIDTH
    pixels wide, in at most 256 colours. Needs the cairo library (Debian's libcairo2) and a font
    (fonts-dejavu-core); raises OSError when cairo is missing."""
    return svg_png(board_svg(kind, board))


def inline_symbols(svg: str) -> str:
    """``svg`` with each ``<use>`` of a ``<symbol>`` replaced by a group of copies of the
    symbol's children, placed and scaled as the use would (its x, y, width and height, the
    symbol's viewBox, centred), the use's other attributes on the group. CairoSVG builds the
    referenced element's tree anew, styles and all, at every use: the Africa board's hundred
    markers cost a fifth of its drawing. Uses of anything else are left as they are."""
    root = ElementTree.fromstring(svg)
    _inline_symbols(root)
    return ElementTree.tostring(root, encoding="unicode")


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


#: Elements that draw nothing themselves but are needed by what does: kept in both layers.
RESOURCES = {f"{{{SVG_NS}}}{tag}" for tag in ("style", "defs", "symbol", "pattern")}
#: Elements that are never drawn: left out of both layers, so that the words of a title
#: (which may describe the position) do not make two backgrounds differ.
UNDRAWN = {f"{{{SVG_NS}}}{tag}" for tag in ("title", "desc")}
#: Elements whose blanks are words' spaces.
WORDS = {f"{{{SVG_NS}}}{tag}" for tag in ("text", "tspan", "textPath")}


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
    back, pieces = _layers(svg)
    return back, None if pieces is None else ElementTree.tostring(pieces, encoding="unicode")


def _layers(svg: str) -> tuple[str, ElementTree.Element | None]:
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

    def only_pieces(parent) -> bool:
        """Removes from ``parent`` all that is no piece, resource or ancestor of a piece;
        True when a piece is left in it."""
        found = False
        for child in list(parent):
            if child.tag in UNDRAWN:
                parent.remove(child)
            elif PIECE in child.attrib:
                found = True
            elif child.tag not in RESOURCES and not only_pieces(child):
                parent.remove(child)
            else:
                found = found or child.tag not in RESOURCES
        return found

    background(root)
    back = ElementTree.tostring(root, encoding="unicode")
    if not marked:
        return back, None
    pieces = ElementTree.fromstring(svg)
    only_pieces(pieces)
    return back, pieces


def _cairo(svg: str):
    """``svg`` drawn WIDTH pixels wide by CairoSVG on a transparent cairo surface (ARGB32)."""
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    # The constructor draws; no PNG is written.
    tree = Tree(bytestring=svg.encode(), url=DOCUMENT_URL)
    return PNGSurface(tree, None, 96, output_width=WIDTH).cairo


def _on_background(drawn) -> Image.Image:
    """The cairo surface ``drawn`` laid over the mails' BACKGROUND, as an RGB image."""
    import cairocffi  # loads libcairo: only where pictures are drawn

    size = (drawn.get_width(), drawn.get_height())
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_RGB24, *size)
    context = cairocffi.Context(surface)
    context.set_source_rgb(*(channel / 255 for channel in BACKGROUND))
    context.paint()
    context.set_source_surface(drawn)
    context.paint()
    surface.flush()
    # RGB24 is 32 bits a pixel, blue first in memory on the little-endian machines Pillow's
    # "BGRX" expects, the last byte unused.
    return Image.frombuffer(
        "RGB", size, bytes(surface.get_data()), "raw", "BGRX", surface.get_stride()
    )


def draw(svg: str) -> Image.Image:
    """The SVG document ``svg`` drawn whole, WIDTH pixels wide on the mails' BACKGROUND: an
    RGB image (what ``board_image`` makes in layers). Raises OSError when cairo is missing."""
    return _on_background(_cairo(inline_symbols(svg)))


#: Backgrounds drawn lately, {digest of the background document: RGB image}, newest last;
#: at most BACKGROUNDS_KEPT (each about 2 MB).
_backgrounds: OrderedDict[str, Image.Image] = OrderedDict()
BACKGROUNDS_KEPT = 12


def _digest(svg: str) -> str:
    """The key of the document ``svg`` drawn as this module draws."""
    return hashlib.sha256(f"{DRAWING}:{WIDTH}:{svg}".encode()).hexdigest()


def background_image(svg: str) -> Image.Image:
    """The background document ``svg`` (``split_layers``) drawn as ``draw`` does, from this
    process's memory or Django's cache when it was drawn before (kept there for
    settings.MAIL_BOARD_CACHE_SECONDS as a PNG). The digest of the document is the key: a
    board template, language, size or drawing that changes makes another document. Raises
    what ``draw`` raises."""
    digest = _digest(svg)
    image = _backgrounds.get(digest)
    if image is not None:
        _backgrounds.move_to_end(digest)
        return image
    key = f"mail-board-background:{digest}"
    png = cache.get(key)
    if png is not None:
        image = Image.open(io.BytesIO(png))
        image.load()
    else:
        image = _on_background(_cairo(inline_symbols(svg)))
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1)  # lossless, and quick to write
        cache.set(key, out.getvalue(), settings.MAIL_BOARD_CACHE_SECONDS)
    _backgrounds[digest] = image
    while len(_backgrounds) > BACKGROUNDS_KEPT:
        _backgrounds.popitem(last=False)
    return image


def board_image(svg: str) -> Image.Image:
    """The SVG document ``svg`` drawn as ``draw`` does, in two layers (``split_layers``): its
    background, drawn once (``background_image``), and its pieces laid over it by Pillow:
    each piece stamped from a small picture of it drawn once for its place (``stamps``), or,
    when a piece cannot be stamped, all of them drawn by CairoSVG on a transparent layer. An
    RGB image; raises OSError when cairo is missing."""
    return _board_image(svg)[0]


def _board_image(svg: str) -> tuple[Image.Image, str]:
    """``board_image`` of ``svg`` and the key of its background (``_digest``)."""
    back, pieces = _layers(svg)
    image = background_image(back)
    if pieces is None:
        return image, _digest(back)
    image = image.copy()
    placed = stamps(pieces)
    if placed is None:
        drawn = _cairo(inline_symbols(ElementTree.tostring(pieces, encoding="unicode")))
        placed = [(_rgba(drawn), (0, 0))]
    for stamp, at in placed:
        image.paste(stamp, at, stamp)
    return image, _digest(back)


def _rgba(drawn) -> Image.Image:
    """The cairo ARGB32 surface ``drawn`` as an RGBA image."""
    size = (drawn.get_width(), drawn.get_height())
    # ARGB32 holds colours multiplied by their opacity, blue first ("BGRa" for Pillow).
    data = bytes(drawn.get_data())
    return Image.frombuffer("RGBA", size, data, "raw", "BGRa", drawn.get_stride())


#: How far a piece may reach from the origin of its place, in pixels of the picture: a stamp
#: is drawn in a square twice as wide (a piece that touches its edge is drawn on a layer).
STAMP_REACH = 48
#: Stamps drawn lately, {key: (RGBA image, its offset from the place in pixels) or None for a
#: piece that reaches too far}, newest last; at most STAMPS_KEPT (each a few KB).
_stamps: OrderedDict[str, tuple[Image.Image, tuple[int, int]] | None] = OrderedDict()
STAMPS_KEPT = 4096
TRANSLATE = re.compile(r"\s*translate\(\s*([-\d.e]+)(?:[\s,]+([-\d.e]+))?\s*\)\s*")
#: Elements a piece may sit in to be stamped: they group and place it, and draw nothing.
GROUPS = {f"{{{SVG_NS}}}{tag}" for tag in ("g", "a")}


def stamps(pieces: ElementTree.Element) -> list[tuple[Image.Image, tuple[int, int]]] | None:
    """The parsed pieces document ``pieces`` (``split_layers``) as stamps: [(RGBA image, (x, y) of
    its top left corner in the picture's pixels)] in the document's order, each drawn once
    for its place (the fraction of a pixel it falls on included, so that it looks as drawn
    with the rest) and kept in this process's memory. None when a piece cannot be stamped:
    it sits in something other than groups placed by translations (a nested viewport, a
    scaled group), or reaches farther than STAMP_REACH from its place. The stamps not yet
    kept are drawn together, in one CairoSVG document. Raises OSError when cairo is
    missing."""
    root = pieces
    view_box = [float(n) for n in root.get("viewBox").replace(",", " ").split()]
    scale = WIDTH / view_box[2]
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
    context = hashlib.sha256(f"{DRAWING}:{WIDTH}:{resources}".encode()).hexdigest()
    found = []  # (key, markup of the piece in its groups, (x, y), (fraction x, fraction y))

    def walk(parent, x, y, shells) -> bool:
        for child in parent:
            if child.tag in RESOURCES:
                continue
            if PIECE in child.attrib:
                # A piece placed by a translation alone is stamped at its own place.
                left, top = x, y
                move = TRANSLATE.fullmatch(child.get("transform", ""))
                if move is not None:
                    child = copy.deepcopy(child)
                    del child.attrib["transform"]
                    left, top = x + float(move[1]), y + float(move[2] or 0)
                markup = ElementTree.tostring(child, encoding="unicode")
                for shell in reversed(shells):
                    markup = f"{shell[0]}{markup}{shell[1]}"
                px, py = (left - view_box[0]) * scale, (top - view_box[1]) * scale
                at = (int(px // 1), int(py // 1))
                fraction = (round(px - at[0], 2), round(py - at[1], 2))
                key = hashlib.sha256(f"{context}:{fraction}:{markup}".encode()).hexdigest()
                found.append((key, markup, at, fraction))
                continue
            if child.tag not in GROUPS:
                return False
            move = TRANSLATE.fullmatch(child.get("transform", "translate(0)"))
            if move is None:
                return False
            attributes = {k: v for k, v in child.attrib.items() if k != "transform"}
            tag = child.tag.removeprefix(f"{{{SVG_NS}}}")
            shell = ElementTree.tostring(ElementTree.Element(tag, attributes), encoding="unicode")
            shell = (shell.removesuffix(" />") + ">", f"</{tag}>")
            dx, dy = float(move[1]), float(move[2] or 0)
            if not walk(child, x + dx, y + dy, [*shells, shell]):
                return False
        return True

    if not walk(root, 0.0, 0.0, []):
        return None
    missing = {
        key: (markup, fraction) for key, markup, _at, fraction in found if key not in _stamps
    }
    if missing:
        _draw_stamps(missing, resources, scale)
    placed = []
    for key, _markup, at, _fraction in found:
        stamp = _stamps.get(key)
        if stamp is None:
            return None
        _stamps.move_to_end(key)
        image, (dx, dy) = stamp
        placed.append((image, (at[0] + dx, at[1] + dy)))
    while len(_stamps) > STAMPS_KEPT:
        _stamps.popitem(last=False)
    return placed


def _draw_stamps(missing: dict[str, tuple[str, tuple[float, float]]], resources, scale):
    """Draw the stamps ``missing`` {key: (markup of the piece in its groups, fraction of a
    pixel of its place)} in one document of a row of squares 2 * STAMP_REACH pixels wide,
    with ``resources`` (the attributes of the board's root, ">", its styles and definitions),
    ``scale`` pixels a user unit, and keep them
    in _stamps (None for a piece that touches its square's edge)."""
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
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    tree = Tree(bytestring=document.encode(), url=DOCUMENT_URL)
    drawn = _rgba(PNGSurface(tree, None, 96, output_width=side * len(missing)).cairo)
    for index, key in enumerate(missing):
        square = drawn.crop((index * side, 0, (index + 1) * side, side))
        box = square.getchannel("A").getbbox()
        if box is None:
            _stamps[key] = (square.crop((0, 0, 1, 1)), (0, 0))
        elif box[0] == 0 or box[1] == 0 or box[2] == side or box[3] == side:
            _stamps[key] = None
        else:
            _stamps[key] = (square.crop(box), (box[0] - STAMP_REACH, box[1] - STAMP_REACH))


def svg_png(svg: str) -> bytes:
    """The SVG document ``svg`` drawn WIDTH pixels wide on the mails' BACKGROUND
    (``board_image``), as a PNG in the first of COLOURS that makes it lighter than MAX_BYTES
    (the last if none does), starting from the one the last picture on the same background
    needed (a board that needs fewer colours needs them at every move: trying 256 first
    costs the Africa board a quarter of its time). Raises OSError when cairo is missing."""
    image, background = _board_image(svg)
    first = _colours_needed.get(background, 0)
    for index in range(first, len(COLOURS)):
        # The fast octree: a sixth of median cut's time, and smaller files (a board has few
        # colours besides the antialiased edges, which need no dithering).
        small = image.quantize(
            colors=COLOURS[index], method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        out = io.BytesIO()
        small.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
        if out.tell() < MAX_BYTES:
            break
    _colours_needed[background] = index
    while len(_colours_needed) > STAMPS_KEPT:
        del _colours_needed[next(iter(_colours_needed))]
    return out.getvalue()


#: {key of a background: the index in COLOURS of the last picture drawn on it}.
_colours_needed: dict[str, int] = {}


def board_picture(kind, board: dict) -> bytes:
    """``board_png`` of ``kind`` and ``board``, from the cache when a picture of the very same
    SVG document was drawn in the last settings.MAIL_BOARD_CACHE_SECONDS (then kept there).
    Raises what ``svg_png`` raises."""
    svg = board_svg(kind, board)
    digest = hashlib.sha256(f"{DRAWING}:{WIDTH}:{svg}".encode()).hexdigest()
    key = f"mail-board:{digest}"
    png = cache.get(key)
    if png is None:
        png = svg_png(svg)
        cache.set(key, png, settings.MAIL_BOARD_CACHE_SECONDS)
    return png


def attach_board(draft, context: dict, content_id: str = "board") -> None:
    """Add the picture of ``context["board"]`` (a position_context) to ``draft`` as the inline
    image ``content_id`` and name it in ``context`` ("board_cid", "board_alt") for the HTML
    template, unless settings.MAIL_BOARD_PICTURES is off. A board that cannot be drawn is
    logged and left out: the text board stays."""
    board = context.get("board")
    kind = context.get("kind")
    if not board or kind is None or not settings.MAIL_BOARD_PICTURES:
        return
    try:
        png = board_picture(kind, board)
    except Exception:  # a drawing error must not keep the mail from going out
        logger.exception("the board picture of a mail could not be drawn")
        return
    alt = _("The board, as the game page shows it to you. The text board below shows the same.")
    draft.inline_images.append((content_id, png, alt))
    context["board_cid"] = content_id
    context["board_alt"] = alt
