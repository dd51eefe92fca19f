"""Candidate poses that honour one relation, best first.

Each function yields (Box, clearance) for instance ``index`` of spec ``key``;
the solver takes the first that fits and falls back to free placement when
none does, so a relation that cannot be met never blocks a layout (the
requirement check reports it instead).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from tools.layout.context import (
    WALL_YAWS, Candidate, LayoutContext, against_wall_candidates, ceiling_candidates, support_candidates,
    wall_heights, wall_mount_candidates, wall_of, wall_pose, wall_span,
)
from tools.layout.free import corner_candidates, spiral_candidates
from tools.layout.groups import around_candidates, each_with_candidates, fewest_rows, grid_candidates
from tools.layout.space import SOLVER_CLEARANCE, Box
from tools.core.schema import Relation
from tools.core.windows import windows_of

# Which relation decides where a spec goes when it has several, most binding first.
PRIMARY_ORDER = ("on", "stacked", "each_with", "around", "above", "in_front_of", "behind", "next_to", "row", "grid",
                 "front", "by_window", "in_corner", "against_wall", "center", "facing")
SELF_RELATIONS = {"stacked", "row", "grid"}  # about a spec's own instances; the target may be None or itself
ROOM_RELATIONS = {"front", "in_corner", "against_wall", "center", "by_window"}
IN_FRONT_GAPS = (0.45, 0.35, 0.55, 0.7, 0.9, 1.2)  # coffee table in front of a sofa: 0.4-0.6 m
BEHIND_GAPS = (0.05, 0.15, 0.3, 0.5, 0.8)
NEXT_TO_GAPS = (0.05, 0.15, 0.3, 0.5)
LATERAL_OFFSETS = (0.0, 0.2, -0.2, 0.4, -0.4)
FACING_MIN_GAP = 1.2  # a sofa facing a TV sits at least this far from it
FRONT_BACK_SPACE = 0.9  # room behind a desk at the front of the room (a teacher's chair)
WALL_ABOVE_GAPS = (0.15, 0.3, 0.05, 0.5)  # a mirror above a sink


def relation_targets(ctx: LayoutContext, relation: Relation, index: int) -> list[Box]:
    """Placed target instances, rotated so instance ``index`` starts with its own (round robin)."""
    targets = ctx.placed(relation.target) if relation.target else []
    if not targets:
        return []
    start = index % len(targets)
    return targets[start:] + targets[:start]


def _local(ctx: LayoutContext, key: str, index: int, target: Box, lx: float, lz: float, local_yaw: float) -> Candidate:
    x, z = target.to_world(lx, lz)
    return ctx.box(key, index, x, z, target.yaw + local_yaw), SOLVER_CLEARANCE


def on_candidates(ctx: LayoutContext, key: str, index: int, targets: list[Box]) -> Iterator[Candidate]:
    for target in targets:
        yield from support_candidates(ctx, key, index, target)


def stacked_candidates(ctx: LayoutContext, key: str, index: int) -> Iterator[Candidate]:
    if index == 0:
        return
    below = ctx.space.boxes.get(ctx.ids[key][index - 1])
    if below is not None:
        yield ctx.box(key, index, below.x, below.z, below.yaw, y=below.top, parent=below.id), 0.0


def next_to_candidates(ctx: LayoutContext, key: str, index: int, targets: list[Box]) -> Iterator[Candidate]:
    w, _, d = ctx.sizes[key]
    side = 1 if (index // max(len(targets), 1)) % 2 == 0 else -1
    for target in targets:
        for gap in NEXT_TO_GAPS:
            for s in (side, -side):
                lx = s * (target.w / 2 + gap + w / 2)
                for lz in (-target.d / 2 + d / 2, 0.0, target.d / 2 - d / 2):
                    yield _local(ctx, key, index, target, lx, lz, 0.0)
        for gap in NEXT_TO_GAPS:
            yield _local(ctx, key, index, target, 0.0, target.d / 2 + gap + d / 2, 0.0)
            yield _local(ctx, key, index, target, 0.0, -(target.d / 2 + gap + d / 2), 0.0)


def in_front_of_candidates(ctx: LayoutContext, key: str, index: int, targets: list[Box]) -> Iterator[Candidate]:
    d = ctx.sizes[key][2]
    for target in targets:
        for gap in IN_FRONT_GAPS:
            for lateral in LATERAL_OFFSETS:
                yield _local(ctx, key, index, target, lateral, target.d / 2 + gap + d / 2, math.pi)


def behind_candidates(ctx: LayoutContext, key: str, index: int, targets: list[Box]) -> Iterator[Candidate]:
    d = ctx.sizes[key][2]
    for target in targets:
        for gap in BEHIND_GAPS:
            for lateral in LATERAL_OFFSETS:
                yield _local(ctx, key, index, target, lateral, -(target.d / 2 + gap + d / 2), 0.0)


def _root(ctx: LayoutContext, box: Box) -> Box:
    """The floor-standing object under ``box`` (a TV's stand), or the box itself."""
    while box.parent is not None and box.parent in ctx.space.boxes:
        box = ctx.space.boxes[box.parent]
    return box


def facing_candidates(ctx: LayoutContext, key: str, index: int, targets: list[Box]) -> Iterator[Candidate]:
    """Across the room along the target's front when it has one (a TV on a wall), then on rings around it."""
    if not targets:
        return
    target = targets[0]
    w, _, d = ctx.sizes[key]
    n = len(ctx.ids[key])
    lateral = (index - (n - 1) / 2) * (w + 0.2)
    root = _root(ctx, target)
    if ctx.indoor and wall_of(ctx, root) is not None:
        span = max(ctx.space.hi[0] - ctx.space.lo[0], ctx.space.hi[2] - ctx.space.lo[2])
        steps = int((span - FACING_MIN_GAP) / 0.2) + 1
        for step in range(steps):
            gap = span - 0.2 * step
            for offset in (lateral, lateral + 0.3, lateral - 0.3):
                yield _local(ctx, key, index, target, offset, target.d / 2 + gap + d / 2, math.pi)
    base = max(root.w, root.d) / 2 + d / 2 + (0.8 if ctx.indoor else 1.5)
    for ring in range(8):
        radius = base + 0.4 * ring
        for k in range(12):
            angle = 2 * math.pi * (index / n + k / 12)
            x, z = root.x + radius * math.sin(angle), root.z + radius * math.cos(angle)
            yield ctx.box(key, index, x, z, angle + math.pi), SOLVER_CLEARANCE


def _facing_order(ctx: LayoutContext, key: str, walls: list[str]) -> list[str]:
    """Walls sorted so that an object with its back to them looks most directly at its 'facing' target."""
    target_key = next((r.target for r in ctx.plan.relations if r.subject == key and r.kind == "facing"), None)
    targets = ctx.placed(target_key) if target_key else []
    if not targets:
        return walls
    t = targets[0]
    lo, hi = ctx.space.lo, ctx.space.hi
    centre = {"z-": ((lo[0] + hi[0]) / 2, lo[2]), "z+": ((lo[0] + hi[0]) / 2, hi[2]),
              "x-": (lo[0], (lo[2] + hi[2]) / 2), "x+": (hi[0], (lo[2] + hi[2]) / 2)}

    def alignment(wall: str) -> float:
        yaw = WALL_YAWS[wall]
        dx, dz = t.x - centre[wall][0], t.z - centre[wall][1]
        return -(dx * math.sin(yaw) + dz * math.cos(yaw)) / max(math.hypot(dx, dz), 1e-6)

    return sorted(walls, key=alignment)


def above_candidates(ctx: LayoutContext, key: str, index: int, targets: list[Box]) -> Iterator[Candidate]:
    """Ceiling objects over the target's top; wall objects on the wall behind the target, above it."""
    mount = ctx.mounts[key]
    n_per = -(-len(ctx.ids[key]) // max(len(targets), 1))
    k = index // max(len(targets), 1)
    for target in targets:
        lx = (k - (n_per - 1) / 2) * target.w / n_per
        x, z = target.to_world(lx, 0.0)
        if mount == "ceiling":
            yield from ceiling_candidates(ctx, key, index, x, z, target.yaw)
        elif mount == "wall":
            yield from _wall_above(ctx, key, index, target, lx)
        else:
            yield from support_candidates(ctx, key, index, target)


def _wall_above(ctx: LayoutContext, key: str, index: int, target: Box, lx: float) -> Iterator[Candidate]:
    wall = wall_of(ctx, _root(ctx, target), max_gap=0.3)
    if wall is None:
        return
    x, z = target.to_world(lx, 0.0)
    along = x if wall in ("z-", "z+") else z
    wx, wz, yaw = wall_pose(ctx, wall, along, ctx.sizes[key][2], 0.0)
    for gap in WALL_ABOVE_GAPS:
        for y in wall_heights(ctx, key, preferred=target.top + gap)[:1]:
            yield ctx.box(key, index, wx, wz, yaw, y=y), 0.0


def front_candidates(ctx: LayoutContext, key: str, index: int) -> Iterator[Candidate]:
    """At the -Z side of the room facing +Z: on that wall for wall mounts, else a little off it."""
    w, _, d = ctx.sizes[key]
    lo, hi = ctx.space.lo, ctx.space.hi
    cx = (lo[0] + hi[0]) / 2
    if ctx.mounts[key] == "wall":
        yield from wall_mount_candidates(ctx, key, index, walls=["z-"])
        return
    back_space = FRONT_BACK_SPACE if ctx.category(key).supports else 0.3
    a0, a1 = wall_span(ctx, "z-", w, ctx.space.margin)
    offsets = [0.0] + [s * 0.5 * k for k in range(1, 12) for s in (1, -1)]
    for space_behind in (back_space, back_space / 2, 0.0):
        for offset in offsets:
            x = cx + offset
            if a0 <= x <= a1:
                z = lo[2] + ctx.space.margin + space_behind + d / 2
                yield ctx.box(key, index, x, z, 0.0), SOLVER_CLEARANCE


def by_window_candidates(ctx: LayoutContext, key: str, index: int) -> Iterator[Candidate]:
    """Back to a window's wall: under the window (what is lower than its sill), then beside it, then a little
    further along; instances take the windows in turn. Wall hangings: the wall spots nearest a window."""
    windows = windows_of(ctx.plan.environment)
    if not windows:
        return
    windows = windows[index % len(windows):] + windows[:index % len(windows)]
    w, _, d = ctx.sizes[key]
    if ctx.mounts[key] == "wall":
        sides = list(dict.fromkeys(window.side for window in windows))
        yield from sorted(wall_mount_candidates(ctx, key, index, walls=sides),
                          key=lambda c: min(math.hypot(c[0].x - wn.x, c[0].z - wn.z) for wn in windows))
        return
    for further in (None, 0.05, 0.35, 0.65):  # under a window, then beside one, nearest first
        for window in windows:
            along = window.x if window.along_x else window.z
            beside = window.width / 2 + w / 2 + (further or 0.0)
            a0, a1 = wall_span(ctx, window.side, w, ctx.space.margin)
            for offset in (0.0,) if further is None else (beside, -beside):
                if a0 <= along + offset <= a1:
                    x, z, yaw = wall_pose(ctx, window.side, along + offset, d, ctx.space.margin)
                    yield ctx.box(key, index, x, z, yaw), SOLVER_CLEARANCE


def _subject_on_wall_near(ctx: LayoutContext, key: str, index: int, targets: list[Box]) -> Iterator[Candidate]:
    """Wall-mounted subjects of a floor relation: the wall spots nearest the target."""
    candidates = list(wall_mount_candidates(ctx, key, index))
    if targets:
        t = targets[0]
        candidates.sort(key=lambda c: math.hypot(c[0].x - t.x, c[0].z - t.z))
    yield from candidates


def relation_candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    kind = relation.kind
    targets = relation_targets(ctx, relation, index)
    mount = ctx.mounts[key]
    if kind == "by_window":
        yield from by_window_candidates(ctx, key, index)
    elif mount == "wall" and kind not in ("above", "front", "against_wall", "in_corner", "center"):
        yield from _subject_on_wall_near(ctx, key, index, targets)
    elif mount == "wall" and kind in ("against_wall", "in_corner", "center"):
        yield from wall_mount_candidates(ctx, key, index)
    elif mount == "ceiling" and kind != "above":
        lo, hi = ctx.space.lo, ctx.space.hi
        x, z = (targets[0].x, targets[0].z) if targets else ((lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2)
        yield from ceiling_candidates(ctx, key, index, x, z)
    elif kind == "on":
        yield from on_candidates(ctx, key, index, targets)
    elif kind == "stacked":
        yield from stacked_candidates(ctx, key, index)
    elif kind == "next_to":
        yield from next_to_candidates(ctx, key, index, targets)
    elif kind == "in_front_of":
        yield from in_front_of_candidates(ctx, key, index, targets)
    elif kind == "behind":
        yield from behind_candidates(ctx, key, index, targets)
    elif kind == "facing":
        yield from facing_candidates(ctx, key, index, targets)
    elif kind == "around":
        yield from around_candidates(ctx, key, index, ctx.placed(relation.target) if relation.target else [])
    elif kind == "each_with":
        yield from each_with_candidates(ctx, key, index, ctx.placed(relation.target) if relation.target else [])
    elif kind == "above":
        yield from above_candidates(ctx, key, index, targets)
    elif kind in ("row", "grid"):
        rows = relation.param or (fewest_rows(ctx, key) if kind == "row" else round(math.sqrt(len(ctx.ids[key]))))
        yield from grid_candidates(ctx, key, index, rows)
    elif kind == "front":
        yield from front_candidates(ctx, key, index)
    elif kind == "in_corner":
        yield from corner_candidates(ctx, key, index, SOLVER_CLEARANCE)
    elif kind == "against_wall":
        walls = list(WALL_YAWS)
        ctx.rng.shuffle(walls)
        yield from against_wall_candidates(ctx, key, index, _facing_order(ctx, key, walls), SOLVER_CLEARANCE)
    elif kind == "center":
        lo, hi = ctx.space.lo, ctx.space.hi
        yield from spiral_candidates(ctx, key, index, (lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2, SOLVER_CLEARANCE)
