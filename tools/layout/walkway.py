"""Keep a furnished room walkable: move or drop the furnishings that split it or block a used side.

After every spec is placed, the room is measured (tools/layout/walkable.py). While it falls short, the
furnishings the planner added (not what the prompt named) are taken out one at a time in reverse
importance: places.toml lists a place's furnishings most important first, so the last added goes first.
A furnishing whose removal does not help goes back where it stood. One whose removal helps is put back
elsewhere, at the first of a few fitting poses that leaves the room no worse than without it, or else
left out. What stands on it moves with it (or is left out where it no longer fits). A furnishing that
carries something the prompt named stays. What the prompt named always stays, walkable or not: the
verifier's navigability check then fails with the figures.

The work is bounded by MAX_MEASURES room measures, so a full room costs a fixed amount more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from tools.layout.context import Candidate, LayoutContext
from tools.layout.space import Box
from tools.layout.walkable import Walkability, blocks, measure

Stream = Callable[[str, int], Iterable[Candidate]]  # (spec key, instance index) -> candidate poses, best first
MOVE_TRIES = 6  # fitting poses measured for a furnishing taken out, before it is left out
CANDIDATES_SCANNED = 3000  # candidate poses looked at per furnishing taken out
MAX_MEASURES = 120  # room measures per layout


def furnishings_last_first(ctx: LayoutContext) -> list[Box]:
    """Placed furnishings that block the floor, least important first; none that carries a named thing."""
    named = {o.key for o in ctx.plan.objects if o.requested}
    carried_named = {b.parent for b in ctx.space.boxes.values() if b.spec in named and b.parent}
    order = []
    for spec in reversed([o for o in ctx.plan.objects if not o.requested]):
        for box in reversed(ctx.placed(spec.key)):
            if blocks(box) and box.id not in carried_named:
                order.append(box)
    return order


class _Budget:
    """Counts room measures, so the repair stops after MAX_MEASURES of them."""

    def __init__(self, ctx: LayoutContext) -> None:
        self.ctx, self.left = ctx, MAX_MEASURES

    def measure(self) -> Walkability:
        self.left -= 1
        return measure(self.ctx.space)


def keep_walkable(ctx: LayoutContext, stream: Stream) -> Walkability:
    """Move or drop furnishings until the room is walkable or none is left to try; returns the final measure."""
    budget = _Budget(ctx)
    state = budget.measure()
    for box in furnishings_last_first(ctx):
        if state.ok or budget.left <= 0:
            break
        lifted = _lift(ctx, box)
        without = budget.measure()
        if without.shortfall >= state.shortfall:
            _put(ctx, lifted)
            continue
        state = _put_elsewhere(ctx, lifted, without, stream, budget)
    return state


def _lift(ctx: LayoutContext, box: Box) -> list[Box]:
    """Take ``box`` and what stands on it (at any depth) out of the space; returns them, the box first."""
    lifted = [ctx.space.remove(box.id)]
    for item in lifted:
        lifted += [ctx.space.remove(child.id) for child in ctx.space.children(item.id)]
    return lifted


def _put(ctx: LayoutContext, boxes: list[Box]) -> None:
    for box in boxes:
        ctx.space.add(box)


def _put_elsewhere(ctx: LayoutContext, lifted: list[Box], without: Walkability, stream: Stream,
                   budget: _Budget) -> Walkability:
    """Stand the lifted furnishing at the first fitting pose that leaves the room no worse than ``without``;
    returns the room's measure (``without`` when it stays out)."""
    box = lifted[0]
    index = ctx.ids[box.spec].index(box.id)
    tried = 0
    for scanned, (pose, clearance) in enumerate(stream(box.spec, index)):
        if tried >= MOVE_TRIES or scanned >= CANDIDATES_SCANNED or budget.left <= 0:
            break
        if pose.parent is not None or not ctx.fits(pose, clearance):
            continue
        tried += 1
        ctx.space.add(pose)
        after = budget.measure()
        if after.shortfall <= without.shortfall:
            _carry(ctx, box, pose, lifted[1:])
            return after
        ctx.space.remove(pose.id)
    return without


def _carry(ctx: LayoutContext, old: Box, new: Box, riders: list[Box]) -> None:
    """Move what stood on ``old`` (and on those, in order) onto ``new`` at the same spots of its top;
    a rider that no longer fits there is left out, with what stands on it."""
    was = {old.id: old, **{r.id: r for r in riders}}
    moved = {old.id: new}
    for rider in riders:
        base = moved.get(rider.parent or "")
        if base is None:
            continue
        source = was[base.id]
        x, z = base.to_world(*source.to_local(rider.x, rider.z))
        pose = replace(rider, x=x, z=z, y=base.top, yaw=rider.yaw + base.yaw - source.yaw)
        if ctx.fits(pose, 0.0):
            ctx.space.add(pose)
            moved[rider.id] = pose
