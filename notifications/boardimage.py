"""The board as a picture for HTML mails: a PNG drawn with CairoSVG from the same SVG partial
the play page shows, with the page's board styles put inside the SVG (mail programs strip
inline SVG and never load the site's stylesheets).

The SVG is rendered from the viewer's observation only (``GameKind.board_context``), so the
picture shows no more than the page does. It is reduced to at most 256 colours with Pillow to
stay small (a mail's board is about 30-120 KB; MAX_BYTES is checked by the tests).
"""

from __future__ import annotations

import io
import logging
import re
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from PIL import Image

logger = logging.getLogger(__name__)

#: Width of the picture in pixels (twice the 560-pixel column of the mails, for sharp screens).
WIDTH = 1000
#: What a board picture may weigh at most.
MAX_BYTES = 150_000
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
    """The board partial of ``kind`` for the board context ``board``, with its stylesheets
    (``kind.board_stylesheets``) inside, as a standalone SVG document."""
    svg = render_to_string(kind.board_template, {"board": board}).strip()
    head, sep, rest = svg.partition(">")
    view_box = VIEW_BOX.search(head)
    if not sep or not head.startswith("<svg") or view_box is None:
        raise ValueError("the board partial is not an SVG element with a viewBox")
    # The page sizes the board to its column (width: 100%, height: auto, which CairoSVG
    # draws as nothing); a picture has the viewBox's size.
    head = AUTO_SIZE.sub("", head)
    size = f"svg[viewBox] {{ width: {view_box[1]}px; height: {view_box[2]}px; }}"
    style = f"{_stylesheet(tuple(kind.board_stylesheets))}\n{size}\n{NO_HALO}"
    return f"{head}><style>{style}</style>{rest}"


def board_png(kind, board: dict) -> bytes:
    """The board of ``kind`` for the board context ``board`` as a PNG, WIDTH pixels wide, in at
    most 256 colours. Needs the cairo library (Debian's libcairo2) and a font (fonts-dejavu-core);
    raises OSError when cairo is missing."""
    import cairosvg  # loads libcairo: only where pictures are drawn

    png = cairosvg.svg2png(bytestring=board_svg(kind, board).encode(), output_width=WIDTH)
    drawn = Image.open(io.BytesIO(png)).convert("RGBA")
    image = Image.new("RGB", drawn.size, BACKGROUND)
    image.paste(drawn, mask=drawn)
    small = image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


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
        png = board_png(kind, board)
    except Exception:  # a drawing error must not keep the mail from going out
        logger.exception("the board picture of a mail could not be drawn")
        return
    alt = _("The board, as the game page shows it to you. The text board below shows the same.")
    draft.inline_images.append((content_id, png, alt))
    context["board_cid"] = content_id
    context["board_alt"] = alt
