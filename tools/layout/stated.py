"""Whether the relations the prompt stated of a spec hold on the boxes placed now, by the layout's own check
(each relation kind's ``check``, the one the verifier runs on the final placements)."""

from __future__ import annotations

import math
from collections.abc import Callable

from tools.core.schema import Placement, Relation
from tools.core.windows import windows_of
from tools.layout.context import LayoutContext
from tools.layout.relation_kinds import RELATIONS
from tools.layout.relation_kinds.spec import Room
from tools.layout.space import Box


def to_placement(box: Box) -> Placement:
    """The placement a box stands for."""
    yaw = math.remainder(box.yaw, 2 * math.pi)
    return Placement(
        id=box.id, spec=box.spec, category=box.category, asset=box.spec,
        position=(box.x, box.y, box.z), yaw=yaw, size=(box.w, box.h, box.d), parent=box.parent, mount=box.mount,
        variant=box.variant,
    )


def holds(ctx: LayoutContext, relation: Relation) -> bool:
    """Whether ``relation`` holds for the instances placed now."""
    subjects = [to_placement(b) for b in ctx.placed(relation.subject)]
    targets = [to_placement(b) for b in ctx.placed(relation.target)] if relation.target else []
    room = Room(ctx.space.lo, ctx.space.hi, windows_of(ctx.plan.environment))
    return RELATIONS[relation.kind].check(subjects, targets, room, relation.param)[0]


def holding(ctx: LayoutContext, key: str) -> list[Relation]:
    """The relations with ``key`` as their subject that hold now."""
    return [r for r in ctx.plan.relations if r.subject == key and r.kind in RELATIONS and holds(ctx, r)]


def all_hold(ctx: LayoutContext, relations: list[Relation]) -> Callable[[], bool]:
    """A test of whether every one of ``relations`` holds at the time it is asked."""
    return lambda: all(holds(ctx, r) for r in relations)
