"""Landforms: one parametric generator for the shapes of the ground (a hill, a dune, a cliff, a crater, a trail).

Every landform is a closed relief: a grid whose height is ``p.h`` times a profile of the footprint, over a flat
bottom, so it sits on the ground it rises from. The kinds that use it (tools/knowledge/kinds.toml, family
"nature", generator "landform") choose the profile by the ``profile`` option and their colour and material by
their own parameters: the members are a table of data, not code. A rough ground gets a seeded jitter (the
``rough`` option, a fraction of the height) so rock reads as rock and a dune as smooth sand.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import trimesh

from tools.assets.mesh import Part, material
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import ellipse_slab, fit

GRID = 33  # cells a side: smooth enough for a hill's silhouette, light enough for a scene of many

Profile = Callable[[np.ndarray, np.ndarray], np.ndarray]  # (u, v) in [-1, 1] (x, z) -> height fraction in [0, 1]


def _radius(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    return np.clip(np.hypot(u, v), 0.0, 1.0)


def _dome(u, v):  # a hill or a mound: a smooth bell on an oval footprint
    return (1 - _radius(u, v) ** 2) ** 2


def _peak(u, v):  # a mountain peak: a steep cone with concave flanks
    return (1 - _radius(u, v)) ** 1.6


def _crest(u, v):  # a ridge: a long crest along x, tapering at both ends
    return (1 - np.abs(v)) ** 1.4 * (1 - np.abs(u) ** 4)


def _lee(u, v):  # a sand dune: a long gentle windward slope (-z) to a crest, a steep lee face (+z)
    crest = 0.45
    windward = ((v + 1) / (1 + crest)) ** 1.5
    lee = np.clip((1 - v) / (1 - crest), 0, 1) ** 0.7
    return np.where(v < crest, windward, lee) * np.sqrt(np.clip(1 - u ** 2, 0, 1))


def _scarp(u, v):  # a cliff: a plateau whose front (+z) falls sheer along a jagged line, its top stepped
    edge = 1 - 0.12 * (1 + np.sin(3.5 * np.pi * u + 1.0))  # where the face stands, bays and buttresses along it
    face = np.clip((edge - v) / 0.1, 0, 1)
    back = np.clip((1 + v) / 0.6, 0, 1)
    sides = np.clip((1 - np.abs(u)) / 0.35, 0, 1)
    steps = 0.85 + 0.15 * np.cos(2.5 * np.pi * u) * np.cos(1.5 * np.pi * v)
    return np.minimum(np.minimum(face, back), sides) * steps


def _rim(u, v):  # a crater: a raised rim round a bowl whose floor stays above the ground
    r = _radius(u, v)
    return np.where(r < 0.7, 0.25 + 0.75 * (r / 0.7) ** 3, ((1 - r) / 0.3) ** 1.5)


PIT_HOLE = 0.6  # a pit's open hole, as a fraction of its footprint's half-sides


def _hollow(u, v):  # a pit: a low bank of dug earth round an open hole, drawn as a dark floor at the ground
    r = _radius(u, v)
    return np.where(r < PIT_HOLE, 0.0, np.sin(np.pi * (r - PIT_HOLE) / (1 - PIT_HOLE)))


def _strip(u, v):  # a trail or a dry riverbed: a thin strip (on a winding footprint) with soft edges and ends
    return (1 - np.abs(u) ** 8) * (1 - np.abs(v) ** 8)


def _curl(u, v):  # a breaking wave: a swell rising towards the shore (+z) to a crest that falls steeply
    swell = np.clip((v + 1) / 1.6, 0, 1) ** 2
    fall = np.clip((1 - v) / 0.4, 0, 1) ** 0.5
    return np.minimum(swell, fall) * (1 - np.abs(u) ** 6)


# Each profile with the footprint it covers: "oval" (a hill is round, not a square tile of grass), "winding" (a path
# swings from side to side along z, a quarter of its width each way) or "rect" (a cliff or a wave ends square).
PROFILES: dict[str, tuple[Profile, str]] = {
    "dome": (_dome, "oval"), "peak": (_peak, "oval"), "crest": (_crest, "oval"), "lee": (_lee, "oval"),
    "scarp": (_scarp, "rect"), "rim": (_rim, "oval"), "hollow": (_hollow, "oval"), "strip": (_strip, "winding"),
    "curl": (_curl, "rect"),
}
WINDING_SWING = 0.5  # a winding footprint's centre swings this fraction of the half-width each way


def footprint(u: np.ndarray, v: np.ndarray, shape: str) -> tuple[np.ndarray, np.ndarray]:
    """Where the grid point (u, v) in [-1, 1] lies on a footprint of half-sides 1 (x, z)."""
    if shape == "oval":  # the square grid stretched onto a disc (Fong's elliptical grid mapping)
        return u * np.sqrt(1 - v ** 2 / 2), v * np.sqrt(1 - u ** 2 / 2)
    if shape == "winding":
        return WINDING_SWING * np.sin(1.5 * np.pi * v) + (1 - WINDING_SWING) * u, v
    return u, v


def lumps(u: np.ndarray, v: np.ndarray, rng: np.random.Generator, waves: int = 4) -> np.ndarray:
    """Seeded smooth undulation in [-1, 1] over the grid: a few broad sine waves, so rough ground has knolls and
    dips, not only grain."""
    total = np.zeros_like(u)
    for _ in range(waves):
        fu, fv, phase = rng.uniform(1, 4), rng.uniform(1, 4), rng.uniform(0, 2 * np.pi)
        total += np.sin(np.pi * (fu * u + fv * v) + phase)
    return total / waves


def relief(heights: np.ndarray, xs: np.ndarray, zs: np.ndarray, base: float = 0.0) -> trimesh.Trimesh:
    """A closed mesh: the top surface ``heights`` (n, n) at the grid points (``xs``, ``zs``), walls down to a flat
    bottom at y = ``base``."""
    n = heights.shape[0]
    top = np.stack([xs, heights, zs], axis=-1).reshape(-1, 3)
    bottom = top.copy()
    bottom[:, 1] = base
    idx = np.arange(n * n).reshape(n, n)
    a, b, c, e = idx[:-1, :-1].ravel(), idx[:-1, 1:].ravel(), idx[1:, :-1].ravel(), idx[1:, 1:].ravel()
    faces = [np.stack([a, c, b], 1), np.stack([b, c, e], 1)]  # top faces up (+y)
    off = n * n
    faces += [np.stack([a, b, c], 1) + off, np.stack([b, e, c], 1) + off]  # bottom faces down
    ring = np.concatenate([idx[0, :], idx[1:, -1], idx[-1, -2::-1], idx[-2:0:-1, 0]])
    nxt = np.roll(ring, -1)
    faces += [np.stack([ring, nxt, ring + off], 1), np.stack([nxt, nxt + off, ring + off], 1)]
    mesh = trimesh.Trimesh(np.vstack([top, bottom]), np.vstack(faces), process=True)
    mesh.fix_normals()
    return mesh


LIFT_M = 0.01  # metres: the least height a landform keeps at its edge, so no face lies flat on the ground


@generator("landform", variants=1, options={"profile": "dome", "rough": 0.0, "cap": None},
           sizes=[(20.0, 4.0, 16.0)])
def landform(p: GenParams) -> list[Part]:
    """A landform: the ``profile`` option's relief on its footprint at ``p.size``, roughened by ``rough`` (broad
    lumps and grain); a ``cap`` colour draws snow (or any cover) over its middle; a pit gets its dark floor."""
    name = p.text_option("profile") or "dome"
    if name not in PROFILES:
        raise ValueError(f"landform profile {name!r}; expected one of {sorted(PROFILES)}")
    profile, shape = PROFILES[name]
    rough = p.number_option("rough", 0.0) > 0  # rough ground is faceted; smoothed normals would fold over its grain
    parts = [Part(surface(profile, shape, p, 1.0), p.mat("stone", "#6f8a4a"), smooth=not rough)]
    cap = p.text_option("cap")
    if cap:
        parts.append(Part(surface(profile, shape, p, CAP_REACH), material("fabric", cap), smooth=True))
    if name == "hollow":
        parts.append(Part(ellipse_slab(1.05 * p.w * PIT_HOLE, 0.004, 1.05 * p.d * PIT_HOLE, 0, 2 * LIFT_M, 0),
                          material("stone", "#1e1a16")))
    return fit(parts, p.size)


CAP_REACH = 0.35  # a cap (snow on a peak) covers the middle of the grid out to this fraction of its half-sides


def surface(profile: Profile, shape: str, p: GenParams, reach: float) -> trimesh.Trimesh:
    """The relief of ``profile`` over the middle ``reach`` of the grid (1: the whole landform). A part (a cap) is
    raised just clear of the landform's roughness, its walls reaching down into the landform."""
    u, v = np.meshgrid(*(np.linspace(-reach, reach, GRID),) * 2, indexing="xy")
    rough = p.number_option("rough", 0.0)
    rng = p.rng()
    grain = rng.uniform(-1, 1, u.shape)
    fx, fz = footprint(u, v, shape)
    at = (fx, fz) if shape == "oval" else (u, v)  # a round profile is measured on the disc, a strip along itself
    heights = profile(*at) * (1 + 2 * rough * lumps(u, v, rng))
    if reach < 1:
        heights = np.clip(heights, 0, 1) + rough + 0.01
    else:
        heights = heights + rough * grain * (heights > 0.05)
    lift = min(0.05, LIFT_M / p.h)
    heights = p.h * (lift + (1 - lift) * np.clip(heights, 0, 1 + rough + 0.01))
    edge = np.concatenate([heights[0], heights[-1], heights[:, 0], heights[:, -1]])
    base = 0.0 if reach == 1 else edge.min() - (rough + 0.03) * p.h
    return relief(heights, fx * p.w / 2, fz * p.d / 2, base)
