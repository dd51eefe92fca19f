"""'each_with': every target instance gets its own subject instance beside it (a chair at each desk)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.groups import each_with_candidates
from tools.layout.relation_kinds.checking import footprint_gap, footprint_gap_at_least
from tools.layout.relation_kinds.judging import MeshBox, each, horizontal_gap
from tools.layout.relation_kinds.placing import all_targets
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room

CHECK_MAX_GAP = 0.6
JUDGE_MAX_GAP = 1.5


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'each with': a spot by each target in turn."""
    yield from each_with_candidates(ctx, key, index, all_targets(ctx, relation))


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'each with': every target has a subject of its own near it."""
    free = list(subjects)
    lonely = []
    for t in targets:
        gaps = [(footprint_gap(s, t), i) for i, s in enumerate(free) if footprint_gap_at_least(s, t) <= CHECK_MAX_GAP]
        nearby = [(gap, i) for gap, i in gaps if gap <= CHECK_MAX_GAP]
        if not nearby:
            lonely.append(t.id)
            continue
        free.pop(min(nearby)[1])
    if lonely:
        return False, f"no subject within {CHECK_MAX_GAP} m of {', '.join(lonely[:4])}"
    return True, f"each of {len(targets)} target(s) has its own subject"


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'each with' on the rendered meshes: every target has a subject near it."""
    return each(targets, lambda t: any(horizontal_gap(s, t) <= JUDGE_MAX_GAP for s in subjects),
                f"targets with a subject within {JUDGE_MAX_GAP} m")


SPEC = RelationSpec("each_with", 3, candidates, check, judge)
