"""Shared pieces of the relation kinds' solver candidates."""

from __future__ import annotations

from tools.core.schema import Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.space import SOLVER_CLEARANCE, Box


def relation_targets(ctx: LayoutContext, relation: Relation, index: int) -> list[Box]:
    """Placed target instances, rotated so instance ``index`` starts with its own (round robin)."""
    targets = ctx.placed(relation.target) if relation.target else []
    if not targets:
        return []
    start = index % len(targets)
    return targets[start:] + targets[:start]


def all_targets(ctx: LayoutContext, relation: Relation) -> list[Box]:
    """Placed target instances in their own order (rings and pairs share them out themselves)."""
    return ctx.placed(relation.target) if relation.target else []


def local_candidate(ctx: LayoutContext, key: str, index: int, target: Box, lx: float, lz: float,
                    local_yaw: float) -> Candidate:
    """Instance ``index`` of ``key`` at (lx, lz) in the target's own frame, turned by ``local_yaw`` from it."""
    x, z = target.to_world(lx, lz)
    return ctx.box(key, index, x, z, target.yaw + local_yaw), SOLVER_CLEARANCE


def root_of(ctx: LayoutContext, box: Box) -> Box:
    """The floor-standing object under ``box`` (a TV's stand), or the box itself."""
    while box.parent is not None and box.parent in ctx.space.boxes:
        box = ctx.space.boxes[box.parent]
    return box
