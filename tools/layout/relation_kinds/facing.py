"""'facing': the subject turned to look at the target (a sofa facing a TV)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext, wall_of
from tools.layout.relation_kinds.checking import FACING_MAX_ANGLE, angle_to, every_instance
from tools.layout.relation_kinds.judging import MeshBox, each, facing_angle
from tools.layout.relation_kinds.placing import local_candidate, relation_targets, root_of
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room
from tools.layout.space import SOLVER_CLEARANCE

MIN_GAP = 1.2  # solver: a sofa facing a TV sits at least this far from it
JUDGE_MAX_ANGLE = math.radians(45)


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Across the room along the target's front when it has one (a TV on a wall), then on rings around it."""
    targets = relation_targets(ctx, relation, index)
    if not targets:
        return
    target = targets[0]
    w, _, d = ctx.sizes[key]
    n = len(ctx.ids[key])
    lateral = (index - (n - 1) / 2) * (w + 0.2)
    root = root_of(ctx, target)
    if ctx.indoor and wall_of(ctx, root) is not None:
        span = max(ctx.space.hi[0] - ctx.space.lo[0], ctx.space.hi[2] - ctx.space.lo[2])
        steps = int((span - MIN_GAP) / 0.2) + 1
        for step in range(steps):
            gap = span - 0.2 * step
            for offset in (lateral, lateral + 0.3, lateral - 0.3):
                yield local_candidate(ctx, key, index, target, offset, target.d / 2 + gap + d / 2, math.pi)
    base = max(root.w, root.d) / 2 + d / 2 + (0.8 if ctx.indoor else 1.5)
    for ring in range(8):
        radius = base + 0.4 * ring
        for k in range(12):
            angle = 2 * math.pi * (index / n + k / 12)
            x, z = root.x + radius * math.sin(angle), root.z + radius * math.cos(angle)
            yield ctx.box(key, index, x, z, angle + math.pi), SOLVER_CLEARANCE


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'facing': each subject turned towards a target within the angle allowed."""
    def ok(s: Placement) -> tuple[bool, str]:
        angle = min(angle_to(s, t.position[0], t.position[2]) for t in targets)
        return angle <= FACING_MAX_ANGLE, f"{s.id} is turned {math.degrees(angle):.0f} deg away (max {math.degrees(FACING_MAX_ANGLE):.0f})"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'facing' on the rendered meshes: each subject's front towards a target."""
    return each(subjects, lambda s: min(facing_angle(s, t.centre) for t in targets) <= JUDGE_MAX_ANGLE,
                f"facing a target within {math.degrees(JUDGE_MAX_ANGLE):.0f} deg")


SPEC = RelationSpec("facing", 16, candidates, check, judge, orients_subject=True)
