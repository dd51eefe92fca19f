"""'around': the subject's instances in a ring around the target, facing it (chairs round a table)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy as np

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.groups import around_candidates
from tools.layout.relation_kinds.checking import angle_to, every_instance, footprint_gap, nearest
from tools.layout.relation_kinds.judging import MeshBox, each, horizontal_gap, span
from tools.layout.relation_kinds.placing import all_targets
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room

CHECK_MAX_GAP = 1.0  # subject to target footprint, or half the larger object's size if more (houses round a well)
CHECK_FACING_ANGLE = math.radians(45)
CHECK_MAX_ANGULAR_GAP = math.pi + 1e-3  # subjects are not all on one side
JUDGE_MAX_GAP = 2.5  # each subject's horizontal box gap to the target
JUDGE_CENTROID_OFFSET = 1.0  # subjects' centroid to the target's centre, metres (or a quarter of its size)


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'around': spots round the targets."""
    yield from around_candidates(ctx, key, index, all_targets(ctx, relation))


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'around': each subject near its nearest target, and the subjects spread round it."""
    groups: dict[str, list[Placement]] = {}

    def ok(s: Placement) -> tuple[bool, str]:
        t = nearest(s, targets)
        groups.setdefault(t.id, []).append(s)
        limit = max(CHECK_MAX_GAP, max(t.size[0], t.size[2], s.size[0], s.size[2]) / 2)
        gap = footprint_gap(s, t)
        if gap > limit:
            return False, f"{s.id} is {gap:.2f} m from {t.id} (max {limit:.2f})"
        angle = angle_to(s, t.position[0], t.position[2])
        return angle <= CHECK_FACING_ANGLE, f"{s.id} does not face {t.id} ({math.degrees(angle):.0f} deg)"
    passed, evidence = every_instance(subjects, ok)
    if not passed:
        return passed, evidence
    for target_id, members in groups.items():
        t = next(t for t in targets if t.id == target_id)
        if len(members) >= 2:
            angles = sorted(math.atan2(m.position[0] - t.position[0], m.position[2] - t.position[2]) for m in members)
            gaps = [b - a for a, b in zip(angles, angles[1:])] + [angles[0] + 2 * math.pi - angles[-1]]
            if max(gaps) > CHECK_MAX_ANGULAR_GAP:
                return False, f"the {len(members)} around {target_id} are all on one side"
    return passed, evidence


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'around' on the rendered meshes: subjects near the target, centred on it."""
    if not targets:
        return False, "no target"
    target = targets[0]
    centroid = np.mean([s.centre for s in subjects], axis=0)
    offset = float(np.linalg.norm((centroid - target.centre)[[0, 2]]))
    allowed = max(JUDGE_CENTROID_OFFSET, 0.25 * float(max(target.hi[0] - target.lo[0], target.hi[2] - target.lo[2])))
    # Big things (houses round a well) stand further off than chairs round a table: the gap scales with size.
    near, evidence = each(subjects, lambda s: horizontal_gap(s, target) <= max(JUDGE_MAX_GAP, 0.5 * span(s)),
                          f"within max({JUDGE_MAX_GAP} m, half its own width) of {target.id}")
    passed = near and offset <= allowed
    return passed, f"centroid {offset:.2f} m from {target.id} (<= {allowed:.2f}); {evidence}"


SPEC = RelationSpec("around", 4, candidates, check, judge, orients_subject=True)
