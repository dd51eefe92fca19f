"""Shared pieces of the independent judges: measures on world mesh boxes, not on the layout's placements.

The judges (each kind's ``judge``; tools.evaluate.requirements runs them) are
deliberately simpler and looser than the layout checks, so they measure "did
it come out roughly as asked" rather than re-running the generator's
judgement; they share no code with the checks. Each kind's tolerance is a
named constant in its module.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from tools.layout.relation_kinds.spec import Result

ON_TOLERANCE = 0.01  # child bottom to target top ('on', 'above', 'stacked')


class MeshBox(Protocol):
    """What a judge reads of one object (tools.evaluate.geometry.WorldObject is one)."""

    id: str
    position: np.ndarray  # (3,)
    lo: np.ndarray  # (3,) world mesh AABB min
    hi: np.ndarray  # (3,) world mesh AABB max

    @property
    def forward(self) -> np.ndarray:
        """The object's front in the world (3,)."""

    @property
    def centre(self) -> np.ndarray:
        """The middle of the world box (3,)."""


def horizontal_gap(a: MeshBox, b: MeshBox) -> float:
    """The gap between two boxes' footprints on the floor (0 when they overlap)."""
    dx = max(0.0, max(a.lo[0], b.lo[0]) - min(a.hi[0], b.hi[0]))
    dz = max(0.0, max(a.lo[2], b.lo[2]) - min(a.hi[2], b.hi[2]))
    return math.hypot(dx, dz)


def over(a: MeshBox, b: MeshBox) -> bool:
    """a's centre over b's footprint (x, z)."""
    c = a.centre
    return b.lo[0] <= c[0] <= b.hi[0] and b.lo[2] <= c[2] <= b.hi[2]


def each(subjects: Sequence[MeshBox], ok: Callable[[MeshBox], bool], what: str) -> Result:
    """The result of testing every subject; the evidence names up to five that fail."""
    failing = [s.id for s in subjects if not ok(s)]
    if failing:
        return False, f"{len(failing)}/{len(subjects)} not {what}: {', '.join(failing[:5])}"
    return True, f"{len(subjects)}/{len(subjects)} {what}"


def wall_gaps(o: MeshBox, lo: np.ndarray, hi: np.ndarray) -> tuple[float, float]:
    """(nearest x wall gap, nearest z wall gap) of o's box."""
    return min(o.lo[0] - lo[0], hi[0] - o.hi[0]), min(o.lo[2] - lo[2], hi[2] - o.hi[2])


def facing_angle(s: MeshBox, point: np.ndarray) -> float:
    """Radians between ``s``'s forward and the horizontal direction from it to ``point`` (3,)."""
    direction = (point - s.position)[[0, 2]]
    fwd = s.forward[[0, 2]]
    norm = np.linalg.norm(direction) * np.linalg.norm(fwd)
    return 0.0 if norm < 1e-9 else math.acos(float(np.clip(direction @ fwd / norm, -1, 1)))


def span(obj: MeshBox) -> float:
    """Largest horizontal extent of an object's world box, metres."""
    return float(max(obj.hi[0] - obj.lo[0], obj.hi[2] - obj.lo[2]))
