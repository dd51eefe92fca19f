"""Candidate poses that honour one relation, best first.

Each relation kind's own candidates live in tools.layout.relation_kinds; here
a wall or ceiling mounted subject is first sent where its mount allows (the
kind's ``wall_subject`` / ``ceiling_subject`` say whether the kind places such
subjects itself). The solver takes the first candidate that fits and falls
back to free placement when none does, so a relation that cannot be met never
blocks a layout (the requirement check reports it instead).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from tools.core.schema import Relation
from tools.layout.context import Candidate, LayoutContext, ceiling_candidates, wall_mount_candidates
from tools.layout.relation_kinds import RELATIONS
from tools.layout.relation_kinds.placing import relation_targets
from tools.layout.space import Box

# Which relation decides where a spec goes when it has several, most binding first.
PRIMARY_ORDER = tuple(sorted(RELATIONS, key=lambda kind: RELATIONS[kind].binding))
SELF_RELATIONS = {k for k, s in RELATIONS.items() if s.words.takes == "self"}  # the target may be None or itself
ROOM_RELATIONS = {k for k, s in RELATIONS.items() if s.words.takes == "room"}


def _on_wall_near(ctx: LayoutContext, key: str, index: int, targets: list[Box]) -> Iterator[Candidate]:
    """Wall-mounted subjects of a floor relation: the wall spots nearest the target."""
    candidates = list(wall_mount_candidates(ctx, key, index))
    if targets:
        t = targets[0]
        candidates.sort(key=lambda c: math.hypot(c[0].x - t.x, c[0].z - t.z))
    yield from candidates


def relation_candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for one relation, with wall- and ceiling-mounted subjects placed as the kind says."""
    spec = RELATIONS[relation.kind]
    mount = ctx.mounts[key]
    if mount == "wall" and spec.wall_subject == "near_target":
        yield from _on_wall_near(ctx, key, index, relation_targets(ctx, relation, index))
    elif mount == "wall" and spec.wall_subject == "any_wall":
        yield from wall_mount_candidates(ctx, key, index)
    elif mount == "ceiling" and spec.ceiling_subject == "over":
        targets = relation_targets(ctx, relation, index)
        lo, hi = ctx.space.lo, ctx.space.hi
        x, z = (targets[0].x, targets[0].z) if targets else ((lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2)
        yield from ceiling_candidates(ctx, key, index, x, z)
    else:
        yield from spec.candidates(ctx, relation, key, index)
