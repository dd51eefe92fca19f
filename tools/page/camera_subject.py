"""The hero's subject when the prompt names nothing in the scene: the place's main furnishing group.

A photograph of "a cozy attic" or "a village square" frames what the place is about (the seating group, the
bed, the well in the middle), not the place's whole box from over its walls. A group grows from a seed by the
things standing within GROUP_GAP of it, nearest first, while it spans at most SUBJECT_SPAN (a room's photograph
frames a corner of it from inside, not a ring of shelves round the walls), and takes whatever stands on them.
Indoors the subject is the group that covers the most floor, as a room is furnished round its seating group, its
bed or its table. Outdoors it is the group round the place's centre of interest: of the things of the place's
own furnishing kinds (tools/knowledge/places.toml; its natural extras, grass and rocks, are not among them), the
one nearest the middle, where a place's centre zone puts its well or its campfire; the largest thing when the
place is unknown or none of its kinds stands there. The hero frames that subject as it frames requested things
(tools/page/camera.py), and the rest of the place joins it as context.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

GROUP_GAP = 0.6  # metres between two footprints that still stand together (a sofa and its coffee table)
FLAT = 0.1  # things lower than this (a rug) neither seed nor join a group: lying under groups, they would bridge them
# Widest group (metres, along x or z): indoors what a 35 mm lens frames from inside a home-sized room.
SUBJECT_SPAN = {"indoor": 3.0, "outdoor": 5.0}


@dataclass(frozen=True)
class Thing:
    """What the subject choice needs of a placed object."""

    id: str
    kind: str
    lo: np.ndarray
    hi: np.ndarray
    parent: str | None
    on_floor: bool  # stands on the ground itself: not on another thing, a wall or the ceiling

    @property
    def footprint(self) -> float:
        """Square metres of floor it covers."""
        return float((self.hi[0] - self.lo[0]) * (self.hi[2] - self.lo[2]))


def thing_of(item: Any, box: tuple[str, np.ndarray, np.ndarray]) -> Thing:
    """A Thing of a Placement or a scene.json object dict whose (id, min, max) box is ``box``."""
    get = item.get if isinstance(item, Mapping) else lambda name, default: getattr(item, name, default)
    parent = get("parent", None)
    return Thing(box[0], str(get("category", "")), box[1], box[2], parent, parent is None and get("mount", "floor") == "floor")


def subject_group(things: Sequence[Thing], focal_kinds: Sequence[str], span: float, middle: np.ndarray,
                  indoor: bool) -> set[str]:
    """Ids of the hero's subject among ``things`` (see the module), ``middle`` (3,) the place's centre; empty
    when nothing stands on the floor."""
    standing = [t for t in things if t.on_floor and t.hi[1] - t.lo[1] >= FLAT]
    if not standing:
        return set()
    lows, highs = np.array([t.lo for t in standing]), np.array([t.hi for t in standing])
    apart = np.maximum(np.maximum(lows[:, None] - highs[None], lows[None] - highs[:, None]), 0.0)[..., [0, 2]]
    gaps = np.linalg.norm(apart, axis=2)  # (n, n) metres between footprints
    if indoor:
        floor = np.array([t.footprint for t in standing])
        group = max((_grown(k, lows, highs, gaps, span) for k in range(len(standing))),
                    key=lambda members: float(floor[members].sum()))
    else:
        kinds = set(focal_kinds)

        def interest(k: int) -> tuple[bool, float]:
            t = standing[k]
            if t.kind in kinds:
                return False, float(np.linalg.norm(((t.lo + t.hi) / 2 - middle)[[0, 2]]))
            return True, -t.footprint

        group = _grown(min(range(len(standing)), key=interest), lows, highs, gaps, span)
    return _with_what_stands_on(things, {standing[k].id for k in group})


def _grown(seed: int, lows: np.ndarray, highs: np.ndarray, gaps: np.ndarray, span: float) -> list[int]:
    """Indices of the group grown from ``seed``: the thing nearest to it joins while within GROUP_GAP and while
    the group's box spans at most ``span`` across."""
    members, lo, hi = [seed], lows[seed], highs[seed]
    near = gaps[seed].copy()
    near[members] = np.inf
    while True:
        grown_lo, grown_hi = np.minimum(lo, lows), np.maximum(hi, highs)
        fits = (near <= GROUP_GAP) & (np.max((grown_hi - grown_lo)[:, [0, 2]], axis=1) <= span)
        if not fits.any():
            return members
        k = int(np.argmin(np.where(fits, near, np.inf)))
        members.append(k)
        lo, hi = grown_lo[k], grown_hi[k]
        near = np.minimum(near, gaps[k])
        near[members] = np.inf


def _with_what_stands_on(things: Sequence[Thing], ids: set[str]) -> set[str]:
    """``ids`` and every thing standing on one of them, however high the stack (books on a coffee table)."""
    grown = set(ids)
    while True:
        more = {t.id for t in things if t.parent in grown and t.id not in grown}
        if not more:
            return grown
        grown |= more
