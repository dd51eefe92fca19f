"""People: one parametric, stylised human figure (``person``).

The figure is built from joints in units of its stature S (standing height),
so a child (S under about 1.4 m) gets a bigger head and shorter legs from the
same code. Variants are poses: 0 standing, 1 sitting (the underside of the
thighs at SEAT_SHARE * S, 0.45 m for a 1.75 m adult, thighs forward, so it sits
on a chair's seat), 2 lying on its back, face up, head towards -Z (a bed's
head end) and feet towards +Z. Standing and sitting people face +Z.

Clothing: the top is ``p.color``, trousers a darker shade of it; skin and
hair tones come from ``p.rng()`` unless options name them.
"""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.mesh import Part, hex_to_rgb, material, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import ellipsoid, fit, hull, rotated_x

STANDING, SITTING, LYING = 0, 1, 2
ADULT_STATURE = 1.75
SEAT_SHARE = 0.257  # seat height / stature: 0.45 m under a 1.75 m adult's thighs
SITTING_SHARE = 0.8  # sitting height (head top above the floor) / stature
_KNEE = 0.295  # knee joint height / stature; the thigh's radius below it is the seat
_HIP = 0.5
_DROP = _HIP - _KNEE  # how far the upper body comes down when the figure sits

SKIN_TONES = ("#f6d3b3", "#eab98f", "#d39a6a", "#b07445", "#8a5530", "#5e3a22")
HAIR_TONES = ("#1d1511", "#3b2618", "#6a4326", "#a8763e", "#d8b878", "#8e8a86")
HAIR_STYLES = ("short", "long", "bun", "bald")

PERSON_OPTIONS = {
    "skin": None,  # '#rrggbb' skin tone; None: one of SKIN_TONES by p.rng()
    "hair": None,  # '#rrggbb' hair colour; None: one of HAIR_TONES by p.rng()
    "hair_style": None,  # one of HAIR_STYLES; None: by p.rng()
    "trousers": None,  # '#rrggbb'; None: a darker shade of the top
    "sleeves": None,  # "short" or "long"; None: by p.rng()
}


def limb(a, b, ra: float, rb: float, subdivisions: int = 1) -> trimesh.Trimesh:
    """A tapered capsule from point ``a`` (3,) with radius ``ra`` to ``b`` (3,) with radius ``rb``."""
    return hull(np.vstack([sphere(ra, a, subdivisions).vertices, sphere(rb, b, subdivisions).vertices]))


def darker(color: str, factor: float = 0.45) -> str:
    """``color`` ('#rrggbb') with each channel scaled by ``factor``."""
    return "#" + "".join(f"{round(v * factor * 255):02x}" for v in hex_to_rgb(color))


def stature(p: GenParams) -> float:
    """The standing height a figure of ``p`` would have, from the extent its pose spans."""
    if p.variant == SITTING:
        return p.h / SITTING_SHARE
    return p.d if p.variant == LYING else p.h


def _childlike(s: float) -> float:
    """0 for an adult stature, 1 for a small child, in between for teenagers."""
    return float(np.clip((1.45 - s) / 0.5, 0.0, 1.0))


def _joints(pose: int, s: float, child: float) -> dict[str, np.ndarray]:
    """Joint positions in metres for ``pose`` (left-side joints; the right side mirrors x)."""
    drop = _DROP * s if pose == SITTING else 0.0
    head = 0.93 - 0.02 * child  # a child's head is a bigger share of its height
    rest = {
        "head": (0, head, 0.005), "neck": (0, 0.85 - 0.04 * child, 0),
        "chest": (0, 0.73 - 0.04 * child, 0), "waist": (0, 0.6 - 0.04 * child, 0), "pelvis": (0, 0.52, 0),
        "shoulder": (0.115, 0.8 - 0.04 * child, 0), "elbow": (0.135, 0.63 - 0.03 * child, -0.01),
        "wrist": (0.145, 0.48 - 0.02 * child, 0.02),
        "hip": (0.055, _HIP, 0), "knee": (0.057, _KNEE, 0.01), "ankle": (0.06, 0.045, 0),
    }
    j = {k: np.array(v, dtype=float) * s for k, v in rest.items()}
    if pose == SITTING:
        for k in ("head", "neck", "chest", "waist", "pelvis", "shoulder", "elbow", "wrist", "hip"):
            j[k] = j[k] - (0, drop, 0)
        thigh = (_HIP - _KNEE) * s
        j["knee"] = j["hip"] + (0.002 * s, 0, thigh)
        j["ankle"] = np.array((0.06 * s, 0.045 * s, thigh + 0.02 * s))
        j["elbow"] = j["shoulder"] + (0.015 * s, -0.16 * s, 0.02 * s)  # forearms rest forward on the thighs
        j["wrist"] = j["elbow"] + (-0.02 * s, 0.015 * s, 0.15 * s)
    return j


def _mirror(x: np.ndarray) -> np.ndarray:
    return x * (-1, 1, 1)


def _looks(p: GenParams) -> dict:
    """Materials and style choices of one figure."""
    rng = p.rng()
    skin, hair = rng.choice(SKIN_TONES), rng.choice(HAIR_TONES)
    style, sleeves = rng.choice(HAIR_STYLES, p=(0.45, 0.3, 0.15, 0.1)), rng.choice(("short", "long"))
    top = p.color or "#3f6fb5"
    return {
        "skin": material("fabric", p.text_option("skin") or str(skin)),
        "hair": material("fabric", p.text_option("hair") or str(hair)),
        "top": material(p.material or "fabric", top),
        "trousers": material("fabric", p.text_option("trousers") or darker(top)),
        "shoes": material("leather", "#2a2522"),
        "eyes": material("plastic", "#1a1a1a"),
        "hair_style": p.option("hair_style") or str(style),
        "sleeves": p.option("sleeves") or str(sleeves),
    }


def _head(j: dict, s: float, child: float, look: dict) -> list[Part]:
    """Head, face (eyes and nose on the +Z side) and hair."""
    scale = s * (1 + 0.35 * child)  # heads grow less than bodies
    r = np.array((0.055, 0.068, 0.06)) * scale
    c = j["head"]
    parts = [Part(ellipsoid(r, c, 2), look["skin"], smooth=True),
             Part(limb(j["neck"] - (0, 0.03 * s, 0), c - (0, 0.03 * s, 0), 0.025 * scale, 0.025 * scale), look["skin"]),
             Part(sphere(0.011 * scale, c + (0, -0.005 * scale, r[2]), 1), look["skin"], smooth=True)]
    for sx in (-1, 1):
        parts.append(Part(sphere(0.007 * scale, c + (sx * 0.022 * scale, 0.012 * scale, r[2] * 0.9), 1), look["eyes"]))
    style = look["hair_style"]
    if style != "bald":  # a cap of hair over the crown and the back, leaving the face free
        parts.append(Part(ellipsoid(r * (1.06, 0.8, 1.0), c + (0, 0.025 * scale, -0.012 * scale), 2), look["hair"], smooth=True))
    if style == "long":
        parts.append(Part(ellipsoid((r[0] * 1.05, r[1] * 0.95, r[2] * 0.55), c + (0, -0.05 * scale, -0.04 * scale), 1),
                          look["hair"], smooth=True))
    elif style == "bun":
        parts.append(Part(sphere(0.028 * scale, c + (0, 0.05 * scale, -0.055 * scale), 1), look["hair"], smooth=True))
    return parts


def _body(j: dict, s: float, look: dict) -> list[Part]:
    """Torso, arms, hands, legs and shoes."""
    top, trousers, skin = look["top"], look["trousers"], look["skin"]
    chest = ellipsoid((0.115 * s, 0.075 * s, 0.07 * s), j["chest"], 1)
    waist = ellipsoid((0.09 * s, 0.05 * s, 0.06 * s), j["waist"], 1)
    parts = [Part(hull(np.vstack([chest.vertices, waist.vertices])), top),
             Part(ellipsoid((0.095 * s, 0.055 * s, 0.065 * s), j["pelvis"], 1), trousers)]
    forearm = top if look["sleeves"] == "long" else skin
    for side in (lambda v: v, _mirror):
        sh, el, wr = side(j["shoulder"]), side(j["elbow"]), side(j["wrist"])
        parts += [Part(limb(sh, el, 0.034 * s, 0.028 * s), top),
                  Part(limb(el, wr, 0.027 * s, 0.022 * s), forearm),
                  Part(ellipsoid((0.02 * s, 0.03 * s, 0.025 * s), wr + (0, -0.025 * s, 0.005 * s), 1), skin, smooth=True)]
        hip, knee, ankle = side(j["hip"]), side(j["knee"]), side(j["ankle"])
        parts += [Part(limb(hip, knee, 0.042 * s, 0.036 * s), trousers),
                  Part(limb(knee, ankle, 0.035 * s, 0.026 * s), trousers),
                  Part(_shoe(ankle, s), look["shoes"])]
    return parts


def _shoe(ankle: np.ndarray, s: float) -> trimesh.Trimesh:
    """A shoe under ``ankle``, sole on the floor, toes towards +Z."""
    x, _, z = ankle
    w, h = 0.045 * s, 0.045 * s
    back, front = z - 0.035 * s, z + 0.1 * s
    return hull([(x + dx, y, zz) for dx in (-w / 2, w / 2) for y in (0, h) for zz in (back, front - (0.02 * s if y else 0))])


@generator("person", variants=3, options=PERSON_OPTIONS,
           sizes=((0.58, 1.75, 0.3), (0.55, 1.4, 0.7), (0.58, 0.31, 1.75)))
def person(p: GenParams) -> list[Part]:
    """A stylised person: v0 standing, v1 sitting, v2 lying on its back (see the module docstring)."""
    s = stature(p)
    child = _childlike(s)
    j = _joints(p.variant, s, child)
    look = _looks(p)
    parts = _head(j, s, child, look) + _body(j, s, look)
    if p.variant == LYING:  # the standing figure turned face up: its head to -Z, its front to +Y
        for part in parts:
            rotated_x(part.mesh, -np.pi / 2)
    return fit(parts, p.size)
