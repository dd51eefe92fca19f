"""Clauses about how many and how they stand together: arrangements ('arrange the chairs in a circle', 'put the
desks in two rows', 'arrange the chairs around the table', 'line up the chairs') and copies ('duplicate the
lamp', 'copy the plant', 'add another chair like that one').

Arrangement phrases are the planner's relation words (tools.knowledge.relation_words, read by
``match_relation``) except 'in a circle', which a prompt reads as a quantity ('a circle of stones').
"""

from __future__ import annotations

from tools.edit.ops import EditOp
from tools.edit.targets import Last, Mention, mentions, unknown_noun
from tools.plan.parse import match_relation
from tools.plan.words import DETERMINERS

CIRCLE_WORDS = {"circle", "ring", "round"}  # 'in a circle', 'in a ring', 'in the round'
SELF_ARRANGEMENTS = {"row", "rows", "grid"}  # what match_relation names for rows and grids
LIKE_WORDS = {"like", "as"}  # 'another chair like that one', 'the same as it'
THAT_ONE = {"that", "this", "one", "it", "the", "same", "last", "just", "added", "i", "you"}
TIMES = {"twice": 2, "once": 1, "thrice": 3}


def arrange_op(words: list[str], last: Last | None, self_only: bool = False) -> EditOp | None:
    """'the chairs in a circle', 'the desks in two rows', 'the chairs around the table', 'the chairs up'
    (after 'line'); with ``self_only`` (after a move verb) only arrangements of the instances themselves, so
    'move the chairs around the table' stays a move."""
    for i in range(1, len(words)):
        found = _arrangement_at(words, i)
        if found is None or (self_only and found[0] == "around"):
            continue
        kind, end, rows = found
        named = mentions(words[:i], last) or unknown_noun(words[:i])
        if not named:
            return None
        target, reference = named[0], None
        if kind == "around":
            around = mentions(words[end:], last) or unknown_noun(words[end:])
            if not around:
                return None
            reference = around[0].words
        elif words[end:]:
            return None
        return EditOp(kind="arrange", target=target.words, exclude=target.exclude or None, arrangement=kind,
                      rows=rows, reference=reference)
    return None


def _arrangement_at(words: list[str], i: int) -> tuple[str, int, int | None] | None:
    """(arrangement, end, rows) of an arrangement phrase at words[i]."""
    found = match_relation(words, i)
    if found is not None and found[0] in SELF_ARRANGEMENTS | {"around"}:
        kind, _, end, number = found
        if kind == "rows":
            return "row", end, None
        return kind, end, (number or 1) if kind == "row" else number
    if words[i] == "in":
        j = i + 1
        while j < len(words) and words[j] in DETERMINERS:
            j += 1
        if j < len(words) and words[j] in CIRCLE_WORDS:
            return "in_circle", j + 1, None
    if words[i] == "up" and i == len(words) - 1:  # 'line the chairs up'
        return "row", i + 1, 1
    return None


def duplicate_op(words: list[str], last: Last | None) -> EditOp | None:
    """'the lamp', 'the plant twice', 'the second chair' (after 'duplicate' or 'copy')."""
    times = [w for w in words if w in TIMES]
    plain = [w for w in words if w not in TIMES]
    named = mentions(plain, last) or unknown_noun(plain)
    if not named or plain[named[0].end:]:
        return None
    target = named[0]
    return EditOp(kind="duplicate", target=target.words, exclude=target.exclude or None, ordinal=target.ordinal,
                  count=TIMES[times[0]] if times else None)


def add_like_op(words: list[str], last: Last | None) -> EditOp | None:
    """'another chair like that one', 'one more like it', 'a lamp like the one by the sofa' (after 'add'):
    a copy of what 'that one' names, of the kind said when one is said."""
    like = next((i for i, w in enumerate(words) if w in LIKE_WORDS), None)
    if like is None:
        return None
    after = words[like + 1:]
    if after and all(w in THAT_ONE for w in after):
        reference = Mention(0, 0, last.words, False) if last else None
    else:
        found = mentions(after, last)
        reference = found[0] if found else None
    said = mentions(words[:like], last)
    if reference is None and not said:
        return None
    count = (said[0].count if said else None) or 1
    target = said[0] if said else reference
    assert target is not None  # one of the two was found above
    return EditOp(kind="duplicate", target=target.words, count=count,
                  reference=reference.words if said and reference else None)
