"""'next_to': the subject beside the target, within touching distance."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.relation_kinds.checking import every_instance, footprint_gap, nearest
from tools.layout.relation_kinds.judging import MeshBox, each, horizontal_gap
from tools.layout.relation_kinds.placing import local_candidate, relation_targets
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room

GAPS = (0.05, 0.15, 0.3, 0.5)  # solver: side gaps tried, nearest first
CHECK_MAX_GAP = 0.5  # footprints this close count as beside each other
JUDGE_MAX_GAP = 1.0  # horizontal gap between mesh boxes


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'next to': spots beside each target, alternating sides between instances."""
    targets = relation_targets(ctx, relation, index)
    w, _, d = ctx.sizes[key]
    side = 1 if (index // max(len(targets), 1)) % 2 == 0 else -1
    for target in targets:
        for gap in GAPS:
            for s in (side, -side):
                lx = s * (target.w / 2 + gap + w / 2)
                for lz in (-target.d / 2 + d / 2, 0.0, target.d / 2 - d / 2):
                    yield local_candidate(ctx, key, index, target, lx, lz, 0.0)
        for gap in GAPS:
            yield local_candidate(ctx, key, index, target, 0.0, target.d / 2 + gap + d / 2, 0.0)
            yield local_candidate(ctx, key, index, target, 0.0, -(target.d / 2 + gap + d / 2), 0.0)


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'next to': each subject within the gap of its nearest target."""
    def ok(s: Placement) -> tuple[bool, str]:
        gap = footprint_gap(s, nearest(s, targets))
        return gap <= CHECK_MAX_GAP, f"{s.id} is {gap:.2f} m from the nearest target (max {CHECK_MAX_GAP})"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'next to' on the rendered meshes: each subject near a target."""
    return each(subjects, lambda s: any(horizontal_gap(s, t) <= JUDGE_MAX_GAP for t in targets),
                f"within {JUDGE_MAX_GAP} m of a target")


SPEC = RelationSpec("next_to", 8, candidates, check, judge)
