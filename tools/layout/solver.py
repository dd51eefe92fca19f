"""The layout solver: a plan and asset sizes in, one non-overlapping, supported, in-bounds placement per instance out.

Specs are placed one at a time in dependency order (a relation's target before
its subject; supports before free surface objects). Each instance takes the
first candidate pose that fits, from its relation's candidates
(tools/layout/relations.py) and then the free-placement stream
(tools/layout/free.py). Every stream is finite, so a plan that cannot fit ends
in a LayoutError after bounded work instead of a search that never returns.
Collision queries go through a spatial hash grid, so the cost per object stays
roughly constant as the scene grows.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable
from itertools import islice

from tools.core.errors import LayoutError
from tools.core.geometry import triple
from tools.core.schema import Environment, Placement, Relation, ScenePlan, instance_ids
from tools.knowledge.categories import CATEGORIES, Mount
from tools.layout.air import airborne
from tools.layout.context import FLAT_HEIGHT, Candidate, LayoutContext, Vec3  # flat: placed last, on open floor
from tools.layout.free import free_candidates
from tools.layout.openings import reserve_openings
from tools.layout.relations import PRIMARY_ORDER, ROOM_RELATIONS, SELF_RELATIONS, relation_candidates
from tools.layout.space import Box, Space
from tools.layout.stated import to_placement
from tools.layout.walkable import Walkability
from tools.layout.walkway import MAX_MEASURES, keep_walkable

log = logging.getLogger(__name__)

RELATION_TRIES = 400  # candidate poses tried for a relation before free placement
FREE_TRIES = 6000  # candidate poses of the free stream, scan included
RELAYOUT_SEEDS = 3  # more seeds tried when a repaired room is still not walkable; the most walkable layout wins
# Room measures each of those layouts' repair may spend (the first spends walkway.MAX_MEASURES): a quarter, so a
# room no seed makes walkable costs at most about twice the repair of one layout.
RELAYOUT_MEASURES = MAX_MEASURES // 4
GRID_CELL_MIN, GRID_CELL_MAX = 0.5, 4.0


def room_bounds(env: Environment) -> tuple[Vec3, Vec3]:
    """(min, max) corners of the space objects must stay in; the floor is y = 0, centred on the origin."""
    if env.width <= 0 or env.depth <= 0 or env.height <= 0:
        raise ValueError(f"environment extent must be positive, got {env.width} x {env.depth} x {env.height}")
    return (-env.width / 2, 0.0, -env.depth / 2), (env.width / 2, env.height, env.depth / 2)


def effective_mount(category: str, indoor: bool) -> Mount:
    """The category's mount; outdoors there are no walls or ceiling, so those stand on the ground."""
    mount = CATEGORIES[category].mount
    if not indoor and mount in ("wall", "ceiling"):
        return "floor"
    return mount


def primary_relation(plan: ScenePlan, key: str) -> Relation | None:
    """The relation that decides where ``key`` goes: the most binding valid one."""
    keys = {o.key for o in plan.objects}

    def usable(r: Relation) -> bool:
        if r.kind in SELF_RELATIONS or r.kind in ROOM_RELATIONS:
            return True
        return r.target in keys and r.target != key

    valid = [r for r in plan.relations if r.subject == key and usable(r)]
    return min(valid, key=lambda r: PRIMARY_ORDER.index(r.kind), default=None)


def _dependencies(plan: ScenePlan, mounts: dict[str, Mount]) -> dict[str, set[str]]:
    """key -> keys that must be placed first: relation targets, and supports for free surface objects."""
    deps: dict[str, set[str]] = {o.key: set() for o in plan.objects}
    for r in plan.relations:
        if r.subject in deps and r.target in deps and r.target != r.subject:
            deps[r.subject].add(r.target)
    supports = [o.key for o in plan.objects if CATEGORIES[o.category].supports and mounts[o.key] == "floor"]
    for obj in plan.objects:
        if mounts[obj.key] == "surface" and primary_relation(plan, obj.key) is None:
            for s in supports:
                if s != obj.key and not _reaches(deps, s, obj.key):
                    deps[obj.key].add(s)
    return deps


def _reaches(deps: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, stack = set(), [start]
    while stack:
        key = stack.pop()
        if key == goal:
            return True
        if key not in seen:
            seen.add(key)
            stack.extend(deps[key])
    return False


def placement_order(plan: ScenePlan, sizes: dict[str, Vec3], mounts: dict[str, Mount],
                    first: frozenset[str] = frozenset()) -> list[str]:
    """Spec keys, targets before subjects; among ready specs, ``first`` (and what they wait for) before all,
    then arrangements (and what they wait for), big floor furniture, surface, wall, ceiling objects, and flat
    coverings last. Cycles are broken at the best-ranked spec."""
    deps = _dependencies(plan, mounts)
    leading = {key for key in deps if any(_reaches(deps, start, key) for start in first)}
    mount_rank = {"floor": 1, "surface": 2, "wall": 3, "ceiling": 4, "air": 4}

    def own_group(key: str) -> int:
        primary = primary_relation(plan, key)
        if primary is not None and primary.kind in ("row", "grid", "front", "center"):
            return 0
        return 5 if sizes[key][1] < FLAT_HEIGHT and mounts[key] == "floor" else mount_rank[mounts[key]]

    # A target goes as early as the earliest spec that waits for it: an arrangement's target (the counter the
    # rows of chairs face) before the free furniture that would take the arrangement's room.
    groups = {key: own_group(key) for key in deps}
    for _ in range(len(deps)):
        for key, needs in deps.items():
            for target in needs:
                groups[target] = min(groups[target], groups[key])

    def rank(key: str) -> tuple:
        w, h, d = sizes[key]
        primary = primary_relation(plan, key)
        group = groups[key]
        # Subjects of a relation follow their target at once, before free objects take the space they need.
        follows_target = 0 if primary is not None and primary.target not in (None, key) else 1
        return key not in leading, group, follows_target, -w * d, key

    order: list[str] = []
    remaining = set(deps)
    while remaining:
        ready = [k for k in remaining if not (deps[k] & remaining)] or list(remaining)
        chosen = min(ready, key=rank)
        order.append(chosen)
        remaining.discard(chosen)
    return order


def _first_fit(ctx: LayoutContext, candidates: Iterable[Candidate], budget: int) -> Box | None:
    for attempt, (box, clearance) in enumerate(candidates):
        if attempt >= budget:
            return None
        if ctx.fits(box, clearance):
            ctx.space.add(box)
            return box
    return None


def _describe_space(env: Environment) -> str:
    place = "room" if env.kind == "indoor" else "area"
    return f"the {env.width:.1f} m x {env.depth:.1f} m {place}"


def _check_inputs(plan: ScenePlan, sizes: dict[str, Vec3]) -> None:
    for obj in plan.objects:
        if obj.category not in CATEGORIES:
            raise ValueError(f"spec {obj.key!r} has unknown category {obj.category!r}")
        if obj.key not in sizes:
            raise ValueError(f"no asset size for spec {obj.key!r}")
        if len(sizes[obj.key]) != 3 or min(sizes[obj.key]) <= 0:
            raise ValueError(f"asset size of {obj.key!r} must be three positive extents, got {sizes[obj.key]}")


def _grid_cell(sizes: dict[str, Vec3]) -> float:
    extents = sorted(max(w, d) for w, _, d in sizes.values()) or [1.0]
    return min(max(extents[len(extents) // 2], GRID_CELL_MIN), GRID_CELL_MAX)


def new_context(plan: ScenePlan, sizes: dict[str, Vec3], seed: int) -> LayoutContext:
    """An empty room (or area) to fill: its bounds, the instances' ids and mounts, windows and doors kept clear."""
    indoor = plan.environment.kind == "indoor"
    lo, hi = room_bounds(plan.environment)
    sizes = {k: triple(float(v) for v in s) for k, s in sizes.items()}
    mounts = {o.key: effective_mount(o.category, indoor) for o in plan.objects}
    wall_above = frozenset(r.target for r in plan.relations
                           if r.kind == "above" and r.target in mounts and mounts.get(r.subject) == "wall")
    ctx = LayoutContext(plan=plan, space=Space(lo, hi, indoor, _grid_cell(sizes)), rng=random.Random(seed),
                        sizes=sizes, ids={o.key: instance_ids(o.key, o.count) for o in plan.objects}, mounts=mounts,
                        wall_above=wall_above)
    reserve_openings(ctx.space, plan.environment)
    ctx.space.under = {(r.subject, r.target) for r in plan.relations if r.kind == "under" and r.target}
    ctx.space.held = {(r.subject, r.target) for r in plan.relations if r.kind == "held_in" and r.target}
    return ctx


def solve_layout(plan: ScenePlan, sizes: dict[str, Vec3], seed: int = 0) -> list[Placement]:
    """Place every instance of every spec.

    sizes: ObjectSpec.key -> (w, h, d) extent of its asset in metres.
    Returns placements in placement order; raises LayoutError naming what did not fit.
    """
    _check_inputs(plan, sizes)
    ctx, state = _lay_out(plan, sizes, seed)
    # A room the repair could not make walkable is often one unlucky pose of a named thing others are placed
    # from (two beds with a gap between them narrower than a walker): the next seeds lay it out afresh.
    for retry in range(1, RELAYOUT_SEEDS + 1):
        if state is None or state.ok:
            break
        try:
            again, again_state = _lay_out(plan, sizes, seed + retry, RELAYOUT_MEASURES)
        except LayoutError:
            continue
        if again_state is not None and again_state.shortfall < state.shortfall:
            ctx, state = again, again_state
    return [to_placement(box) for box in ctx.space.boxes.values()]


def _lay_out(plan: ScenePlan, sizes: dict[str, Vec3], seed: int,
             measures: int = MAX_MEASURES) -> tuple[LayoutContext, Walkability | None]:
    """One layout with ``seed``, and indoors its walkability after a repair of at most ``measures`` room measures
    (None outdoors)."""
    ctx, missing = _fill(plan, sizes, seed, frozenset())
    named_missing = _named(plan, missing)
    if named_missing:
        # What the prompt names comes before what the place's furnishing adds: once more, the named things that
        # did not fit first (a path through a furnished room, curtains before the desk takes their wall).
        ctx, missing = _fill(plan, sizes, seed, frozenset(named_missing))
        named_missing = _named(plan, missing)
    if named_missing:
        raise LayoutError("; ".join(_failure_message(plan, sizes, key, n) for key, n in named_missing.items()))
    for key, n in missing.items():
        log.info("left out %d of %d furnishing %r: no room for it", n, plan.spec(key).count, key)
    if not ctx.indoor:
        return ctx, None
    return ctx, keep_walkable(ctx, lambda key, index: _candidates(ctx, key, index), measures)


def _fill(plan: ScenePlan, sizes: dict[str, Vec3], seed: int,
          first: frozenset[str]) -> tuple[LayoutContext, dict[str, int]]:
    """A new context with every spec placed in order (``first`` leading); and spec key -> instances not placed."""
    ctx = new_context(plan, sizes, seed)
    missing: dict[str, int] = {}
    for key in placement_order(plan, ctx.sizes, ctx.mounts, first):
        missing_here = _place_spec(ctx, key)
        if missing_here:
            missing[key] = missing_here
    return ctx, missing


def _named(plan: ScenePlan, missing: dict[str, int]) -> dict[str, int]:
    """What the prompt names of ``missing``: it must fit (else the numbers, exit 2); furnishings may be left out."""
    return {key: n for key, n in missing.items() if plan.spec(key).requested}


def _place_spec(ctx: LayoutContext, key: str) -> int:
    """Place every instance of ``key``; returns how many could not be placed."""
    relation = primary_relation(ctx.plan, key)
    ids = ctx.ids[key]
    for index in range(len(ids)):
        if relation is not None and _first_fit(ctx, _relation_stream(ctx, relation, key, index), RELATION_TRIES):
            continue
        if _first_fit(ctx, free_candidates(ctx, key, index), FREE_TRIES) is None:
            # The room only fills up, so later instances of the same size would fail too.
            return len(ids) - index
    return 0


def _candidates(ctx: LayoutContext, key: str, index: int) -> Iterable[Candidate]:
    """Every pose the solver would try for an instance: its relation's candidates, then the free stream."""
    relation = primary_relation(ctx.plan, key)
    if relation is not None:
        yield from islice(_relation_stream(ctx, relation, key, index), RELATION_TRIES)
    yield from free_candidates(ctx, key, index)


def _relation_stream(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterable[Candidate]:
    candidates = relation_candidates(ctx, relation, key, index)
    return airborne(ctx, key, index, relation, candidates) if ctx.mounts[key] == "air" else candidates


def _failure_message(plan: ScenePlan, sizes: dict[str, Vec3], key: str, missing: int) -> str:
    spec = plan.spec(key)
    w, h, d = sizes[key]
    env = plan.environment
    too_tall = f", {env.height:.1f} m high" if env.kind == "indoor" and h > env.height else ""
    return (f"could not place {missing} of {spec.count} {key!r} ({w:.1f} m x {d:.1f} m, {h:.1f} m tall) "
            f"in {_describe_space(env)}{too_tall}")
