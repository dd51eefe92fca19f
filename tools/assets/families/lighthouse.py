"""A coastal lighthouse: a tapering banded tower, a railed gallery, a lantern room and a dome.

The lamp and its two bull's-eye lens panels sit in the "rotor" child node,
pivoting on the tower's vertical axis, so the page turns the beam round as a
real light does; the lens is emissive, so it also reads lit at dusk.
"""

from __future__ import annotations

import numpy as np

from tools.assets.families.built import IRON, LIGHT, WHITE
from tools.assets.families.motion import rotor
from tools.assets.mesh import Part, cone, cylinder, material, rod, sphere, with_pattern
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import around, fit, frustum, ring_of_rods, slab, spike, zcyl

BANDS = 5  # stripes up the tower; the top one meets the gallery


@generator("lighthouse")
def lighthouse(p: GenParams) -> list[Part]:
    """v0 red and white stripes on a round tower; v1 grey stone with a black lantern; v2 an octagonal
    white tower with black bands. Built at 4 x 14 x 4 m and fitted to the size asked."""
    sections = 8 if p.variant == 2 else 24
    band, plain = _tower_materials(p)
    base_h, tower_top = 0.9, 10.2
    parts = [Part(cylinder(2.0, base_h, (0, base_h / 2, 0), 8), material("stone", "#7c7872"))]  # rock plinth
    radius = lambda y: 1.55 - 0.5 * (y - base_h) / (tower_top - base_h)  # noqa: E731 - the taper, one line
    heights = np.linspace(base_h, tower_top, BANDS * 2 + 1)
    for index, (y0, y1) in enumerate(zip(heights[:-1], heights[1:])):
        mat = band if index % 2 else plain
        parts.append(Part(frustum(radius(y0), radius(y1), y1 - y0, (0, y0, 0), sections), mat))
    dark = material("plastic", "#1f2328")
    parts.append(Part(slab(0.7, 1.6, 0.2, y=base_h, z=radius(base_h) - 0.05), material("wood", "#4a3322")))  # door
    for y in (3.6, 6.2, 8.6):  # small windows lighting the stair
        parts.append(Part(slab(0.3, 0.5, 0.16, y=y, z=radius(y + 0.25) - 0.04), dark))
    return fit(parts + _gallery(tower_top, sections, p) + _lantern(tower_top + 0.25, p), p.size)


def _tower_materials(p: GenParams):
    """(band, plain) materials of the tower; a requested colour paints the bands."""
    if p.variant == 1:
        stone = with_pattern(p.mat("stone", "#9b978f"), "brick")
        return stone, stone
    band = p.mat("plastic", ("#c0282d", "#9b978f", "#202326")[p.variant])
    return band, material("plastic", WHITE)


def _gallery(y: float, sections: int, p: GenParams) -> list[Part]:
    """The walkway round the lantern: a deck overhanging the tower on corbels, a railing of posts and hoops."""
    iron = material("metal", IRON)
    deck_r = 1.5
    parts = [Part(cylinder(deck_r, 0.25, (0, y + 0.125, 0), sections), material("stone", "#d8d4cc")),
             Part(frustum(1.08, deck_r * 0.96, 0.45, (0, y - 0.45, 0), sections), material("stone", "#d8d4cc"))]
    parts += [Part(rod((x, y + 0.25, z), (x, y + 1.15, z), 0.03, 6), iron) for x, _, z in around(16, deck_r - 0.06)]
    parts += [Part(m, iron) for level in (0.65, 1.15) for m in ring_of_rods(deck_r - 0.06, y + 0.25 + level * 0.9,
                                                                              0.035, 16)]
    return parts


def _lantern(y: float, p: GenParams) -> list[Part]:
    """The lantern room (glazing bars) and its dome; inside, the turning lamp with a lens panel on either side."""
    frame = material("metal", ("#2b2b2b", "#1b1d20", "#b3262b")[p.variant])
    lamp = material("emissive", LIGHT)
    glazing_h, r = 1.5, 0.85
    # Glazing bars only, no glass: two transparent layers in front of the lamp would dim it to grey at night.
    parts = [Part(cylinder(r, 0.3, (0, y + 0.15, 0), 16), frame)]  # solid base course under the glazing
    parts += [Part(rod((x, y + 0.3, z), (x, y + 0.3 + glazing_h, z), 0.035, 6), frame) for x, _, z in around(8, r)]
    parts += [Part(m, frame) for m in ring_of_rods(r, y + 0.3 + glazing_h / 2, 0.02, 8)]
    roof_y = y + 0.3 + glazing_h
    parts += [Part(cylinder(r + 0.1, 0.12, (0, roof_y + 0.06, 0), 16), frame),
              Part(cone(r + 0.1, 0.85, (0, roof_y + 0.12, 0), 16), frame),
              Part(sphere(0.16, (0, roof_y + 1.02, 0), 1), frame),
              Part(spike((0, roof_y + 1.1, 0), (0, roof_y + 1.75, 0), 0.03, 6), material("metal", "#8a8d91"))]
    lamp_y = y + 0.3 + glazing_h / 2
    hub = Part(cylinder(0.3, 1.0, (0, lamp_y, 0), 12), lamp)
    lenses = [Part(zcyl(0.46, 0.1, (0, lamp_y, side * 0.36), 20), lamp) for side in (-1, 1)]  # the beam's faces
    pedestal = Part(cylinder(0.1, lamp_y - 0.5 - (y + 0.3), (0, (lamp_y - 0.5 + y + 0.3) / 2, 0), 8), frame)
    return parts + [pedestal] + rotor(lenses, hub)
