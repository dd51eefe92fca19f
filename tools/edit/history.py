"""Which revision 'undo', 'redo' and 'go back to revision N' restore: a history walked as an editor's is.

Every revision is kept whole, so restoring one is copying it (graph/edit.py); what this module decides is
which. Each undo goes one step further back and each redo one step forward again; a new edit (or a jump to a
named revision) after undoing drops what could be redone. The two stacks are replayed from each revision's
operations (revisions.json), so nothing but the operations needs to be stored:

    r1 made  r2 'remove the tv'  r3 'make the sofa red'  r4 undo -> r2  r5 undo -> r1  r6 redo -> r4 (= r2)
"""

from __future__ import annotations

from collections.abc import Sequence

from tools.core.errors import InputError
from tools.edit.ops import EditOp


def stacks(operations: Sequence[Sequence[dict]]) -> tuple[list[int], list[int]]:
    """(undo, redo) after the latest revision: the revisions an undo, or a redo, would restore next (last first).

    operations: per revision, oldest first (revision 1, the generated scene, has none), each operation as
    revisions.json records it (``EditOp.model_dump``).
    """
    undo: list[int] = []
    redo: list[int] = []
    for number, ops in enumerate(operations[1:], start=2):
        kinds = [op.get("kind") for op in ops]
        if kinds == ["undo"] and ops[0].get("revision") is None:
            undo, redo = undo[:-1], [*redo, number - 1]
        elif kinds == ["redo"]:
            undo, redo = [*undo, number - 1], redo[:-1]
        else:  # an edit, or a jump to a named revision: a step forward that nothing can be redone after
            undo, redo = [*undo, number - 1], []
    return undo, redo


def restored_revision(operations: Sequence[Sequence[dict]], op: EditOp) -> int:
    """The revision number ``op`` (an undo or a redo) restores; InputError when there is none."""
    latest = len(operations)
    if op.kind == "undo" and op.revision is not None:
        if not 1 <= op.revision < latest:
            raise InputError(f"cannot go back to revision {op.revision}: the scene has revisions 1 to {latest}"
                             + (" and shows the latest already" if op.revision == latest else ""))
        return op.revision
    undo, redo = stacks(operations)
    if op.kind == "undo":
        if not undo:
            raise InputError("there is nothing to undo: the scene is back at its first version (say 'redo', or "
                             "'go back to revision N')")
        return undo[-1]
    if not redo:
        raise InputError("there is nothing to redo: no undo since the latest edit (say 'undo' first, or "
                         "'go back to revision N')")
    return redo[-1]
