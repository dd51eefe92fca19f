"""What every layout strategy needs: the plan, the space being filled, seeded randomness, instance ids.

Also the room-level poses shared by several strategies: poses with the back
to a wall, on top of a parent, hanging from the ceiling.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from tools.core.schema import ScenePlan
from tools.knowledge.categories import CATEGORIES, Mount
from tools.layout.space import EPS, SOLVER_CLEARANCE, Box, Space

Vec3 = tuple[float, float, float]
Candidate = tuple[Box, float]  # a pose and the clearance it must keep from its neighbours

# Walls by the side of the bounds they stand on, with the yaw of an object whose back touches them.
WALL_YAWS: dict[str, float] = {"z-": 0.0, "z+": math.pi, "x-": math.pi / 2, "x+": -math.pi / 2}
WALL_STEP = 0.1  # spacing of candidate positions along a wall
MAX_WALL_POSITIONS = 60  # per wall and object, so long walls stay cheap

# Where a wall-mounted thing hangs whose kind names no wall_centre_height: its centre above the floor.
DEFAULT_WALL_CENTRE_HEIGHT = 1.5
CEILING_GAP = 0.02  # wall objects keep this far below the ceiling
# A thing hung on a wall keeps this far from other boxes, so what stands against the wall (2 cm off it) is never
# in front of it: a poster behind a wardrobe passed every check and no view showed it.
WALL_MOUNT_CLEARANCE = 0.05
BESIDE_GAP = 0.05  # the nearest gap 'next to' leaves between a thing and what stands beside it
FLAT_HEIGHT = 0.05  # things lower than this (rugs, mats) lie on the open floor and need no room kept for them


@dataclass
class LayoutContext:
    """What the solver of one layout works with: the plan, the space, the random source, sizes, ids and mounts."""

    plan: ScenePlan
    space: Space
    rng: random.Random
    sizes: dict[str, Vec3]
    ids: dict[str, list[str]]
    mounts: dict[str, Mount]
    cache: dict = field(default_factory=dict)
    wall_above: frozenset[str] = frozenset()  # specs with something to hang on the wall above them (a mirror)

    def fits(self, box: Box, clearance: float) -> bool:
        """The space's fit test; a spec in ``wall_above`` also keeps the wall above it clear of windows
        (a sink under a window would leave its mirror nowhere to hang)."""
        if not self.space.fits(box, clearance):
            return False
        return box.spec not in self.wall_above or not self.space.meets_reserved(replace(box, h=self.height - box.y))

    @property
    def indoor(self) -> bool:
        """Whether the scene is indoors."""
        return self.plan.environment.kind == "indoor"

    @property
    def height(self) -> float:
        """The height of the space (its ceiling, indoors)."""
        return self.space.hi[1]

    def box(self, key: str, index: int, x: float, z: float, yaw: float, y: float = 0.0, parent: str | None = None) -> Box:
        """The box of a spec's instance at a position and yaw."""
        w, h, d = self.sizes[key]
        spec = self.plan.spec(key)
        return Box(self.ids[key][index], key, spec.category, x, y, z, yaw, w, h, d, parent, self.mounts[key], spec.variant)

    def placed(self, key: str) -> list[Box]:
        """Placed instances of spec ``key``, in instance order."""
        return [self.space.boxes[i] for i in self.ids.get(key, ()) if i in self.space.boxes]

    def category(self, key: str):
        """The category entry of a spec."""
        return CATEGORIES[self.plan.spec(key).category]


def wall_span(ctx: LayoutContext, wall: str, width: float, margin: float) -> tuple[float, float]:
    """Range of the along-wall coordinate of the centre of an object ``width`` wide."""
    lo, hi = ctx.space.lo, ctx.space.hi
    axis = 0 if wall in ("z-", "z+") else 2
    return lo[axis] + margin + width / 2, hi[axis] - margin - width / 2


def wall_pose(ctx: LayoutContext, wall: str, along: float, depth: float, margin: float) -> tuple[float, float, float]:
    """(x, z, yaw) of an object ``depth`` deep whose back is ``margin`` off ``wall``, centred at ``along``."""
    lo, hi = ctx.space.lo, ctx.space.hi
    yaw = WALL_YAWS[wall]
    if wall == "z-":
        return along, lo[2] + margin + depth / 2, yaw
    if wall == "z+":
        return along, hi[2] - margin - depth / 2, yaw
    if wall == "x-":
        return lo[0] + margin + depth / 2, along, yaw
    return hi[0] - margin - depth / 2, along, yaw


def along_positions(ctx: LayoutContext, a0: float, a1: float) -> list[float]:
    """Candidate centres in [a0, a1]: the middle first, then a seeded shuffle of evenly spaced points."""
    if a0 > a1 + EPS:
        return []
    count = min(MAX_WALL_POSITIONS, int((a1 - a0) / WALL_STEP) + 1)
    points = [a0 + (a1 - a0) * k / max(count - 1, 1) for k in range(count)]
    ctx.rng.shuffle(points)
    return [(a0 + a1) / 2, *points]


def wall_of(ctx: LayoutContext, box: Box, max_gap: float = 0.1) -> str | None:
    """The wall the box's back is against, if any."""
    for wall, yaw in WALL_YAWS.items():
        if abs(math.remainder(box.yaw - yaw, 2 * math.pi)) > 1e-3:
            continue
        bx, bz = box.to_world(0.0, -box.d / 2)
        lo, hi = ctx.space.lo, ctx.space.hi
        gap = {"z-": bz - lo[2], "z+": hi[2] - bz, "x-": bx - lo[0], "x+": hi[0] - bx}[wall]
        if gap <= max_gap:
            return wall
    return None


def against_wall_candidates(ctx: LayoutContext, key: str, index: int, walls: list[str] | None = None,
                            clearance: float = 0.0) -> Iterator[Candidate]:
    """Floor poses with the back to a wall, facing into the room."""
    w, _, d = ctx.sizes[key]
    if walls is None:
        walls = list(WALL_YAWS)
        ctx.rng.shuffle(walls)
    for wall in walls:
        for along in along_positions(ctx, *wall_span(ctx, wall, w, ctx.space.margin)):
            x, z, yaw = wall_pose(ctx, wall, along, d, ctx.space.margin)
            yield ctx.box(key, index, x, z, yaw), clearance


def room_beside(ctx: LayoutContext, key: str) -> tuple[float, int]:
    """(width, sides) wanted beside ``key`` for what stands next to it: the widest such thing with its gap, on
    both sides when two or more will stand there; (0, 0) when nothing will. A rug beside it lies anywhere."""
    beside = [r.subject for r in ctx.plan.relations if r.kind == "next_to" and r.target == key and r.subject != key
              and r.subject in ctx.sizes and ctx.sizes[r.subject][1] >= FLAT_HEIGHT]
    if not beside:
        return 0.0, 0
    count = sum(ctx.plan.spec(subject).count for subject in beside)
    return max(max(ctx.sizes[s][0], ctx.sizes[s][2]) for s in beside) + BESIDE_GAP, min(count, 2)


def leave_room_beside(ctx: LayoutContext, key: str, candidates: Iterator[Candidate]) -> Iterator[Candidate]:
    """The candidates of ``key`` that keep room_beside free (no wall, box or reserved zone) on their left and
    right, so a nightstand can still stand beside a bed that a door's swing or a corner would crowd."""
    width, sides = room_beside(ctx, key)
    if not sides:
        yield from candidates
        return
    for box, clearance in candidates:
        flanks = (replace(box, x=x, z=z, w=width)
                  for x, z in (box.to_world(s * (box.w + width) / 2, 0.0) for s in (-1, 1)))
        if sum(ctx.space.inside(f) and not ctx.space.collides(f, SOLVER_CLEARANCE) for f in flanks) >= sides:
            yield box, clearance


def wall_heights(ctx: LayoutContext, key: str, preferred: float | None = None) -> list[float]:
    """Candidate bottom heights of a wall-mounted object, the preferred one first, all under the ceiling."""
    h = ctx.sizes[key][1]
    if preferred is None:
        centre = ctx.category(key).wall_centre_height or DEFAULT_WALL_CENTRE_HEIGHT
        preferred = centre - h / 2
    top = ctx.height - CEILING_GAP - h
    # Last, just under the ceiling: above a bookshelf or a counter that takes the wall lower down.
    heights = [preferred, preferred + 0.3, preferred - 0.3, preferred + 0.6, top]
    return [min(max(y, 0.05), top) for y in heights if top >= 0.0]


def wall_mount_candidates(ctx: LayoutContext, key: str, index: int, walls: list[str] | None = None) -> Iterator[Candidate]:
    """Poses hanging on a wall: back touching the wall plane, at sensible heights."""
    w, _, d = ctx.sizes[key]
    if walls is None:
        walls = list(WALL_YAWS)
        ctx.rng.shuffle(walls)
    heights = wall_heights(ctx, key)
    for wall in walls:
        for along in along_positions(ctx, *wall_span(ctx, wall, w, 0.05)):
            x, z, yaw = wall_pose(ctx, wall, along, d, 0.0)
            for y in heights:
                yield ctx.box(key, index, x, z, yaw, y=y), WALL_MOUNT_CLEARANCE


def support_candidates(ctx: LayoutContext, key: str, index: int, parent: Box, tries: int = 12) -> Iterator[Candidate]:
    """Poses on ``parent``'s top: the centre, seeded random spots, then a coarse scan; same yaw as the parent."""
    w, h, d = ctx.sizes[key]
    free_x, free_z = (parent.w - w) / 2, (parent.d - d) / 2
    if free_x < -EPS or free_z < -EPS or parent.top + h > ctx.height + EPS:
        return
    free_x, free_z = max(free_x, 0.0), max(free_z, 0.0)
    spots = [(0.0, 0.0)] + [(ctx.rng.uniform(-free_x, free_x), ctx.rng.uniform(-free_z, free_z)) for _ in range(tries)]
    step = max(min(w, d) / 2, 0.05)
    nx, nz = int(2 * free_x / step) + 1, int(2 * free_z / step) + 1
    spots += [(-free_x + i * step, -free_z + j * step) for i in range(min(nx, 12)) for j in range(min(nz, 12))]
    for lx, lz in spots:
        x, z = parent.to_world(lx, lz)
        yield ctx.box(key, index, x, z, parent.yaw, y=parent.top, parent=parent.id), 0.0


def ceiling_candidates(ctx: LayoutContext, key: str, index: int, x: float, z: float, yaw: float = 0.0) -> Iterator[Candidate]:
    """Hanging poses around (x, z): top touching the ceiling, spiralling outwards."""
    y = ctx.height - ctx.sizes[key][1]
    if y < 0:
        return
    yield ctx.box(key, index, x, z, yaw, y=y), 0.0
    for ring in range(1, 12):
        radius = 0.3 * ring
        for k in range(8 * ring):
            angle = 2 * math.pi * k / (8 * ring)
            yield ctx.box(key, index, x + radius * math.sin(angle), z + radius * math.cos(angle), yaw, y=y), 0.0
