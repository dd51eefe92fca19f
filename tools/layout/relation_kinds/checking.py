"""Shared pieces of the layout's relation checks: measures on final placements (oriented boxes).

A check takes the subject placements, the target placements (empty for room
relations), the room (its bounds and windows) and the relation's param, and
returns (passed, evidence). Each kind's tolerance is a named constant in its module.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

from tools.core.geometry import footprint, rects_overlap
from tools.core.schema import Placement
from tools.knowledge.clearance import holds_under
from tools.layout.relation_kinds.spec import Result

SUPPORT_TOLERANCE = 0.005  # 'on', 'above': height of the parent's top, footprint inside it
FACING_MAX_ANGLE = math.radians(30)  # 'facing', 'front': subject's forward vs the direction asked


def forward(p: Placement) -> tuple[float, float]:
    """The placement's forward direction on the floor (x, z)."""
    return math.sin(p.yaw), math.cos(p.yaw)


def to_local(frame: Placement, x: float, z: float) -> tuple[float, float]:
    """Coordinates of world (x, z) in ``frame``'s own axes (+Z its front)."""
    c, s = math.cos(frame.yaw), math.sin(frame.yaw)
    dx, dz = x - frame.position[0], z - frame.position[2]
    return dx * c - dz * s, dx * s + dz * c


def _segment_point_distance(a: Sequence[float], b: Sequence[float], p: Sequence[float]) -> float:
    # Plain floats: this runs for every pair of footprints a relation check compares, where numpy's per-call
    # cost on two-element vectors made a room of forty desks and chairs take minutes to lay out.
    dx, dz = b[0] - a[0], b[1] - a[1]
    t = min(1.0, max(0.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / max(dx * dx + dz * dz, 1e-12)))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dz - p[1])


def footprint_gap(a: Placement, b: Placement) -> float:
    """Shortest distance between two oriented footprints; 0 when they overlap."""
    fa, fb = footprint(a.position, a.size, a.yaw), footprint(b.position, b.size, b.yaw)
    if rects_overlap(fa, fb):
        return 0.0
    pa, pb = fa.tolist(), fb.tolist()
    return min(_segment_point_distance(poly[i], poly[(i + 1) % 4], p)
               for poly, other in ((pa, pb), (pb, pa)) for i in range(4) for p in other)


def footprint_gap_at_least(a: Placement, b: Placement) -> float:
    """A cheap lower bound of ``footprint_gap``: the centres' distance less both footprints' half-diagonals."""
    reach = math.hypot(a.size[0], a.size[2]) / 2 + math.hypot(b.size[0], b.size[2]) / 2
    return max(0.0, math.hypot(a.position[0] - b.position[0], a.position[2] - b.position[2]) - reach)


def placement_under(a: Placement, b: Placement) -> bool:
    """Whether ``a`` lies in the clear space under ``b`` (tools/knowledge/clearance.py): footprint inside, top below."""
    corners = [to_local(b, x, z) for x, z in footprint(a.position, a.size, a.yaw)]
    bottom = a.position[1] - b.position[1]
    return holds_under(b.category, b.variant, b.size, corners, bottom, bottom + a.size[1])


def angle_to(p: Placement, x: float, z: float) -> float:
    """Radians between ``p``'s forward and the direction from it to world (x, z)."""
    fx, fz = forward(p)
    dx, dz = x - p.position[0], z - p.position[2]
    norm = math.hypot(dx, dz)
    if norm < 1e-9:
        return 0.0
    return math.acos(max(-1.0, min(1.0, (fx * dx + fz * dz) / norm)))


def every_instance(subjects: Sequence[Placement], ok: Callable[[Placement], tuple[bool, str]]) -> Result:
    """Passed when ``ok`` passes for every subject; the evidence names the first few failures."""
    failures = [why for s in subjects for passed, why in [ok(s)] if not passed]
    if failures:
        return False, "; ".join(failures[:4]) + (f" (+{len(failures) - 4} more)" if len(failures) > 4 else "")
    return True, f"all {len(subjects)} instance(s) satisfy it"


def nearest(p: Placement, targets: Sequence[Placement]) -> Placement:
    """The target whose footprint is closest to the placement's."""
    return min(targets, key=lambda t: footprint_gap(p, t))


def instance_number(p: Placement) -> int:
    """The instance number at the end of a placement id (0 when there is none)."""
    match = re.search(r"_(\d+)$", p.id)
    return int(match.group(1)) if match else 0
