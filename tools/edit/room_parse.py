"""Clauses about the room's parts and size: moves to a wall or the middle ('move the sofa to the other wall',
'along the window wall', 'to the left wall', 'to the middle of the room') and the room's size ('make the room
bigger', 'make the room 6 by 5 metres').

'Against the wall' with no side named stays the planner's own relation (any wall, tools/edit/parse.py); here a
side is named. Left and right are as the hero view shows the room (tools/edit/room.py WALL_NAMES).
"""

from __future__ import annotations

from tools.edit.ops import EditOp
from tools.edit.targets import Last, mentions, unknown_noun
from tools.plan.phrases import number_value
from tools.plan.text import MEASURE_PREFIX
from tools.plan.words import DETERMINERS, SIZE_WORDS, WALL_HEADS

# Comparatives the planner's SIZE_WORDS lack; 'bigger' is SIZE_WORDS['big'] grown.
GROW_WORDS = {"bigger", "larger", "longer", "taller", "wider", "higher", "huge", "giant"}
SHRINK_WORDS = {"smaller", "shorter", "narrower", "tinier", "lower", "little"}
SIDE_WORDS = {"left": "left", "right": "right", "back": "back", "rear": "back", "far": "back", "front": "front",
              "near": "front", "other": "other", "opposite": "other", "window": "window", "windowed": "window"}
TOWARD_WORDS = {"to", "against", "along", "onto", "toward", "towards", "by", "on", "up", "over", "across", "beside"}
MIDDLE_WORDS = {"middle", "centre", "center"}
INTO_WORDS = {"to", "into", "toward", "towards"}  # 'in the middle' is the planner's own relation phrase
OF_ROOM = (("of", "the", "room"), ("of", "room"), ("of", "the", "space"), ())
ROOM_WORDS = {"room", "space"}
BY_WORDS = {"by", "x", "times"}
WIDTH_WORDS, DEPTH_WORDS = {"wide", "width", "across"}, {"deep", "depth", "long", "length"}


def wall_move(words: list[str], last: Last | None) -> EditOp | None:
    """'the sofa to the other wall', 'the desk along the window wall', 'the bed to the left side of the room',
    'the rug to the middle'; None when no side or middle is named after the object."""
    for i in range(2, len(words)):
        if _side_at(words, i) and _tail_is_room(words[i + 1:]):
            return _move_to(words, i - 1, last, relation="against_wall", wall=SIDE_WORDS[words[i - 1]])
        if words[i] in MIDDLE_WORDS and _tail_is_room(words[i + 1:]):
            return _move_to(words, i, last, relation="center", into_only=True)
    return None


def _side_at(words: list[str], i: int) -> bool:
    """words[i] is 'wall' or 'side' with a side word before it ('the left wall', 'the other side')."""
    return (words[i] in WALL_HEADS or words[i] == "side") and words[i - 1] in SIDE_WORDS


def _tail_is_room(tail: list[str]) -> bool:
    return tuple(tail) in OF_ROOM


def _move_to(words: list[str], at: int, last: Last | None, relation: str, wall: str | None = None,
             into_only: bool = False) -> EditOp | None:
    """The move of the object before the preposition that leads to words[at] ('to the', 'along the')."""
    start = at
    while start > 0 and words[start - 1] in DETERMINERS | {"very"}:
        start -= 1
    if start == 0 or words[start - 1] not in (INTO_WORDS if into_only else TOWARD_WORDS):
        return None
    head = words[:start - 1]
    named = mentions(head, last) or unknown_noun(head)
    if not named:
        return None
    target = named[0]
    return EditOp(kind="move", target=target.words, exclude=target.exclude or None, ordinal=target.ordinal,
                  relation=relation, wall=wall)


def room_op(words: list[str]) -> EditOp | None:
    """'the room bigger', 'the room 6 by 5 metres', 'the room 6 m wide', 'the room to 7 x 6 m' (after a change
    verb); None when the clause is not about the room's size."""
    plain = [w for w in words if w not in DETERMINERS]
    if not plain or plain[0] not in ROOM_WORDS:
        return None
    rest = [w for w in plain[1:] if w not in {"to", "metres", "meters", "m"}]
    if len(rest) == 1 and (rest[0] in GROW_WORDS or SIZE_WORDS.get(rest[0]) == "large"):
        return EditOp(kind="room", target="room", size="larger")
    if len(rest) == 1 and (rest[0] in SHRINK_WORDS or SIZE_WORDS.get(rest[0]) == "small"):
        return EditOp(kind="room", target="room", size="smaller")
    numbers = [_metres(w) for w in rest]
    if len(rest) == 3 and rest[1] in BY_WORDS and numbers[0] and numbers[2]:
        return EditOp(kind="room", target="room", width_m=numbers[0], depth_m=numbers[2])
    if len(rest) == 2 and numbers[0] and rest[1] in WIDTH_WORDS | DEPTH_WORDS:
        side = "width_m" if rest[1] in WIDTH_WORDS else "depth_m"
        return EditOp(kind="room", target="room", **{side: numbers[0]})
    return None


def _metres(word: str) -> float | None:
    """A side in metres: '6', 'measure:6' (the tokenizer's '6 m'), 'six'."""
    text = word[len(MEASURE_PREFIX):] if word.startswith(MEASURE_PREFIX) else word
    value: float | None
    try:
        value = float(text)
    except ValueError:
        value = number_value(word)
    return float(value) if value else None
