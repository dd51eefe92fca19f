"""The grounded editor: an instruction such as 'make the sofa blue and move the lamp next to it' becomes
typed edit operations, without a model.

Clauses are split at 'and', ',', ';' and 'then'; a clause without a verb takes
the previous clause's verb ('remove the lamp and the rug'), and 'it'/'them'
name the previous clause's object. Words come from the planner's tables
(categories and synonyms, colours, numbers, size words, relation phrases), so
the editor understands the same nouns a prompt does. ``tools/edit/apply.py``
applies the operations to a ScenePlan.

Turns ('turn the sofa around', 'rotate the bed 90 degrees to the left', 'make the
chair face the tv') are ``rotate`` operations. Their degrees follow the yaw of
scene.json's quaternions: positive is counter-clockwise seen from above, so
'left' (the object's own left) is +90 and 'right' or 'clockwise' is -90.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, get_args

from pydantic import BaseModel, Field

from tools.core.colors import parse_color
from tools.core.errors import InputError
from tools.plan.parse import match_relation
from tools.plan.phrases import match_head, number_value
from tools.plan.planner import MEASURE_AXES
from tools.plan.text import MEASURE_PREFIX, clean_prompt, tokenize
from tools.plan.words import DETERMINERS, PRONOUNS, SIZE_WORDS, WALL_HEADS, WINDOW_HEADS

EditKind = Literal["recolor", "add", "remove", "move", "resize", "rotate"]
MoveKind = Literal["next_to", "in_front_of", "behind", "facing", "on", "above", "around",
                   "against_wall", "in_corner", "center", "away_from"]

REMOVE_VERBS = {"remove", "delete", "drop", "lose", "eliminate", "ditch", "take", "get"}
ADD_VERBS = {"add", "insert", "include"}
MOVE_VERBS = {"move", "shift", "push", "slide", "bring", "pull", "relocate", "reposition"}
PLACE_VERBS = {"put", "place", "set", "position"}  # move what exists, add what does not
ROTATE_VERBS = {"rotate", "spin", "swivel", "pivot", "twist"}  # 'turn' is also a change verb: 'turn it blue'
CHANGE_VERBS = {"make", "turn", "change", "paint", "colour", "color", "recolour", "recolor", "dye", "resize", "scale"}
FILLER = {"please", "also", "now", "then", "can", "could", "would", "you", "and", "just", "kindly", "i", "want", "to"}
ALL_WORDS = {"all", "every", "each", "both"}
DOOR_HEADS = {"door", "doors", "doorway"}
# Comparatives the planner's SIZE_WORDS lack; 'bigger' is SIZE_WORDS['big'] grown.
GROW_WORDS = {"bigger", "larger", "longer", "taller", "wider", "higher", "huge", "giant"}
SHRINK_WORDS = {"smaller", "shorter", "narrower", "tinier", "lower", "little"}
AXIS_WORDS = {**MEASURE_AXES, "length": "length", "high": "height", "height": "height", "wide": "width",
              "width": "width", "deep": "depth", "depth": "depth"}
CLAUSE_SPLITS = {"and", ",", ";", ".", "then", "also", "plus"}
FACE_WORDS = {"face", "faces", "facing", "towards", "toward", "look", "looks", "looking"}
HALF_TURN_WORDS = {"around", "round", "half"}  # 'turn it around', 'half a turn'
LEFT_WORDS = {"left", "anticlockwise", "counterclockwise"}  # the object's own left: counter-clockwise from above
RIGHT_WORDS = {"right", "clockwise"}
DEGREE_WORDS = {"degrees", "degree", "deg", "degs"}
TURN_FILLER = {"by", "to", "the", "a", "an", "its", "turn", "way", "over", "of"}


class EditOp(BaseModel):
    """One edit of the scene's plan; objects are named as a person would ('sofa', 'red chair', 'lamp')."""

    kind: EditKind
    target: str = Field(description="the object to change, e.g. 'sofa', 'lamp', 'red chair'")
    count: int | None = Field(None, ge=1, le=100, description="add/remove: how many; remove without count: all named")
    color: str | None = Field(None, description="recolor (or add): a colour word such as 'blue' or 'dark green'")
    relation: MoveKind | None = Field(None, description="move (or add): where it goes relative to `reference`")
    reference: str | None = Field(None, description="the object, 'window' or 'door' the relation is about")
    size: Literal["larger", "smaller"] | None = Field(None, description="resize: grow or shrink by a quarter")
    measure_m: float | None = Field(None, gt=0, description="resize: a stated measure in metres")
    measure_axis: Literal["height", "width", "depth", "length"] | None = None
    degrees: float | None = Field(None, ge=-360, le=360, description=(
        "rotate: a relative turn in degrees, positive counter-clockwise seen from above (90 = a quarter turn "
        "to the object's left, -90 to its right, 180 = turned around); or null with relation 'facing' and a "
        "reference to turn it towards"))


class EditProposal(BaseModel):
    """What a model answers for instructions the grounded editor did not understand."""

    operations: list[EditOp]


@dataclass
class Parsed:
    """What the grammar read from an instruction: its operations and the clauses it could not read."""

    operations: list[EditOp]
    not_understood: list[str]  # clauses the grammar could not read, as the person wrote them


@dataclass
class Mention:
    """An object named in an instruction: where, the words, and the count, 'every' or colour it came with."""

    start: int
    end: int
    words: str  # the object as named, colour qualifier included ('red chair')
    plural: bool
    count: int | None = None
    every: bool = False
    color: str | None = None  # colour word(s) before the head: the new object's colour when adding


def parse_edits(instruction: str, exists: Callable[[str], bool] = lambda name: False) -> Parsed:
    """Operations for every clause of ``instruction`` that the grammar reads, and the clauses it does not.

    exists: whether the scene has an object so named, so 'put a lamp next to the sofa' moves an existing
    lamp and adds a missing one. Raises PromptError (an InputError) for empty or wordless text.
    """
    tokens = tokenize(clean_prompt(instruction))
    operations, not_understood = [], []
    verb, last_target = None, None
    for clause in _clauses(tokens):
        words = list(clause)
        while words and words[0] in FILLER:
            words.pop(0)
        if not words:
            continue
        if _verb_kind(words[0]) is not None:
            verb, words = words[0], words[1:]
        op = _parse_clause(verb, words, last_target, exists) if verb else _rotation(None, words, last_target)
        if op is None:
            not_understood.append(" ".join(clause))
            continue
        operations.append(op)
        last_target = op.target
    return Parsed(operations, not_understood)


def parse_or_refuse(instruction: str, exists: Callable[[str], bool] = lambda name: False) -> list[EditOp]:
    """The operations of ``instruction``; InputError naming the clauses the grammar did not understand."""
    parsed = parse_edits(instruction, exists)
    if parsed.not_understood or not parsed.operations:
        raise InputError(not_understood_message(parsed.not_understood or [instruction]))
    return parsed.operations


def not_understood_message(clauses: list[str]) -> str:
    """The message for clauses the grammar could not read, listing the kinds of edit it knows."""
    quoted = "; ".join(f"'{c}'" for c in clauses)
    return (f"did not understand {quoted}; without a model the editor knows: recolour ('make the sofa blue'), "
            "add ('add two chairs'), remove ('remove the lamp', 'remove all plants'), move ('move the lamp next "
            "to the sofa', 'move the table away from the window'), resize ('make the table bigger', "
            "'make the bed 2 m long') and turn ('turn the sofa around', 'rotate the bed 90 degrees to the left', "
            "'make the chair face the tv')")


def _clauses(tokens: list[str]) -> list[list[str]]:
    clauses: list[list[str]] = []
    current: list[str] = []
    for token in tokens:
        if token in CLAUSE_SPLITS:
            if current:
                clauses.append(current)
            current = []
        else:
            current.append(token)
    if current:
        clauses.append(current)
    return clauses


def _verb_kind(word: str) -> str | None:
    for kind, verbs in (("remove", REMOVE_VERBS), ("add", ADD_VERBS), ("move", MOVE_VERBS),
                        ("place", PLACE_VERBS), ("change", CHANGE_VERBS), ("rotate", ROTATE_VERBS)):
        if word in verbs:
            return kind
    return None


def _parse_clause(verb: str, words: list[str], last_target: str | None, exists: Callable[[str], bool]) -> EditOp | None:
    kind = _verb_kind(verb)
    if kind in {"change", "rotate"}:
        turn = _rotation(verb, words, last_target)
        if turn is not None or kind == "rotate":
            return turn
    if kind == "remove" and verb in {"take", "get"}:
        if not ({"out", "away", "rid"} & set(words)):
            return None
        words = [w for w in words if w not in {"out", "away", "rid", "of"}]
    located = _locate(words, last_target)
    if located is None:
        return None
    target, move, reference = located
    if kind == "place":
        kind = "move" if move and exists(target.words) else "add"
    if kind == "remove":
        return EditOp(kind="remove", target=target.words, count=None if target.every else target.count
                      or (None if target.plural else 1))
    if kind == "add":
        return EditOp(kind="add", target=_bare(target), count=target.count or (2 if target.plural else 1),
                      color=target.color, relation=move if reference or move in ROOM_MOVES else None,
                      reference=reference)
    if kind == "move":
        if move is None or (reference is None and move not in ROOM_MOVES):
            return None
        return EditOp(kind="move", target=target.words, relation=move, reference=reference)
    return _change(words[target.end:], target)


def _locate(words: list[str], last_target: str | None) -> tuple[Mention, str | None, str | None] | None:
    """(the object, the relation it is to get or None, what the relation is about or None)."""
    away = _find_away(words)
    relation = None if away is not None else _find_relation(words)
    head_words = words[:away] if away is not None else words[:relation[1]] if relation else words
    mentions = _mentions(head_words, last_target) or _unknown_noun(head_words)
    if not mentions:
        return None
    if away is not None:
        kind, rest = "away_from", words[away + 2:]
    elif relation is not None:
        kind, rest = relation[0], words[relation[2]:]
    else:
        return mentions[0], None, None
    found = _mentions(rest, last_target)
    return mentions[0], kind, found[0].words if found else None


ROOM_MOVES = {"against_wall", "in_corner", "center"}


def _change(after: list[str], target: Mention) -> EditOp | None:
    """'make X blue' (recolour) or 'make X bigger' / 'make X 2 m long' (resize): what follows the object."""
    for i in range(len(after)):
        colour = parse_color(after, i)
        if colour is not None:
            return EditOp(kind="recolor", target=target.words, color=colour[1])
    for i, word in enumerate(after):
        if word.startswith(MEASURE_PREFIX):
            axis = next((AXIS_WORDS[w] for w in after[i + 1:i + 3] if w in AXIS_WORDS), None)
            return EditOp(kind="resize", target=target.words, measure_m=float(word[len(MEASURE_PREFIX):]),
                          measure_axis=axis)
        if word in GROW_WORDS or SIZE_WORDS.get(word) in {"large", "long", "tall"}:
            return EditOp(kind="resize", target=target.words, size="larger")
        if word in SHRINK_WORDS or SIZE_WORDS.get(word) == "small":
            return EditOp(kind="resize", target=target.words, size="smaller")
    return None


def _find_away(words: list[str]) -> int | None:
    for i in range(len(words) - 1):
        if words[i] == "away" and words[i + 1] == "from":
            return i
    return None


def _find_relation(words: list[str]) -> tuple[str, int, int] | None:
    """(kind, start, end) of the first relation phrase after the object; 'closer to' reads as next_to."""
    for i in range(1, len(words)):
        if words[i] in {"closer", "nearer"} and i + 1 < len(words) and words[i + 1] == "to":
            return "next_to", i, i + 2
        found = match_relation(words, i)
        if found is not None and found[0] in get_args(MoveKind) and found[1] in {"target", "room"}:
            return found[0], i, found[2]
    return None


def _mentions(words: list[str], last_target: str | None) -> list[Mention]:
    """Objects named in ``words`` in order: categories (with count and colour), window, door, 'it'."""
    found, i, count, every, colour = [], 0, None, False, None
    while i < len(words):
        word = words[i]
        if word in PRONOUNS and last_target:
            found.append(Mention(i, i + 1, last_target, word in {"them", "they"}))
        elif word in WINDOW_HEADS or word in DOOR_HEADS or word in WALL_HEADS:
            name = "window" if word in WINDOW_HEADS else "door" if word in DOOR_HEADS else "wall"
            found.append(Mention(i, i + 1, name, word.endswith("s")))
        elif word in ALL_WORDS:
            every = True
        elif number_value(word) is not None and word not in {"no", "zero"}:
            count = number_value(word)
        elif (parsed := parse_color(words, i)) is not None and _head_follows(words, parsed[2]):
            colour, i = parsed[1], parsed[2]
            continue
        elif (head := match_head(words, i)) is not None and head.kind in {"category", "window"}:
            end = i + len(head.words)
            named = " ".join(head.words)
            found.append(Mention(i, end, f"{colour} {named}" if colour else named, head.plural, count, every, colour))
            count, every, colour, i = None, False, None, end
            continue
        i += 1
    return found


def _unknown_noun(words: list[str]) -> list[Mention]:
    """The last plain word as the object's name, so 'remove the piano' says there is no piano."""
    plain = [i for i, w in enumerate(words) if w.isalpha() and w not in DETERMINERS | ALL_WORDS | PRONOUNS
             and number_value(w) is None and parse_color(words, i) is None and w not in SIZE_WORDS]
    return [Mention(plain[-1], plain[-1] + 1, words[plain[-1]], False)] if plain else []


def _head_follows(words: list[str], j: int) -> bool:
    return j < len(words) and match_head(words, j) is not None


def _bare(mention: Mention) -> str:
    """The object's noun without its colour: an added object's colour travels in EditOp.color."""
    return mention.words[len(mention.color) + 1:] if mention.color else mention.words


def _rotation(verb: str | None, words: list[str], last_target: str | None) -> EditOp | None:
    """'the sofa around', 'the bed 90 degrees to the left', 'the chair to face the tv' (also without a verb:
    'the desk facing the window'); None when the words are no turn."""
    face = next((i for i, w in enumerate(words) if w in FACE_WORDS), None)
    if face is not None:
        return _facing(words, face, last_target)
    if verb is None:
        return None
    mentions = _mentions(words, last_target)
    if mentions:
        target, tail = mentions[0], words[mentions[0].end:]
    else:  # an object the scene may not have ('rotate the piano 90 degrees'): named up to the turn words
        cut = next((i for i, w in enumerate(words) if _is_turn_word(w)), len(words))
        found = _unknown_noun(words[:cut])
        if not found:
            return None
        target, tail = found[0], words[cut:]
    degrees = _turn_degrees(tail)
    return None if degrees is None else EditOp(kind="rotate", target=target.words, degrees=degrees)


def _facing(words: list[str], face: int, last_target: str | None) -> EditOp | None:
    head = words[:face]
    while head and head[-1] in {"to", "so", "it", "that", "is"}:  # 'turn the sofa (so it is) to face the tv'
        head = head[:-1]
    target = _mentions(head, last_target) or _unknown_noun(head)
    rest = [w for w in words[face + 1:] if w not in {"at", "to"}]
    reference = _mentions(rest, last_target) or _unknown_noun(rest)
    if not target or not reference:
        return None
    return EditOp(kind="rotate", target=target[0].words, relation="facing", reference=reference[0].words)


def _is_turn_word(word: str) -> bool:
    return (word in HALF_TURN_WORDS | LEFT_WORDS | RIGHT_WORDS | DEGREE_WORDS | {"quarter", "by", "counter", "anti"}
            or _number(word) is not None)


def _turn_degrees(words: list[str]) -> float | None:
    """Signed degrees of 'around', 'by 90 degrees', 'a quarter turn to the right', 'counter clockwise', '45'
    (the tokenizer drops '°'); None when a word is none of these, or nothing says how far or which way."""
    amount, sign, i = None, 1.0, 0
    words = [w for w in words if w not in TURN_FILLER]
    while i < len(words):
        word = words[i]
        if word in {"counter", "anti"} and words[i + 1:i + 2] == ["clockwise"]:
            sign, i = 1.0, i + 1
        elif word in LEFT_WORDS or word in RIGHT_WORDS:
            sign = 1.0 if word in LEFT_WORDS else -1.0
            amount = amount or 90.0
        elif word in HALF_TURN_WORDS or word == "quarter":
            amount = 180.0 if word in HALF_TURN_WORDS else 90.0
        elif (value := _number(word)) is not None:
            amount = value
            i += 1 if words[i + 1:i + 2] and words[i + 1] in DEGREE_WORDS else 0
        else:
            return None
        i += 1
    if amount is None or not 0 < amount <= 360:
        return None
    return sign * amount


def _number(word: str) -> float | None:
    try:
        return float(word)
    except ValueError:
        value = number_value(word)
        return float(value) if value is not None and word not in {"a", "an", "one"} else None
