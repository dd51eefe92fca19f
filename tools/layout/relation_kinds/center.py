"""'center': the subject at the middle of the bounds (a rug, a fountain in a park)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy as np

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.free import spiral_candidates
from tools.layout.relation_kinds.checking import every_instance
from tools.layout.relation_kinds.judging import MeshBox, each
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room
from tools.layout.space import SOLVER_CLEARANCE

CHECK_MAX_OFFSET = 0.5  # metres, or a tenth of the smaller room extent if larger
JUDGE_SHARE = 0.2  # of the bounds' extent, per axis, from the centre


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'in the centre': a spiral out from the middle of the space."""
    lo, hi = ctx.space.lo, ctx.space.hi
    yield from spiral_candidates(ctx, key, index, (lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2, SOLVER_CLEARANCE)


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'in the centre': each subject within a tenth of the room (at least the minimum) of its middle."""
    lo, hi = room.lo, room.hi
    cx, cz = (lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2
    limit = max(CHECK_MAX_OFFSET, min(hi[0] - lo[0], hi[2] - lo[2]) / 10)

    def ok(s: Placement) -> tuple[bool, str]:
        off = math.hypot(s.position[0] - cx, s.position[2] - cz)
        return off <= limit, f"{s.id} is {off:.2f} m from the centre (max {limit:.2f})"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'in the centre' on the rendered meshes: each subject near the middle."""
    lo, hi = np.asarray(room.lo), np.asarray(room.hi)
    mid, size = (lo + hi) / 2, hi - lo
    return each(subjects, lambda s: all(abs(s.centre[i] - mid[i]) <= JUDGE_SHARE * size[i] for i in (0, 2)),
                "near the centre")


SPEC = RelationSpec("center", 15, candidates, check, judge, wall_subject="any_wall")
