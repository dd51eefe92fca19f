"""'held_in': the subject is held by the target: on the boards inside it (a bookshelf's shelves, a vitrine's glass
shelves: the kind's ``hold_levels``) or sunk into its open top (a crate, a bowl, a vase: the ``holds_open`` trait).

What a holder holds is drawn whole and in the open: on a board, at its front edge, so it shows from the room;
in an open container, sunk partly below the rim (tools/knowledge/holding.py), so a crate of potatoes shows potatoes over its sides.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tools.core.schema import Placement, Relation
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.holding import BOARD_INSET, board_row, hold_heights, open_spots
from tools.layout.context import Candidate, LayoutContext
from tools.layout.relation_kinds.checking import SUPPORT_TOLERANCE, every_instance, to_local
from tools.layout.relation_kinds.judging import MeshBox, each
from tools.layout.relation_kinds.placing import all_targets
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room
from tools.layout.space import Box

JUDGE_TOLERANCE = 0.05  # metres a held thing's box may stray outside its holder's (the judge)


def held_candidates(ctx: LayoutContext, key: str, index: int, holder: Box) -> Iterator[Candidate]:
    """Poses of instance ``index`` of ``key`` held by ``holder``: along each board at its front edge, left to
    right; in an open top, the middle, then spots on a grid over its opening."""
    w, h, d = ctx.sizes[key]
    kind = CATEGORIES.get(holder.category)
    if kind is None:
        return
    heights = hold_heights(holder.category, holder.y, holder.h, h)
    if kind.hold_levels:
        lz = holder.d / 2 - BOARD_INSET - d / 2  # at the front, before what the holder draws of its own
        spots = [(lx, lz) for lx in board_row(holder.w, holder.d, w, d)]
    else:
        spots = open_spots(holder.w, holder.d, w, d)
    for y in heights:
        for lx, lz in spots:
            x, z = holder.to_world(lx, lz)
            yield ctx.box(key, index, x, z, holder.yaw, y=y, parent=holder.id), 0.0


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'held_in': spots where each target holds things, the things shared out in turn (the
    ``index``-th first tries target ``index`` mod their number): a holder is made bare when it holds the scene's
    things (tools/supply/make.py), so filling the first before the next left the others empty shelves."""
    targets = all_targets(ctx, relation)
    start = index % len(targets) if targets else 0
    for target in targets[start:] + targets[:start]:
        yield from held_candidates(ctx, key, index, target)


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'held_in': each subject stands in a target, its middle over the target's footprint and its
    bottom between the target's bottom and top."""
    by_id = {t.id: t for t in targets}

    def ok(s: Placement) -> tuple[bool, str]:
        parent = by_id.get(s.parent or "")
        if parent is None:
            return False, f"{s.id} stands on {s.parent or 'the floor'}, not in a target"
        bottom, top = parent.position[1], parent.position[1] + parent.size[1]
        if not bottom - SUPPORT_TOLERANCE <= s.position[1] <= top - SUPPORT_TOLERANCE:
            return False, f"{s.id} is at y={s.position[1]:.3f}, not within {parent.id} ({bottom:.3f}..{top:.3f})"
        lx, lz = to_local(parent, s.position[0], s.position[2])
        inside = abs(lx) <= parent.size[0] / 2 + SUPPORT_TOLERANCE and abs(lz) <= parent.size[2] / 2 + SUPPORT_TOLERANCE
        return inside, f"{s.id} is in {parent.id}" if inside else f"{s.id} is beside {parent.id}, not in it"
    return every_instance(subjects, ok)


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'held_in' on the rendered meshes: each subject's middle inside a target's box, its bottom
    at or above the target's bottom (what an open container holds may show over its rim)."""
    def held(s: MeshBox, t: MeshBox) -> bool:
        c = s.centre
        return (all(t.lo[a] - JUDGE_TOLERANCE <= c[a] <= t.hi[a] + JUDGE_TOLERANCE for a in (0, 2))
                and t.lo[1] - JUDGE_TOLERANCE <= s.lo[1] <= t.hi[1] and s.lo[1] < t.hi[1])
    return each(subjects, lambda s: any(held(s, t) for t in targets), "in a target")


SPEC = RelationSpec("held_in", -1, candidates, check, judge)  # before "on": a held thing is where its holder holds it
