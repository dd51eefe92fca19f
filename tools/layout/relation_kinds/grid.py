"""'grid': the subject's instances on a lattice of rows and columns (solar panels, gravestones)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.groups import grid_candidates
from tools.layout.relation_kinds.judging import MeshBox
from tools.layout.relation_kinds.row import aligned_lines, rows_and_columns
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'in a grid': lattice slots, as many rows as asked or about a square."""
    yield from grid_candidates(ctx, key, index, relation.param or round(math.sqrt(len(ctx.ids[key]))))


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'in a grid': the instances form a regular lattice (with the asked rows or columns)."""
    shape = rows_and_columns(subjects)
    if shape is None:
        return False, "instances do not share one yaw"
    rows, cols = shape
    regular = rows * cols >= len(subjects) and (len(subjects) < 4 or (rows >= 2 and cols >= 2))
    if param:
        regular = regular and param in (rows, cols)
    return regular, f"{rows} x {cols} lattice for {len(subjects)} instances"


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'in a grid' on the rendered meshes: the instances line up on a lattice."""
    if len(subjects) < 2:
        return True, "a single instance is trivially aligned"
    nx, nz = aligned_lines(subjects)
    n = len(subjects)
    passed = min(nx, nz) >= 2 and n <= nx * nz <= n + max(nx, nz)
    return passed, f"{nx} x {nz} grid lines for {n} instances"


SPEC = RelationSpec("grid", 10, candidates, check, judge)
