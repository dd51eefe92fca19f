"""'against_wall': the subject's back to a wall of the room (indoor); param, when set, names the one wall
(an index into tools.core.windows.WALL_SIDES: 'move the sofa to the left wall')."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy as np

from tools.core.schema import Placement, Relation
from tools.core.windows import WALL_SIDES
from tools.layout.context import (
    WALL_YAWS,
    Candidate,
    LayoutContext,
    against_wall_candidates,
    leave_room_beside,
    room_beside,
)
from tools.layout.relation_kinds.checking import every_instance
from tools.layout.relation_kinds.judging import MeshBox, each, wall_gaps
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room
from tools.layout.space import SOLVER_CLEARANCE

CHECK_MAX_GAP = 0.1  # back of the object to the wall plane
CHECK_YAW_TOLERANCE = math.radians(10)
JUDGE_MAX_GAP = 0.3


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'against the wall': spots along the walls, in a shuffled order of walls (the one
    wall named, when ``param`` names one); those with room beside them for what stands next to the subject first."""
    walls = list(WALL_YAWS)
    ctx.rng.shuffle(walls)
    if relation.param is not None:
        walls = [WALL_SIDES[relation.param]]
    walls = _facing_order(ctx, key, walls)
    if room_beside(ctx, key)[1]:
        yield from leave_room_beside(ctx, key, against_wall_candidates(ctx, key, index, walls, SOLVER_CLEARANCE))
    yield from against_wall_candidates(ctx, key, index, walls, SOLVER_CLEARANCE)


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


def _back_gaps(p: Placement, room: Room) -> dict[str, float]:
    """Distance from the object's back centre to each wall plane it has its back to."""
    lo, hi = room.lo, room.hi
    c, s = math.cos(p.yaw), math.sin(p.yaw)
    bx, bz = p.position[0] - s * p.size[2] / 2, p.position[2] - c * p.size[2] / 2
    walls = {"z-": (0.0, bz - lo[2]), "z+": (math.pi, hi[2] - bz), "x-": (math.pi / 2, bx - lo[0]), "x+": (-math.pi / 2, hi[0] - bx)}
    return {w: gap for w, (yaw, gap) in walls.items() if abs(math.remainder(p.yaw - yaw, 2 * math.pi)) <= CHECK_YAW_TOLERANCE}


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'against the wall': each subject's back within the gap of a wall."""
    wanted = None if param is None else WALL_SIDES[param]

    def ok(s: Placement) -> tuple[bool, str]:
        gaps = {w: g for w, g in _back_gaps(s, room).items() if wanted in (None, w)}
        return any(g <= CHECK_MAX_GAP for g in gaps.values()), f"{s.id}'s back is not against {wanted or 'a'} wall"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'against the wall' on the rendered meshes: each subject near a wall."""
    return each(subjects, lambda s: min(wall_gaps(s, np.asarray(room.lo), np.asarray(room.hi))) <= JUDGE_MAX_GAP,
                f"within {JUDGE_MAX_GAP} m of a wall")


SPEC = RelationSpec("against_wall", 14, candidates, check, judge, wall_subject="any_wall", orients_subject=True)
