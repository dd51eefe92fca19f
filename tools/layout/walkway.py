"""Keep a furnished room walkable: move or drop the furnishings that split it or block a used side.

After every spec is placed, the room is measured (tools/layout/walkable.py). When it falls short, every
furnishing the planner added (not what the prompt named) that stands on the floor is taken out, with what
stands on it. If that does not help, they all go back where they stood: what the prompt named blocks the room
by itself. Else they come back one at a time, most important first (places.toml lists a place's furnishings
in that order, and the planner adds them so): where each stood when that leaves the room no worse than
without the furnishings, else at the first of a few fitting poses that does, else it stays out. So the least
important are the ones moved or dropped. A furnishing that carries something the prompt named stays put.
What the prompt named always stays, walkable or not; a named thing nothing else is placed from may be moved when
that makes the room better (never dropped), to a pose that keeps the relations holding it (elsewhere against
the wall, the other end of it). If the room is still split, the verifier's navigability check fails
with the figures.

The work is bounded by MAX_MEASURES room measures, so a full room costs a fixed amount more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from tools.core.schema import Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.space import Box
from tools.layout.stated import all_hold, holding
from tools.layout.walkable import Walkability, blocks, measure

Stream = Callable[[str, int], Iterable[Candidate]]  # (spec key, instance index) -> candidate poses, best first
MOVE_TRIES = 4  # fitting poses measured for a furnishing that cannot go back, before it is left out
# Fitting poses measured for a named thing before it stays where it stood: more, as it is never dropped, and
# the poses that keep its relation often run along one wall first (MAX_MEASURES still bounds the work).
NAMED_MOVE_TRIES = 16
CANDIDATES_SCANNED = 3000  # candidate poses looked at per furnishing moved
MAX_MEASURES = 200  # room measures per layout
SHARE_SLACK = 0.005  # a furnishing may cost the region this much share and still come back


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

    def __init__(self, ctx: LayoutContext, measures: int) -> None:
        self.ctx, self.left = ctx, measures

    def measure(self) -> Walkability:
        """The room's walkability now, one measure spent."""
        self.left -= 1
        return measure(self.ctx.space)


def no_worse(state: Walkability, than: Walkability) -> bool:
    """Whether ``state`` is walkable when ``than`` is; else whether it reaches as much as ``than`` and its
    share is within SHARE_SLACK of it."""
    if than.ok:
        return state.ok
    (lost, short), (lost_then, short_then) = state.shortfall, than.shortfall
    return lost <= lost_then and short <= short_then + SHARE_SLACK


def keep_walkable(ctx: LayoutContext, stream: Stream, measures: int = MAX_MEASURES) -> Walkability:
    """Move or drop furnishings until the room is walkable, or as walkable as what the prompt named lets it be,
    then move named things nothing is placed from if that helps, within ``measures`` room measures; returns the
    final measure."""
    budget = _Budget(ctx, measures)
    state = budget.measure()
    if state.ok:
        return state
    state = _refurnish(ctx, stream, budget, state)
    return state if state.ok else _shift_named(ctx, stream, budget, state)


def _refurnish(ctx: LayoutContext, stream: Stream, budget: _Budget, state: Walkability) -> Walkability:
    """The furnishings out, then back one at a time where they leave the room no worse (module docstring)."""
    groups = [_lift(ctx, box) for box in reversed(furnishings_last_first(ctx))]  # most important first
    floor = budget.measure()
    if floor.shortfall >= state.shortfall:
        for group in groups:
            _put(ctx, group)
        return state
    state = floor
    for group in groups:
        if budget.left <= 0:
            break  # the rest stay out: the room keeps what it has measured
        if ctx.fits(group[0], 0.0):  # a furnishing moved earlier may stand there now
            _put(ctx, group)
            back = budget.measure()
            if no_worse(back, floor):
                state = back
                continue
            _take(ctx, group)
        state = _put_elsewhere(ctx, group, lambda after: no_worse(after, floor), stream, budget) or state
    return state


def movable_named(ctx: LayoutContext) -> list[tuple[Box, list[Relation]]]:
    """Named things standing on the floor and carrying nothing that the layout may move, each with the relations
    holding it that a new pose must keep: first those no relation holds, then those only their own relations
    hold (against the wall, in a corner: nothing else is placed from them); last named first in each."""
    targeted = {r.target for r in ctx.plan.relations if r.target}
    bound = {r.subject for r in ctx.plan.relations}
    named = [o.key for o in ctx.plan.objects if o.requested and o.key not in targeted]
    ordered = [key for key in reversed(named) if key not in bound] + [key for key in reversed(named) if key in bound]
    return [(box, holding(ctx, key)) for key in ordered for box in reversed(ctx.placed(key))
            if blocks(box) and not ctx.space.children(box.id)]


def _shift_named(ctx: LayoutContext, stream: Stream, budget: _Budget, state: Walkability) -> Walkability:
    """Move named things, one at a time, to a pose that leaves the room better and keeps the relations that held
    them: they never leave it."""
    for box, kept in movable_named(ctx):
        moved: Walkability | None = state
        while moved is not None and not moved.ok and budget.left > 0:  # again from where it went, while it helps
            lifted = _lift(ctx, box)
            moved = _put_elsewhere(ctx, lifted, _better_than(state), stream, budget,
                                   keeps=all_hold(ctx, kept), tries=NAMED_MOVE_TRIES)
            if moved is None:
                _put(ctx, lifted)
            else:
                state = moved
    return state


def _better_than(state: Walkability) -> Callable[[Walkability], bool]:
    return lambda after: after.shortfall < state.shortfall


def _lift(ctx: LayoutContext, box: Box) -> list[Box]:
    """Take ``box`` and what stands on it (at any depth) out of the space; returns them, the box first."""
    lifted = [ctx.space.remove(box.id)]
    for item in lifted:
        lifted += [ctx.space.remove(child.id) for child in ctx.space.children(item.id)]
    return lifted


def _put(ctx: LayoutContext, boxes: list[Box]) -> None:
    for box in boxes:
        ctx.space.add(box)


def _take(ctx: LayoutContext, boxes: list[Box]) -> None:
    for box in boxes:
        ctx.space.remove(box.id)


def _put_elsewhere(ctx: LayoutContext, lifted: list[Box], good: Callable[[Walkability], bool], stream: Stream,
                   budget: _Budget, keeps: Callable[[], bool] = lambda: True,
                   tries: int = MOVE_TRIES) -> Walkability | None:
    """Stand the lifted thing at the first fitting pose that ``keeps`` (asked with the pose placed) and after
    which the room's measure is ``good``; returns that measure, or None when no pose tried is (the thing is
    then out of the space)."""
    box = lifted[0]
    index = ctx.ids[box.spec].index(box.id)
    tried = 0
    for scanned, (pose, clearance) in enumerate(stream(box.spec, index)):
        if tried >= tries or scanned >= CANDIDATES_SCANNED or budget.left <= 0:
            break
        if pose.parent is not None or not ctx.fits(pose, clearance):
            continue
        ctx.space.add(pose)
        if not keeps():
            ctx.space.remove(pose.id)
            continue
        tried += 1
        after = budget.measure()
        if good(after):
            _carry(ctx, box, pose, lifted[1:])
            return after
        ctx.space.remove(pose.id)
    return None


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
