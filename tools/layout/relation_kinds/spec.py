"""What one relation kind declares: its words (tools.knowledge.relation_words), solver candidates, layout check
and independent judge, with the traits the solver and the editor read."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

import numpy as np

from tools.core.schema import Placement, Relation, RelationKind
from tools.core.windows import Window
from tools.knowledge.relation_words import RELATION_WORDS, RelationWords, describe_relation
from tools.layout.context import Candidate, LayoutContext

Result = tuple[bool, str]


class Room(NamedTuple):
    """What room relations are measured against: the bounds' corners (3,) and the windows."""

    lo: Sequence[float] | np.ndarray  # the layout check's corners are tuples, the evaluator's arrays
    hi: Sequence[float] | np.ndarray
    windows: Sequence[Window] = ()


Candidates = Callable[[LayoutContext, Relation, str, int], Iterator[Candidate]]  # (ctx, relation, key, index)
Check = Callable[[Sequence[Placement], Sequence[Placement], Room, "int | None"], Result]  # on placements
Judge = Callable[[Sequence, Sequence, Room, "int | None"], Result]  # on judging.MeshBox world boxes


@dataclass(frozen=True)
class RelationSpec:
    """One relation kind, whole.

    binding: which relation decides where a spec goes when it has several; lower decides first.
    wall_subject: how a wall-mounted subject is placed: the wall spots nearest the target ('near_target'),
    any wall spot ('any_wall'), or by the kind's own candidates ('own').
    ceiling_subject: a ceiling-mounted subject hangs over the target or the room's middle ('over'), or the
    kind's own candidates place it ('own').
    orients_subject: it says which way the subject looks, so an edit that turns the subject undoes it.
    follows_target_front: it is measured from the target's front, so the subject follows when the target turns.
    """

    kind: RelationKind
    binding: int
    candidates: Candidates
    check: Check
    judge: Judge
    wall_subject: Literal["near_target", "any_wall", "own"] = "near_target"
    ceiling_subject: Literal["over", "own"] = "over"
    orients_subject: bool = False
    follows_target_front: bool = False

    @property
    def words(self) -> RelationWords:
        """The words that name this relation kind."""
        return RELATION_WORDS[self.kind]

    def describe(self, relation: Relation) -> str:
        """The requirement text of a relation of this kind."""
        return describe_relation(relation)
