"""'row': the subject's instances in straight rows; param is how many (None: as many as the room needs)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy as np

from tools.core.schema import Placement, Relation
from tools.layout.context import Candidate, LayoutContext
from tools.layout.groups import fewest_rows, grid_candidates
from tools.layout.relation_kinds.judging import MeshBox
from tools.layout.relation_kinds.spec import RelationSpec, Result, Room

CHECK_ALIGN_TOLERANCE = 0.05  # centres of one row lie within this of a line
CHECK_YAW_TOLERANCE = math.radians(2)
JUDGE_ALIGN_TOLERANCE = 0.1  # centres within this of one line are one row


def candidates(ctx: LayoutContext, relation: Relation, key: str, index: int) -> Iterator[Candidate]:
    """Solver candidates for 'in a row': lattice slots in as many rows as asked, else the fewest that fit."""
    yield from grid_candidates(ctx, key, index, relation.param or fewest_rows(ctx, key))


def _line_count(values: Sequence[float]) -> int:
    """How many lines the sorted values form when neighbours within CHECK_ALIGN_TOLERANCE share a line."""
    values = sorted(values)
    return 1 + sum(1 for a, b in zip(values, values[1:]) if b - a > CHECK_ALIGN_TOLERANCE) if values else 0


def rows_and_columns(subjects: Sequence[Placement]) -> tuple[int, int] | None:
    """(rows, columns) of instances that share one yaw, None when yaws differ."""
    yaw = subjects[0].yaw
    if any(abs(math.remainder(s.yaw - yaw, 2 * math.pi)) > CHECK_YAW_TOLERANCE for s in subjects):
        return None
    fx, fz = math.sin(yaw), math.cos(yaw)
    depth = [s.position[0] * fx + s.position[2] * fz for s in subjects]
    across = [s.position[0] * fz - s.position[2] * fx for s in subjects]
    return _line_count(depth), _line_count(across)


def check(subjects: Sequence[Placement], targets: Sequence[Placement], room: Room, param: int | None) -> Result:
    """Layout check of 'in a row': the instances form the asked number of rows (or full rows when none was asked)."""
    shape = rows_and_columns(subjects)
    if shape is None:
        return False, "instances do not share one yaw"
    if param is None:  # "in rows": any number of full rows
        rows, cols = shape
        return rows * cols < len(subjects) + max(rows, cols), f"{rows} row(s) of {cols} for {len(subjects)} instances"
    wanted = min(param, len(subjects))
    return shape[0] == wanted, f"{shape[0]} row(s) of instances, expected {wanted}"


def aligned_lines(subjects: Sequence[MeshBox]) -> tuple[int, int]:
    """(distinct x lines, distinct z lines) of the subjects' box centres."""
    def groups(values: np.ndarray) -> int:
        ordered = np.sort(values)
        return 1 + int(np.count_nonzero(np.diff(ordered) > JUDGE_ALIGN_TOLERANCE)) if len(ordered) else 0
    return groups(np.array([s.centre[0] for s in subjects])), groups(np.array([s.centre[2] for s in subjects]))


def judge(subjects: Sequence[MeshBox], targets: Sequence[MeshBox], room: Room, param: int | None) -> Result:
    """Independent judge of 'in a row' on the rendered meshes: the instances line up in the asked rows."""
    if len(subjects) < 2:
        return True, "a single instance is trivially aligned"
    nx, nz = aligned_lines(subjects)
    n = len(subjects)
    if param is None:  # "in rows": any number of full rows
        lattice = n <= nx * nz < n + max(nx, nz)  # every line full but perhaps the last
        return lattice, f"{nx} distinct x and {nz} distinct z lines for {n} instances (rows asked: any)"
    passed = min(nx, nz) <= param
    return passed, f"{nx} distinct x and {nz} distinct z lines for {n} instances (rows asked: {param})"


SPEC = RelationSpec("row", 9, candidates, check, judge)
