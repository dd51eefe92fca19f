"""'on': the subject stands on the target's top surface."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tools.core.geometry import footprint
from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext, support_candidates
from tools.layout.relation_kinds.checking import SUPPORT_TOLERANCE, every_instance, to_local
from tools.layout.relation_kinds.judging import ON_TOLERANCE, MeshBox, each, over
from tools.layout.relation_kinds.placing import relation_targets
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'on': spots on each target's top."""
    for target in relation_targets(ctx, relation, index):
        yield from support_candidates(ctx, key, index, target)


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'on': each subject stands on a target's top."""
    by_id = {t.id: t for t in targets}

    def ok(s: Placement) -> tuple[bool, str]:
        parent = by_id.get(s.parent or "")
        if parent is None:
            return False, f"{s.id} stands on {s.parent or 'the floor'}, not a target"
        top = parent.position[1] + parent.size[1]
        if abs(s.position[1] - top) > SUPPORT_TOLERANCE:
            return False, f"{s.id} is at y={s.position[1]:.3f}, {parent.id}'s top is {top:.3f}"
        corners = footprint(s.position, s.size, s.yaw)
        inside = all(abs(lx) <= parent.size[0] / 2 + SUPPORT_TOLERANCE and abs(lz) <= parent.size[2] / 2 + SUPPORT_TOLERANCE
                     for lx, lz in (to_local(parent, x, z) for x, z in corners))
        return inside, f"{s.id} overhangs {parent.id}"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'on' on the rendered meshes: each subject's bottom on a target's top, over it."""
    return each(subjects, lambda s: any(abs(s.lo[1] - t.hi[1]) <= ON_TOLERANCE and over(s, t) for t in targets),
                "on a target")


SPEC = RelationSpec("on", 0, candidates, check, judge)
