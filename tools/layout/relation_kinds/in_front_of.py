"""'in_front_of': the subject on the target's +Z side (its front), facing it; 'behind' mirrors it."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.relation_kinds.checking import every_instance, footprint_gap, to_local
from tools.layout.relation_kinds.judging import MeshBox, each
from tools.layout.relation_kinds.placing import local_candidate, relation_targets
from tools.layout.relation_kinds.spec import Check, Judge, RelationSpec, Result, Room

GAPS = (0.45, 0.35, 0.55, 0.7, 0.9, 1.2)  # solver: a coffee table in front of a sofa stands 0.4-0.6 m off
LATERAL_OFFSETS = (0.0, 0.2, -0.2, 0.4, -0.4)  # solver: shifts along the target's face
CHECK_MAX_GAP = 1.5  # furthest gap from the target's face ('behind' too)
CHECK_LATERAL_SLACK = 0.3  # how far past the target's side edge the subject's centre may be


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'in front of': spots before each target, turned to face it."""
    d = ctx.sizes[key][2]
    for target in relation_targets(ctx, relation, index):
        for gap in GAPS:
            for lateral in LATERAL_OFFSETS:
                yield local_candidate(ctx, key, index, target, lateral, target.d / 2 + gap + d / 2, math.pi)


def side_check(sign: int) -> Check:
    """The check of the target's front (sign 1) or back (sign -1) side."""
    def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
        def ok(s: Placement) -> tuple[bool, str]:
            for t in targets:
                lx, lz = to_local(t, s.position[0], s.position[2])
                gap = footprint_gap(s, t)
                if sign * lz > t.size[2] / 2 and abs(lx) <= t.size[0] / 2 + CHECK_LATERAL_SLACK and gap <= CHECK_MAX_GAP:
                    return True, ""
            return False, f"{s.id} is not within {CHECK_MAX_GAP} m on the {'front' if sign > 0 else 'back'} side of a target"
        return every_instance(subjects, ok)
    return check


def side_judge(sign: int) -> Judge:
    """The judge of the target's front (sign 1) or back (sign -1) half-space."""
    def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
        return each(subjects, lambda s: any(sign * float((s.centre - t.position) @ t.forward) > 0 for t in targets),
                    f"on a target's {'front' if sign > 0 else 'back'} side")
    return judge


SPEC = RelationSpec("in_front_of", 6, candidates, side_check(1), side_judge(1), follows_target_front=True)
