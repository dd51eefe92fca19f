"""Layout with pinned objects: what an edit or a model repair did not touch keeps its place.

The solver's own strategies place everything else: pinned instances go into
the space first, then every missing instance is placed in the solver's order
from its relation's candidates and the free stream (tools/layout/solver.py). A pinned
instance that no longer fits (its parent was removed or moved, its asset grew)
is placed again instead. A turned instance (``Turn``) keeps its place with its
new yaw when its turned footprint fits, else takes the nearest free floor pose
with that yaw; what stands on it turns with it. ``move_instance`` moves one
object to a point a model asked for, corrected to the nearest free pose the
constraints allow. What the edit's words put somewhere (moved, arranged) gets
more spots among the pinned things, and must stand as said or the edit is
refused (tools/edit/crowded.py). ``Pinning`` is all of that for one edit, as
plain data the graph's state carries, so every layout of the revision (repair
rounds included) keeps the same objects in place.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field

from pydantic import TypeAdapter

from tools.core.errors import LayoutError
from tools.core.schema import Placement, ScenePlan
from tools.core.windows import doors_of, windows_of
from tools.edit.crowded import near_candidates, place_blocks, unmet_words
from tools.layout.context import Candidate, LayoutContext
from tools.layout.free import free_candidates, spiral_candidates
from tools.layout.relations import relation_candidates
from tools.layout.solver import (
    FREE_TRIES,
    RELATION_TRIES,
    _failure_message,
    _first_fit,
    instance_ids,
    new_context,
    placement_order,
    primary_relation,
)
from tools.layout.space import Box
from tools.layout.stated import to_placement

Vec3 = tuple[float, float, float]
AWAY_MIN_GAP = 1.0  # metres between an object moved 'away from' something and that thing's footprint
AWAY_STEP = 0.5  # 'away' means at least this much further than before
MOVE_RINGS = 12  # rings of the spiral searched around a model's requested point (0.25 m apart: 3 m)
SPIRAL_STEP = 0.25  # metres between the rings of spiral_candidates


@dataclass(frozen=True)
class Turn:
    """How a spec's kept instances turn: by ``radians`` (counter-clockwise seen from above, as yaw), or to face
    ``toward`` (a spec key, or 'window': the nearest one), its front (+Z) pointing at that centre."""

    radians: float = 0.0
    toward: str | None = None


@dataclass(frozen=True)
class Pin:
    """A previous instance that keeps its pose: its spec, its index among the spec's instances, its placement."""

    spec: str
    index: int
    placement: Placement


@dataclass(frozen=True)
class Pinning:
    """What an edit keeps of the previous layout: every previous instance (``pins``), the spec keys placed again
    whole (``replace``), how many leading instances of a spec may stay pinned (``keep``), what a spec moves away
    from (``away``: 'window', 'door' or a spec key), how kept instances turn (``turns``) and what the edit put
    somewhere (``placed``: where its words say, or the edit is refused)."""

    pins: list[Pin]
    replace: set[str] = field(default_factory=set)
    keep: dict[str, int] = field(default_factory=dict)
    away: dict[str, str] = field(default_factory=dict)
    turns: dict[str, Turn] = field(default_factory=dict)
    placed: set[str] = field(default_factory=set)


PINNING = TypeAdapter(Pinning)  # to and from the JSON the state holds: PINNING.dump_python(p, mode="json")


def solve_with_pins(plan: ScenePlan, sizes: dict[str, Vec3], pinning: Pinning,
                    seed: int = 0) -> tuple[list[Placement], list[str]]:
    """solve_pinned for an edit: what moves away keeps its gap from the plan's windows or from where the thing it
    avoids stood. Returns the placements and the ids of the pinned instances kept."""
    away = {key: away_from(plan, pinning.pins, key, what) for key, what in pinning.away.items()}
    return solve_pinned(plan, sizes, pinning.pins, pinning.replace, pinning.keep, seed=seed, away=away,
                        turns=pinning.turns, placed=pinning.placed)


def away_from(plan: ScenePlan, pins: list[Pin], key: str, what: str) -> tuple[list[Box], float]:
    """What ``key`` moves away from (window centres, or the previous boxes of spec ``what``) and the gap it should
    reach: AWAY_STEP more than its nearest instance had before, and at least AWAY_MIN_GAP."""
    if what in ("window", "door"):
        openings = windows_of(plan.environment) if what == "window" else doors_of(plan.environment)
        boxes = [point_box(what, o.x, o.z) for o in openings]
    else:
        boxes = list(boxes_of(pin.placement for pin in pins if pin.spec == what).values())
    mine = boxes_of(pin.placement for pin in pins if pin.spec == key).values()
    before = min((footprint_gap(a, b) for a in mine for b in boxes), default=0.0)
    return boxes, max(AWAY_MIN_GAP, before + AWAY_STEP)


def standing_pins(plan: ScenePlan, pinning: Pinning, placements: Iterable[Placement]) -> list[str]:
    """Ids of ``placements`` standing exactly where their pin stood before (a kept or turned-in-place instance;
    not one a model repair moved afterwards)."""
    ids = {spec.key: instance_ids(spec.key, spec.count) for spec in plan.objects}
    was = {ids[pin.spec][pin.index]: tuple(pin.placement.position) for pin in pinning.pins
           if pin.index < len(ids.get(pin.spec, ()))}
    return [p.id for p in placements if was.get(p.id) == tuple(p.position)]


def pins_from(previous_plan: ScenePlan, placements: Iterable[Placement]) -> list[Pin]:
    """Pins of every previous placement, its index read from the previous plan's instance ids."""
    index = {pid: (spec.key, i) for spec in previous_plan.objects
             for i, pid in enumerate(instance_ids(spec.key, spec.count))}
    return [Pin(*index[p.id], p) for p in placements if p.id in index]


def remap_pins(plan: ScenePlan, pins: list[Pin], where: dict[str, tuple[str, int]]) -> list[Pin]:
    """Pins renamed to the (spec, index) an edit moved their instance to (tools/edit/apply.py EditOutcome.where):
    a singled-out 'second lamp' or a stool that replaced a chair keeps the old instance's place. An instance of
    another kind now stands there at its own size (scale 1); one the edit removed is no pin."""
    category = {s.key: s.category for s in plan.objects}
    remapped = []
    for pin in pins:
        if pin.placement.id not in where:
            continue
        spec, index = where[pin.placement.id]
        placement = pin.placement
        if category.get(spec, placement.category) != placement.category:
            placement = placement.model_copy(update={"scale": (1.0, 1.0, 1.0)})
        remapped.append(Pin(spec, index, placement))
    return remapped


def solve_pinned(plan: ScenePlan, sizes: dict[str, Vec3], pins: list[Pin], replace: set[str], keep: dict[str, int],
                 seed: int = 0, away: dict[str, tuple[list[Box], float]] | None = None,
                 turns: dict[str, Turn] | None = None,
                 placed: Collection[str] = frozenset()) -> tuple[list[Placement], list[str]]:
    """Placements for ``plan`` with pinned instances kept; also the ids of the pinned instances kept.

    replace: spec keys placed again whole; keep: spec key -> how many leading instances may stay pinned;
    away: spec key -> (boxes, gap): its new pose keeps ``gap`` metres from them where the room allows,
    else as far as AWAY_MIN_GAP, else anywhere; turns: spec key -> its new yaw (kept ids include a turned
    instance that kept its position); placed: spec keys the edit put somewhere (moved, arranged, added by
    something): placed with tools/edit/crowded.py's extra spots, and their relations must hold. Raises
    LayoutError naming what did not fit, or what does not stand as the edit said.

    When the person's things do not fit round what the room was furnished and dressed with (a drape where the
    desk is to go), those unasked-for things yield: placed again after the rest, and left out where no room is
    left, as a fresh layout leaves them out.
    """
    try:
        return _solve_pinned(plan, sizes, pins, replace, keep, seed, away, turns, placed, frozenset())
    except LayoutError:
        yielding = frozenset(s.key for s in plan.objects if not s.requested and s.key not in placed)
        if not yielding:
            raise
        return _solve_pinned(plan, sizes, pins, replace | yielding, keep, seed, away, turns, placed, yielding)


def _solve_pinned(plan: ScenePlan, sizes: dict[str, Vec3], pins: list[Pin], replace: set[str], keep: dict[str, int],
                  seed: int, away: dict[str, tuple[list[Box], float]] | None, turns: dict[str, Turn] | None,
                  placed: Collection[str], optional: Collection[str]) -> tuple[list[Placement], list[str]]:
    ctx = new_context(plan, sizes, seed)
    turns = {key: turn for key, turn in (turns or {}).items() if key not in replace}
    kept = _add_pins(ctx, pins, replace | set(turns), keep)
    kept += _add_turned(ctx, pins, _pin_ids(ctx, pins, replace, keep), turns)
    place_blocks(ctx, placed)
    missing: dict[str, int] = {}
    order = placement_order(plan, ctx.sizes, ctx.mounts)
    for key in [k for k in order if k not in optional] + [k for k in order if k in optional]:
        for index, box_id in enumerate(ctx.ids[key]):
            if box_id in ctx.space.boxes:
                continue
            if not _place(ctx, key, index, *(away or {}).get(key, ([], 0.0)), crowded=key in placed) \
                    and key not in optional:
                missing[key] = missing.get(key, 0) + 1
    if missing:
        raise LayoutError("; ".join(_failure_message(plan, ctx.sizes, key, n) for key, n in missing.items()))
    placements = [to_placement(box) for box in ctx.space.boxes.values()]
    unmet = unmet_words(plan, placements, placed)
    if unmet:  # the solver fell back to any free spot, which would be the opposite of the words
        raise LayoutError(f"{'; '.join(unmet)}: what stands there keeps its place; move or remove something "
                          "there first")
    return placements, kept


def _add_pins(ctx: LayoutContext, pins: list[Pin], replace: set[str], keep: dict[str, int]) -> list[str]:
    """Put every still-valid pin into the space (parents first, as the previous layout placed them)."""
    new_ids = _pin_ids(ctx, pins, replace, keep)
    kept = []
    for pin in pins:
        box_id = new_ids.get(pin.placement.id)
        parent = pin.placement.parent
        if box_id is None or (parent is not None and new_ids.get(parent) not in ctx.space.boxes):
            continue
        box = _pin_box(ctx, pin, box_id, new_ids)
        if ctx.space.fits(box):
            ctx.space.add(box)
            kept.append(box_id)
    return kept


def _pin_ids(ctx: LayoutContext, pins: list[Pin], replace: set[str], keep: dict[str, int]) -> dict[str, str]:
    """Previous instance id -> its id in the new plan, for the pins that may keep their place (fewer than ``keep``
    says where a model repair round removed one since)."""
    return {pin.placement.id: ctx.ids[pin.spec][pin.index] for pin in pins if pin.spec in ctx.ids
            and pin.spec not in replace and pin.index < min(keep.get(pin.spec, 0), len(ctx.ids[pin.spec]))}


def _pin_box(ctx: LayoutContext, pin: Pin, box_id: str, new_ids: dict[str, str],
             x: float | None = None, z: float | None = None, yaw: float | None = None) -> Box:
    """The pin's box at its previous pose, or at (x, z) with ``yaw`` where given."""
    p = pin.placement
    w, h, d = ctx.sizes[pin.spec]
    return Box(box_id, pin.spec, ctx.plan.spec(pin.spec).category, p.position[0] if x is None else x, p.position[1],
               p.position[2] if z is None else z, p.yaw if yaw is None else yaw, w * p.scale[0], h * p.scale[1],
               d * p.scale[2], new_ids.get(p.parent) if p.parent else None, ctx.mounts[pin.spec],
               ctx.plan.spec(pin.spec).variant)


def _add_turned(ctx: LayoutContext, pins: list[Pin], new_ids: dict[str, str], turns: dict[str, Turn]) -> list[str]:
    """Turned instances at their previous place with the new yaw, else at the nearest free floor pose with it
    (searched on rings 0.25 m apart over the whole room); what stood on them turns with them where it fits.
    Returns the ids that kept their position; an instance with no free pose is left to the solver."""
    previous: dict[str, list[tuple[float, float]]] = {}  # spec key -> previous centres: what a turned instance faces when it is not placed yet
    for pin in pins:
        previous.setdefault(pin.spec, []).append((pin.placement.position[0], pin.placement.position[2]))
    kept = []
    for pin in pins:
        box_id, turn = new_ids.get(pin.placement.id), turns.get(pin.spec)
        parent = pin.placement.parent
        if box_id is None or turn is None or (parent is not None and new_ids.get(parent) not in ctx.space.boxes):
            continue
        box = _turned_box(ctx, pin, box_id, new_ids, turn, previous.get(turn.toward or "", []))
        if box is None:
            continue
        ctx.space.add(box)
        riders = [r for r in pins if r.placement.parent == pin.placement.id and r.placement.id in new_ids]
        placed = [(pin, box)] + [(r, b) for r, b in zip(riders, _carry(ctx, pin.placement, box, riders, new_ids))
                                 if ctx.space.fits(b)]
        for moved_pin, moved in placed:
            if moved is not box:
                ctx.space.add(moved)
            if math.dist((moved.x, moved.z), (moved_pin.placement.position[0], moved_pin.placement.position[2])) < 1e-9:
                kept.append(moved.id)
    return kept


def _turned_box(ctx: LayoutContext, pin: Pin, box_id: str, new_ids: dict[str, str], turn: Turn,
                fallback: list[tuple[float, float]]) -> Box | None:
    x, z = pin.placement.position[0], pin.placement.position[2]
    if pin.placement.parent is not None or ctx.mounts[pin.spec] != "floor":
        points = [(x, z)]  # on a table, or mounted: it turns where it is or not at all
    else:
        lo, hi = ctx.space.lo, ctx.space.hi
        rings = math.ceil(math.hypot(hi[0] - lo[0], hi[2] - lo[2]) / SPIRAL_STEP)
        index = ctx.ids[pin.spec].index(box_id)
        points = list(dict.fromkeys((b.x, b.z) for b, _ in spiral_candidates(ctx, pin.spec, index, x, z, 0.0,
                                                                                rings=rings, step=SPIRAL_STEP)))
    for px, pz in points:
        box = _pin_box(ctx, pin, box_id, new_ids, px, pz, _turned_yaw(ctx, pin, turn, px, pz, fallback))
        if ctx.space.fits(box):
            return box
    return None


def _turned_yaw(ctx: LayoutContext, pin: Pin, turn: Turn, x: float, z: float,
                fallback: list[tuple[float, float]]) -> float:
    """The yaw at (x, z): the previous yaw turned, or the one whose forward (sin yaw, cos yaw) points at the
    nearest centre of what it is to face (placed now, else where it stood: ``fallback``)."""
    if turn.toward is None:
        return math.remainder(pin.placement.yaw + turn.radians, 2 * math.pi)
    if turn.toward == "window":
        centres = [(w.x, w.z) for w in windows_of(ctx.plan.environment)]
    else:
        centres = [(b.x, b.z) for b in ctx.placed(turn.toward)] or fallback
    if not centres:
        return pin.placement.yaw
    tx, tz = min(centres, key=lambda c: math.dist(c, (x, z)))
    return math.atan2(tx - x, tz - z)


def _carry(ctx: LayoutContext, old: Placement, new: Box, riders: list[Pin], new_ids: dict[str, str]) -> list[Box]:
    """What stood on ``old``, turned and shifted with it to ``new``'s pose."""
    turn = new.yaw - old.yaw
    c, s = math.cos(turn), math.sin(turn)
    boxes = []
    for rider in riders:
        dx, dz = rider.placement.position[0] - old.position[0], rider.placement.position[2] - old.position[2]
        x, z = new.x + dx * c + dz * s, new.z - dx * s + dz * c
        boxes.append(_pin_box(ctx, rider, new_ids[rider.placement.id], new_ids, x, z, rider.placement.yaw + turn))
    return boxes


def _place(ctx: LayoutContext, key: str, index: int, avoid: list[Box], gap: float, crowded: bool = False) -> bool:
    """Instance ``index`` of ``key`` at its relation's first free candidate (``crowded``: what an edit put
    somewhere also tries the spots tools/edit/crowded.py adds), else the free stream's."""
    relation = primary_relation(ctx.plan, key)
    for wanted in dict.fromkeys((gap, AWAY_MIN_GAP, 0.0) if avoid else (0.0,)):
        if relation is not None and _first_fit(ctx, _away(relation_candidates(ctx, relation, key, index), avoid, wanted),
                                               RELATION_TRIES):
            return True
        if relation is not None and crowded and _first_fit(
                ctx, _away(near_candidates(ctx, relation, key, index), avoid, wanted), RELATION_TRIES):
            return True
        if _first_fit(ctx, _away(free_candidates(ctx, key, index), avoid, wanted), FREE_TRIES) is not None:
            return True
    return False


def _away(candidates: Iterator[Candidate], avoid: list[Box], gap: float) -> Iterator[Candidate]:
    for box, clearance in candidates:
        if gap <= 0 or all(footprint_gap(box, other) >= gap for other in avoid):
            yield box, clearance


def footprint_gap(a: Box, b: Box) -> float:
    """Distance in metres between the axis-aligned footprints of two boxes (0 when they overlap)."""
    ax0, az0, ax1, az1 = a.aabb_xz()
    bx0, bz0, bx1, bz1 = b.aabb_xz()
    return math.hypot(max(bx0 - ax1, ax0 - bx1, 0.0), max(bz0 - az1, az0 - bz1, 0.0))


def point_box(name: str, x: float, z: float) -> Box:
    """A thin stand-in box at (x, z) for something that is not an object (a window centre)."""
    return Box(name, name, "window", x, 0.0, z, 0.0, 0.01, 0.01, 0.01)


def boxes_of(placements: Iterable[Placement]) -> dict[str, Box]:
    """The layout boxes of placements, by id."""
    return {p.id: Box(p.id, p.spec, p.category, *p.position, p.yaw, *p.size, p.parent, p.mount, p.variant)
            for p in placements}


def move_instance(plan: ScenePlan, sizes: dict[str, Vec3], placements: list[Placement], object_id: str,
                  x: float, z: float) -> tuple[list[Placement], str]:
    """Move ``object_id`` (with what stands on it) to (x, z), or to the nearest pose that fits.

    Returns the new placements and the outcome: 'applied', 'corrected: ...' or 'refused: ...'.
    """
    boxes = boxes_of(placements)
    if object_id not in boxes:
        return placements, f"refused: no object {object_id!r}"
    moving = boxes[object_id]
    if moving.mount != "floor" or moving.parent is not None:
        return placements, f"refused: {object_id} is mounted on {moving.parent or moving.mount}, not free-standing"
    ctx = new_context(plan, sizes, 0)
    riders = [b for b in boxes.values() if b.parent == object_id]
    for box in boxes.values():
        if box.id != object_id and box not in riders:
            ctx.space.add(box)
    index = ctx.ids[moving.spec].index(object_id)
    wanted = Box(object_id, moving.spec, moving.category, x, 0.0, z, moving.yaw, moving.w, moving.h, moving.d)
    candidates = ((wanted, 0.0), *spiral_candidates(ctx, moving.spec, index, x, z, 0.0, rings=MOVE_RINGS))
    for box, _ in candidates:
        box = Box(object_id, moving.spec, moving.category, box.x, 0.0, box.z, moving.yaw, moving.w, moving.h, moving.d)
        if ctx.space.fits(box):
            moved = _shift(placements, object_id, box, riders)
            off = math.hypot(box.x - x, box.z - z)
            return moved, "applied" if off < 1e-6 else f"corrected: nearest free pose {off:.2f} m away at ({box.x:.2f}, {box.z:.2f})"
    return placements, f"refused: no free pose within {MOVE_RINGS * 0.25:g} m of ({x:.2f}, {z:.2f})"


def _shift(placements: list[Placement], object_id: str, box: Box, riders: list[Box]) -> list[Placement]:
    old = next(p for p in placements if p.id == object_id)
    dx, dz = box.x - old.position[0], box.z - old.position[2]
    rider_ids = {r.id for r in riders}
    moved = []
    for p in placements:
        if p.id == object_id:
            p = p.model_copy(update={"position": (box.x, p.position[1], box.z), "yaw": box.yaw})
        elif p.id in rider_ids:
            p = p.model_copy(update={"position": (p.position[0] + dx, p.position[1], p.position[2] + dz)})
        moved.append(p)
    return moved
