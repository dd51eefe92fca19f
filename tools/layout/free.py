"""Where objects go when no relation says where: walls for big furniture, supports for small things, open ground
outdoors (what the prompt asked for in the middle of it first).

Every stream here is finite: seeded random tries with a soft clearance (walkable
gaps), the same with the hard minimum, then a bounded exhaustive scan, so a full
room is detected after a fixed amount of work.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from tools.knowledge.categories import has_trait
from tools.layout.air import air_candidates
from tools.layout.context import (
    Candidate,
    LayoutContext,
    against_wall_candidates,
    ceiling_candidates,
    leave_room_beside,
    support_candidates,
    wall_mount_candidates,
    wall_pose,
    wall_span,
)
from tools.layout.space import SOLVER_CLEARANCE, Box

SOFT_CLEARANCE_INDOOR = 0.45  # a walkway between free-standing furniture, when there is room
SOFT_CLEARANCE_OUTDOOR = 0.8  # outdoor things spread out with gaps
RANDOM_TRIES = 60
# Outdoors, what the prompt asked for is tried first in the middle of the ground (this share of each side, at
# least MIDDLE_MIN_SIDE metres), so it stands together where the hero frames it rather than scattered over the
# square; the place's usual things spread over the whole ground round it.
OUTDOOR_SUBJECT_SHARE = 0.4
MIDDLE_MIN_SIDE = 4.0
SCAN_MAX_POINTS = 1500  # positions per yaw in the last-resort scan
CARDINAL_YAWS = (0.0, math.pi / 2, math.pi, -math.pi / 2)
# Radians a kind with the faces_front trait may turn from facing +z, the side every view stands on (the hero within
# 55 degrees of it, tools/page/camera.py), so its face is seen rather than its edge.
FRONT_YAW = math.radians(20.0)


def soft_clearance(ctx: LayoutContext, key: str) -> float:
    """Preferred gap around a free object: a walkway, grown by the depth of objects that will sit around it."""
    base = SOFT_CLEARANCE_INDOOR if ctx.indoor else SOFT_CLEARANCE_OUTDOOR
    extra = 0.0
    for r in ctx.plan.relations:
        if r.target == key and r.subject != key and r.subject in ctx.sizes:
            depth = ctx.sizes[r.subject][2] + 0.1
            if r.kind in ("around", "each_with"):
                extra = max(extra, 2 * depth)  # this object's ring and a neighbour's ring of seats
            elif r.kind in ("in_front_of", "behind", "next_to"):
                extra = max(extra, depth)
    return base + extra


def random_floor_candidates(ctx: LayoutContext, key: str, index: int, clearance: float, tries: int = RANDOM_TRIES,
                            middle: float = 1.0) -> Iterator[Candidate]:
    """Random floor positions, with a cardinal yaw indoors and any yaw outdoors; ``middle`` < 1: only in that
    share of each side's range round the floor's centre (never narrower than MIDDLE_MIN_SIDE)."""
    faces_front = any(s.key == key and has_trait(s.category, "faces_front") for s in ctx.plan.objects)
    for _ in range(tries):
        yaw = ctx.rng.choice(CARDINAL_YAWS) if ctx.indoor else ctx.rng.uniform(-math.pi, math.pi)
        if faces_front:  # a rainbow's arc, seen edge-on, is a line: it turns to where the views stand
            yaw = ctx.rng.uniform(-FRONT_YAW, FRONT_YAW)
        ranges = _centre_ranges(ctx, key, index, yaw)
        if ranges is None:
            continue
        x0, x1, z0, z1 = _middle(ranges, middle) if middle < 1 else ranges
        yield ctx.box(key, index, ctx.rng.uniform(x0, x1), ctx.rng.uniform(z0, z1), yaw), clearance


def _middle(ranges: tuple[float, float, float, float], share: float) -> tuple[float, float, float, float]:
    """The middle ``share`` of each of the ranges (x0, x1, z0, z1), at least MIDDLE_MIN_SIDE wide when they are."""
    x0, x1, z0, z1 = ranges
    out = []
    for a, b in ((x0, x1), (z0, z1)):
        half = min(b - a, max((b - a) * share, MIDDLE_MIN_SIDE)) / 2
        out += [(a + b) / 2 - half, (a + b) / 2 + half]
    return out[0], out[1], out[2], out[3]


def _centre_ranges(ctx: LayoutContext, key: str, index: int, yaw: float) -> tuple[float, float, float, float] | None:
    """(x0, x1, z0, z1): where the centre of the turned object may go inside the margins; None if nowhere."""
    lo, hi, margin = ctx.space.lo, ctx.space.hi, ctx.space.margin
    hx, hz = ctx.box(key, index, 0.0, 0.0, yaw).half_extents()
    x0, x1 = lo[0] + margin + hx, hi[0] - margin - hx
    z0, z1 = lo[2] + margin + hz, hi[2] - margin - hz
    return None if x0 > x1 or z0 > z1 else (x0, x1, z0, z1)


def scan_floor_candidates(ctx: LayoutContext, key: str, index: int) -> Iterator[Candidate]:
    """Every position of a bounded lattice over the floor, at two yaws, with the hard clearance."""
    w, _, d = ctx.sizes[key]
    lo, hi = ctx.space.lo, ctx.space.hi
    area = (hi[0] - lo[0]) * (hi[2] - lo[2])
    step = max(0.05, min(w, d) / 2, math.sqrt(area / SCAN_MAX_POINTS))
    for yaw in (0.0, math.pi / 2):
        ranges = _centre_ranges(ctx, key, index, yaw)
        if ranges is None:
            continue
        x0, x1, z0, z1 = ranges
        nx, nz = int((x1 - x0) / step) + 1, int((z1 - z0) / step) + 1
        for i in range(nx):
            for j in range(nz):
                yield ctx.box(key, index, x0 + i * step, z0 + j * step, yaw), SOLVER_CLEARANCE


def spiral_candidates(ctx: LayoutContext, key: str, index: int, x: float, z: float, clearance: float,
                      rings: int = 16, step: float = 0.25) -> Iterator[Candidate]:
    """Floor poses at (x, z), then on growing rings around it; yaw 0 and a quarter turn."""
    for yaw in (0.0, math.pi / 2):
        yield ctx.box(key, index, x, z, yaw), clearance
    for ring in range(1, rings + 1):
        for k in range(6 * ring):
            angle = 2 * math.pi * k / (6 * ring)
            yield ctx.box(key, index, x + step * ring * math.sin(angle), z + step * ring * math.cos(angle), 0.0), clearance


def corner_candidates(ctx: LayoutContext, key: str, index: int, clearance: float = 0.0) -> Iterator[Candidate]:
    """Floor poses in the room's corners, back to either wall, nudged slightly along it."""
    w, _, d = ctx.sizes[key]
    margin = ctx.space.margin
    corners = [("z-", "x-"), ("z-", "x+"), ("z+", "x-"), ("z+", "x+")]
    start = index % 4
    for wz, wx in corners[start:] + corners[:start]:
        for nudge in (0.0, 0.1, 0.3):
            for wall, other in ((wz, wx), (wx, wz)):
                a0, a1 = wall_span(ctx, wall, w, margin)
                along = a0 + nudge if other.endswith("-") else a1 - nudge
                x, z, yaw = wall_pose(ctx, wall, along, d, margin)
                yield ctx.box(key, index, x, z, yaw), clearance


def supports_for(ctx: LayoutContext, key: str) -> list[Box]:
    """Placed objects that can carry ``key``: the kinds it prefers (prefers_on) first, the rest in seeded order."""
    supports = [b for b in ctx.space.boxes.values() if b.mount != "wall" and ctx.category(b.spec).supports]
    ctx.rng.shuffle(supports)
    preferred = ctx.category(key).prefers_on
    rank = {name: i for i, name in enumerate(preferred)}
    return sorted(supports, key=lambda b: rank.get(b.category, len(preferred)))


def _away_from_walls(ctx: LayoutContext, candidates: Iterator[Candidate], gap: float) -> Iterator[Candidate]:
    """Only candidates whose footprint stays ``gap`` inside the bounds (room for chairs all round a table)."""
    lo, hi = ctx.space.lo, ctx.space.hi
    for box, clearance in candidates:
        x0, z0, x1, z1 = box.aabb_xz(gap)
        if x0 >= lo[0] and z0 >= lo[2] and x1 <= hi[0] and z1 <= hi[2]:
            yield box, clearance


def floor_candidates(ctx: LayoutContext, key: str, index: int) -> Iterator[Candidate]:
    """The free-object stream for a floor standing instance."""
    soft = soft_clearance(ctx, key)
    kind = ctx.category(key)
    targeted = {r.kind for r in ctx.plan.relations if r.target == key and r.subject != key}
    if targeted & {"around", "each_with"} or "above" in targeted and any(
            ctx.mounts.get(r.subject) == "ceiling" for r in ctx.plan.relations if r.target == key):
        lo, hi = ctx.space.lo, ctx.space.hi
        centre = spiral_candidates(ctx, key, index, (lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2, soft)
        yield from _away_from_walls(ctx, centre, soft - (SOFT_CLEARANCE_INDOOR if ctx.indoor else SOFT_CLEARANCE_OUTDOOR))
    if ctx.indoor:
        wall_above = any(r.kind == "above" and ctx.mounts.get(r.subject) == "wall" for r in ctx.plan.relations if r.target == key)
        if kind.has("corner"):
            yield from corner_candidates(ctx, key, index, soft)
        wants_wall = kind.has("wall_furniture") or wall_above or "facing" in targeted
        if wants_wall and "behind" not in targeted:  # something must fit behind it
            yield from leave_room_beside(ctx, key, against_wall_candidates(ctx, key, index, clearance=soft))
            yield from against_wall_candidates(ctx, key, index, clearance=SOLVER_CLEARANCE)
    if not ctx.indoor and ctx.plan.spec(key).requested:
        yield from random_floor_candidates(ctx, key, index, soft, middle=OUTDOOR_SUBJECT_SHARE)
    yield from random_floor_candidates(ctx, key, index, soft)
    yield from random_floor_candidates(ctx, key, index, SOLVER_CLEARANCE)
    yield from scan_floor_candidates(ctx, key, index)


def free_candidates(ctx: LayoutContext, key: str, index: int) -> Iterator[Candidate]:
    """Where an instance goes with no relation to honour, by how its category mounts."""
    mount = ctx.mounts[key]
    if mount == "air":
        yield from air_candidates(ctx, key, index)
        return
    if mount == "wall":
        yield from wall_mount_candidates(ctx, key, index)
        return
    if mount == "ceiling":
        lo, hi = ctx.space.lo, ctx.space.hi
        yield from ceiling_candidates(ctx, key, index, (lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2)
        return
    if mount == "surface":
        for parent in supports_for(ctx, key):
            yield from support_candidates(ctx, key, index, parent)
        if not ctx.plan.spec(key).requested:
            return  # a place's table settings or books with no surface left are left out, not laid on the floor
    yield from floor_candidates(ctx, key, index)
