"""Edit operations (tools/edit/parse.py, or a model's EditProposal) applied to a ScenePlan, in order.

The result (``EditOutcome``, tools/edit/outcome.py) also says which objects keep their places: every instance
of an unchanged spec is pinned; moved, resized and rearranged specs, and the specs whose relations hang on them,
are placed again (tools/edit/layout.py). The operations live by concern: the things in tools/edit/objects.py,
turns in tools/edit/turns.py, the room and the look in tools/edit/room.py. Undo and redo restore a whole
earlier revision and are graph/edit.py's.
"""

from __future__ import annotations

from collections.abc import Iterable

from tools.core.errors import InputError
from tools.core.schema import Placement, ScenePlan
from tools.edit import objects, room, turns
from tools.edit.ops import EditOp
from tools.edit.outcome import EditOutcome, exists_in, free_key, fresh_outcome, replace_dependents, resolve_specs

__all__ = ["APPLY", "RESTORING", "EditOutcome", "apply_edits", "exists_in", "free_key", "resolve_specs"]

APPLY = {"recolor": objects.recolor, "add": objects.add, "remove": objects.remove, "move": objects.move,
         "resize": objects.resize, "replace": objects.replace, "duplicate": objects.duplicate,
         "arrange": objects.arrange, "rotate": turns.rotate, "look": room.look, "finish": room.finish,
         "room": room.room_size}
RESTORING = {"undo", "redo"}  # operations that restore an earlier revision whole


def apply_edits(plan: ScenePlan, operations: list[EditOp], before: Iterable[Placement] = ()) -> EditOutcome:
    """The edited copy of ``plan``; InputError when an operation names nothing in the scene or cannot apply.

    before: the previous revision's placements, for what an operation reads of the layout ('the other wall').
    """
    outcome = fresh_outcome(plan, before=list(before))
    for op in operations:
        if op.kind in RESTORING:
            raise InputError(f"'{op.kind}' restores an earlier revision as it was: say it alone, not with other edits")
        outcome.changes.append(APPLY[op.kind](outcome, op))
    replace_dependents(outcome)
    if not outcome.plan.objects:
        raise InputError("the edit would leave the scene empty; keep at least one object")
    return outcome
