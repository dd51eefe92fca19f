"""'above': the subject hangs over the target (from the ceiling) or on the wall above it (a mirror over a sink)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tools.core.schema import Placement, Relation
from tools.layout.context import (
    Candidate,
    LayoutContext,
    ceiling_candidates,
    support_candidates,
    wall_heights,
    wall_of,
    wall_pose,
)
from tools.layout.relation_kinds.checking import SUPPORT_TOLERANCE, every_instance, to_local
from tools.layout.relation_kinds.judging import ON_TOLERANCE, MeshBox, each, horizontal_gap
from tools.layout.relation_kinds.placing import relation_targets, root_of
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room
from tools.layout.space import Box

WALL_GAPS = (0.15, 0.3, 0.05, 0.5)  # solver: a mirror this far above a sink
CHECK_XZ_TOLERANCE = 0.15  # subject centre may be this far outside the target's footprint


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Ceiling objects over the target's top; wall objects on the wall behind the target, above it."""
    targets = relation_targets(ctx, relation, index)
    mount = ctx.mounts[key]
    n_per = -(-len(ctx.ids[key]) // max(len(targets), 1))
    k = index // max(len(targets), 1)
    for target in targets:
        lx = (k - (n_per - 1) / 2) * target.w / n_per
        x, z = target.to_world(lx, 0.0)
        if mount == "ceiling":
            yield from ceiling_candidates(ctx, key, index, x, z, target.yaw)
        elif mount == "wall":
            yield from _on_wall_above(ctx, key, index, target, lx)
        else:
            yield from support_candidates(ctx, key, index, target)


def _on_wall_above(ctx: LayoutContext, key: str, index: int, target: Box, lx: float) -> Iterator[Candidate]:
    wall = wall_of(ctx, root_of(ctx, target), max_gap=0.3)
    if wall is None:
        return
    x, z = target.to_world(lx, 0.0)
    along = x if wall in ("z-", "z+") else z
    wx, wz, yaw = wall_pose(ctx, wall, along, ctx.sizes[key][2], 0.0)
    for gap in WALL_GAPS:
        for y in wall_heights(ctx, key, preferred=target.top + gap)[:1]:
            yield ctx.box(key, index, wx, wz, yaw, y=y), 0.0


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'above': each subject's centre over a target and its bottom at or above the target's top."""
    def ok(s: Placement) -> tuple[bool, str]:
        for t in targets:
            lx, lz = to_local(t, s.position[0], s.position[2])
            over = abs(lx) <= t.size[0] / 2 + CHECK_XZ_TOLERANCE and abs(lz) <= t.size[2] / 2 + CHECK_XZ_TOLERANCE
            if over and s.position[1] >= t.position[1] + t.size[1] - SUPPORT_TOLERANCE:
                return True, ""
        return False, f"{s.id} is not over a target"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'above' on the rendered meshes: each subject's bottom over a target's top."""
    return each(subjects, lambda s: any(s.lo[1] >= t.hi[1] - ON_TOLERANCE and horizontal_gap(s, t) == 0.0
                                        for t in targets), "above a target")


SPEC = RelationSpec("above", 5, candidates, check, judge, wall_subject="own", ceiling_subject="own")
