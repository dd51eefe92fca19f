"""Food and drink: fruit, vegetables, a jug, a glass of drink, bowls, and the generic food archetype.

Small things that stand on tables, modelled at real size (an apple is 8 cm) from lathes and ellipsoids; each
fits ``p.size`` exactly, front +Z, so a bowl of soup or a jug of lemonade reads at a glance.
"""

from __future__ import annotations

import numpy as np
from trimesh.transformations import rotation_matrix

from tools.assets.families.palette import GLASS, PORCELAIN
from tools.assets.mesh import Part, material, rod, sphere
from tools.assets.registry import GenParams, generator, pick
from tools.assets.shapes import around, ellipsoid, fit, lathe, post, ring, rot, spike, strip, torus_y

STEM = material("wood", "#5a3b22")
LEAF_GREEN = material("foliage", "#4f8a2f")


# ------------------------------------------------------------------ fruit

def _apple(p: GenParams) -> list[Part]:
    skin = p.mat("plastic", "#c0392b")
    body = lathe([(0, 0.08), (0.3, 0.0), (0.48, 0.25), (0.5, 0.55), (0.4, 0.85), (0.12, 0.9), (0, 0.82)], 0, 0, 0, 16)
    return [Part(body, skin, smooth=True), Part(post(0.03, 0.25, 0, 0.8, 0, 6), STEM),
            Part(strip((0.02, 0.95, 0), (0.25, 1.0, 0.05), 0.12, 0.01), LEAF_GREEN)]


def _orange(p: GenParams) -> list[Part]:
    return [Part(sphere(0.5, (0, 0.5, 0), 2), p.mat("plastic", "#f39c12"), smooth=True),
            Part(post(0.06, 0.04, 0, 0.98, 0, 6), material("foliage", "#3d6e2c"))]


def _pear(p: GenParams) -> list[Part]:
    body = lathe([(0, 0), (0.3, 0.03), (0.5, 0.3), (0.42, 0.55), (0.24, 0.75), (0.18, 0.9), (0, 0.92)], 0, 0, 0, 16)
    return [Part(body, p.mat("plastic", "#b5c43a"), smooth=True), Part(post(0.025, 0.18, 0, 0.88, 0, 6), STEM)]


def _bananas(p: GenParams) -> list[Part]:
    """A hand of three bananas curving along X."""
    peel = p.mat("plastic", "#f2d024")
    parts = []
    for i, z in enumerate((-0.3, 0.0, 0.3)):
        t = np.linspace(-1, 1, 6)
        pts = [(0.5 * x, 0.25 + 0.55 * x * x, z * (1 - 0.4 * abs(x))) for x in t]
        parts += [Part(rod(a, b, 0.16 - 0.03 * abs(i - 1), 8), peel) for a, b in zip(pts, pts[1:])]
    return parts + [Part(rod((-0.5, 0.8, 0), (-0.55, 0.95, 0), 0.05, 6), STEM)]


@generator("fruit", variants=4)
def fruit(p: GenParams) -> list[Part]:
    """A piece of fruit: v0 apple, v1 orange, v2 pear, v3 a hand of bananas."""
    return fit(pick(p, (_apple, _orange, _pear, _bananas)), p.size)


# -------------------------------------------------------------- vegetables

def _tomato(p: GenParams) -> list[Part]:
    parts = [Part(ellipsoid((0.5, 0.4, 0.5), (0, 0.4, 0)), p.mat("plastic", "#d63a2a"), smooth=True)]
    for x, _, z in around(5, 0.2, 0.8):
        parts.append(Part(strip((0, 0.8, 0), (x, 0.78, z), 0.08, 0.02), LEAF_GREEN))
    return parts


def _lettuce(p: GenParams) -> list[Part]:
    leaf = p.mat("foliage", "#7dbb42")
    parts = [Part(ellipsoid((0.3, 0.35, 0.3), (0, 0.4, 0)), material("foliage", "#a9d46a"), smooth=True)]
    for x, _, z in around(7, 0.22, 0.0):
        parts.append(Part(rot(ellipsoid((0.26, 0.36, 0.08), (x, 0.38, z), 1), np.arctan2(x, z), (0, 1, 0), (x, 0, z)), leaf))
    return parts


def _carrots(p: GenParams) -> list[Part]:
    """Three carrots lying side by side, tips towards +Z."""
    parts = []
    for x in (-0.3, 0.0, 0.3):
        parts.append(Part(spike((x, 0.12, -0.3), (x, 0.1, 0.5), 0.12, 8), p.mat("plastic", "#e67e22")))
        parts.append(Part(strip((x, 0.12, -0.3), (x, 0.3, -0.5), 0.1, 0.02), LEAF_GREEN))
    return parts


@generator("vegetable")
def vegetable(p: GenParams) -> list[Part]:
    """Fresh vegetables: v0 a tomato, v1 a head of lettuce, v2 a bunch of carrots."""
    return fit(pick(p, (_tomato, _lettuce, _carrots)), p.size)


# -------------------------------------------------------------- jug, glass

@generator("jug", variants=2)
def jug(p: GenParams) -> list[Part]:
    """A pitcher with a spout and a handle: v0 glazed ceramic, v1 glass full of lemonade."""
    body_mat = p.mat("ceramic", "#e9e4d8") if p.variant == 0 else GLASS
    wall = lathe([(0, 0), (0.36, 0), (0.4, 0.35), (0.34, 0.8), (0.38, 1.0), (0.33, 1.0), (0.29, 0.8), (0.34, 0.35),
                  (0.31, 0.04), (0, 0.04)], 0, 0, 0, 20)
    parts = [Part(wall, body_mat, smooth=True),
             Part(spike((0, 0.9, 0.3), (0, 1.0, 0.5), 0.08, 6), body_mat),
             Part(torus_y(0.2, 0.035, (0, 0, 0), 12, 6).apply_transform(_quarter_turn_z()).apply_translation((0, 0.55, -0.4)),
                  body_mat)]
    if p.variant == 1:  # the drink inside, below the rim
        parts.insert(0, Part(lathe([(0, 0.05), (0.3, 0.05), (0.33, 0.75), (0, 0.75)], 0, 0, 0, 20),
                             material("plastic", p.text_option("drink") or "#f4e27a")))
    return fit(parts, p.size)


def _quarter_turn_z() -> np.ndarray:
    """A quarter turn about Z: a horizontal ring becomes a loop standing in the YZ plane (a handle)."""
    return rotation_matrix(np.pi / 2, [0, 0, 1])


@generator("drink", variants=2, options={"drink": None})
def drink(p: GenParams) -> list[Part]:
    """A glass of drink: v0 a tall tumbler with a straw and a lemon slice, v1 a stemmed glass. Option drink: its colour."""
    liquid = material("plastic", p.text_option("drink") or p.color or ("#f4e27a", "#8e1b2b")[p.variant])
    if p.variant == 0:
        glass = lathe([(0, 0), (0.4, 0), (0.48, 1.0), (0.44, 1.0), (0.36, 0.05), (0, 0.05)], 0, 0, 0, 16)
        parts = [Part(lathe([(0, 0.06), (0.37, 0.06), (0.43, 0.8), (0, 0.8)], 0, 0, 0, 16), liquid),
                 Part(glass, GLASS), Part(rod((0.05, 0.3, 0), (0.3, 1.25, 0.05), 0.04, 6), material("plastic", "#e74c3c")),
                 Part(ring(0.1, 0.2, 0.04, (0, 0, 0), 10).apply_transform(_quarter_turn_z()).apply_translation((0.42, 0.95, 0.1)),
                      material("plastic", "#f1e05a"))]
    else:
        glass = lathe([(0, 0), (0.3, 0), (0.3, 0.03), (0.04, 0.06), (0.04, 0.5), (0.42, 0.7), (0.45, 1.0), (0.41, 1.0),
                       (0.38, 0.72), (0, 0.56)], 0, 0, 0, 16)
        parts = [Part(lathe([(0, 0.57), (0.37, 0.72), (0.4, 0.85), (0, 0.85)], 0, 0, 0, 16), liquid), Part(glass, GLASS)]
    return fit(parts, p.size)


# ------------------------------------------------------------------- bowls

@generator("bowl", variants=2, options={"food": None})
def bowl(p: GenParams) -> list[Part]:
    """A bowl on a foot ring: v0 empty, v1 full of soup. Option food: the colour of what is in it."""
    body = p.mat("ceramic", ("#f6f6f2", "#f0e6d2")[p.variant])
    wall = lathe([(0, 0), (0.2, 0), (0.22, 0.08), (0.4, 0.3), (0.5, 1.0), (0.46, 1.0), (0.36, 0.35), (0, 0.15)], 0, 0, 0, 20)
    parts = [Part(wall, body, smooth=True)]
    if p.variant == 1:
        parts.append(Part(lathe([(0, 0.2), (0.42, 0.7), (0.44, 0.8), (0, 0.8)], 0, 0, 0, 20),
                          material("plastic", p.text_option("food") or "#c8642a")))
    return fit(parts, p.size)


@generator("pet_bowl", variants=1, options={"food": None})
def pet_bowl(p: GenParams) -> list[Part]:
    """A low, wide pet bowl with sloping sides, a heap of kibble in it. Option food: the kibble's colour."""
    wall = lathe([(0, 0), (0.5, 0), (0.42, 1.0), (0.36, 1.0), (0.34, 0.2), (0, 0.2)], 0, 0, 0, 20)
    parts = [Part(wall, p.mat("ceramic", "#2e86c1"), smooth=True)]
    rng = p.rng()
    food = material("plastic", p.text_option("food") or "#8a5a34")
    for x, _, z in around(9, 0.18, 0.0, 0.3) + [0, 0, 0]:
        parts.append(Part(sphere(0.09, (x + rng.uniform(-0.03, 0.03), 0.3, z), 0), food))
    return fit(parts, p.size)


# ------------------------------------------------------- generic food

@generator("food_heap", variants=2, options={"accent": None}, sizes=((0.26, 0.1, 0.26), (0.4, 0.25, 0.4)))
def food_heap(p: GenParams) -> list[Part]:
    """Food of some kind: v0 a plate with a rounded helping on it, v1 a heap of rounded pieces (produce, sweets)."""
    food = p.mat("plastic", ("#d9a441", "#c0392b")[p.variant])
    if p.variant == 0:
        plate = lathe([(0, 0), (0.35, 0), (0.5, 0.12), (0.47, 0.14), (0.33, 0.06), (0, 0.06)], 0, 0, 0, 24)
        garnish = material("foliage", p.text_option("accent") or "#4f8a2f")
        return fit([Part(plate, PORCELAIN), Part(ellipsoid((0.28, 0.35, 0.24), (0, 0.3, 0)), food, smooth=True),
                    Part(ellipsoid((0.1, 0.12, 0.1), (0.22, 0.2, 0.15), 1), garnish)], p.size)
    rng, parts = p.rng(), []
    for layer, (count, radius) in enumerate(((7, 0.32), (4, 0.18), (1, 0.0))):
        for x, _, z in around(count, radius, 0.0, rng.uniform(0, 1)):
            parts.append(Part(sphere(0.17, (x, 0.17 + layer * 0.26, z), 1), food))
    return fit(parts, p.size)

