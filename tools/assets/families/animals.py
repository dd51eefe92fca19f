"""Animals: a parametric four-legged animal, a dragon, a perched bird and a fish.

``quadruped`` draws cats, dogs, horses, cows, sheep, pigs, deer, foxes and
lions from one body plan: its ``species`` option picks a row of SPECIES
(proportions, ears, tail, mane, horns, coat), and the other options override
single traits of that row. Every animal faces +Z (head forward), stands on
y = 0 and is built in units of its torso length, then fitted to ``p.size``;
SPECIES_SIZES gives each species' real size per pose so kinds can declare it.
Variants of the quadruped and the dragon are poses: 0 standing, 1 lying
(legs folded, belly on the ground, tail curled beside it).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from tools.assets.families.figures import limb
from tools.assets.mesh import Part, material, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import ellipsoid, fit, frustum, hull, spike, torus_y, zcyl

STANDING, LYING = 0, 1
EAR_SHAPES = ("pointy", "tall", "floppy", "side", "round")
TAIL_STYLES = ("thin", "bushy", "tuft", "hair", "curly", "stub", "long")
MANES = ("none", "ruff", "crest")
HORNS = ("none", "horns", "antlers", "curled")
_EYE = material("plastic", "#111111")
_HOOF = material("stone", "#2b2520")
_HORN = material("ceramic", "#e6dcc4")


@dataclass(frozen=True)
class Species:
    """Proportions of one animal, in units of its torso length (shoulder to rump).

    leg_ratio: leg length; depth, width: the torso's height and width;
    neck_ratio: neck length, neck_angle: its rise above horizontal (radians);
    head: cranium radius; snout: muzzle length in cranium radii; droop: how far
    the muzzle points down (radians); tail_length: in torso lengths.
    """

    leg_ratio: float
    depth: float
    width: float
    neck_ratio: float
    neck_angle: float
    head: float
    snout: float
    droop: float
    ear_shape: str
    tail_length: float
    tail_style: str
    coat: str
    second: str  # spots, mane, tail tip, face and legs of a sheep
    mane: str = "none"
    horns: str = "none"
    spots: bool = False
    hooves: bool = False
    wool: bool = False
    flat_snout: bool = False  # a pig's disc instead of a nose tip
    length_m: float = 1.0  # real torso length, for SPECIES_SIZES


SPECIES = {
    "cat": Species(0.42, 0.36, 0.34, 0.2, 0.9, 0.16, 0.3, 0.1, "pointy", 0.9, "thin", "#d9904a", "#f4e6d0", length_m=0.32),
    "dog": Species(0.6, 0.4, 0.34, 0.26, 0.8, 0.16, 0.9, 0.15, "floppy", 0.45, "thin", "#a8733f", "#5a3a1e", length_m=0.55),
    "horse": Species(0.68, 0.48, 0.32, 0.62, 1.0, 0.12, 2.2, 0.9, "tall", 0.7, "hair", "#6b4226", "#2a1a10",
                     mane="crest", hooves=True, length_m=1.5),
    "cow": Species(0.45, 0.58, 0.44, 0.3, 0.35, 0.14, 1.4, 0.5, "side", 0.75, "tuft", "#f3f1ea", "#222222",
                   horns="horns", spots=True, hooves=True, length_m=1.6),
    "sheep": Species(0.4, 0.5, 0.46, 0.22, 0.6, 0.13, 1.0, 0.4, "side", 0.15, "stub", "#efeae0", "#2e2a27",
                     hooves=True, wool=True, length_m=0.9),
    "pig": Species(0.28, 0.5, 0.44, 0.06, 0.2, 0.18, 0.7, 0.05, "floppy", 0.18, "curly", "#f0a8a8", "#d98080",
                   hooves=True, flat_snout=True, length_m=1.0),
    "deer": Species(0.72, 0.42, 0.3, 0.5, 1.05, 0.12, 1.5, 0.7, "tall", 0.12, "stub", "#9b6b3e", "#f0e6d6",
                    horns="antlers", hooves=True, length_m=1.1),
    "fox": Species(0.4, 0.33, 0.3, 0.22, 0.7, 0.15, 1.2, 0.1, "pointy", 0.8, "bushy", "#d0651f", "#f4efe6", length_m=0.55),
    "lion": Species(0.42, 0.42, 0.36, 0.25, 0.55, 0.19, 0.6, 0.1, "round", 0.8, "tuft", "#c9a050", "#6b3f1a",
                    mane="ruff", length_m=1.4),
}
DRAGON = Species(0.55, 0.45, 0.36, 0.6, 0.75, 0.15, 1.4, 0.1, "pointy", 1.6, "long", "#3f8a4a", "#c9b458",
                 horns="horns", length_m=1.4)

# Real (x, y, z) metres per species and pose (standing, lying), fitted from the body plan; kinds copy these.
SPECIES_SIZES = {
    "cat": ((0.11, 0.45, 0.52), (0.16, 0.22, 0.45)),
    "dog": ((0.19, 0.69, 0.89), (0.28, 0.35, 0.87)),
    "horse": ((0.48, 2.65, 2.54), (0.72, 1.45, 2.71)),
    "cow": ((0.76, 1.92, 2.7), (1.05, 1.22, 2.63)),
    "sheep": ((0.49, 0.91, 1.33), (0.51, 0.56, 1.35)),
    "pig": ((0.44, 0.85, 1.44), (0.54, 0.62, 1.44)),
    "deer": ((0.37, 2.03, 1.66), (0.4, 1.13, 1.83)),
    "fox": ((0.17, 0.57, 1.24), (0.25, 0.34, 0.87)),
    "lion": ((0.9, 1.67, 2.28), (0.9, 1.07, 2.23)),
}

QUADRUPED_OPTIONS = {
    "species": "dog",  # a SPECIES name; the options below override single traits of it
    "leg_ratio": None,  # leg length / torso length (pig 0.28, cat 0.42, deer 0.72)
    "neck_ratio": None,  # neck length / torso length (pig 0.06, horse 0.62)
    "ear_shape": None,  # one of EAR_SHAPES
    "tail_length": None,  # tail length / torso length
    "mane": None,  # one of MANES
    "horns": None,  # one of HORNS
    "spots": None,  # bool: patches of the second colour on the coat
    "second_color": None,  # '#rrggbb' of spots, mane, tail tip; default the species'
}


def species_of(p: GenParams, base: Species) -> Species:
    """``base`` with the traits ``p``'s options override."""
    # Each trait's value has its Species field's type; options carry them untyped.
    overrides: dict[str, Any] = {k: p.option(k) for k in ("leg_ratio", "neck_ratio", "ear_shape", "tail_length", "mane", "horns", "spots")}
    if p.option("second_color"):
        overrides["second"] = p.option("second_color")
    return dataclasses.replace(base, **{k: v for k, v in overrides.items() if v is not None})


@dataclass(frozen=True)
class _Frame:
    """Where the torso, shoulders, hips, neck root and tail root are, in torso lengths."""

    yc: float  # torso centre height
    front: float  # z of the shoulders
    back: float  # z of the hips
    neck_root: np.ndarray
    tail_root: np.ndarray


def _frame(sp: Species, pose: int) -> _Frame:
    yc = sp.depth * 0.48 if pose == LYING else sp.leg_ratio + sp.depth * 0.4
    return _Frame(yc, 0.3, -0.3, np.array((0, yc + sp.depth * 0.22, 0.4)), np.array((0, yc + sp.depth * 0.2, -0.5)))


def _torso(sp: Species, f: _Frame, coat, second) -> list[Part]:
    chest = ellipsoid((sp.width / 2, sp.depth / 2, 0.3), (0, f.yc, 0.22), 1)
    rump = ellipsoid((sp.width * 0.47, sp.depth * 0.46, 0.3), (0, f.yc + sp.depth * 0.02, -0.22), 1)
    parts = [Part(hull(np.vstack([chest.vertices, rump.vertices])), coat)]
    if sp.wool:  # fleece: lumps over the back and sides
        for z in (-0.3, 0.0, 0.3):
            for a in (-1.0, 0.0, 1.0):
                c = (np.sin(a) * sp.width * 0.42, f.yc + np.cos(a) * sp.depth * 0.4, z)
                parts.append(Part(sphere(sp.depth * 0.22, c, 1), coat))
    return parts


def _spots(sp: Species, f: _Frame, rng, second) -> list[Part]:
    parts = []
    for _ in range(7):
        side, z, a = rng.choice((-1, 1)), rng.uniform(-0.42, 0.42), rng.uniform(0.5, 2.0)
        c = (side * np.sin(a) * sp.width * 0.47, f.yc + np.cos(a) * sp.depth * 0.45, z)
        r = rng.uniform(0.08, 0.14)
        parts.append(Part(ellipsoid((sp.width * 0.08, r * sp.depth * 1.5, r), c, 1), second))
    return parts


def _legs(sp: Species, f: _Frame, pose: int, legs_mat) -> list[Part]:
    r = sp.width * 0.16
    x = sp.width * 0.3
    foot_mat = _HOOF if sp.hooves else legs_mat
    parts = []
    for sx in (-1, 1):
        for z, front in ((f.front, True), (f.back, False)):
            top = np.array((sx * x, f.yc - sp.depth * 0.1, z))
            if pose == LYING:  # front legs reach forward along the ground, hind legs fold beside the rump
                if front:
                    paw = np.array((sx * x, r * 0.6, z + 0.35))
                    parts += [Part(limb(top, paw + (0, 0, -0.18), r, r * 0.7), legs_mat), Part(limb(paw + (0, 0, -0.18), paw, r * 0.7, r * 0.6), legs_mat)]
                    parts.append(Part(sphere(r * 0.7, paw, 1), foot_mat))
                else:
                    thigh = np.array((sx * sp.width * 0.42, f.yc * 0.75, z))
                    parts += [Part(ellipsoid((r * 1.2, sp.depth * 0.32, 0.16), thigh, 1), legs_mat),
                              Part(limb((sx * sp.width * 0.45, r * 0.6, z - 0.1), (sx * sp.width * 0.45, r * 0.6, z + 0.15), r * 0.6, r * 0.55), legs_mat)]
                continue
            knee = np.array((sx * x, sp.leg_ratio * 0.5, z + (0.03 if front else -0.06)))
            foot = np.array((sx * x, 0.0, z))
            parts += [Part(limb(top, knee, r, r * 0.65), legs_mat), Part(limb(knee, foot + (0, r * 0.5, 0), r * 0.65, r * 0.5), legs_mat)]
            if sp.hooves:
                parts.append(Part(frustum(r * 0.6, r * 0.5, r * 0.6, foot, 10), _HOOF))
            else:
                parts.append(Part(ellipsoid((r * 0.6, r * 0.4, r * 0.8), foot + (0, r * 0.4, r * 0.3), 1), foot_mat))
    return parts


def _head(sp: Species, f: _Frame, pose: int, coat, second, face) -> list[Part]:
    angle = sp.neck_angle * (0.6 if pose == LYING else 1.0)
    tip = f.neck_root + sp.neck_ratio * np.array((0, np.sin(angle), np.cos(angle)))
    hr = sp.head
    c = tip + (0, hr * 0.4, hr * 0.4)
    muzzle = np.array((0, -np.sin(sp.droop), np.cos(sp.droop)))
    nose = c + muzzle * hr * (0.5 + sp.snout)
    parts = [Part(limb(f.neck_root - (0, sp.depth * 0.15, 0.05), tip, sp.width * 0.32, hr * 0.75), coat),
             Part(ellipsoid((hr * 0.85, hr, hr), c, 1), face, smooth=True),
             Part(limb(c + muzzle * hr * 0.3, nose, hr * 0.7, hr * (0.45 + 0.05 * sp.snout)), face)]
    if sp.flat_snout:
        parts.append(Part(zcyl(hr * 0.38, hr * 0.2, nose + muzzle * hr * 0.35, 12), second))
    else:
        parts.append(Part(sphere(hr * 0.2, nose + muzzle * hr * 0.3, 0), _EYE, smooth=True))
    for sx in (-1, 1):
        parts.append(Part(sphere(hr * 0.12, c + (sx * hr * 0.62, hr * 0.3, hr * 0.62), 0), _EYE, smooth=True))
    parts += _ears(sp.ear_shape, c, hr, face)
    parts += _horns(sp.horns, c, hr)
    if sp.mane == "ruff":  # a lion's mane frames the face from behind
        parts.append(Part(ellipsoid((hr * 1.7, hr * 1.8, hr * 1.1), c - (0, hr * 0.2, hr * 0.5), 1), second, smooth=True))
    elif sp.mane == "crest":
        parts.append(Part(limb(c - (0, -hr * 0.6, hr * 0.6), f.neck_root + (0, sp.depth * 0.2, -0.1), hr * 0.3, hr * 0.4), second))
    return parts


def _ears(shape: str, c: np.ndarray, hr: float, mat) -> list[Part]:
    parts = []
    for sx in (-1, 1):
        if shape in ("pointy", "tall"):
            rise = 1.5 if shape == "pointy" else 2.0
            base = c + (sx * hr * 0.5, hr * 0.65, -hr * 0.15)
            parts.append(Part(spike(base, base + (sx * hr * 0.3, hr * rise * 0.6, -hr * 0.1), hr * 0.3, 4), mat))
        elif shape == "floppy":
            parts.append(Part(ellipsoid((hr * 0.14, hr * 0.6, hr * 0.35), c + (sx * hr * 0.85, -hr * 0.05, -hr * 0.1), 1), mat))
        elif shape == "side":
            parts.append(Part(ellipsoid((hr * 0.5, hr * 0.14, hr * 0.28), c + (sx * hr * 1.1, hr * 0.25, -hr * 0.2), 1), mat))
        else:
            parts.append(Part(ellipsoid((hr * 0.3, hr * 0.3, hr * 0.14), c + (sx * hr * 0.62, hr * 0.78, -hr * 0.1), 1), mat))
    return parts


def _horns(kind: str, c: np.ndarray, hr: float) -> list[Part]:
    parts = []
    for sx in (-1, 1):
        base = c + (sx * hr * 0.45, hr * 0.7, -hr * 0.25)
        if kind == "horns":
            bend = base + (sx * hr * 0.6, hr * 0.3, 0)
            parts += [Part(limb(base, bend, hr * 0.16, hr * 0.12), _HORN), Part(spike(bend, bend + (sx * hr * 0.2, hr * 0.6, 0.1 * hr), hr * 0.12, 6), _HORN)]
        elif kind == "antlers":
            beam = base + (sx * hr * 0.9, hr * 2.4, -hr * 0.6)
            parts.append(Part(limb(base, beam, hr * 0.1, hr * 0.06), _HORN))
            for t in (0.35, 0.65):
                fork = base + (beam - base) * t
                parts.append(Part(limb(fork, fork + (sx * hr * 0.1, hr * 0.8, hr * 0.5), hr * 0.06, hr * 0.04), _HORN))
        elif kind == "curled":
            ring = torus_y(hr * 0.35, hr * 0.12, (0, 0, 0), 12, 6)
            ring.apply_transform(np.array([[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1.0]]))
            parts.append(Part(ring.apply_translation(c + (sx * hr * 0.8, hr * 0.3, -hr * 0.2)), _HORN))
    return parts


def _tail(sp: Species, f: _Frame, pose: int, coat, second) -> list[Part]:
    root, n = f.tail_root, sp.tail_length
    r = sp.width * 0.08
    if pose == LYING and sp.tail_style not in ("curly", "stub"):  # curled round the side on the ground
        pts = [root, (sp.width * 0.55, r, -0.55), (sp.width * 0.8, r, -0.55 + n * 0.5)]
        return [Part(limb(pts[i], pts[i + 1], r * (1.4 if sp.tail_style == "bushy" else 1), r), coat) for i in range(2)]
    if sp.tail_style == "thin":
        mid, end = root + (0, n * 0.45, -n * 0.3), root + (0, n * 0.85, -n * 0.35)
        return [Part(limb(root, mid, r, r * 0.8), coat), Part(limb(mid, end, r * 0.8, r * 0.6), coat)]
    if sp.tail_style == "bushy":
        end = root + (0, -n * 0.35, -n * 0.9)
        return [Part(limb(root, end, r * 1.6, r * 2.2), coat), Part(sphere(r * 2.2, end - (0, 0, r), 1), second)]
    if sp.tail_style in ("tuft", "hair"):
        end = root + (0, -min(n, root[1] * 0.9), -0.1)
        thick = r * (2.2 if sp.tail_style == "hair" else 0.6)
        tail = [Part(limb(root, end, thick, thick * 0.8), second if sp.tail_style == "hair" else coat)]
        return tail + ([Part(ellipsoid((r * 1.2, r * 2.5, r * 1.2), end, 1), second)] if sp.tail_style == "tuft" else [])
    if sp.tail_style == "curly":
        return [Part(torus_y(r * 1.5, r * 0.5, root + (0, r, -r), 10, 5), coat)]
    if sp.tail_style == "long":  # a dragon's: tapering back along the ground
        pts = [root, root + (0, -root[1] * 0.4, -n * 0.4), root + (0, -root[1] * 0.75, -n * 0.75), (0, r, -0.5 - n)]
        return [Part(limb(pts[i], pts[i + 1], r * (2.6 - 0.8 * i), r * (1.8 - 0.6 * i)), coat) for i in range(3)]
    return [Part(ellipsoid((r * 1.6, r * 2.0, r * 1.6), root + (0, 0, -r), 1), coat)]


def animal(p: GenParams, sp: Species) -> list[Part]:
    """The quadruped body plan of ``sp`` in ``p``'s pose, fitted to ``p.size``."""
    pose = p.variant
    f = _frame(sp, pose)
    coat, second = p.mat("fabric", sp.coat), material("fabric", sp.second)
    face = legs = second if sp.wool else coat
    parts = _torso(sp, f, coat, second) + _legs(sp, f, pose, legs) + _head(sp, f, pose, coat, second, face)
    parts += _tail(sp, f, pose, coat, second)
    if sp.spots:
        parts += _spots(sp, f, p.rng(), second)
    return parts


@generator("quadruped", variants=2, options=QUADRUPED_OPTIONS, sizes=SPECIES_SIZES["dog"])
def quadruped(p: GenParams) -> list[Part]:
    """A four-legged animal of the ``species`` option: v0 standing, v1 lying."""
    name = p.option("species", QUADRUPED_OPTIONS["species"])
    if name not in SPECIES:
        raise ValueError(f"unknown species {name!r}; expected one of {sorted(SPECIES)}")
    return fit(animal(p, species_of(p, SPECIES[name])), p.size)


def _wings(sp: Species, f: _Frame, pose: int, membrane, bone) -> list[Part]:
    parts = []
    for sx in (-1, 1):
        root = np.array((sx * sp.width * 0.3, f.yc + sp.depth * 0.4, 0.2))
        if pose == LYING:  # folded along the flanks
            tip, trail = root + (sx * 0.15, 0.35, -0.5), root + (sx * 0.2, -0.05, -0.8)
        else:
            tip, trail = root + (sx * 0.9, 0.8, -0.15), root + (sx * 0.7, 0.2, -0.75)
        back = root + (0, 0, -0.5)
        parts.append(Part(hull([q + (0, dy, 0) for q in (root, tip, trail, back) for dy in (-0.01, 0.01)]), membrane))
        parts.append(Part(limb(root, tip, 0.03, 0.015), bone))
    return parts


@generator("dragon", variants=2, options={"second_color": None}, sizes=((2.86, 2.42, 4.73), (0.87, 1.24, 2.75)))
def dragon(p: GenParams) -> list[Part]:
    """A dragon: a long-necked four-legged body, horns, a ridge of spikes, wings and a long tail."""
    sp = species_of(p, DRAGON)
    f = _frame(sp, p.variant)
    second = material("leather", sp.second)
    parts = animal(p, sp) + _wings(sp, f, p.variant, second, p.mat("leather", sp.coat))
    for z in np.linspace(-0.45, 0.35, 5):  # spikes along the spine
        top = np.array((0, f.yc + sp.depth * 0.48, z))
        parts.append(Part(spike(top - (0, 0.03, 0), top + (0, 0.12, -0.04), 0.035, 4), second))
    return fit(parts, p.size)


# ------------------------------------------------------------ perched bird

_BIRD_STYLES = (  # (body, breast, beak) colours: a robin, an owl, a heron
    ("#6b5a48", "#d9632b", "#3a2e22"),
    ("#8a6a48", "#d8c6a4", "#4a4038"),
    ("#9aa3ab", "#eceff1", "#d9a441"),
)


@generator("bird_perched", variants=3, options={"breast_color": None},
           sizes=((0.083, 0.18, 0.18), (0.18, 0.45, 0.23), (0.22, 1.0, 0.57)))
def bird_perched(p: GenParams) -> list[Part]:
    """A standing bird facing +Z: v0 songbird, v1 owl (upright, big eyes), v2 wader (long legs and neck)."""
    body_c, breast_c, beak_c = _BIRD_STYLES[p.variant]
    body, breast = p.mat("fabric", body_c), material("fabric", p.text_option("breast_color") or breast_c)
    beak, leg_mat = material("plastic", beak_c), material("plastic", "#5a4632")
    leg = (0.35, 0.15, 1.6)[p.variant]  # in body lengths
    tilt = (0.5, 1.2, 0.2)[p.variant]  # body axis above horizontal: an owl stands upright
    axis = np.array((0, np.sin(tilt), np.cos(tilt)))
    c = np.array((0, leg + 0.35, 0))
    parts = [Part(ellipsoid((0.32, 0.32, 0.5), (0, 0, 0), 2), body, smooth=True)]
    parts[0].mesh.apply_transform(_aligned_z(axis)).apply_translation(c)
    parts.append(Part(ellipsoid((0.24, 0.28, 0.2), c + axis * 0.18 + (0, -0.1, 0.12), 1), breast, smooth=True))
    neck = (0.25, 0.0, 0.9)[p.variant]
    head = c + axis * 0.4 + (0, 0.2 + neck, 0.05 - 0.05 * p.variant)
    hr = (0.22, 0.33, 0.14)[p.variant]
    if neck:
        parts.append(Part(limb(c + axis * 0.3, head, 0.12, 0.09), body))
    parts.append(Part(sphere(hr, head, 2), body, smooth=True))
    beak_len = (0.2, 0.1, 0.55)[p.variant]
    parts.append(Part(spike(head + (0, 0, hr * 0.8), head + (0, -0.02, hr + beak_len), hr * 0.3, 6), beak))
    eye_r = hr * (0.3 if p.variant == 1 else 0.15)
    for sx in (-1, 1):
        eye = head + (sx * hr * 0.45, hr * 0.2, hr * (0.8 if p.variant == 1 else 0.6))
        parts.append(Part(sphere(eye_r, eye, 1), _EYE))
        wing = ellipsoid((0.08, 0.22, 0.42), (0, 0, 0), 1).apply_transform(_aligned_z(axis))
        parts.append(Part(wing.apply_translation(c + (sx * 0.28, 0.02, -0.05)), body))
        hip, foot = c + (sx * 0.1, -0.25, 0), np.array((sx * 0.12, 0.0, 0.05))
        parts.append(Part(limb(hip, foot + (0, 0.02, 0), 0.03, 0.02, 0), leg_mat))
        parts.append(Part(hull([foot + (dx, dy, dz) for dx in (-0.03, 0.03) for dy in (0, 0.02) for dz in (-0.05, 0.15)]), leg_mat))
    tail = c - axis * 0.45
    parts.append(Part(hull([tail + (dx, dy, 0) for dx in (-0.12, 0.12) for dy in (-0.02, 0.02)] +
                           [tail - axis * 0.4 + (dx, -0.1, 0) for dx in (-0.16, 0.16)]), body))
    return fit(parts, p.size)


def _aligned_z(axis: np.ndarray) -> np.ndarray:
    """A 4x4 rotation about X taking +Z onto ``axis`` (a unit vector in the YZ plane)."""
    angle = -np.arctan2(axis[1], axis[2])
    ca, sa = np.cos(angle), np.sin(angle)
    return np.array([[1, 0, 0, 0], [0, ca, -sa, 0], [0, sa, ca, 0], [0, 0, 0, 1.0]])


# -------------------------------------------------------------------- fish

_FISH = (  # (body, fin colour, body height, body width, tail spread): goldfish, trout, angelfish
    ("#f08a24", "#f6b15c", 0.55, 0.35, 0.55),
    ("#7d8c6a", "#a4ab8a", 0.32, 0.22, 0.35),
    ("#e9e2c8", "#2c2c2c", 0.7, 0.14, 0.6),
)


@generator("fish", variants=3, options={"stripes": None, "fin_color": None},
           sizes=((0.058, 0.087, 0.14), (0.15, 0.166, 0.45), (0.042, 0.156, 0.15)))
def fish(p: GenParams) -> list[Part]:
    """A fish swimming towards +Z: body, forked tail, dorsal, belly and side fins, eyes. v2 a tall, flat angelfish."""
    body_c, fin_c, height, width, spread = _FISH[p.variant]
    body, fin = p.mat("fabric", body_c), material("fabric", p.text_option("fin_color") or fin_c)
    c = np.array((0, 0.5, 0))
    parts = [Part(ellipsoid((width / 2, height / 2, 0.5), c, 2), body, smooth=True)]
    tail_root = c + (0, 0, -0.45)
    parts.append(Part(hull([tail_root + (dx, 0, 0) for dx in (-0.01, 0.01)] +
                           [tail_root + (dx, dy * spread, -0.3) for dx in (-0.01, 0.01) for dy in (-0.6, 0.6)]), fin))
    top, bottom = c + (0, height / 2, 0), c - (0, height / 2, 0)
    fin_h = 0.5 * height if p.variant == 2 else 0.25 * height
    parts.append(Part(hull([top + (dx, -0.05, z) for dx in (-0.01, 0.01) for z in (0.15, -0.25)] +
                           [top + (dx, fin_h, -0.25) for dx in (-0.01, 0.01)]), fin))
    parts.append(Part(hull([bottom + (dx, 0.05, z) for dx in (-0.01, 0.01) for z in (0.0, -0.25)] +
                           [bottom + (dx, -fin_h * 0.7, -0.22) for dx in (-0.01, 0.01)]), fin))
    for sx in (-1, 1):
        root = c + (sx * width * 0.4, -height * 0.15, 0.15)
        parts.append(Part(hull([root + (0, dy, dz) for dy in (-0.01, 0.01) for dz in (0, 0.08)] +
                               [root + (sx * 0.12, -0.08, -0.12), root + (sx * 0.12, -0.06, -0.12)]), fin))
        parts.append(Part(sphere(0.045, c + (sx * width * 0.32, height * 0.12, 0.33), 1), _EYE))
    if p.option("stripes", p.variant == 2):
        for z in (0.15, -0.05, -0.25):
            k = 1.04 * np.sqrt(1 - (z / 0.5) ** 2)  # the body's cross-section there, a little proud of it
            band = ellipsoid((width / 2 * k, height / 2 * k, 0.04), c + (0, 0, z), 1)
            parts.append(Part(band, fin))
    return fit(parts, p.size)
