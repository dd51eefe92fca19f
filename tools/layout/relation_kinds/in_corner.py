"""'in_corner': the subject in a corner of the room, near two walls."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from tools.core.geometry import world_aabb
from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.free import corner_candidates
from tools.layout.relation_kinds.checking import every_instance
from tools.layout.relation_kinds.judging import MeshBox, each, wall_gaps
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room
from tools.layout.space import SOLVER_CLEARANCE

CHECK_MAX_GAP = 0.3  # to both walls of a corner
JUDGE_MAX_GAP = 0.6


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'in the corner': spots in the room's corners."""
    yield from corner_candidates(ctx, key, index, SOLVER_CLEARANCE)


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'in the corner': each subject within the gap of two walls."""
    def ok(s: Placement) -> tuple[bool, str]:
        lo, hi = world_aabb(s.position, s.size, s.yaw)
        x_gap = min(lo[0] - room.lo[0], room.hi[0] - hi[0])
        z_gap = min(lo[2] - room.lo[2], room.hi[2] - hi[2])
        return x_gap <= CHECK_MAX_GAP and z_gap <= CHECK_MAX_GAP, f"{s.id} is not within {CHECK_MAX_GAP} m of two walls"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'in the corner' on the rendered meshes: each subject near two walls."""
    return each(subjects, lambda s: max(wall_gaps(s, np.asarray(room.lo), np.asarray(room.hi))) <= JUDGE_MAX_GAP,
                f"within {JUDGE_MAX_GAP} m of two walls")


SPEC = RelationSpec("in_corner", 13, candidates, check, judge, wall_subject="any_wall")
