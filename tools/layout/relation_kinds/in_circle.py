"""'in_circle': the subject's own instances on a ring round a common middle, facing it (chairs in a circle).

Unlike 'around' nothing stands in the middle: the ring is centred on the room (a free spot near it when the
middle is taken), so it is a relation of the subject's instances alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy as np

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.groups import ring_slots
from tools.layout.relation_kinds.checking import angle_to, every_instance
from tools.layout.relation_kinds.judging import MeshBox
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room
from tools.layout.space import SOLVER_CLEARANCE, Box

RING_GAPS = (0.3, 0.6, 1.0, 1.5, 2.0)  # metres from the middle to the ring's inner edge, tried in order
MIDDLE_SHIFTS = (0.0, 0.5, 1.0)  # metres the ring's middle may move off the room's centre
CHECK_RADIUS_SPREAD = 0.15  # each instance's distance to the middle within this share of the mean (or 0.1 m)
CHECK_FACING_ANGLE = math.radians(45)
JUDGE_RADIUS_SPREAD = 0.3


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'in a circle': instance ``index`` in its slot of one ring round the room's middle,
    the first ring (widening, its middle shifting) whose every slot is free or already holds its instance, so
    all instances share one ring; then the slot on every other ring."""
    rings = list(_rings(ctx, key))
    whole = [ring for ring in rings if all(_free_or_taken(ctx, box) for box in ring)]
    for ring in whole[:1] + rings:
        yield ring[index], SOLVER_CLEARANCE


def _rings(ctx: LayoutContext, key: str) -> Iterator[list[Box]]:
    """Every instance's box on each ring tried, in order."""
    count = len(ctx.ids[key])
    w, _, d = ctx.sizes[key]
    lo, hi = ctx.space.lo, ctx.space.hi
    cx, cz = (lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2
    for shift in MIDDLE_SHIFTS:
        for mx, mz in dict.fromkeys(((cx + shift, cz), (cx - shift, cz), (cx, cz + shift), (cx, cz - shift))):
            middle = Box("middle", "", "", mx, 0.0, mz, 0.0, 0.0, 0.0, 0.0)
            for gap in RING_GAPS:
                yield [ctx.box(key, k, mx + sx, mz + sz, yaw)
                       for k, (sx, sz, yaw) in enumerate(ring_slots(middle, count, w, d, gap))]


def _free_or_taken(ctx: LayoutContext, box: Box) -> bool:
    """The slot is free, or its own instance already stands there (placed earlier from the same ring)."""
    placed = ctx.space.boxes.get(box.id)
    if placed is not None:
        return math.isclose(placed.x, box.x, abs_tol=1e-9) and math.isclose(placed.z, box.z, abs_tol=1e-9)
    return ctx.space.fits(box, SOLVER_CLEARANCE)


def _middle(points: np.ndarray) -> np.ndarray:
    return points.mean(axis=0)


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'in a circle': the instances equally far from their middle, each facing it."""
    if len(subjects) < 3:
        return True, f"{len(subjects)} instance(s) make no circle to check"
    middle = _middle(np.array([(s.position[0], s.position[2]) for s in subjects]))
    radii = [math.dist((s.position[0], s.position[2]), middle) for s in subjects]
    mean = sum(radii) / len(radii)

    def ok(s: Placement) -> tuple[bool, str]:
        off = abs(math.dist((s.position[0], s.position[2]), middle) - mean)
        if off > max(CHECK_RADIUS_SPREAD * mean, 0.1):
            return False, f"{s.id} is {off:.2f} m off the circle of radius {mean:.2f} m"
        angle = angle_to(s, float(middle[0]), float(middle[1]))
        return angle <= CHECK_FACING_ANGLE, f"{s.id} does not face the middle ({math.degrees(angle):.0f} deg)"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'in a circle' on the rendered meshes: box centres about equally far from their mean."""
    if len(subjects) < 3:
        return True, "fewer than three make no circle to judge"
    centres = np.array([s.centre[[0, 2]] for s in subjects])
    radii = np.linalg.norm(centres - _middle(centres), axis=1)
    spread = float((radii.max() - radii.min()) / max(radii.mean(), 1e-6))
    return spread <= 2 * JUDGE_RADIUS_SPREAD, f"radii {radii.min():.2f}-{radii.max():.2f} m (spread {spread:.2f})"


SPEC = RelationSpec("in_circle", 17, candidates, check, judge)
