"""Poses of things that float (mount "air"): birds, balloons, planets, moons.

A floating object is supported by design: it needs no parent and no floor,
only a height. Heights come from the category's ``air_height`` (the range of
its bottom above the floor), capped so its top stays under the ceiling or the
bounds' top. A relation's poses are lifted too: a moon around a planet floats
level with the planet's centre, a balloon above a table hovers over its top.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterable, Iterator

from tools.core.schema import Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.space import EPS, SOLVER_CLEARANCE, Box

AIR_CEILING_GAP = 0.05  # floating things indoors keep this far under the ceiling
DEFAULT_AIR_HEIGHT = (1.0, 2.0)  # bottom height range of a floating category that gives none
AIR_LEVELS = (0.5, 0.0, 1.0, 0.25, 0.75)  # where in its air_height range a floating thing is tried, in order
ABOVE_GAPS = (0.3, 0.6, 1.0)  # a floating thing above a target: gap between the target's top and its bottom
AIR_SPOTS = 300  # seeded random spots tried by free placement (each at every level)
CENTRAL_SHARE = 0.5  # free spots are first drawn from this share of the bounds around their middle
FLOCK_SPOTS = 40  # spots tried near the previous instance first, so a flock or a bunch stays together
FLOCK_SPREAD = 4.0  # how far from the previous instance, in its own widths
LIFTED_POSES = 120  # a relation's poses lifted for a floating subject (each at its level, then at every height)
GROUNDED_KINDS = ("on", "stacked")
GRID_MIN_SIZE = 3.0  # floating things at least this wide are spread on a grid when there are several  # a floating thing resting on something (a balloon tied to a table) stays put


def air_heights(ctx: LayoutContext, key: str, level: float | None = None, index: int = 0) -> list[float]:
    """Candidate bottom heights of floating spec ``key``: ``level`` first when given, then spread over its
    category's air_height, starting at a different height for each instance ``index`` (a flock is not
    flat); each capped so the top stays under the ceiling (indoors) or the bounds' top.
    Empty when the object is taller than the space."""
    low, high = ctx.category(key).air_height or DEFAULT_AIR_HEIGHT
    h = ctx.sizes[key][1]
    floor, top = ctx.space.lo[1], ctx.space.hi[1] - (AIR_CEILING_GAP if ctx.indoor else 0.0) - h
    if top < floor:
        return []
    turn = index % len(AIR_LEVELS)
    spread = [low + (high - low) * f for f in AIR_LEVELS[turn:] + AIR_LEVELS[:turn]]
    wanted = ([level] if level is not None else []) + spread
    heights: list[float] = []
    for y in wanted:
        y = round(min(max(y, floor), top), 4)
        if all(abs(y - other) > EPS for other in heights):
            heights.append(y)
    return heights


def air_candidates(ctx: LayoutContext, key: str, index: int) -> Iterator[Candidate]:
    """Free floating poses: near the spec's previous instance first (a flock, a bunch of balloons), then
    seeded spots over the whole bounds; each spot at every candidate height."""
    w, _, d = ctx.sizes[key]
    lo, hi = ctx.space.lo, ctx.space.hi
    reach = max(w, d) / 2 + ctx.space.margin
    heights = air_heights(ctx, key, index=index)
    if not heights or hi[0] - lo[0] < 2 * reach or hi[2] - lo[2] < 2 * reach:
        return
    spots = itertools.chain(_grid_spot(ctx, key, index, reach), ((x, z, None) for x, z in _spots(ctx, key, reach)))
    for x, z, yaw in spots:
        yaw = ctx.rng.uniform(-math.pi, math.pi) if yaw is None else yaw
        for y in heights:
            yield ctx.box(key, index, x, z, yaw, y=y), SOLVER_CLEARANCE


def _grid_spot(ctx: LayoutContext, key: str, index: int, reach: float) -> list[tuple[float, float, float]]:
    """Big floating things (hot-air balloons) first try their own cell of a square grid round the middle,
    unturned and one width apart, so every instance fits: random spots leave no room once one takes the
    middle. [(x, z, yaw)], empty for small things (birds flock) or a grid the bounds cannot hold."""
    n = len(ctx.ids[key])
    if n < 2 or 2 * reach < GRID_MIN_SIZE:
        return []
    cols = math.ceil(math.sqrt(n))
    rows = math.ceil(n / cols)
    row, col = divmod(index, cols)
    step = 2 * reach + SOLVER_CLEARANCE
    lo, hi = ctx.space.lo, ctx.space.hi
    x = (lo[0] + hi[0]) / 2 + (col - (cols - 1) / 2) * step
    z = (lo[2] + hi[2]) / 2 + (row - (rows - 1) / 2) * step
    inside = lo[0] + reach <= x <= hi[0] - reach and lo[2] + reach <= z <= hi[2] - reach
    return [(x, z, 0.0)] if inside else []


def _spots(ctx: LayoutContext, key: str, reach: float) -> Iterator[tuple[float, float]]:
    lo, hi = ctx.space.lo, ctx.space.hi
    placed = ctx.placed(key)
    if placed:
        last, side = placed[-1], 2 * reach
        for _ in range(FLOCK_SPOTS):
            angle, radius = ctx.rng.uniform(0, 2 * math.pi), ctx.rng.uniform(1.2 * side, FLOCK_SPREAD * side)
            x, z = last.x + radius * math.cos(angle), last.z + radius * math.sin(angle)
            if lo[0] + reach <= x <= hi[0] - reach and lo[2] + reach <= z <= hi[2] - reach:
                yield x, z
    for share in (CENTRAL_SHARE, 1.0):  # the middle of the scene first, where the views look
        for _ in range(AIR_SPOTS // 2):
            x, z = (ctx.rng.uniform(lo[i] + reach, hi[i] - reach) for i in (0, 2))
            mid_x, mid_z = (lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2
            yield mid_x + (x - mid_x) * share, mid_z + (z - mid_z) * share


def _nearest(targets: list[Box], box: Box) -> Box | None:
    return min(targets, key=lambda t: math.hypot(t.x - box.x, t.z - box.z), default=None)


def _levels(ctx: LayoutContext, key: str, kind: str, target: Box | None) -> list[float | None]:
    """Preferred bottom heights for a floating subject of relation ``kind`` near ``target``."""
    if target is None:
        return [None]
    if kind == "above":
        return [target.top + gap for gap in ABOVE_GAPS]
    if target.mount == "air":  # level with a floating target: moons around their planet
        return [target.y + (target.h - ctx.sizes[key][1]) / 2]
    return [None]


def airborne(ctx: LayoutContext, key: str, index: int, relation: Relation,
             candidates: Iterable[Candidate]) -> Iterator[Candidate]:
    """A relation's candidate poses for floating spec ``key``, lifted to air heights (parent dropped).

    Every pose is tried at the relation's own level first (a moon level with its planet) before any pose
    is tried at the category's other heights, so the relation's shape wins over its first slot."""
    if relation.kind in GROUNDED_KINDS:
        yield from candidates
        return
    targets = ctx.placed(relation.target) if relation.target else []
    poses = list(itertools.islice(candidates, LIFTED_POSES))
    levels = [[y for level in _levels(ctx, key, relation.kind, _nearest(targets, box))
               for y in air_heights(ctx, key, level, index)[:1]] for box, _ in poses]
    for (box, clearance), own in zip(poses, levels):
        for y in own:
            yield dataclasses.replace(box, y=y, parent=None), clearance
    for (box, clearance), own in zip(poses, levels):
        for y in air_heights(ctx, key, None, index):
            if all(abs(y - other) > EPS for other in own):
                yield dataclasses.replace(box, y=y, parent=None), clearance
