"""Every relation kind, one module each: its solver candidates, layout check and independent judge, with its
words and requirement text from tools.knowledge.relation_words (see spec.RelationSpec).

``RELATIONS`` is the registry every reader uses: the solver (tools.layout.relations), the verifier's
requirement checks, the editor and the evaluator's judge.
"""

from __future__ import annotations

from tools.layout.relation_kinds import (
    above,
    against_wall,
    around,
    behind,
    by_window,
    center,
    each_with,
    facing,
    front,
    grid,
    held_in,
    in_circle,
    in_corner,
    in_front_of,
    next_to,
    on,
    row,
    stacked,
    under,
)
from tools.layout.relation_kinds.spec import RelationSpec

RELATIONS: dict[str, RelationSpec] = {module.SPEC.kind: module.SPEC for module in (
    on, next_to, in_front_of, behind, facing, around, against_wall, in_corner, center, above, row, grid, stacked,
    each_with, front, by_window, in_circle, under, held_in,
)}
