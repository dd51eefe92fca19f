"""What people say for each relation kind, and how a requirement names it: plain data, one row per RelationKind.

The grounded planner reads these words (tools.plan.words compiles them); the
layout's relation registry (tools.layout.relation_kinds) pairs each row with
the kind's solver candidates, layout check and independent judge.

Phrases are small patterns: words separated by spaces, alternatives by '|',
an optional slot starts with '?', 'DET' is any article and '#' is a number
(captured, e.g. the 3 of "in 3 rows"). Modes: 'target' (the next noun phrase
is the target), 'inverse' (the next noun phrase is the subject: "surrounded
by"), 'room' (no target), 'rows' (no target, and as many rows as the room
needs: "in rows"), 'each' (after a noun phrase, owned by the noun before it:
"four desks each with a chair"). Quantities are phrases before a noun that arrange its
instances ("a stack of books").
"""

from __future__ import annotations

from typing import Literal, NamedTuple, cast

from tools.core.schema import Relation, RelationKind

Takes = Literal["target", "room", "self"]  # another object kind, the room, or the subject's own instances


class RelationWords(NamedTuple):
    """The words of one relation kind: what it takes, its requirement text and the phrases that name it."""

    takes: Takes
    describe: str  # requirement text; {subject}, {target} ('' when none), {param} (1 when none)
    phrases: tuple[tuple[str, str], ...]  # (pattern, mode)
    quantities: tuple[tuple[str, str], ...] = ()  # (phrase, 'room' or 'rows')
    counted: str | None = None  # requirement text when param > 1
    without_target: RelationKind | None = None  # what "in front" means when no object follows (a place, nothing)
    before_window: tuple[str, ...] = ()  # relation words that mean this kind when 'the window' follows them


RELATION_WORDS: dict[RelationKind, RelationWords] = {
    "on": RelationWords("target", "{subject} on {target}", (
        ("on top of", "target"), ("on|onto|upon|atop", "target"), ("resting on", "target"))),
    "next_to": RelationWords("target", "{subject} next to {target}", (
        ("next to", "target"), ("beside|besides|alongside|near|nearby|by", "target"),
        ("close to|by", "target"), ("adjacent to", "target"),
        ("to DET left|right of", "target"), ("at DET side of", "target"),
        ("against|leaning", "target"), ("leaning against|on", "target"),
        ("between|flanked", "inverse"))),
    "in_front_of": RelationWords("target", "{subject} in front of {target}", (
        ("in front of", "target"), ("at DET front of", "target")), without_target="front"),
    "behind": RelationWords("target", "{subject} behind {target}", (
        ("behind", "target"), ("in back of", "target"), ("at DET back|rear of", "target"))),
    "facing": RelationWords("target", "{subject} facing {target}", (
        ("facing|faces|face", "target"), ("facing|turned towards|toward|to", "target"),
        ("opposite ?to|of", "target"), ("across from", "target"), ("looking at", "target"))),
    "around": RelationWords("target", "{subject} around {target}", (
        ("around|surrounding|encircling|circling|ringing", "target"),
        ("all around", "target"), ("in DET circle|ring around", "target"),
        ("orbit|orbits|orbiting|revolve|revolves|revolving ?around|round", "target"),
        ("in orbit around|round", "target"), ("circle|circles around|round|over|above", "target"),
        ("surrounded|encircled|ringed|circled|flanked by", "inverse"))),
    "against_wall": RelationWords("room", "{subject} against the wall {target}", (
        ("against|along|lining|alongside ?DET ?back|side|far|long wall|walls", "room"),
        ("on|by|near ?DET ?back|side wall|walls", "room"),
        ("wall mounted", "room"))),
    "in_corner": RelationWords("room", "{subject} in a corner {target}", (
        ("in|into ?DET|each|one|every|a corner|corners", "room"),)),
    "center": RelationWords("room", "{subject} at the center {target}", (
        ("in|at ?DET ?very middle|centre|center|centre", "room"),
        ("in|at ?DET ?very middle|centre|center of", "target"),
        ("centered|centred", "room")), without_target="center"),
    "above": RelationWords("target", "{subject} above {target}", (
        ("above|over|overhead", "target"), ("hanging|hung|mounted above|over", "target"),
        ("on DET wall above|over", "target"))),
    "row": RelationWords("self", "{subject} row {target}", (
        ("in DET row|line", "room"), ("in rows|lines|columns", "rows"),
        ("in # rows|lines|columns", "room"), ("in # neat rows", "room"), ("lined up", "room"),
        ("side by side", "room"), ("in single file", "room"), ("in a single row", "room")),
        quantities=(("a row of", "room"), ("a line of", "room"), ("rows of", "rows")),
        counted="{subject} in {param} rows"),
    "grid": RelationWords("self", "{subject} grid {target}", (
        ("in DET grid", "room"), ("in rows and columns", "room"), ("in DET # by|x # grid", "room")),
        quantities=(("a grid of", "room"), ("an array of", "room"))),
    "stacked": RelationWords("self", "{subject} stacked {target}", (
        ("?stacked on top of each|one other|another", "room"),
        ("stacked ?up", "room"), ("stacked ?up on each|one other|another", "room"), ("piled ?up", "room"),
        ("in DET stack|pile", "room")),
        quantities=(("a stack of", "room"), ("a pile of", "room"), ("a tower of", "room"))),
    "each_with": RelationWords("target", "each {target} with {param} {subject}", (
        ("each with", "each"), ("each having", "each"), ("every one with", "each"), ("each one with", "each"))),
    "front": RelationWords("room", "{subject} at the front {target}", (
        ("at|in DET front", "room"), ("up front", "room"))),
    "in_circle": RelationWords("self", "{subject} in a circle {target}", (),  # edits: 'arrange the chairs in a circle'
                               quantities=(("a circle of", "room"),)),
    "under": RelationWords("target", "{subject} under {target}", (
        ("under|underneath|beneath|below", "target"), ("tucked|hidden|hiding under|underneath|beneath", "target"))),
    "held_in": RelationWords("target", "{subject} in {target}", (  # and the parse's "a crate of potatoes", "Y in X"
        ("full|filled|stocked|lined|packed|loaded|crammed|stuffed|heaped|piled|laden|brimming ?up of|with", "inverse"),
        ("holding|containing|storing|displaying", "inverse"), ("inside", "target"))),
    "by_window": RelationWords("room", "{subject} by window {target}", (),  # "a desk by / under the window"
                               before_window=("next_to", "in_front_of", "under")),
}


def describe_relation(relation: Relation) -> str:
    """The requirement text of a relation: 'cup on table', 'desk against the wall', 'desk in 3 rows'."""
    words = RELATION_WORDS[relation.kind]
    template = words.counted if words.counted and relation.param and relation.param > 1 else words.describe
    return template.format(subject=relation.subject, target=relation.target or "", param=relation.param or 1).strip()


def without_target(kind: str) -> str | None:
    """The room relation a target relation means when no object follows ("in front", "in the middle of the park")."""
    words = RELATION_WORDS.get(cast(RelationKind, kind))  # any word may come in: one that is no kind finds None
    return words.without_target if words else None
