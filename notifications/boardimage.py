"""The board as a picture for HTML mails: a PNG drawn with CairoSVG from the same SVG partial
the play page shows, with the page's board styles put inside the SVG (mail programs strip
inline SVG and never load the site's stylesheets).

The SVG is rendered from the viewer's observation only (``Board.context``), so the
picture shows no more than the page does; a kind may frame it for a mail
(``Board.mail_context``: the Nile shows the reader's surroundings close up). It is reduced to
at most 256 colours with Pillow to stay small (30-60 KB; MAX_BYTES is checked by the tests).

A picture is drawn in two layers (``board_image``, the document taken apart by
``notifications.boardsvg``): the background, the same for every
position of a game in one language (the terrain, the cities, the names), is drawn once and kept
(this process's memory and Django's cache) under a key read from the document's text
(``boardsvg.background_key``: the background itself is made only when it must be drawn); for
each mail only the elements the kind's partial marks as pieces (PIECE) are laid over it by
Pillow, each stamped from a small picture of it drawn once (``notifications.boardstamps``).

A close-up (``mail_pictures``) frames another part of the board at every move. Its view box is
moved by less than half a pixel onto the pixels of the whole board drawn at the close-up's
scale (``on_pixels``), and its background is cut from that drawing, the board's plane, drawn
once per game, language and scale when a second close-up needs it (``background_image``), so
that its pieces fall on the same fractions of a pixel wherever the close-up is, and are
stamped from the same stamps.

A picture still takes 15 to 20 milliseconds (Pillow's quantizing and PNG compression half of
it; a background that changes with the position, as the Nile's, about 100 more), so mails take
their picture from Django's cache (``board_picture``), where it is filed under a digest of the
SVG document it is drawn from: the mails that show the very same board (a turn mail and the
reminder of the same turn, the answer to a reply, a digest, the other players when they all see
the same board) draw it once, and two boards that differ in anything, hidden or not, never share
a picture.
"""

from __future__ import annotations

import hashlib
import io
import logging
import math
from collections import OrderedDict
from xml.etree import ElementTree

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from PIL import Image

from notifications.boardstamps import cairo_surface, rgba, stamps

# PIECE and split_layers are named here too, for the callers that drew pictures from here.
from notifications.boardsvg import PIECE as PIECE
from notifications.boardsvg import (
    background_key,
    board_svg,
    drawable,
    inline_symbols,
    layers,
    pieces_of,
    plane_of,
    view_box,
    with_view_box,
)
from notifications.boardsvg import split_layers as split_layers

logger = logging.getLogger(__name__)

#: Width of the picture in pixels (one and a half times the 560-pixel column of the mails, for
#: sharp screens; twice as wide made pictures of 80 KB and more).
WIDTH = 840
#: What a board picture may weigh at most.
MAX_BYTES = 60_000
#: Colours of a picture: 256, or 48 when that weighs MAX_BYTES or more (the Africa board, with
#: its hundred markers: 70 KB in 256 colours, 54 KB in 48, its three terrains still apart).
COLOURS = (256, 48)
#: The mails' background colour (templates/emails/base.html), under transparent parts.
BACKGROUND = (0xFB, 0xF7, 0xEF)
#: zlib's level for the PNG: 6 makes files within 7 % of 8's in a third of the time.
COMPRESS_LEVEL = 6
#: Named in the cache keys of pictures: change it when the same SVG is drawn differently.
DRAWING = "4"


def board_png(kind, board: dict) -> bytes:
    """The board of ``kind`` for the context ``board`` (``kind.board.mail_context``) as a PNG,
    WIDTH pixels wide, in at most 256 colours. Needs the cairo library (Debian's libcairo2) and
    a font (fonts-dejavu-core); raises OSError when cairo is missing."""
    return svg_png(board_svg(kind, board))


def _cairo(svg: str, width: int = WIDTH):
    """``svg`` drawn ``width`` pixels wide by CairoSVG on a transparent cairo surface
    (ARGB32)."""
    return cairo_surface(svg, width)


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


#: Backgrounds and planes drawn lately, {their key: image}, newest last; at most
#: BACKGROUND_BYTES_KEPT bytes in all. A picture's background is an RGB image of about 0.6
#: million pixels (Pillow keeps 4 bytes a pixel); a plane a palette image (one byte a pixel)
#: of up to 6 million (the Africa board at its close-up's scale).
_backgrounds: OrderedDict[str, Image.Image] = OrderedDict()
BACKGROUND_BYTES_KEPT = 64_000_000
#: Colours of a plane: a board drawn whole has a few thousand, nearly all antialiased edges;
#: in 256 (Pillow's maximum coverage) no pixel of the three boards' planes moves by more than
#: 14 of 255 in its channels' mean (what the tests call a changed pixel).
PLANE_COLOURS = 256
#: Planes needed, not drawn (``_plane_crop``), {key: the view box of the part that needed
#: it}, newest last; at most BACKGROUNDS_REMEMBERED.
_planes_needed: OrderedDict[str, tuple] = OrderedDict()


def _digest(svg: str) -> str:
    """The key of the document ``svg`` drawn as this module draws."""
    return hashlib.sha256(f"{DRAWING}:{WIDTH}:{svg}".encode()).hexdigest()


def background_image(svg: str) -> Image.Image:
    """The background document ``svg`` (``split_layers``) drawn as ``draw`` does: cut from
    its plane when it is a part of one (``_plane_crop``), else drawn itself; either from this
    process's memory or Django's cache when it was drawn before (kept there for
    settings.MAIL_BOARD_CACHE_SECONDS as a PNG). The digest of the document is the key: a
    board template, language, size or drawing that changes makes another document. Raises
    what ``draw`` raises."""
    return _background(svg, lambda: svg)


def _background(key: str, document) -> Image.Image:
    """``background_image`` of the background document ``document()``, made only when it must
    be drawn, whose key is the text ``key`` (the document itself, or ``background_key`` of
    the board's document)."""
    cut = _plane_crop(key, document)
    if cut is not None:
        return cut
    return _kept(_digest(key), lambda: _on_background(_cairo(drawable(document()))))


def _kept(digest: str, drawing) -> Image.Image | None:
    """The image (RGB, or a palette image for a plane) of the key ``digest`` from this
    process's memory or Django's cache, else the one ``drawing()`` makes (kept in both;
    ``drawing`` None: None)."""
    image = _backgrounds.get(digest)
    if image is not None:
        _backgrounds.move_to_end(digest)
        return image
    key = f"mail-board-background:{digest}"
    png = cache.get(key)
    if png is not None:
        image = Image.open(io.BytesIO(png))
        image.load()
    elif drawing is None:
        return None
    else:
        image = drawing()
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1)  # lossless, and quick to write
        cache.set(key, out.getvalue(), settings.MAIL_BOARD_CACHE_SECONDS)
    _backgrounds[digest] = image
    kept = sum(_bytes(image) for image in _backgrounds.values())
    while kept > BACKGROUND_BYTES_KEPT and len(_backgrounds) > 1:
        _key, oldest = _backgrounds.popitem(last=False)
        kept -= _bytes(oldest)
    return image


def _bytes(image: Image.Image) -> int:
    """About what ``image`` takes in memory."""
    return image.width * image.height * (1 if image.mode in ("P", "L") else 4)


def _plane_crop(svg: str, document) -> Image.Image | None:
    """The background document ``document()``, whose key is the text ``svg`` (see
    ``_background``), cut from its plane (the larger picture it is a part of, PLANE on its
    root, ``mail_pictures``) drawn whole at ``svg``'s scale: the close-ups of a
    board at any place share one drawing, made when a second part of it is needed (a
    background that changes with the position, or a part always in the same place, as the
    Nile's, is never drawn whole). None when ``svg`` has no plane, does not fall on its pixels
    (``on_pixels``) or leaves it, or when no other part of its plane was needed before: then
    ``svg`` is drawn itself (and kept as any background). A plane is kept in
    PLANE_COLOURS colours: a board drawn whole at a close-up's scale is millions of pixels."""
    plane, box = plane_of(svg), view_box(svg)
    if plane is None or box is None:
        return None
    x, y, w, h = box
    px, py, pw, ph = (float(n) for n in plane.split())
    scale = WIDTH / w
    left, top = (x - px) * scale, (y - py) * scale
    width, height = math.ceil(pw * scale - 0.01), math.ceil(ph * scale - 0.01)
    crop = (round(left), round(top), round(left) + WIDTH, round(top) + round(h * scale))
    if abs(left - crop[0]) > 0.01 or abs(top - crop[1]) > 0.01:
        return None
    if min(crop) < 0 or crop[2] > width or crop[3] > height:
        return None
    # The plane's view box made a whole number of pixels at the picture's scale.
    frame = f"{px:g} {py:g} {width / scale:.6f} {height / scale:.6f}"
    try:
        digest = _digest(f"plane:{width}:{with_view_box(svg, frame)}")
    except ValueError:  # not a document of board_svg's
        return None

    def drawing() -> Image.Image:
        whole = with_view_box(document(), frame)
        drawn = _on_background(_cairo(drawable(whole), width))
        return drawn.quantize(
            PLANE_COLOURS, method=Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE
        )

    needed = _planes_needed.get(digest, box) != box
    image = _kept(digest, drawing if needed else None)
    if image is not None:
        _planes_needed.pop(digest, None)
    else:
        _planes_needed[digest] = box
        _planes_needed.move_to_end(digest)
        while len(_planes_needed) > BACKGROUNDS_REMEMBERED:
            _planes_needed.popitem(last=False)
        return None
    return image.crop(crop).convert("RGB")


def board_image(svg: str) -> Image.Image:
    """The SVG document ``svg`` drawn as ``draw`` does, in two layers (``split_layers``): its
    background, drawn once (``background_image``), and its pieces laid over it by Pillow:
    each piece stamped from a small picture of it drawn once for its place (``stamps``), or,
    when a piece cannot be stamped, all of them drawn by CairoSVG on a transparent layer. An
    RGB image; raises OSError when cairo is missing."""
    return _board_image(svg)[0]


def _board_image(svg: str) -> tuple[Image.Image, str]:
    """``board_image`` of ``svg`` and the key of its background (``_digest``)."""
    key = background_key(svg)
    if key is None:
        key, pieces = layers(svg)
        image = background_image(key)
    else:
        pieces = pieces_of(svg)
        image = _background(key, lambda: layers(svg)[0])
    if pieces is None:
        return image, _digest(key)
    image = image.copy()
    placed = stamps(pieces, WIDTH)
    if placed is None:
        drawn = _cairo(drawable(ElementTree.tostring(pieces, encoding="unicode")))
        placed = [(rgba(drawn), (0, 0))]
    for stamp, at in placed:
        image.paste(stamp, at, stamp)
    return image, _digest(key)


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
    while len(_colours_needed) > BACKGROUNDS_REMEMBERED:
        del _colours_needed[next(iter(_colours_needed))]
    return out.getvalue()


#: {key of a background: the index in COLOURS of the last picture drawn on it}, for at most
#: BACKGROUNDS_REMEMBERED backgrounds.
_colours_needed: dict[str, int] = {}
BACKGROUNDS_REMEMBERED = 4096


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


def mail_pictures(board: dict) -> list[dict]:
    """The boards a mail shows as pictures, first to last, for the mail context ``board``
    (``Board.mail_context``): with a "mail_focus" (a view box), its close-up first, made for a
    phone's width, then the whole board (or the part its "mail_whole" view box frames);
    without, the whole board alone. A picture of a part of the board's view box is framed
    on its pixels (``on_pixels``) and names that view box as its "mail_plane": its background
    is cut from one drawing of the whole (``background_image``)."""
    focus = board.get("mail_focus")
    if not focus:
        return [board]
    plane = board["view_box"]
    return [
        _part(board, focus, plane),
        _part(board, board.get("mail_whole") or plane, plane),
    ]


def _part(board: dict, box: str, plane: str) -> dict:
    """``board`` framed on the view box ``box``, a part of the view box ``plane``."""
    if box == plane:
        return {**board, "view_box": box}
    return {**board, "view_box": on_pixels(box, plane), "mail_plane": plane}


def on_pixels(box: str, plane: str) -> str:
    """The view box ``box`` ("x y w h") moved by less than half a pixel of its picture (WIDTH
    pixels across ``w``) so that its corner falls on a pixel of the view box ``plane`` drawn
    at the same scale, its height a whole number of those pixels: a picture of ``box`` is
    then the very part of the drawing of ``plane``."""
    x, y, w, h = (float(n) for n in box.split())
    px, py = (float(n) for n in plane.split()[:2])
    scale = WIDTH / w
    x = px + round((x - px) * scale) / scale
    y = py + round((y - py) * scale) / scale
    h = round(h * scale) / scale
    return f"{x:.6f} {y:.6f} {box.split()[2]} {h:.6f}"


def attach_board(draft, context: dict, content_id: str = "board") -> None:
    """Add the pictures of ``context["board"]`` (a position_context) to ``draft`` as inline
    images (``mail_pictures``: the close-up of the reader's turn as ``content_id`` and the
    whole board as ``content_id``-whole, or the whole board alone as ``content_id``) and name
    them in ``context`` ("board_cid", "board_alt", "board_whole_cid", "board_whole_alt") for
    the HTML template, unless settings.MAIL_BOARD_PICTURES is off. A board that cannot be
    drawn is logged and left out: the text board stays."""
    board = context.get("board")
    kind = context.get("kind")
    if not board or kind is None or not settings.MAIL_BOARD_PICTURES:
        return
    try:
        pngs = [board_picture(kind, picture) for picture in mail_pictures(board)]
    except Exception:  # a drawing error must not keep the mail from going out
        logger.exception("the board picture of a mail could not be drawn")
        return
    alt = (
        _("The board, as the game page shows it to you. The text board below shows the same.")
        if len(pngs) == 1
        else _("Your part of the board, close up. The text board below shows the whole of it.")
    )
    draft.inline_images.append((content_id, pngs[0], alt))
    context["board_cid"] = content_id
    context["board_alt"] = alt
    if len(pngs) > 1:
        whole = _("The whole board.")
        draft.inline_images.append((f"{content_id}-whole", pngs[1], whole))
        context["board_whole_cid"] = f"{content_id}-whole"
        context["board_whole_alt"] = whole
