"""'stacked': the subject's instances stand on each other, the first on the floor."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.relation_kinds.checking import instance_number
from tools.layout.relation_kinds.judging import ON_TOLERANCE, MeshBox, over
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'stacked': each instance on top of the previous one."""
    if index == 0:
        return
    below = ctx.space.boxes.get(ctx.ids[key][index - 1])
    if below is not None:
        yield ctx.box(key, index, below.x, below.z, below.yaw, y=below.top, parent=below.id), 0.0


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'stacked': each instance stands on the one before it."""
    ordered = sorted(subjects, key=instance_number)
    for below, above in zip(ordered, ordered[1:]):
        if above.parent != below.id:
            return False, f"{above.id} stands on {above.parent or 'the floor'}, not {below.id}"
    return True, f"{len(ordered)} instance(s) stacked"


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'stacked' on the rendered meshes: each instance's bottom on the top of the one below."""
    ordered = sorted(subjects, key=lambda s: s.lo[1])
    for lower, upper in zip(ordered, ordered[1:]):
        if abs(upper.lo[1] - lower.hi[1]) > ON_TOLERANCE or not over(upper, lower):
            return False, f"{upper.id} is not on {lower.id} (bottom {upper.lo[1]:.3f} vs top {lower.hi[1]:.3f})"
    return True, f"{len(ordered)} instances each on the previous"


SPEC = RelationSpec("stacked", 2, candidates, check, judge)
