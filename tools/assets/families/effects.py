"""Effects with a shape of their own that parts cannot draw: a rainbow's arc of coloured bands.

A rainbow is half of an annulus standing on the ground: bands from red (outside) to violet (inside), each a
closed ring of short segments, bright (emissive) so it reads against any sky. Its other effect kinds (a
lightning bolt, a light beam, fireflies, a water jet, a plume of steam) are parts in kinds.toml.
"""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.mesh import Part, material
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import fit, hull

RAINBOW_BANDS = ("#e8443a", "#f28c28", "#f5d33b", "#5cb85c", "#3a8ee6", "#4b4fc4", "#8a4fc4")
ARC_STEPS = 24  # segments of each band over its half circle


def arch_band(r_in: float, r_out: float, depth: float, steps: int = ARC_STEPS) -> trimesh.Trimesh:
    """The upper half of a flat ring (inner radius ``r_in``, outer ``r_out``) facing +z, ``depth`` thick: one
    closed hull per segment, joined."""
    angles = np.linspace(0.0, np.pi, steps + 1)
    pieces = []
    for a0, a1 in zip(angles[:-1], angles[1:]):
        corners = [(r * np.cos(a), r * np.sin(a), z) for a in (a0, a1) for r in (r_in, r_out)
                   for z in (-depth / 2, depth / 2)]
        pieces.append(hull(corners))
    joined = trimesh.util.concatenate(pieces)
    assert isinstance(joined, trimesh.Trimesh)  # closed hulls join into one mesh
    return joined


@generator("rainbow", variants=1)
def rainbow(p: GenParams) -> list[Part]:
    """Seven emissive bands in a half circle, red outside: the inner band ends at half the outer radius."""
    width = 1.0 / (2 * len(RAINBOW_BANDS))  # of the outer radius, so the inner band leaves a wide open arch
    parts = [Part(arch_band(1.0 - (k + 1) * width, 1.0 - k * width, 0.04), material("emissive", colour))
             for k, colour in enumerate(RAINBOW_BANDS)]
    return fit(parts, p.size)
