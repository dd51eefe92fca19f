"""Geometric tests of each relation kind on final placements, with a named tolerance per relation.

A test takes the subject placements, the target placements (empty for room
relations), the room (its bounds and windows) and the relation's param, and
returns (passed, evidence).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from tools.core.geometry import footprint, rects_overlap, world_aabb
from tools.core.schema import Placement
from tools.core.windows import Window, gap_to_window

Result = tuple[bool, str]


class Room(NamedTuple):
    """What room relations are measured against: the bounds' corners (3,) and the windows."""

    lo: Sequence[float]
    hi: Sequence[float]
    windows: Sequence[Window] = ()


Test = Callable[[Sequence[Placement], Sequence[Placement], Room, int | None], Result]

SUPPORT_TOLERANCE = 0.005  # 'on': height of the parent's top, footprint inside it
NEXT_TO_MAX_GAP = 0.5  # footprints this close count as beside each other
IN_FRONT_MAX_GAP = 1.5  # 'in_front_of'/'behind': furthest gap from the target's face
IN_FRONT_LATERAL_SLACK = 0.3  # how far past the target's side edge the subject's centre may be
FACING_MAX_ANGLE = math.radians(30)  # subject's forward vs the direction to the target
AROUND_MAX_GAP = 1.0  # subject to target footprint, or half the larger object's size if more (houses round a well)
AROUND_FACING_ANGLE = math.radians(45)
AROUND_MAX_ANGULAR_GAP = math.pi + 1e-3  # subjects are not all on one side
AGAINST_WALL_MAX_GAP = 0.1  # back of the object to the wall plane
WALL_YAW_TOLERANCE = math.radians(10)
CORNER_MAX_GAP = 0.3  # to both walls of a corner
BY_WINDOW_MAX_GAP = 0.5  # footprint to the window's span along its wall
CENTER_MAX_OFFSET = 0.5  # metres, or a tenth of the smaller room extent if larger
ABOVE_XZ_TOLERANCE = 0.15  # subject centre may be this far outside the target's footprint
ROW_ALIGN_TOLERANCE = 0.05  # centres of one row lie within this of a line
ROW_YAW_TOLERANCE = math.radians(2)
EACH_WITH_MAX_GAP = 0.6
FRONT_ZONE = 1 / 3  # 'front': centre in this share of the depth nearest the -Z side


def forward(p: Placement) -> tuple[float, float]:
    return math.sin(p.yaw), math.cos(p.yaw)


def to_local(frame: Placement, x: float, z: float) -> tuple[float, float]:
    """Coordinates of world (x, z) in ``frame``'s own axes (+Z its front)."""
    c, s = math.cos(frame.yaw), math.sin(frame.yaw)
    dx, dz = x - frame.position[0], z - frame.position[2]
    return dx * c - dz * s, dx * s + dz * c


def _segment_point_distance(a: np.ndarray, b: np.ndarray, p: np.ndarray) -> float:
    ab = b - a
    t = float(np.clip(np.dot(p - a, ab) / max(np.dot(ab, ab), 1e-12), 0.0, 1.0))
    return float(np.linalg.norm(a + t * ab - p))


def footprint_gap(a: Placement, b: Placement) -> float:
    """Shortest distance between two oriented footprints; 0 when they overlap."""
    fa, fb = footprint(a.position, a.size, a.yaw), footprint(b.position, b.size, b.yaw)
    if rects_overlap(fa, fb):
        return 0.0
    return min(min(_segment_point_distance(poly[i], poly[(i + 1) % 4], p) for i in range(4) for p in other)
               for poly, other in ((fa, fb), (fb, fa)))


def _angle_to(p: Placement, x: float, z: float) -> float:
    fx, fz = forward(p)
    dx, dz = x - p.position[0], z - p.position[2]
    norm = math.hypot(dx, dz)
    if norm < 1e-9:
        return 0.0
    return math.acos(max(-1.0, min(1.0, (fx * dx + fz * dz) / norm)))


def _all(subjects: Sequence[Placement], ok: Callable[[Placement], tuple[bool, str]]) -> Result:
    failures = [why for s in subjects for passed, why in [ok(s)] if not passed]
    if failures:
        return False, "; ".join(failures[:4]) + (f" (+{len(failures) - 4} more)" if len(failures) > 4 else "")
    return True, f"all {len(subjects)} instance(s) satisfy it"


def _nearest(p: Placement, targets: Sequence[Placement]) -> Placement:
    return min(targets, key=lambda t: footprint_gap(p, t))


def check_on(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    by_id = {t.id: t for t in targets}

    def ok(s: Placement) -> tuple[bool, str]:
        parent = by_id.get(s.parent or "")
        if parent is None:
            return False, f"{s.id} stands on {s.parent or 'the floor'}, not a target"
        top = parent.position[1] + parent.size[1]
        if abs(s.position[1] - top) > SUPPORT_TOLERANCE:
            return False, f"{s.id} is at y={s.position[1]:.3f}, {parent.id}'s top is {top:.3f}"
        corners = footprint(s.position, s.size, s.yaw)
        inside = all(abs(lx) <= parent.size[0] / 2 + SUPPORT_TOLERANCE and abs(lz) <= parent.size[2] / 2 + SUPPORT_TOLERANCE
                     for lx, lz in (to_local(parent, x, z) for x, z in corners))
        return inside, f"{s.id} overhangs {parent.id}"
    return _all(subjects, ok)


def check_next_to(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    def ok(s: Placement) -> tuple[bool, str]:
        gap = footprint_gap(s, _nearest(s, targets))
        return gap <= NEXT_TO_MAX_GAP, f"{s.id} is {gap:.2f} m from the nearest target (max {NEXT_TO_MAX_GAP})"
    return _all(subjects, ok)


def _side_test(sign: int) -> Test:
    def test(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
        def ok(s: Placement) -> tuple[bool, str]:
            for t in targets:
                lx, lz = to_local(t, s.position[0], s.position[2])
                gap = footprint_gap(s, t)
                if sign * lz > t.size[2] / 2 and abs(lx) <= t.size[0] / 2 + IN_FRONT_LATERAL_SLACK and gap <= IN_FRONT_MAX_GAP:
                    return True, ""
            return False, f"{s.id} is not within {IN_FRONT_MAX_GAP} m on the {'front' if sign > 0 else 'back'} side of a target"
        return _all(subjects, ok)
    return test


def check_facing(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    def ok(s: Placement) -> tuple[bool, str]:
        angle = min(_angle_to(s, t.position[0], t.position[2]) for t in targets)
        return angle <= FACING_MAX_ANGLE, f"{s.id} is turned {math.degrees(angle):.0f} deg away (max {math.degrees(FACING_MAX_ANGLE):.0f})"
    return _all(subjects, ok)


def check_around(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    groups: dict[str, list[Placement]] = {}

    def ok(s: Placement) -> tuple[bool, str]:
        t = _nearest(s, targets)
        groups.setdefault(t.id, []).append(s)
        limit = max(AROUND_MAX_GAP, max(t.size[0], t.size[2], s.size[0], s.size[2]) / 2)
        gap = footprint_gap(s, t)
        if gap > limit:
            return False, f"{s.id} is {gap:.2f} m from {t.id} (max {limit:.2f})"
        angle = _angle_to(s, t.position[0], t.position[2])
        return angle <= AROUND_FACING_ANGLE, f"{s.id} does not face {t.id} ({math.degrees(angle):.0f} deg)"
    passed, evidence = _all(subjects, ok)
    if not passed:
        return passed, evidence
    for target_id, members in groups.items():
        t = next(t for t in targets if t.id == target_id)
        if len(members) >= 2:
            angles = sorted(math.atan2(m.position[0] - t.position[0], m.position[2] - t.position[2]) for m in members)
            gaps = [b - a for a, b in zip(angles, angles[1:])] + [angles[0] + 2 * math.pi - angles[-1]]
            if max(gaps) > AROUND_MAX_ANGULAR_GAP:
                return False, f"the {len(members)} around {target_id} are all on one side"
    return passed, evidence


def _wall_gaps(p: Placement, room: Room) -> dict[str, float]:
    """Distance from the object's back centre to each wall plane it has its back to."""
    lo, hi = room.lo, room.hi
    c, s = math.cos(p.yaw), math.sin(p.yaw)
    bx, bz = p.position[0] - s * p.size[2] / 2, p.position[2] - c * p.size[2] / 2
    walls = {"z-": (0.0, bz - lo[2]), "z+": (math.pi, hi[2] - bz), "x-": (math.pi / 2, bx - lo[0]), "x+": (-math.pi / 2, hi[0] - bx)}
    return {w: gap for w, (yaw, gap) in walls.items() if abs(math.remainder(p.yaw - yaw, 2 * math.pi)) <= WALL_YAW_TOLERANCE}


def check_against_wall(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    def ok(s: Placement) -> tuple[bool, str]:
        gaps = _wall_gaps(s, room)
        return any(g <= AGAINST_WALL_MAX_GAP for g in gaps.values()), f"{s.id}'s back is not against a wall"
    return _all(subjects, ok)


def _aabb_wall_gaps(p: Placement, room: Room) -> tuple[float, float, float, float]:
    lo, hi = world_aabb(p.position, p.size, p.yaw)
    return lo[0] - room.lo[0], room.hi[0] - hi[0], lo[2] - room.lo[2], room.hi[2] - hi[2]


def check_in_corner(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    def ok(s: Placement) -> tuple[bool, str]:
        x_lo, x_hi, z_lo, z_hi = _aabb_wall_gaps(s, room)
        near = min(x_lo, x_hi) <= CORNER_MAX_GAP and min(z_lo, z_hi) <= CORNER_MAX_GAP
        return near, f"{s.id} is not within {CORNER_MAX_GAP} m of two walls"
    return _all(subjects, ok)


def check_center(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    lo, hi = room.lo, room.hi
    cx, cz = (lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2
    limit = max(CENTER_MAX_OFFSET, min(hi[0] - lo[0], hi[2] - lo[2]) / 10)

    def ok(s: Placement) -> tuple[bool, str]:
        off = math.hypot(s.position[0] - cx, s.position[2] - cz)
        return off <= limit, f"{s.id} is {off:.2f} m from the centre (max {limit:.2f})"
    return _all(subjects, ok)


def check_above(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    def ok(s: Placement) -> tuple[bool, str]:
        for t in targets:
            lx, lz = to_local(t, s.position[0], s.position[2])
            over = abs(lx) <= t.size[0] / 2 + ABOVE_XZ_TOLERANCE and abs(lz) <= t.size[2] / 2 + ABOVE_XZ_TOLERANCE
            if over and s.position[1] >= t.position[1] + t.size[1] - SUPPORT_TOLERANCE:
                return True, ""
        return False, f"{s.id} is not over a target"
    return _all(subjects, ok)


def _line_count(values: Sequence[float]) -> int:
    """How many lines the sorted values form when neighbours within ROW_ALIGN_TOLERANCE share a line."""
    values = sorted(values)
    return 1 + sum(1 for a, b in zip(values, values[1:]) if b - a > ROW_ALIGN_TOLERANCE) if values else 0


def _rows_and_columns(subjects: Sequence[Placement]) -> tuple[int, int] | None:
    """(rows, columns) of instances that share one yaw, None when yaws differ."""
    yaw = subjects[0].yaw
    if any(abs(math.remainder(s.yaw - yaw, 2 * math.pi)) > ROW_YAW_TOLERANCE for s in subjects):
        return None
    fx, fz = math.sin(yaw), math.cos(yaw)
    depth = [s.position[0] * fx + s.position[2] * fz for s in subjects]
    across = [s.position[0] * fz - s.position[2] * fx for s in subjects]
    return _line_count(depth), _line_count(across)


def check_row(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    shape = _rows_and_columns(subjects)
    if shape is None:
        return False, "instances do not share one yaw"
    if param is None:  # "in rows": any number of full rows
        rows, cols = shape
        return rows * cols < len(subjects) + max(rows, cols), f"{rows} row(s) of {cols} for {len(subjects)} instances"
    wanted = min(param, len(subjects))
    return shape[0] == wanted, f"{shape[0]} row(s) of instances, expected {wanted}"


def check_grid(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    shape = _rows_and_columns(subjects)
    if shape is None:
        return False, "instances do not share one yaw"
    rows, cols = shape
    regular = rows * cols >= len(subjects) and (len(subjects) < 4 or (rows >= 2 and cols >= 2))
    if param:
        regular = regular and param in (rows, cols)
    return regular, f"{rows} x {cols} lattice for {len(subjects)} instances"


def _instance_number(p: Placement) -> int:
    match = re.search(r"_(\d+)$", p.id)
    return int(match.group(1)) if match else 0


def check_stacked(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    ordered = sorted(subjects, key=_instance_number)
    for below, above in zip(ordered, ordered[1:]):
        if above.parent != below.id:
            return False, f"{above.id} stands on {above.parent or 'the floor'}, not {below.id}"
    return True, f"{len(ordered)} instance(s) stacked"


def check_each_with(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    free = list(subjects)
    lonely = []
    for t in targets:
        nearby = [s for s in free if footprint_gap(s, t) <= EACH_WITH_MAX_GAP]
        if not nearby:
            lonely.append(t.id)
            continue
        free.remove(min(nearby, key=lambda s: footprint_gap(s, t)))
    if lonely:
        return False, f"no subject within {EACH_WITH_MAX_GAP} m of {', '.join(lonely[:4])}"
    return True, f"each of {len(targets)} target(s) has its own subject"


def check_front(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    lo, hi = room.lo, room.hi
    limit = lo[2] + (hi[2] - lo[2]) * FRONT_ZONE

    def ok(s: Placement) -> tuple[bool, str]:
        turned = abs(math.remainder(s.yaw, 2 * math.pi))
        return s.position[2] <= limit and turned <= FACING_MAX_ANGLE, f"{s.id} is not at the front facing +Z"
    return _all(subjects, ok)


def check_by_window(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room,
                    param: int | None) -> Result:
    """Each subject's footprint within BY_WINDOW_MAX_GAP of a window's span on its wall."""
    def ok(s: Placement) -> tuple[bool, str]:
        lo, hi = world_aabb(s.position, s.size, s.yaw)
        gap = min((gap_to_window(w, lo[0], lo[2], hi[0], hi[2]) for w in room.windows), default=math.inf)
        return gap <= BY_WINDOW_MAX_GAP, f"{s.id} is {gap:.2f} m from the nearest window"
    if not room.windows:
        return False, "the room has no windows"
    return _all(subjects, ok)


RELATION_TESTS: dict[str, Test] = {
    "on": check_on, "next_to": check_next_to, "in_front_of": _side_test(1), "behind": _side_test(-1),
    "facing": check_facing, "around": check_around, "against_wall": check_against_wall, "in_corner": check_in_corner,
    "center": check_center, "above": check_above, "row": check_row, "grid": check_grid, "stacked": check_stacked,
    "each_with": check_each_with, "front": check_front, "by_window": check_by_window,
}
