"""Placing what an edit put somewhere ('arrange the armchairs in a row', 'move the plants next to the sofa') in a
room already full of pinned objects, and refusing the edit when the words still cannot hold.

The solver's candidates suit a room it fills from empty: a row or grid block is tried at a few spots as far
apart as the block is big (tools/layout/groups.py), a thing 'next to' another at a few spots along its sides.
Among pinned objects the free spot mostly lies between those, and what none holds falls to the free stream,
anywhere in the room: the opposite of the words. Here a block goes whole to the free spot nearest the room's
middle (a fine lattice of centres), a thing next to another tries every spot round it; and ``unmet_words``
names what still does not stand as said, so the edit is refused rather than made wrong.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterator

from tools.core.schema import Placement, Relation, ScenePlan
from tools.core.windows import windows_of
from tools.edit.ops import WALL_NAMES
from tools.layout.context import Candidate, LayoutContext
from tools.layout.groups import PACKED_SPREAD, WALKABLE_SPREADS, fewest_rows, grid_layout
from tools.layout.relation_kinds import RELATIONS
from tools.layout.relation_kinds.placing import local_candidate, relation_targets
from tools.layout.relation_kinds.spec import Room
from tools.layout.solver import room_bounds
from tools.layout.space import Box

BLOCK_STEP = 0.25  # metres between the block centres tried
BLOCK_YAWS = (0.0, math.pi / 2)  # rows along x, or along z
LINED_UP = {"row", "grid"}  # arrangements placed here as one block
NEAR_GAPS = (0.05, 0.2, 0.4)  # metres from the target's footprint tried round it (within next_to's check)
NEAR_STEP = 0.1  # metres between the spots tried along each side


def place_blocks(ctx: LayoutContext, placed: Collection[str]) -> None:
    """Every instance of each spec in ``placed`` that an edit lined up (rows, a grid) placed as one block, where
    one fits whole; a spec no block holds is left to the solver (and to ``unmet_words``)."""
    for relation in ctx.plan.relations:
        key = relation.subject
        if relation.kind not in LINED_UP or key not in placed or key not in ctx.ids:
            continue
        if any(box_id in ctx.space.boxes for box_id in ctx.ids[key]):
            continue
        rows = relation.param or (round(math.sqrt(len(ctx.ids[key]))) if relation.kind == "grid"
                                  else fewest_rows(ctx, key))
        for box in _free_block(ctx, key, rows):
            ctx.space.add(box)


def _free_block(ctx: LayoutContext, key: str, rows: int) -> list[Box]:
    """The first block of ``rows`` rows whose every instance fits: roomy spacing first, then tighter, each
    at the centres nearest the middle first; empty when none does."""
    for walkable, spread in [*((True, s) for s in WALKABLE_SPREADS), (False, PACKED_SPREAD)]:
        for centre in _centres(ctx):
            for yaw in BLOCK_YAWS:
                boxes = grid_layout(ctx, key, rows, yaw, spread, centre, walkable)
                if _all_fit(ctx, boxes):
                    return boxes
    return []


def _centres(ctx: LayoutContext) -> list[tuple[float, float]]:
    lo, hi = ctx.space.lo, ctx.space.hi
    cx, cz = (lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2
    nx, nz = int((hi[0] - lo[0]) / 2 / BLOCK_STEP), int((hi[2] - lo[2]) / 2 / BLOCK_STEP)
    points = [(cx + i * BLOCK_STEP, cz + j * BLOCK_STEP) for i in range(-nx, nx + 1) for j in range(-nz, nz + 1)]
    return sorted(points, key=lambda p: math.dist(p, (cx, cz)))


def _all_fit(ctx: LayoutContext, boxes: list[Box]) -> bool:
    """Whether the boxes fit together (each also clear of the ones before it); the space is left as it was."""
    added = []
    for box in boxes:
        if not ctx.space.fits(box):
            break
        ctx.space.add(box)
        added.append(box.id)
    for box_id in added:
        ctx.space.remove(box_id)
    return len(added) == len(boxes)


def near_candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """After the solver's own: every spot round each target of a 'next to', nearest gap first, along all four
    sides (the solver tries three spots a side, which pinned neighbours often hold)."""
    if relation.kind != "next_to":
        return
    w, _, d = ctx.sizes[key]
    for gap in NEAR_GAPS:
        for target in relation_targets(ctx, relation, index):
            side_x, side_z = target.w / 2 + gap + w / 2, target.d / 2 + gap + d / 2
            for along in _offsets(target.d / 2 + d / 2):
                for sign in (1, -1):
                    yield local_candidate(ctx, key, index, target, sign * side_x, along, 0.0)
            for along in _offsets(target.w / 2 + w / 2):
                for sign in (1, -1):
                    yield local_candidate(ctx, key, index, target, along, sign * side_z, 0.0)


def _offsets(reach: float) -> list[float]:
    """Offsets along a side from its middle out to ``reach`` (footprints still overlapping in that direction)."""
    steps = int(reach / NEAR_STEP)
    return sorted((i * NEAR_STEP for i in range(-steps, steps + 1)), key=abs)


def unmet_words(plan: ScenePlan, placements: list[Placement], placed: Collection[str]) -> list[str]:
    """What does not stand as an edit said: the relations of the specs it put somewhere (``placed``), and every
    named wall (only edits name one), that their placed instances do not meet; one sentence each."""
    room = Room(*room_bounds(plan.environment), windows_of(plan.environment))
    unmet = []
    for relation in plan.relations:
        named_wall = relation.kind == "against_wall" and relation.param is not None
        if relation.subject not in placed and not named_wall:
            continue
        subjects = [p for p in placements if p.spec == relation.subject]
        targets = [p for p in placements if p.spec == relation.target]
        met, why = RELATIONS[relation.kind].check(subjects, targets, room, relation.param)
        if not met and named_wall and relation.param is not None:
            spec = plan.spec(relation.subject)
            unmet.append(f"the {spec.noun or spec.category} does not fit against the {WALL_NAMES[relation.param]} wall")
        elif not met:
            unmet.append(f"{RELATIONS[relation.kind].describe(relation)} does not hold ({why})")
    return unmet
