"""Colours as people with the three common forms of dichromacy see them, and how far apart two
colours look: for the checks of the players' palettes (tests/site/test_palettes.py).

- ``simulate(hex, vision)``: the sRGB colour seen with ``vision`` ("normal", "protanopia",
  "deuteranopia", "tritanopia"), by the matrices of Machado, Oliveira and Fernandes, "A
  Physiologically-based Model for Simulation of Color Vision Deficiency" (IEEE TVCG 15(6),
  2009), at severity 1.0, applied to linear RGB as the paper does.
- ``delta_e(a, b)``: CIEDE2000 (Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference
  Formula", Color Research & Application 30(1), 2005) between two sRGB colours, through CIE
  L*a*b* under D65. 1 is about the smallest difference an eye notices side by side; the
  palettes' checks ask far more (``DISTINCT``).
- ``contrast(a, b)``: the WCAG 2 contrast ratio of two sRGB colours (1 to 21).
"""

from __future__ import annotations

import math

#: {vision: the 3x3 matrix on linear RGB}; Machado et al. 2009, table of severity 1.0.
MACHADO = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = ("normal", *MACHADO)
#: The least CIEDE2000 difference between two players' colours, in every vision. 20 is the
#: difference between two neighbouring named colours (a mid blue and a sky blue give about
#: 20 to 25): told apart at a glance across the board, not only side by side, where 10 or
#: so already reads as "the same colour, another shade".
DISTINCT = 20


def _linear(channel: float) -> float:
    """An sRGB channel (0 to 1) made linear (IEC 61966-2-1)."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _encoded(channel: float) -> float:
    """A linear channel (0 to 1, clipped) in sRGB."""
    channel = min(max(channel, 0.0), 1.0)
    return 12.92 * channel if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def linear_rgb(colour: str) -> tuple[float, float, float]:
    """The linear RGB (0 to 1 each) of ``colour``, "#RRGGBB". Raises ValueError for another
    form."""
    if len(colour) != 7 or colour[0] != "#":
        raise ValueError(f"not a #RRGGBB colour: {colour!r}")
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return _linear(r), _linear(g), _linear(b)


def simulate(colour: str, vision: str) -> str:
    """``colour`` ("#RRGGBB") as seen with ``vision`` (one of VISIONS), "#RRGGBB". Raises
    KeyError for an unknown vision."""
    if vision == "normal":
        return colour.upper()
    rgb = linear_rgb(colour)
    seen = [sum(row[i] * rgb[i] for i in range(3)) for row in MACHADO[vision]]
    return "#" + "".join(f"{round(_encoded(c) * 255):02X}" for c in seen)


def lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of the sRGB ``colour``."""
    r, g, b = linear_rgb(colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(first: str, second: str) -> float:
    """CIEDE2000 between two sRGB colours ("#RRGGBB")."""
    return ciede2000(lab(first), lab(second))


def ciede2000(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """CIEDE2000 between two CIE L*a*b* colours, kL = kC = kH = 1."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_mean = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_mean = (h1p + h2p + 360) / 2
    else:
        hp_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_mean - 30))
        + 0.24 * math.cos(math.radians(2 * hp_mean))
        + 0.32 * math.cos(math.radians(3 * hp_mean + 6))
        - 0.20 * math.cos(math.radians(4 * hp_mean - 63))
    )
    d_theta = 30 * math.exp(-(((hp_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh_big / s_h) ** 2 + r_t * (dc / s_c) * (dh_big / s_h)
    )


def luminance(colour: str) -> float:
    """The WCAG 2 relative luminance of the sRGB ``colour`` (0 to 1)."""
    r, g, b = linear_rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """The WCAG 2 contrast ratio of two sRGB colours, 1 to 21."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
