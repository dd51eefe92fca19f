"""Relations that arrange a group of instances together: around, each_with, row, grid.

Slots are computed once per spec (cached on the context) so that instance i
gets the i-th slot of one coherent arrangement.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace

from tools.knowledge.categories import has_trait
from tools.layout.context import Candidate, LayoutContext
from tools.layout.space import SOLVER_CLEARANCE, Box, footprints_overlap

Slot = tuple[float, float, float]  # (x, z, yaw) in the target's frame
ROUND_SHAPES = {"round", "circle", "circular"}
TUCK_GAP = 0.05  # chairs at a table edge
ROW_GAP_INDOOR = 0.25  # between neighbours in a row
ROW_AISLE_INDOOR = 0.7  # walkway between rows
# Indoors an aisle (between rows, and at one end of the block of rows) stays this wide while the rows leave
# the room walkable: a 0.4 m walker (tools/layout/walkable.py) with a cell to spare on either side.
MIN_AISLE_INDOOR = 0.5
WALKABLE_SPREADS = (1.0, 0.6, 0.3)  # shrink factors for row gaps when the full spacing does not fit
PACKED_SPREAD = 0.3  # the last resort when no walkable arrangement holds every instance: aisles shrink too


def _is_rect_target(ctx: LayoutContext, target: Box) -> bool:
    shape = (ctx.plan.spec(target.spec).shape or "").lower()
    return has_trait(target.category, "straight_sides") and shape not in ROUND_SHAPES


def perimeter_slots(target: Box, count: int, width: float, depth: float, gap: float) -> list[Slot]:
    """``count`` slots along a rectangle's sides, facing its centre; long sides first, balanced by length.

    A side is (axis length, normal): +Z and -Z sides run along the width, +X and -X along the depth.
    """
    sides = [(target.w, (0, 1)), (target.w, (0, -1)), (target.d, (1, 0)), (target.d, (-1, 0))]
    counts = [0, 0, 0, 0]
    for _ in range(count):
        best = min(range(4), key=lambda i: ((counts[i] + 1) / max(sides[i][0], 1e-3), i))
        counts[best] += 1
    slots: list[Slot] = []
    for (length, (nx, nz)), n in zip(sides, counts):
        offset = (target.d if nz else target.w) / 2 + gap + depth / 2
        for k in range(n):
            t = -length / 2 + length * (k + 0.5) / n
            lx, lz = (t, nz * offset) if nz else (nx * offset, t)
            slots.append((lx, lz, math.atan2(-nx, -nz)))
    return slots


def ring_slots(target: Box, count: int, width: float, depth: float, gap: float, start: float = 0.0) -> list[Slot]:
    """``count`` slots evenly on a circle around the target, facing it; the radius grows until neighbours clear."""
    radius = max(target.w, target.d) / 2 + gap + depth / 2
    for _ in range(60):
        slots = [(radius * math.sin(a), radius * math.cos(a), a + math.pi)
                 for a in (start + 2 * math.pi * k / count for k in range(count))]
        if count < 2 or not _neighbours_overlap(slots, width, depth):
            return slots
        radius *= 1.08
    return slots


def _neighbours_overlap(slots: list[Slot], width: float, depth: float) -> bool:
    a = Box("a", "", "", slots[0][0], 0, slots[0][1], slots[0][2], width, 1, depth)
    b = Box("b", "", "", slots[1][0], 0, slots[1][1], slots[1][2], width, 1, depth)
    return footprints_overlap(a, b, 0.1)


def _block_assignment(count: int, targets: int) -> list[tuple[int, int]]:
    """(target index, slot index) of each subject instance: contiguous blocks, sizes differing by at most one."""
    base, extra = divmod(count, targets)
    out = []
    for t in range(targets):
        for k in range(base + (1 if t < extra else 0)):
            out.append((t, k))
    return out


def _slot_box(ctx: LayoutContext, key: str, index: int, target: Box, slot: Slot) -> Box:
    x, z = target.to_world(slot[0], slot[1])
    return ctx.box(key, index, x, z, target.yaw + slot[2])


def _group_slots(ctx: LayoutContext, target: Box, key: str, n: int, gap_extra: float, start: float) -> list[Slot]:
    w, _, d = ctx.sizes[key]
    if _is_rect_target(ctx, target):
        return perimeter_slots(target, n, w, d, TUCK_GAP + gap_extra)
    gap = (0.1 if ctx.indoor else max(0.6, 0.15 * max(target.w, target.d))) + gap_extra
    return ring_slots(target, n, w, d, gap, start)


def _slot_stream(ctx: LayoutContext, key: str, index: int, target: Box, group: int, k: int) -> Iterator[Candidate]:
    """Slot ``k`` of ``group`` around ``target``, then the other slots, looser and rotated arrangements."""
    for gap_extra in (0.0, 0.1, 0.3, 0.6):
        for start in (0.0, math.pi / group, math.pi / 2, math.pi / 4):
            slots = _group_slots(ctx, target, key, group, gap_extra, start)
            yield _slot_box(ctx, key, index, target, slots[k]), SOLVER_CLEARANCE
            for other in slots:
                yield _slot_box(ctx, key, index, target, other), SOLVER_CLEARANCE


def around_candidates(ctx: LayoutContext, key: str, index: int, targets: list[Box]) -> Iterator[Candidate]:
    """Instance ``index`` in its slot around its target (subjects split in blocks across target instances)."""
    if not targets:
        return
    assignment = _block_assignment(len(ctx.ids[key]), len(targets))
    t_index, k = assignment[index]
    group = sum(1 for t, _ in assignment if t == t_index)
    yield from _slot_stream(ctx, key, index, targets[t_index], group, k)


def each_with_candidates(ctx: LayoutContext, key: str, index: int, targets: list[Box]) -> Iterator[Candidate]:
    """Each target instance gets its own subjects: a seat alone goes behind it facing the same way,
    several seats go around it, anything else stands beside it."""
    if not targets:
        return
    n_t = len(targets)
    t_index, k = index % n_t, index // n_t
    per_target = -(-len(ctx.ids[key]) // n_t)
    target = targets[t_index]
    w, _, d = ctx.sizes[key]
    seat = ctx.category(key).has("seat")
    if seat and per_target >= 2:
        yield from _slot_stream(ctx, key, index, target, per_target, k)
        return
    if seat:  # behind it facing the same way (a desk in a row); at its front facing it when that side is a wall
        for side, turn in ((-1, 0.0), (1, math.pi)):
            for gap in (TUCK_GAP, 0.15, 0.3):
                for lateral in (0.0, 0.2, -0.2):
                    offset = (lateral, side * (target.d / 2 + gap + d / 2), turn)
                    yield _slot_box(ctx, key, index, target, offset), SOLVER_CLEARANCE
        yield from _slot_stream(ctx, key, index, target, 2, 0)
        return
    side = 1 if k % 2 == 0 else -1
    for gap in (0.05, 0.15, 0.3, 0.5):
        for s in (side, -side):
            yield _slot_box(ctx, key, index, target, (s * (target.w / 2 + gap + w / 2), 0.0, 0.0)), SOLVER_CLEARANCE
        yield _slot_box(ctx, key, index, target, (0.0, target.d / 2 + gap + d / 2, math.pi)), SOLVER_CLEARANCE


def _extra_depth_behind(ctx: LayoutContext, key: str) -> float:
    """Room that objects tied to each instance (a chair per desk) need behind it."""
    subjects = [r.subject for r in ctx.plan.relations if r.target == key and r.kind in ("each_with", "behind")]
    return max((ctx.sizes[s][2] + 0.3 for s in subjects if s in ctx.sizes), default=0.0)


def _extra_depth_in_front(ctx: LayoutContext, key: str) -> float:
    """Room that seats round each instance (two benches per table: one each side) need in front of it."""
    subjects = [r.subject for r in ctx.plan.relations if r.target == key and r.subject in ctx.sizes and (
        r.kind == "around" or r.kind == "each_with" and (r.param or 1) >= 2 and ctx.category(r.subject).has("seat"))]
    return max((ctx.sizes[s][2] + 0.3 for s in subjects), default=0.0)


FRONT_SPACE = 1.8  # metres kept at the front beside a front object's depth: its user's space and an aisle
FRONT_SPACE_TIGHT = MIN_AISLE_INDOOR  # when rows fill a room: the front object against the wall, an aisle before it


def _front_reserves(ctx: LayoutContext) -> list[float]:
    """Depths that may be kept free at the -Z side for objects placed at the front of the room, the roomiest
    first; [] when nothing goes at the front."""
    fronts = [r.subject for r in ctx.plan.relations if r.kind == "front" and r.subject in ctx.sizes]
    depth = max((ctx.sizes[s][2] for s in fronts), default=None)
    return [] if depth is None else [depth + FRONT_SPACE, depth + FRONT_SPACE_TIGHT]


def grid_layout(ctx: LayoutContext, key: str, rows: int, yaw: float, spread: float, centre: tuple[float, float],
                walkable: bool = True) -> list[Box]:
    """Instances in ``rows`` straight rows, all turned by ``yaw``; the block of rows plus the room behind
    each row (chairs) is centred on ``centre`` (x, z). ``walkable``: indoor aisles keep MIN_AISLE_INDOOR."""
    n = len(ctx.ids[key])
    w, _, d = ctx.sizes[key]
    cols = -(-n // rows)
    gap = (ROW_GAP_INDOOR if ctx.indoor else max(0.6, 0.4 * w)) * spread
    extra = _extra_depth_behind(ctx, key)
    aisle = (ROW_AISLE_INDOOR if ctx.indoor else max(1.0, 0.5 * d)) * spread
    front = 0.0
    if ctx.indoor and walkable:
        aisle = max(aisle, MIN_AISLE_INDOOR)
        front = _extra_depth_in_front(ctx, key)
    pitch = d + extra + front + aisle
    lead = front_aisle(ctx, key, aisle) if walkable else 0.0
    ex, ez = math.cos(yaw), -math.sin(yaw)  # along a row
    fx, fz = math.sin(yaw), math.cos(yaw)  # the way instances face
    boxes = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        u = (c - (in_row - 1) / 2) * (w + gap)
        v = ((rows - 1) / 2 - r) * pitch + (extra - front - lead) / 2
        boxes.append(ctx.box(key, i, centre[0] + u * ex + v * fx, centre[1] + u * ez + v * fz, yaw))
    return boxes


def front_aisle(ctx: LayoutContext, key: str, aisle: float) -> float:
    """Indoors, the aisle kept before the front-most row of things used from their front (desks, counters): the
    rows between have the aisle behind the row ahead, the first would face a wall. None when the room keeps its
    front free (a teacher's desk goes there): the rows then face that."""
    used_front = ctx.indoor and ctx.category(key).used_from == "front"
    return aisle if used_front and not _front_reserves(ctx) else 0.0


def _with_room_round(box: Box, behind: float, front: float) -> Box:
    """The box grown backwards by ``behind`` (a desk's chair) and forwards by ``front`` (a table's far bench)."""
    if behind <= 0 and front <= 0:
        return box
    x, z = box.to_world(0.0, (front - behind) / 2)
    return replace(box, x=x, z=z, d=box.d + behind + front)


def _count_fitting(ctx: LayoutContext, boxes: list[Box], behind: float = 0.0, front: float = 0.0,
                   lead: tuple[int, float] = (0, 0.0)) -> int:
    """How many of ``boxes`` fit together, each with room ``behind`` and in ``front`` of it; ``lead``: the first
    so many (the front-most row) with that much more in front."""
    added = []
    for i, box in enumerate(boxes):
        grown = _with_room_round(box, behind, front + (lead[1] if i < lead[0] else 0.0))
        if ctx.space.fits(grown):
            ctx.space.add(grown)
            added.append(grown.id)
    for box_id in added:
        ctx.space.remove(box_id)
    return len(added)


def _leaves_end_aisle(ctx: LayoutContext, boxes: list[Box], yaw: float) -> bool:
    """Indoors, whether the block of rows leaves an aisle to a wall at one end at least, so the aisles
    between rows join up; outdoors there is no wall to close them."""
    if not ctx.indoor or not boxes:
        return True
    along_x = abs(math.cos(yaw)) > 0.5  # the rows run along world x (else z)
    spans = [b.aabb_xz() for b in boxes]  # (min x, min z, max x, max z)
    k, axis = (0, 0) if along_x else (1, 2)
    low, high = min(s[k] for s in spans), max(s[k + 2] for s in spans)
    room = MIN_AISLE_INDOOR + ctx.space.margin
    return low - ctx.space.lo[axis] >= room or ctx.space.hi[axis] - high >= room


ROWS_TRIED = 6  # row counts fewest_rows tries before it settles for the best


def grid_slots(ctx: LayoutContext, key: str, rows: int) -> list[Box]:
    """The first walkable arrangement of rows whose every instance fits, else the first packed one, else the
    one fitting most."""
    return _rows_of(ctx, key, rows)[0]


def _rows_of(ctx: LayoutContext, key: str, rows: int) -> tuple[list[Box], bool]:
    """(grid_slots' boxes, whether they hold every instance with walkable aisles), computed once."""
    cache_key = ("grid", key, rows)
    if cache_key not in ctx.cache:
        n = len(ctx.ids[key])
        boxes, count = _arrangement(ctx, key, rows, walkable=True)
        if count < n:
            packed, packed_count = _arrangement(ctx, key, rows, walkable=False)
            if packed_count > count:
                boxes = packed
        ctx.cache[cache_key] = boxes, count == n
    return ctx.cache[cache_key]


def _arrangement(ctx: LayoutContext, key: str, rows: int, walkable: bool) -> tuple[list[Box], int]:
    """(boxes, how many fit) of the first arrangement of rows whose every instance fits, else the one fitting
    most; ``walkable``: with walkable aisles and an end aisle, else packed tight."""
    n = len(ctx.ids[key])
    rows = max(1, min(rows, n))
    lo, hi = ctx.space.lo, ctx.space.hi
    cx, cz = (lo[0] + hi[0]) / 2, (lo[2] + hi[2]) / 2
    reserves = _front_reserves(ctx)
    yaws = [math.pi] if ctx.indoor and reserves else [0.0, math.pi / 2]
    centres = [(cx, cz)]
    w, _, d = ctx.sizes[key]
    step = max(w, d) * 2 + 1.0
    centres += [(cx + i * step, cz + j * step) for ring in (1, 2, 3)
                for i in range(-ring, ring + 1) for j in range(-ring, ring + 1) if max(abs(i), abs(j)) == ring]
    behind, front = (_extra_depth_behind(ctx, key), _extra_depth_in_front(ctx, key)) if walkable else (0.0, 0.0)
    lead = (-(-n // rows), front_aisle(ctx, key, MIN_AISLE_INDOOR)) if walkable else (0, 0.0)
    best: list[Box] = []
    best_count = -1
    spreads = WALKABLE_SPREADS if walkable else (PACKED_SPREAD,)
    # The front kept free (a teacher's desk) is asked for: closer rows behind it come before rows over it.
    tries = [(s, y, (cx, (lo[2] + r + hi[2]) / 2)) for r in reserves for s in spreads for y in yaws]
    tries += [(s, y, c) for s in spreads for y in yaws for c in centres]
    for spread, yaw, centre in tries:
        boxes = grid_layout(ctx, key, rows, yaw, spread, centre, walkable)
        if walkable and not _leaves_end_aisle(ctx, boxes, yaw):
            continue
        count = _count_fitting(ctx, boxes, behind, front, lead)
        if count > best_count:
            best, best_count = boxes, count
        if count == n:
            return boxes, count
    return best, best_count


def fewest_rows(ctx: LayoutContext, key: str) -> int:
    """'in rows' with no count: the fewest rows in which every instance fits with walkable aisles, else the
    fewest in which every instance fits packed, else the count fitting most; starting from the rows the
    room's longer side needs at least and trying a few more."""
    cache_key = ("rows", key)
    if cache_key not in ctx.cache:
        n = len(ctx.ids[key])
        longest = max(ctx.space.hi[0] - ctx.space.lo[0], ctx.space.hi[2] - ctx.space.lo[2])
        start = min(n, max(1, math.ceil(n * ctx.sizes[key][0] / longest)))
        best, best_rank = start, (False, -1)
        for rows in range(start, min(n, start + ROWS_TRIED - 1) + 1):
            boxes, walkable = _rows_of(ctx, key, rows)
            rank = (walkable, _count_fitting(ctx, boxes))
            if rank > best_rank:
                best, best_rank = rows, rank
            if walkable:
                break
        ctx.cache[cache_key] = best
    return ctx.cache[cache_key]


def grid_candidates(ctx: LayoutContext, key: str, index: int, rows: int) -> Iterator[Candidate]:
    """The grid slot of this instance in a lattice of `rows` rows, if there is one."""
    slots = grid_slots(ctx, key, rows)
    if index < len(slots):
        yield slots[index], SOLVER_CLEARANCE
