"""'under': the subject stands in the clear space under the target (a cat between a table's legs, below its top).

The room under a kind is measured from its meshes (tools/knowledge/clearance.json, written by
tools/assets/clearance.py): the solver puts the subject's footprint inside that clear box with its top below
its height, and the collision tests let exactly that overlap pass (tools.layout.space.Space.tucked). A subject
that fits under no target (a sofa under a chair) is put beside it instead, and the check fails saying so.
A flat covering (a rug under the bed) needs no room: it lies across the floor under the target's middle, as
the collision tests already let flat things lie under furniture. Under a thing that hangs higher than the
subject's top (an operating table under the lights, a bench under a painting) the subject simply stands below
it: their boxes do not meet.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from tools.core.schema import Placement, Relation
from tools.knowledge.clearance import clear_space, room_under
from tools.layout.context import Candidate, LayoutContext
from tools.layout.relation_kinds.checking import every_instance, footprint_gap, nearest, placement_under, to_local
from tools.layout.relation_kinds.judging import ON_TOLERANCE, MeshBox, each, horizontal_gap, over
from tools.layout.relation_kinds.next_to import candidates as beside_candidates
from tools.layout.relation_kinds.placing import local_candidate, relation_targets
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room
from tools.layout.space import FLAT_OVERLAP, SOLVER_CLEARANCE, Box

INSET = SOLVER_CLEARANCE  # the subject keeps this far inside the clear box, and below its height
SPOTS = 5  # candidate centres along each side of the clear box
WALL_GAP = 0.03  # solver: a subject under a wall-mounted target stands this far off the wall
RAISED_MAX_GAP = 0.1  # check and judge: footprints this close count as below a raised target


def _spots(lo: float, hi: float, extent: float) -> list[float]:
    """Centres along [lo, hi] for a thing ``extent`` long, the middle first; [] when it does not fit."""
    a, b = lo + extent / 2 + INSET, hi - extent / 2 - INSET
    if a > b:
        return []
    middle = (a + b) / 2
    return sorted({a + (b - a) * k / (SPOTS - 1) for k in range(SPOTS)}, key=lambda v: abs(v - middle))


def spots_under(ctx: LayoutContext, key: str, index: int, target: Box) -> Iterator[Candidate]:
    """Poses of instance ``index`` inside the clear box under ``target``, along its axes or turned a quarter."""
    space = clear_space(target.category, target.variant)
    w, h, d = ctx.sizes[key]
    if space is None:
        return
    x0, x1, z0, z1, height = space.in_metres((target.w, target.h, target.d))
    if h > height - INSET:
        return
    for turn, (ew, ed) in ((0.0, (w, d)), (math.pi / 2, (d, w))):
        for lz in _spots(z0, z1, ed):
            for lx in _spots(x0, x1, ew):
                yield local_candidate(ctx, key, index, target, lx, lz, turn)


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'under': spots in the clear space under each target; then, where none is left or
    the subject does not fit, the spots beside it ('next to'), which the check reports as not under."""
    w, h, d = ctx.sizes[key]
    for target in relation_targets(ctx, relation, index):
        if target.y >= h + INSET:  # it hangs above the subject's top: stand below it, back to its wall if any
            lz = 0.0 if target.mount != "wall" else -target.d / 2 + d / 2 + WALL_GAP
            for lx in _spots(-target.w / 2, target.w / 2, min(w, target.w)) or [0.0]:
                yield local_candidate(ctx, key, index, target, lx, lz, 0.0)
        elif h <= FLAT_OVERLAP:
            yield local_candidate(ctx, key, index, target, 0.0, 0.0, 0.0)
            yield local_candidate(ctx, key, index, target, 0.0, 0.0, math.pi / 2)
        else:
            yield from spots_under(ctx, key, index, target)
    yield from beside_candidates(ctx, relation, key, index)


def below_raised(s: Placement, t: Placement) -> bool:
    """Whether ``s`` stands below all of raised ``t`` (a light, a painting), its footprint at or under t's, its
    middle within t's width."""
    lx, _ = to_local(t, s.position[0], s.position[2])
    return (s.position[1] + s.size[1] <= t.position[1] + FLAT_OVERLAP and abs(lx) <= t.size[0] / 2
            and footprint_gap(s, t) <= RAISED_MAX_GAP)


def covers_middle(s: Placement, t: Placement) -> bool:
    """Whether flat ``s`` lies on the floor across the middle of ``t``'s footprint (a rug under a bed)."""
    lx, lz = to_local(s, t.position[0], t.position[2])
    return (s.size[1] <= FLAT_OVERLAP and abs(s.position[1] - t.position[1]) <= FLAT_OVERLAP
            and abs(lx) <= s.size[0] / 2 and abs(lz) <= s.size[2] / 2)


def _why_not(s: Placement, targets: Sequence[Placement]) -> str:
    t = nearest(s, targets)
    room = room_under(t.category, t.variant, t.size)
    if room is None:
        return f"{s.id} is not under {t.id}: a {t.category} has no room under it"
    w, h, d = s.size
    if h > room[1] or not ((w <= room[0] and d <= room[2]) or (d <= room[0] and w <= room[2])):
        return (f"{s.id} ({w:.2f} x {h:.2f} x {d:.2f} m) does not fit under {t.id} (room {room[0]:.2f} x "
                f"{room[1]:.2f} x {room[2]:.2f} m); it is {footprint_gap(s, t):.2f} m beside it instead")
    gap = footprint_gap(s, t)
    if gap > 0.0:  # it would fit: the room under the target went to something else first
        return f"{s.id} is not in the clear space under {t.id}, no room was left there; it is {gap:.2f} m beside it"
    return f"{s.id} is not in the clear space under {t.id}"


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'under': each subject lies in the clear space under a target (footprint inside, top below)."""
    def ok(s: Placement) -> tuple[bool, str]:
        if any(placement_under(s, t) or covers_middle(s, t) or below_raised(s, t) for t in targets):
            return True, ""
        return False, _why_not(s, targets) if targets else f"{s.id} has no target"
    return every_instance(subjects, ok)


def _covered(s: MeshBox, t: MeshBox) -> bool:
    """Some part of ``t``'s mesh lies over ``s``: above its top, over its footprint (on the bare boxes: the
    target's top above the subject's)."""
    parts = getattr(t, "hulls", None)
    if not parts:
        return t.hi[1] >= s.hi[1] - ON_TOLERANCE
    return any(p.lo[1] >= s.hi[1] - ON_TOLERANCE and horizontal_gap(p, s) == 0.0 for p in parts)


def _beneath(s: MeshBox, t: MeshBox) -> bool:
    if t.lo[1] >= s.hi[1] - ON_TOLERANCE:  # all of it higher up (a light, a painting): below it, near enough
        return horizontal_gap(s, t) <= RAISED_MAX_GAP
    return over(s, t) and s.hi[1] <= t.hi[1] and _covered(s, t)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'under' on the rendered meshes: each subject's centre within a target's footprint,
    its top below the target's top, and a part of the target's mesh over it; or, under a target all higher
    than it, close below it."""
    return each(subjects, lambda s: any(_beneath(s, t) for t in targets), "under a target")


SPEC = RelationSpec("under", 1, candidates, check, judge)
