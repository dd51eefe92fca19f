"""'behind': the subject on the target's -Z side, facing the way the target does."""

from __future__ import annotations

from collections.abc import Iterator

from tools.core.schema import Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.relation_kinds.in_front_of import LATERAL_OFFSETS, side_check, side_judge
from tools.layout.relation_kinds.placing import local_candidate, relation_targets
from tools.layout.relation_kinds.spec import RelationSpec

GAPS = (0.05, 0.15, 0.3, 0.5, 0.8)  # solver: a chair behind a desk, nearest first


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'behind': spots behind each target at growing gaps and sideways offsets."""
    d = ctx.sizes[key][2]
    for target in relation_targets(ctx, relation, index):
        for gap in GAPS:
            for lateral in LATERAL_OFFSETS:
                yield local_candidate(ctx, key, index, target, lateral, -(target.d / 2 + gap + d / 2), 0.0)


SPEC = RelationSpec("behind", 7, candidates, side_check(-1), side_judge(-1), follows_target_front=True)
