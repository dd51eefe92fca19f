"""Thin things that lie flat on a surface: a lace doily and a playing card.

Both are a few millimetres thick, rest on y = 0 and are fitted to ``p.size``; inner layers stand a fraction
of a millimetre proud of the base so no two faces coincide.
"""

from __future__ import annotations

import numpy as np

from tools.assets.mesh import Part, material
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import ellipse_slab, fit, slab


@generator("doily", variants=1, sizes=((0.3, 0.002, 0.3),))
def doily(p: GenParams) -> list[Part]:
    """A round lace mat: a scalloped rim of small discs round a plain disc with a raised boss in its centre."""
    lace = p.mat("fabric", "#f4f0e6")
    parts = [Part(ellipse_slab(0.8, 0.5, 0.8, sections=40), lace),
             Part(ellipse_slab(0.3, 1.0, 0.3, sections=24), lace)]
    for a in np.linspace(0, 2 * np.pi, 16, endpoint=False):
        parts.append(Part(ellipse_slab(0.2, 0.45, 0.2, 0.4 * np.sin(a), 0, 0.4 * np.cos(a), sections=12), lace))
    return fit(parts, p.size)


@generator("playing_card", variants=1, sizes=((0.063, 0.002, 0.089),))
def playing_card(p: GenParams) -> list[Part]:
    """A card lying face down: a white card with a coloured back panel inset from its edges."""
    back = p.mat("plastic", "#b03030")
    card = material("plastic", "#f7f5ef")
    return fit([Part(slab(1.0, 0.6, 1.41), card), Part(slab(0.84, 1.0, 1.25), back)], p.size)
