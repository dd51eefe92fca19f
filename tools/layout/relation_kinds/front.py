"""'front': the subject at the front of the room (the -Z wall side), facing +Z into it (a teacher's desk)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext, wall_mount_candidates, wall_span
from tools.layout.relation_kinds.checking import FACING_MAX_ANGLE, every_instance
from tools.layout.relation_kinds.judging import MeshBox, each
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room
from tools.layout.space import SOLVER_CLEARANCE

BACK_SPACE = 0.9  # solver: room behind a desk at the front of the room (a teacher's chair)
CHECK_ZONE = 1 / 3  # centre in this share of the depth nearest the -Z side
JUDGE_SHARE = 1 / 3


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """At the -Z side of the room facing +Z: on that wall for wall mounts, else a little off it."""
    w, _, d = ctx.sizes[key]
    lo, hi = ctx.space.lo, ctx.space.hi
    cx = (lo[0] + hi[0]) / 2
    if ctx.mounts[key] == "wall":
        yield from wall_mount_candidates(ctx, key, index, walls=["z-"])
        return
    back_space = BACK_SPACE if ctx.category(key).supports else 0.3
    a0, a1 = wall_span(ctx, "z-", w, ctx.space.margin)
    offsets = [0.0] + [s * 0.5 * k for k in range(1, 12) for s in (1, -1)]
    for space_behind in (back_space, back_space / 2, 0.0):
        for offset in offsets:
            x = cx + offset
            if a0 <= x <= a1:
                z = lo[2] + ctx.space.margin + space_behind + d / 2
                yield ctx.box(key, index, x, z, 0.0), SOLVER_CLEARANCE


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'at the front': each subject in the front zone of the room, facing +Z."""
    lo, hi = room.lo, room.hi
    limit = lo[2] + (hi[2] - lo[2]) * CHECK_ZONE

    def ok(s: Placement) -> tuple[bool, str]:
        turned = abs(math.remainder(s.yaw, 2 * math.pi))
        return s.position[2] <= limit and turned <= FACING_MAX_ANGLE, f"{s.id} is not at the front facing +Z"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'at the front' on the rendered meshes: each subject in the front share of the room."""
    lo, hi = room.lo, room.hi
    return each(subjects, lambda s: s.centre[2] <= lo[2] + JUDGE_SHARE * (hi[2] - lo[2]), "at the front")


SPEC = RelationSpec("front", 11, candidates, check, judge, wall_subject="own", orients_subject=True)
