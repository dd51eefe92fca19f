"""'by_window': the subject beside or under one of the room's windows, back to its wall (indoor)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from tools.core.geometry import world_aabb
from tools.core.schema import Placement, Relation
from tools.core.windows import gap_to_window, windows_of
from tools.layout.context import Candidate, LayoutContext, wall_mount_candidates, wall_pose, wall_span
from tools.layout.relation_kinds.checking import every_instance
from tools.layout.relation_kinds.judging import MeshBox, each
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room
from tools.layout.space import SOLVER_CLEARANCE

CHECK_MAX_GAP = 0.5  # footprint to the window's span along its wall
JUDGE_MAX_GAP = 1.0


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
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


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Each subject's footprint within CHECK_MAX_GAP of a window's span on its wall."""
    def ok(s: Placement) -> tuple[bool, str]:
        lo, hi = world_aabb(s.position, s.size, s.yaw)
        gap = min((gap_to_window(w, lo[0], lo[2], hi[0], hi[2]) for w in room.windows), default=math.inf)
        return gap <= CHECK_MAX_GAP, f"{s.id} is {gap:.2f} m from the nearest window"
    if not room.windows:
        return False, "the room has no windows"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'by the window' on the rendered meshes: each subject near a window."""
    return each(subjects, lambda s: any(gap_to_window(w, s.lo[0], s.lo[2], s.hi[0], s.hi[2]) <= JUDGE_MAX_GAP
                                        for w in room.windows), f"within {JUDGE_MAX_GAP} m of a window")


SPEC = RelationSpec("by_window", 12, candidates, check, judge, wall_subject="own", ceiling_subject="own")
