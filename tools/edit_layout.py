"""Layout with pinned objects: what an edit or a model repair did not touch keeps its place.

The solver's own strategies place everything else: pinned instances go into
the space first, then every missing instance is placed in the solver's order
from its relation's candidates and the free stream (tools/layout.py). A pinned
instance that no longer fits (its parent was removed or moved, its asset grew)
is placed again instead. ``move_instance`` moves one object to a point a model
asked for, corrected to the nearest free pose the constraints allow.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tools.errors import LayoutError
from tools.layout import (
    FREE_TRIES, RELATION_TRIES, _failure_message, _first_fit, _grid_cell, _to_placement, effective_mount,
    instance_ids, placement_order, primary_relation, room_bounds,
)
from tools.layout_context import Candidate, LayoutContext
from tools.layout_free import free_candidates, spiral_candidates
from tools.layout_relations import relation_candidates
from tools.layout_space import Box, Space
from tools.schema import Placement, ScenePlan

Vec3 = tuple[float, float, float]
AWAY_MIN_GAP = 1.0  # metres between an object moved 'away from' something and that thing's footprint
AWAY_STEP = 0.5  # 'away' means at least this much further than before
MOVE_RINGS = 12  # rings of the spiral searched around a model's requested point (0.25 m apart: 3 m)


@dataclass(frozen=True)
class Pin:
    """A previous instance that keeps its pose: its spec, its index among the spec's instances, its placement."""

    spec: str
    index: int
    placement: Placement


def pins_from(previous_plan: ScenePlan, placements: Iterable[Placement]) -> list[Pin]:
    """Pins of every previous placement, its index read from the previous plan's instance ids."""
    index = {pid: (spec.key, i) for spec in previous_plan.objects
             for i, pid in enumerate(instance_ids(spec.key, spec.count))}
    return [Pin(*index[p.id], p) for p in placements if p.id in index]


def context_for(plan: ScenePlan, sizes: dict[str, Vec3], seed: int) -> LayoutContext:
    """An empty layout context as the solver makes one (same bounds, mounts, instance ids, grid)."""
    indoor = plan.environment.kind == "indoor"
    lo, hi = room_bounds(plan.environment)
    sizes = {k: tuple(float(v) for v in s) for k, s in sizes.items()}
    mounts = {o.key: effective_mount(o.category, indoor) for o in plan.objects}
    return LayoutContext(plan=plan, space=Space(lo, hi, indoor, _grid_cell(sizes)), rng=random.Random(seed),
                         sizes=sizes, ids={o.key: instance_ids(o.key, o.count) for o in plan.objects}, mounts=mounts)


def solve_pinned(plan: ScenePlan, sizes: dict[str, Vec3], pins: list[Pin], replace: set[str], keep: dict[str, int],
                 seed: int = 0, away: dict[str, tuple[list[Box], float]] | None = None) -> tuple[list[Placement], list[str]]:
    """Placements for ``plan`` with pinned instances kept; also the ids of the pinned instances kept.

    replace: spec keys placed again whole; keep: spec key -> how many leading instances may stay pinned;
    away: spec key -> (boxes, gap): its new pose keeps ``gap`` metres from them where the room allows,
    else as far as AWAY_MIN_GAP, else anywhere. Raises LayoutError naming what did not fit.
    """
    ctx = context_for(plan, sizes, seed)
    kept = _add_pins(ctx, pins, replace, keep)
    missing: dict[str, int] = {}
    for key in placement_order(plan, ctx.sizes, ctx.mounts):
        for index, box_id in enumerate(ctx.ids[key]):
            if box_id in ctx.space.boxes:
                continue
            if not _place(ctx, key, index, *(away or {}).get(key, ([], 0.0))):
                missing[key] = missing.get(key, 0) + 1
    if missing:
        raise LayoutError("; ".join(_failure_message(plan, ctx.sizes, key, n) for key, n in missing.items()))
    return [_to_placement(box) for box in ctx.space.boxes.values()], kept


def _add_pins(ctx: LayoutContext, pins: list[Pin], replace: set[str], keep: dict[str, int]) -> list[str]:
    """Put every still-valid pin into the space (parents first, as the previous layout placed them)."""
    new_ids = {pin.placement.id: ctx.ids[pin.spec][pin.index] for pin in pins
               if pin.spec in ctx.ids and pin.spec not in replace and pin.index < keep.get(pin.spec, 0)}
    kept = []
    for pin in pins:
        box_id = new_ids.get(pin.placement.id)
        parent = pin.placement.parent
        if box_id is None or (parent is not None and new_ids.get(parent) not in ctx.space.boxes):
            continue
        p = pin.placement
        w, h, d = ctx.sizes[pin.spec]
        box = Box(box_id, pin.spec, ctx.plan.spec(pin.spec).category, p.position[0], p.position[1], p.position[2],
                  p.yaw, w * p.scale[0], h * p.scale[1], d * p.scale[2],
                  new_ids.get(parent) if parent else None, ctx.mounts[pin.spec])
        if ctx.space.fits(box):
            ctx.space.add(box)
            kept.append(box_id)
    return kept


def _place(ctx: LayoutContext, key: str, index: int, avoid: list[Box], gap: float) -> bool:
    relation = primary_relation(ctx.plan, key)
    for wanted in dict.fromkeys((gap, AWAY_MIN_GAP, 0.0) if avoid else (0.0,)):
        if relation is not None and _first_fit(ctx, _away(relation_candidates(ctx, relation, key, index), avoid, wanted),
                                               RELATION_TRIES):
            return True
        if _first_fit(ctx, _away(free_candidates(ctx, key, index), avoid, wanted), FREE_TRIES) is not None:
            return True
    return False


def _away(candidates: Iterator[Candidate], avoid: list[Box], gap: float) -> Iterator[Candidate]:
    for box, clearance in candidates:
        if gap <= 0 or all(footprint_gap(box, other) >= gap for other in avoid):
            yield box, clearance


def footprint_gap(a: Box, b: Box) -> float:
    """Distance in metres between the axis-aligned footprints of two boxes (0 when they overlap)."""
    ax0, az0, ax1, az1 = a.aabb_xz()
    bx0, bz0, bx1, bz1 = b.aabb_xz()
    return math.hypot(max(bx0 - ax1, ax0 - bx1, 0.0), max(bz0 - az1, az0 - bz1, 0.0))


def point_box(name: str, x: float, z: float) -> Box:
    """A thin stand-in box at (x, z) for something that is not an object (a window centre)."""
    return Box(name, name, "window", x, 0.0, z, 0.0, 0.01, 0.01, 0.01)


def boxes_of(placements: Iterable[Placement]) -> dict[str, Box]:
    return {p.id: Box(p.id, p.spec, p.category, *p.position, p.yaw, *p.size, p.parent, p.mount) for p in placements}


def move_instance(plan: ScenePlan, sizes: dict[str, Vec3], placements: list[Placement], object_id: str,
                  x: float, z: float) -> tuple[list[Placement], str]:
    """Move ``object_id`` (with what stands on it) to (x, z), or to the nearest pose that fits.

    Returns the new placements and the outcome: 'applied', 'corrected: ...' or 'refused: ...'.
    """
    boxes = boxes_of(placements)
    if object_id not in boxes:
        return placements, f"refused: no object {object_id!r}"
    moving = boxes[object_id]
    if moving.mount != "floor" or moving.parent is not None:
        return placements, f"refused: {object_id} is mounted on {moving.parent or moving.mount}, not free-standing"
    ctx = context_for(plan, sizes, 0)
    riders = [b for b in boxes.values() if b.parent == object_id]
    for box in boxes.values():
        if box.id != object_id and box not in riders:
            ctx.space.add(box)
    index = ctx.ids[moving.spec].index(object_id)
    wanted = Box(object_id, moving.spec, moving.category, x, 0.0, z, moving.yaw, moving.w, moving.h, moving.d)
    candidates = ((wanted, 0.0), *spiral_candidates(ctx, moving.spec, index, x, z, 0.0, rings=MOVE_RINGS))
    for box, _ in candidates:
        box = Box(object_id, moving.spec, moving.category, box.x, 0.0, box.z, moving.yaw, moving.w, moving.h, moving.d)
        if ctx.space.fits(box):
            moved = _shift(placements, object_id, box, riders)
            off = math.hypot(box.x - x, box.z - z)
            return moved, "applied" if off < 1e-6 else f"corrected: nearest free pose {off:.2f} m away at ({box.x:.2f}, {box.z:.2f})"
    return placements, f"refused: no free pose within {MOVE_RINGS * 0.25:g} m of ({x:.2f}, {z:.2f})"


def _shift(placements: list[Placement], object_id: str, box: Box, riders: list[Box]) -> list[Placement]:
    old = next(p for p in placements if p.id == object_id)
    dx, dz = box.x - old.position[0], box.z - old.position[2]
    rider_ids = {r.id for r in riders}
    moved = []
    for p in placements:
        if p.id == object_id:
            p = p.model_copy(update={"position": (box.x, p.position[1], box.z), "yaw": box.yaw})
        elif p.id in rider_ids:
            p = p.model_copy(update={"position": (p.position[0] + dx, p.position[1], p.position[2] + dz)})
        moved.append(p)
    return moved
