"""Shore and reef animals that are not fish: a crab, a starfish and a sea anemone.

Each faces +Z, rests on y = 0, is built in units of about one body width and then fitted to ``p.size``.
"""

from __future__ import annotations

import numpy as np

from tools.assets.mesh import Part, material, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import ellipsoid, fit, frustum, hull, spike

_EYE = material("plastic", "#111111")


@generator("crab", variants=1, sizes=((0.2, 0.07, 0.15),))
def crab(p: GenParams) -> list[Part]:
    """A crab: a wide flat shell on four legs a side, two claws forward and eyes on stalks."""
    shell = p.mat("ceramic", "#c8502d")
    leg_mat = material("ceramic", "#a8421f")
    body_y = 0.22
    parts = [Part(ellipsoid((0.5, 0.14, 0.36), (0, body_y, 0), 2), shell, smooth=True)]
    for side in (-1, 1):
        for k, z in enumerate(np.linspace(0.18, -0.2, 4)):
            knee = (side * (0.62 + 0.04 * k), body_y + 0.12, z * 1.2)
            parts.append(Part(spike((side * 0.4, body_y, z), knee, 0.035), leg_mat))
            parts.append(Part(spike(knee, (side * (0.8 + 0.05 * k), 0.0, z * 1.4), 0.03), leg_mat))
        wrist = np.array((side * 0.32, body_y + 0.02, 0.48))
        parts.append(Part(spike((side * 0.3, body_y, 0.25), wrist, 0.05), leg_mat))
        parts.append(Part(ellipsoid((0.1, 0.07, 0.14), wrist + (0, 0, 0.1), 1), shell, smooth=True))
        parts.append(Part(spike((side * 0.1, body_y + 0.1, 0.28), (side * 0.12, body_y + 0.24, 0.32), 0.015), leg_mat))
        parts.append(Part(sphere(0.03, (side * 0.12, body_y + 0.25, 0.32), 1), _EYE))
    return fit(parts, p.size)


@generator("starfish", variants=1, sizes=((0.2, 0.03, 0.2),))
def starfish(p: GenParams) -> list[Part]:
    """A starfish lying flat: five tapering arms round a domed centre."""
    skin = p.mat("ceramic", "#e2703a")
    parts = [Part(ellipsoid((0.16, 0.08, 0.16), (0, 0.06, 0), 2), skin, smooth=True)]
    for angle in np.linspace(0, 2 * np.pi, 5, endpoint=False):
        tip = np.array((0.5 * np.sin(angle), 0.02, 0.5 * np.cos(angle)))
        side = np.array((np.cos(angle), 0, -np.sin(angle))) * 0.1
        parts.append(Part(hull([side, -side, side + (0, 0.1, 0), -side + (0, 0.1, 0), tip, tip + (0, 0.03, 0)]), skin))
    return fit(parts, p.size)


@generator("sea_anemone", variants=1, sizes=((0.12, 0.1, 0.12),))
def sea_anemone(p: GenParams) -> list[Part]:
    """A sea anemone: a short stalk widening to a disc, crowned by a ring of soft tentacles."""
    body = p.mat("ceramic", "#d4567a")
    tips = material("ceramic", "#f2b8c8")
    parts = [Part(frustum(0.28, 0.38, 0.45, (0, 0, 0), 20), body)]
    for ring, (count, radius) in enumerate(((14, 0.34), (9, 0.2))):
        for k in range(count):
            a = 2 * np.pi * (k + 0.5 * ring) / count
            base = np.array((radius * np.sin(a), 0.45, radius * np.cos(a)))
            tip = base * (1.5, 1.0, 1.5) + (0, 0.4 + 0.1 * ring, 0)
            parts.append(Part(spike(base, tip, 0.045), tips))
    return fit(parts, p.size)
